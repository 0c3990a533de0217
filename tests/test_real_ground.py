"""`tacforge map import` (issue 25): maps at the rules' scale from OpenStreetMap (XML and PBF) and a GeoTIFF, made in
tmp_path by tests/real_ground_data.py; where each feature lands, north-up and turned a quarter; the result
validates under both rulesets; bad input is a clear message."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("osmium", reason="the gis extra (make setup installs it)")
pytest.importorskip("rasterio", reason="the gis extra (make setup installs it)")

import real_ground_data as ground
from conftest import REPO, load_with, write_pack

from tacforge.engine.cli import main
from tacforge.engine.mapping.autotile import BRIDGE, BROKEN, RIVER, ROAD, ROAD_SLOPE, ROADLIKE, TOWN, TYPES, WOODS
from tacforge.engine.mapping.map_checks import crossing_problems, level_problems
from tacforge.engine.mapping.real_ground import import_map
from tacforge.engine.model import Georef
from tacforge.engine.packs import load_packs


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ground")
    extract = ground.ground()
    return {
        "xml": extract.write(folder / "ground.osm"),
        "pbf": extract.write(folder / "ground.osm.pbf"),
        "pbf_boxed": extract.write(folder / "boxed.osm.pbf", boxed=True),
        "xml_boxed": extract.write(folder / "boxed.osm", boxed=True),
        "dem": ground.write_dem(folder / "ground.tif"),
        "dem_wgs84": ground.write_dem(folder / "ground_wgs84.tif", crs="EPSG:4326", pixel=0.0004),
        "folder": folder,
    }


def run(*argv: str) -> int:
    return main(["map", "import", *argv])


def imported(inputs, tmp_path, *extra: str, osm: str = "xml", size: str = "40x30", pack: str = "western"):
    out = tmp_path / "real.yaml"
    args = ["--osm", str(inputs[osm]), "--dem", str(inputs["dem"]), "--centre", "49.0,2.0", "--size", size]
    assert run(*args, "--pack", pack, "--heights", "70,105", "-o", str(out), "--force", *extra) == 0
    return out


def layers(path: Path, front: str = "western"):
    """(types, levels, map) of a written map file, read through a pack that requires `front`."""
    packset = load_packs(env={}, include_user_dir=False)
    content = packset.content(front)
    folder = write_pack(path.parent / f"pack_{front}_{path.stem}", "realtest", requires={front: ">=1.0"})
    (folder / "maps").mkdir(exist_ok=True)
    (folder / "maps" / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    loaded = load_with(folder)
    errors = [i.format() for i in loaded.all_issues() if i.is_error]
    assert errors == []
    game_map = loaded.content("realtest").maps[f"realtest:{path.stem}"]
    from tacforge.engine.mapping.autotile import layers_from_codes

    found = layers_from_codes(game_map.codes, content)
    return found.types, found.levels, game_map


def kind(types, x, y) -> str:
    return TYPES[int(types[y, x])]


def test_north_up_every_feature_lands_where_it_lies(inputs, tmp_path, capsys):
    types, levels, game_map = layers(imported(inputs, tmp_path))
    assert "wrote" in capsys.readouterr().out
    column = ground.RIVER_COLUMN
    assert all(types[y, column] in (RIVER, BRIDGE) for y in range(ground.HEIGHT))
    assert kind(types, column, ground.ROAD_ROW) == "bridge"
    assert {kind(types, x, ground.ROAD_ROW) for x in range(ground.WIDTH) if x != column} <= {"road", "road_slope"}
    x0, y0, x1, y1 = ground.WOOD
    assert all(types[y, x] == WOODS for y in range(y0, y1 + 1) for x in range(x0, x1 + 1))
    x0, y0, x1, y1 = ground.VILLAGE
    assert all(types[y, x] == TOWN for y in range(y0, y1 + 1) for x in range(x0, x1 + 1))
    x0, y0, x1, y1 = ground.LAKE
    assert all(types[y, x] == RIVER and levels[y, x] == 0 for y in range(y0, y1 + 1) for x in range(x0, x1 + 1))
    x0, y0, x1, y1 = ground.SCRUB
    assert all(types[y, x] == BROKEN for y in range(y0, y1 + 1) for x in range(x0, x1 + 1))
    assert levels[ground.HILL[1], ground.HILL[0]] == 5 and levels[0, 0] == 1
    assert ROAD_SLOPE in types[ground.ROAD_ROW]  # the road climbs the hill's flank
    assert not (types[ground.MOTORWAY_ROW] == ROAD).any()  # the western profile drops the motorway
    assert game_map.labels == (("Foy", *ground.FOY),)
    assert game_map.georef == Georef(49.0, 2.0, 0.0)


def test_a_quarter_turn_puts_the_ground_where_the_projection_says(inputs, tmp_path):
    types, levels, game_map = layers(imported(inputs, tmp_path, "--rotation", "90", size="30x40"))
    # the top edge faces east: the north-south river runs along a row, the east-west road down a column
    river_row = int(20 + (ground.WIDTH / 2 - ground.RIVER_COLUMN - 0.5))
    road_column = int(15 + (ground.ROAD_ROW + 0.5 - ground.HEIGHT / 2))
    assert all(types[river_row, x] in (RIVER, BRIDGE) for x in range(30))
    assert kind(types, road_column, river_row) == "bridge"
    assert game_map.labels == (("Foy", 22, 9),)
    hill_x, hill_y = (int(v) for v in _turned(ground.HILL))
    assert levels[hill_y, hill_x] == 5
    x, y = (int(v) for v in _turned((ground.WOOD[0] + 2, ground.WOOD[1] + 2)))
    assert types[y, x] == WOODS
    assert game_map.georef == Georef(49.0, 2.0, 90.0)


def _turned(square):
    from tacforge.engine.mapping.georef import MapProjection

    lat, lon = ground.NORTH_UP.lat_lon_of(square[0] + 0.5, square[1] + 0.5)
    return MapProjection(Georef(49.0, 2.0, 90.0), 30, 40, ground.SQUARE).square_of(lat, lon)


def test_xml_and_pbf_make_the_same_map(inputs, tmp_path):
    xml = imported(inputs, tmp_path).read_text(encoding="utf-8")
    pbf = imported(inputs, tmp_path, osm="pbf").read_text(encoding="utf-8")
    assert xml.replace("ground.osm", "ground.osm.pbf") == pbf


@pytest.mark.parametrize("osm", ["pbf_boxed", "xml_boxed"])
@pytest.mark.parametrize("rotation", ["0", "90"])
def test_an_extract_that_says_its_area_is_read_through_the_cache_to_the_same_map(inputs, tmp_path, osm, rotation):
    """A file whose header gives its area is read in passes that keep only the area's nodes (osm_bounded), its nodes
    never one by one in Python; the map is the one the node-by-node reading makes."""
    one_by_one = imported(inputs, tmp_path, "--rotation", rotation, osm="pbf").read_text(encoding="utf-8")
    cached = imported(inputs, tmp_path, "--rotation", rotation, osm=osm).read_text(encoding="utf-8")
    assert cached == one_by_one.replace("ground.osm.pbf", inputs[osm].name)


def test_the_bounded_reading_keeps_the_area_and_no_node_count(inputs):
    from tacforge.engine.mapping.osm_read import read_area

    bounds = ground.NORTH_UP.bounds(margin=2)
    keys, places = frozenset({"highway", "waterway", "landuse", "natural", "building"}), ("village",)
    cached, counted = (
        read_area(inputs["pbf_boxed"], bounds, keys, places),
        read_area(inputs["pbf"], bounds, keys, places),
    )
    assert cached.nodes_in_file is None and counted.nodes_in_file > 0
    assert cached.nodes_fetched > 0  # the ways crossing the box's edge are fetched whole, to be cut at the edge
    assert cached.covered == pytest.approx(counted.covered, abs=1e-6)
    assert [p.name for p in cached.places] == [p.name for p in counted.places] == ["Foy"]
    assert sorted(str(sorted(f.tags.items())) for f in cached.features) == sorted(
        str(sorted(f.tags.items())) for f in counted.features
    )


@pytest.mark.parametrize("front", ["western", "eastern"])
def test_the_map_validates_under_both_rulesets(inputs, tmp_path, front):
    types, levels, _ = layers(imported(inputs, tmp_path, pack=front), front)
    assert level_problems(levels) == [] and crossing_problems(types) == []


def test_a_dem_in_latitude_and_longitude_gives_the_same_levels(inputs, tmp_path):
    _, levels, _ = layers(imported(inputs, tmp_path))
    out = tmp_path / "wgs84.yaml"
    args = ["--osm", str(inputs["xml"]), "--dem", str(inputs["dem_wgs84"]), "--centre", "49.0,2.0", "--size", "40x30"]
    assert run(*args, "--pack", "western", "--heights", "70,105", "-o", str(out)) == 0
    _, other, _ = layers(out)
    assert (levels != other).mean() < 0.05  # pixels of another grid: the hill's rim may shift a square


def test_the_core_profile_keeps_the_motorway_and_quantiles_make_hills(inputs, tmp_path):
    out = tmp_path / "today.yaml"
    args = ["--osm", str(inputs["xml"]), "--dem", str(inputs["dem"]), "--centre", "49.0,2.0", "--size", "40x30"]
    profile = str(REPO / "content" / "import_profile.yaml")
    assert run(*args, "--pack", "western", "--profile", profile, "--quantiles", "0.9,0.97", "-o", str(out)) == 0
    types, levels, _ = layers(out)
    assert np.isin(types[ground.MOTORWAY_ROW], ROADLIKE).all()
    assert levels[ground.HILL[1], ground.HILL[0]] == 5


def test_without_a_dem_the_ground_is_flat(inputs, tmp_path):
    out = tmp_path / "flat.yaml"
    args = ["--osm", str(inputs["pbf"]), "--centre", "49.0,2.0", "--size", "40x30", "--pack", "eastern"]
    assert run(*args, "-o", str(out)) == 0
    types, levels, _ = layers(out, "eastern")
    assert set(np.unique(levels[types != RIVER]).tolist()) <= {1}


def test_the_engine_call_reads_the_pack_profile(inputs, bundled):
    content = bundled.content("western")
    result = import_map(
        content, osm=inputs["xml"], dem=None, georef=Georef(49.0, 2.0, 0.0), width=40, height=30, map_id="t"
    )
    assert result.game_map.georef == Georef(49.0, 2.0, 0.0)
    assert any("left out" in note for note in result.notes)


# -- bad input ---------------------------------------------------------------------------------------------------
def fails(capsys, *argv: str) -> str:
    assert run(*argv) != 0
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


def base(inputs, tmp_path, **change) -> list[str]:
    values = {
        "--osm": str(inputs["xml"]),
        "--dem": str(inputs["dem"]),
        "--centre": "49.0,2.0",
        "--size": "40x30",
        "--pack": "western",
        "-o": str(tmp_path / "out.yaml"),
    }
    values.update(change)
    return [part for key, value in values.items() if value is not None for part in (key, value)]


def test_a_file_that_is_not_osm(inputs, tmp_path, capsys):
    text = tmp_path / "notes.osm"
    text.write_text("these are my notes, not a map\n", encoding="utf-8")
    assert "not an OpenStreetMap file" in fails(capsys, *base(inputs, tmp_path, **{"--osm": str(text)}))
    junk = tmp_path / "junk.osm.pbf"
    junk.write_bytes(bytes(range(256)) * 8)
    assert "not an OpenStreetMap file" in fails(capsys, *base(inputs, tmp_path, **{"--osm": str(junk)}))
    other = tmp_path / "ground.csv"
    other.write_text("a,b\n", encoding="utf-8")
    assert "expected NAME.osm or NAME.osm.pbf" in fails(capsys, *base(inputs, tmp_path, **{"--osm": str(other)}))
    assert not (tmp_path / "out.yaml").exists()


def test_a_file_that_is_not_a_geotiff(inputs, tmp_path, capsys):
    fake = tmp_path / "heights.tif"
    fake.write_text("not a raster\n", encoding="utf-8")
    assert "not a GeoTIFF" in fails(capsys, *base(inputs, tmp_path, **{"--dem": str(fake)}))
    assert not (tmp_path / "out.yaml").exists()


@pytest.mark.parametrize(
    ("option", "values", "said"),
    [
        ("--quantiles", "2,3", "between 0 and 1"),
        ("--quantiles", "0.9,0.6", "the first the lower"),
        ("--heights", "105,70", "the first must be below the second"),
    ],
)
def test_plateau_thresholds_out_of_order_or_range(inputs, tmp_path, capsys, option, values, said):
    err = fails(capsys, *base(inputs, tmp_path), option, values)
    assert said in err and values in err
    assert not (tmp_path / "out.yaml").exists()


@pytest.mark.parametrize("osm", ["xml", "pbf_boxed"])
def test_an_extract_that_covers_part_of_the_map_says_how_much_is_missing(inputs, tmp_path, capsys, osm):
    east = ground.NORTH_UP.lat_lon_of(ground.WIDTH + ground.MARGIN - 10, 15)  # the map's east quarter is off it
    args = {"--centre": f"{east[0]},{east[1]}", "--dem": None, "--osm": str(inputs[osm])}
    err = fails(capsys, *base(inputs, tmp_path, **args))
    assert "covers only" in err and "% missing" in err and inputs[osm].name in err


def test_a_centre_outside_the_dem(inputs, tmp_path, capsys):
    err = fails(capsys, *base(inputs, tmp_path, **{"--dem": str(inputs["dem"]), "--centre": "48.0,2.0"}))
    assert "outside" in err or "covers" in err


def test_a_dem_that_covers_part_of_the_map(inputs, tmp_path, capsys):
    part = ground.write_dem(tmp_path / "part.tif", shrink=0.5)
    err = fails(capsys, *base(inputs, tmp_path, **{"--dem": str(part)}))
    assert "part.tif: covers only" in err and "% missing" in err


def test_the_centre_of_the_map_outside_the_dem_is_named(inputs, tmp_path, capsys):
    part = ground.write_dem(tmp_path / "west.tif", shrink=0.75)
    err = fails(capsys, *base(inputs, tmp_path, **{"--dem": str(part)}))
    assert "the map's centre 49.00000, 2.00000 is outside the elevation model" in err


@pytest.mark.parametrize("size", ["0x0", "2000x60", "60", "sixty"])
def test_absurd_sizes(inputs, tmp_path, capsys, size):
    if size in ("60", "sixty"):
        with pytest.raises(SystemExit) as info:
            run(*base(inputs, tmp_path, **{"--size": size}))
        assert info.value.code == 2
        assert "--size takes WIDTHxHEIGHT" in capsys.readouterr().err
    else:
        assert "a map must be 4 to 256 squares each way" in fails(capsys, *base(inputs, tmp_path, **{"--size": size}))


def test_a_map_id_that_is_not_an_id(inputs, tmp_path, capsys):
    assert "--id 'Foy Ground' is not an id" in fails(capsys, *base(inputs, tmp_path), "--id", "Foy Ground")


def test_an_existing_map_is_kept_without_force(inputs, tmp_path, capsys):
    (tmp_path / "out.yaml").write_text("mine\n", encoding="utf-8")
    assert "already exists" in fails(capsys, *base(inputs, tmp_path))
    assert (tmp_path / "out.yaml").read_text(encoding="utf-8") == "mine\n"


def test_a_broken_profile_names_its_line(inputs, tmp_path, capsys):
    profile = tmp_path / "mine.yaml"
    profile.write_text("name: Mine\nfeatures: []\nelevation: {method: metres, thresholds: [1, 2]}\n", encoding="utf-8")
    err = fails(capsys, *base(inputs, tmp_path), "--profile", str(profile))
    assert "mine.yaml is not an import profile" in err and "mine.yaml:2" in err


def test_without_the_gis_extra_the_message_names_it(inputs, tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "osmium", None)  # as if it were not installed: importing it raises
    err = fails(capsys, *base(inputs, tmp_path))
    assert "tacforge[gis]" in err and "osmium is not installed" in err


def _river_and_road(river_columns: range, road_row: int = 6, size: int = 12):
    """Types of a small map: a river down `river_columns`, and the squares of a road along `road_row`."""
    types = np.full((size, size), TYPES.index("clear"), np.uint8)
    types[:, river_columns.start : river_columns.stop] = RIVER
    roads = np.zeros((size, size), bool)
    roads[road_row, :] = True
    return types, roads


@pytest.mark.parametrize("width", [1, 2, 3])
def test_a_road_across_a_river_up_to_three_squares_wide_is_one_bridge(width):
    from tacforge.engine.mapping.real_ground import _cross

    types, roads = _river_and_road(range(5, 5 + width))
    _cross(types, roads, np.zeros_like(roads))
    assert [TYPES[t] for t in types[6, 4 : 6 + width]] == ["road", *["bridge"] * width, "road"]
    assert crossing_problems(types) == [] and (types[5, 5 : 5 + width] == RIVER).all()


def test_a_wider_water_is_left_for_the_designer_and_a_ford_stays_a_ford():
    from tacforge.engine.mapping.real_ground import _cross

    types, roads = _river_and_road(range(3, 7))  # four squares: 730 m of water
    _cross(types, roads, np.zeros_like(roads))
    assert not np.isin(types, (BRIDGE,)).any()
    types, roads = _river_and_road(range(5, 7))
    _cross(types, roads, roads)  # the road's tags say ford
    assert [TYPES[t] for t in types[6, 4:8]] == ["road", "ford", "ford", "road"] and crossing_problems(types) == []
