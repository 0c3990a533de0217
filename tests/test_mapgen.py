"""The random map generator and the auto-tiler behind it (engine.mapping; docs/rules.md 1.4, 13 U3, U4)."""

from __future__ import annotations

from collections import deque

import numpy as np
import pytest

from tacforge.engine.issues import IssueList
from tacforge.engine.mapping import autotile as at
from tacforge.engine.mapping import (
    codes_from_layers,
    generate_map,
    layers_from_codes,
    map_problems,
    map_rows,
    place_slopes,
)
from tacforge.engine.mapping.generate import generate_layers
from tacforge.engine.mapping.grid import components
from tacforge.engine.mapping.render import render_png
from tacforge.engine.model.source import Source
from tacforge.engine.packs import decode, load_packs

SEEDS = range(6)


@pytest.fixture(scope="module")
def content():
    return load_packs(env={}, include_user_dir=False).content("western")


@pytest.fixture(scope="module")
def maps(content):
    """A spread of generated maps: river yes/no, several covers and seeds, both sizes."""
    out = []
    for seed in SEEDS:
        for river in (True, False):
            out.append(generate_map(content, river=river, cover=(seed * 2 + river) % 10, seed=seed))
        out.append(generate_map(content, river=seed % 2 == 0, cover=seed, seed=100 + seed, height=30))
    return out


def layers(game_map, content):
    return layers_from_codes(game_map.codes, content)


def neighbour_pairs(a: np.ndarray):
    """(this, neighbour) arrays over every pair of 8-neighbours."""
    h, w = a.shape
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        ys, ye = max(0, -dy), h - max(0, dy)
        xs, xe = max(0, -dx), w - max(0, dx)
        yield a[ys:ye, xs:xe], a[ys + dy : ye + dy, xs + dx : xe + dx]


def touching(mask: np.ndarray, values: np.ndarray, wanted) -> np.ndarray:
    """Squares of `mask` with at least one 8-neighbour whose value is `wanted` (array, per square)."""
    h, w = mask.shape
    padded = np.pad(values.astype(np.int16), 1, constant_values=-99)
    hit = np.zeros((h, w), bool)
    for dx, dy in at.DIRS:
        hit |= padded[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w] == wanted
    return mask & hit


def connects_opposite_edges(mask: np.ndarray, diagonal: bool) -> bool:
    h, w = mask.shape
    steps = at.DIRS if diagonal else ((0, -1), (1, 0), (0, 1), (-1, 0))
    for start, done in ((lambda y, x: y == 0, lambda y, x: y == h - 1), (lambda y, x: x == 0, lambda y, x: x == w - 1)):
        queue = deque((int(y), int(x)) for y, x in np.argwhere(mask) if start(y, x))
        seen = set(queue)
        while queue:
            y, x = queue.popleft()
            if done(y, x):
                return True
            for dx, dy in steps:
                nxt = (y + dy, x + dx)
                if 0 <= nxt[0] < h and 0 <= nxt[1] < w and mask[nxt] and nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
    return False


# -- generator properties --------------------------------------------------------------------------------------
def test_same_seed_same_bytes_and_different_seed_differs(content):
    a = generate_map(content, river=True, cover=5, seed=42)
    b = generate_map(content, river=True, cover=5, seed=42)
    c = generate_map(content, river=True, cover=5, seed=43)
    assert a.cells == b.cells and a.legend == b.legend and a == b
    assert a.cells != c.cells
    assert (
        generate_map(content, river=False, cover=5, seed=42, height=30).cells
        == generate_map(content, river=False, cover=5, seed=42, height=30).cells
    )


def test_generated_maps_are_legal(maps, content):
    for game_map in maps:
        assert map_problems(game_map, content) == [], game_map.description


def test_every_code_is_known_and_the_legend_uses_default_glyphs(maps, content):
    for game_map in maps:
        used = {int(c) for c in np.unique(game_map.codes)}
        assert used <= set(content.terrain_codes)
        assert dict((code, glyph) for glyph, code in game_map.legend) == {
            code: content.terrain_codes[code].glyph for code in used
        }


def test_generated_map_loads_through_the_pack_builder(maps, content):
    game_map = maps[0]
    raw = {
        "id": "random",
        "name": game_map.name,
        "width": game_map.width,
        "height": game_map.height,
        "rows": map_rows(game_map),
        "legend": {g: c for g, c in game_map.legend},
    }
    issues = IssueList()
    built = decode.game_map(raw, Source(None), "western", issues)
    assert not issues.items and built.cells == game_map.cells


def test_river_is_a_continuous_course_from_edge_to_edge(maps, content):
    rivers = 0
    for game_map in maps:
        types, levels = layers(game_map, content)
        water = np.isin(types, at.WATER)
        if "river yes" not in game_map.description:
            assert not water.any()
            continue
        rivers += 1
        assert connects_opposite_edges(water, diagonal=False), game_map.description
        assert (levels[water & (types != at.BRIDGE)] == 0).all()  # level 0 except the bridge decks
        # never on slopes or hills: water touches only level 0 and level 1
        assert not touching(water, levels, 2).any() and not touching(water, levels, 3).any()
        assert np.isin(types, (at.BRIDGE,)).sum() >= 1  # the main road crosses it
    assert rivers >= 6


def test_roads_form_one_network_reaching_two_edges(maps, content):
    for game_map in maps:
        types, _ = layers(game_map, content)
        roads = np.isin(types, at.ROADLIKE)
        _, n = components(roads, diagonal=True)
        assert n == 1, game_map.description
        edges = [roads[0].any(), roads[-1].any(), roads[:, 0].any(), roads[:, -1].any()]
        assert sum(edges) >= 2, game_map.description


def test_bridges_and_fords_carry_roads_across(maps, content):
    fords = 0
    for game_map in maps:
        types, _ = layers(game_map, content)
        fords += int((types == at.FORD).sum())
        road = at.neighbour_mask(np.isin(types, at.ROADLIKE))
        for y, x in np.argwhere(np.isin(types, (at.BRIDGE, at.FORD))):
            r = int(road[y, x])
            assert (r & at.E and r & at.W) or (r & at.N and r & at.S)
    assert fords >= 3


def test_no_square_touches_one_two_levels_away(maps, content):
    for game_map in maps:
        _, levels = layers(game_map, content)
        lv = levels.astype(int)
        for a, b in neighbour_pairs(lv):
            assert (np.abs(a - b) <= 1).all(), game_map.description
        assert not touching(lv == 1, lv, 3).any() and not touching(lv == 3, lv, 5).any()


def test_hills_have_plateaus_and_no_floating_slopes(maps, content):
    heights = set()
    for game_map in maps:
        _, levels = layers(game_map, content)
        lv = levels.astype(int)
        heights |= set(np.unique(lv).tolist())
        for level in (2, 4):
            here = lv == level
            assert (touching(here, lv, level - 1) == here).all(), game_map.description
            assert (touching(here, lv, level + 1) == here).all(), game_map.description
    assert {1, 2, 3, 4, 5} <= heights  # plateaus at 3 and some with a top at 5 occur


def test_roads_climbing_hills_become_road_slopes(content):
    found = 0
    for seed in range(12):
        types, _ = layers(generate_map(content, river=False, cover=0, seed=seed), content)
        found += int((types == at.ROAD_SLOPE).sum())
    assert found > 0


def cover_share(content, cover: int, seeds) -> float:
    shares = []
    for seed in seeds:
        types, _ = layers(generate_map(content, river=True, cover=cover, seed=seed), content)
        shares.append(np.isin(types, (at.WOODS, at.BROKEN)).mean())
    return float(np.mean(shares))


def test_density_is_monotone_in_cover(content):
    seeds = range(4)
    shares = [cover_share(content, cover, seeds) for cover in (0, 3, 6, 9)]
    assert shares[0] == 0
    assert shares[0] < shares[1] < shares[2] < shares[3]
    assert 0.06 <= shares[1] <= 0.12 and 0.2 <= shares[3] <= 0.3  # about 3 x cover %


def test_cover_keeps_the_layout_and_only_adds_cover(content):
    bare = generate_layers(60, 60, river=True, cover=0, seed=9)
    wooded = generate_layers(60, 60, river=True, cover=7, seed=9)
    assert np.array_equal(bare.levels, wooded.levels)
    changed = bare.types != wooded.types
    assert (bare.types[changed] == at.CLEAR).all()
    assert np.isin(wooded.types[changed], (at.WOODS, at.BROKEN)).all()


def test_assault_size_and_options(content):
    game_map = generate_map(
        content, width=60, height=30, river=True, cover=4, seed=5, map_id="x:assault", name="Assault ground"
    )
    assert (game_map.width, game_map.height, len(game_map.cells)) == (60, 30, 1800)
    assert game_map.codes.shape == (30, 60) and game_map.id == "x:assault" and game_map.name == "Assault ground"
    flat = generate_map(content, river=False, cover=2, seed=5, hills=False)
    assert set(layers(flat, content).levels.ravel().tolist()) == {1}
    assert map_problems(flat, content) == []
    for bad in ({"cover": 10}, {"cover": -1}, {"width": 10}):
        with pytest.raises(ValueError):
            generate_map(content, **{"river": True, "cover": 3, "seed": 1, **bad})


def test_towns_are_clustered_town_squares(content):
    none = layers(generate_map(content, river=True, cover=3, seed=8, towns=0), content).types
    four = layers(generate_map(content, river=True, cover=3, seed=8, towns=4), content).types
    assert (four == at.TOWN).sum() > (none == at.TOWN).sum() + 40
    assert (none == at.TOWN).sum() <= 12  # only the odd farm


def test_map_problems_reports_broken_maps(content):
    game_map = generate_map(content, river=True, cover=0, seed=3)
    types, levels = layers(game_map, content)
    codes = game_map.codes.copy()
    ys, xs = np.nonzero(types == at.RIVER)
    codes[ys[len(ys) // 2], xs[len(xs) // 2]] = 0  # dam the river
    codes[2, 2], codes[2, 3] = 0, 29  # plain next to a plateau
    broken = type(game_map)("b", "b", game_map.width, game_map.height, codes.tobytes())
    text = " ".join(map_problems(broken, content))
    assert "two or more levels" in text and "separate pieces" in text


def test_render_png_writes_a_png(tmp_path, maps, content):
    path = render_png(maps[0], content, tmp_path / "map.png", scale=4)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and b"IHDR" in data[:16] and data.endswith(b"IEND\xaeB`\x82")
    assert int.from_bytes(data[16:20], "big") == 240 and int.from_bytes(data[20:24], "big") == 240


# -- auto-tiling -----------------------------------------------------------------------------------------------
def test_shipped_maps_round_trip_through_the_layers():
    packset = load_packs(env={}, include_user_dir=False)
    for pack in ("western", "eastern"):
        content = packset.content(pack)
        for game_map in content.maps.values():
            types, levels = layers_from_codes(game_map.codes, content)
            assert np.array_equal(codes_from_layers(types, levels, content), game_map.codes), game_map.id


def test_layers_codes_layers_round_trip(content):
    painted = generate_layers(60, 60, river=True, cover=6, seed=4)
    codes = codes_from_layers(painted.types, painted.levels, content)
    back = layers_from_codes(codes, content)
    assert np.array_equal(back.types, at.resolve_types(painted.types, painted.levels))  # clear on a slope = slope
    deck = painted.types == at.BRIDGE
    assert np.array_equal(back.levels[~deck], painted.levels[~deck]) and (back.levels[deck] == 1).all()
    assert np.array_equal(codes_from_layers(back.types, back.levels, content), codes)
    names = np.array(at.TYPES)[painted.types]  # type names work as well as indices
    assert np.array_equal(codes_from_layers(names, painted.levels, content), codes)


def tile(content, rows: list[str], legend: dict[str, tuple[str, int]]) -> list[str]:
    """Auto-tile a little painted picture: each character stands for (type, level); returns default glyphs."""
    types = np.array([[legend[ch][0] for ch in row] for row in rows])
    levels = np.array([[legend[ch][1] for ch in row] for row in rows])
    codes = codes_from_layers(types, levels, content)
    return ["".join(content.terrain_codes[int(c)].glyph for c in row) for row in codes]


PAINT = {
    ".": ("clear", 1),
    "#": ("road", 1),
    "~": ("river", 0),
    "=": ("bridge", 1),
    "k": ("ford", 0),
    ":": ("clear", 3),
    "R": ("road", 3),
    "^": ("road", 2),
    "s": ("slope", 2),
}


@pytest.mark.parametrize(
    "painted, expected",
    [
        ([".....", "#####", "....."], [".....", "-----", "....."]),
        (["..#..", "..#..", "..#.."], ["..|..", "..|..", "..|.."]),
        (["....#", "...#.", "..#..", ".#...", "#...."], ["..../", ".../.", "../..", "./...", "/...."]),
        (["#....", ".#...", "..#..", "...#.", "....#"], ["\\....", ".\\...", "..\\..", "...\\.", "....\\"]),
        (["..#..", "#####", "..#.."], ["..|..", "--+--", "..|.."]),
        (["..#..", "###..", "..#.."], ["..|..", "--<..", "..|.."]),  # branch west
        (["..#..", "#####", "....."], ["..|..", "--<--", "....."]),  # branch north
        (["..#..", "..###", "..#.."], ["..|..", "..>--", "..|.."]),  # branch east
        ([".....", "#####", "..#.."], [".....", "-->--", "..|.."]),  # branch south
        (["...#.", "###..", "....."], [".../.", "---..", "....."]),  # a bend takes its orthogonal leg
        (["#....", "#....", ".#..."], ["|....", "|....", ".\\..."]),
    ],
)
def test_road_variants(content, painted, expected):
    assert tile(content, painted, PAINT) == expected


def test_river_bridge_and_ford_variants(content):
    assert tile(content, ["..~..", "..~..", ".#=#.", "..~..", "..~~.", "...~."], PAINT) == [
        "..~..",
        "..~..",
        ".-=-.",
        "..~..",
        "..(].",
        "...~.",
    ]
    assert tile(content, [".....", "~~k~~", "....."], PAINT) == [".....", "{{K{{", "....."]  # across the river
    assert tile(content, ["..#..", "~~=~~", "..#.."], PAINT) == ["..|..", "{{%{{", "..|.."]
    assert tile(content, ["..#..", "~~k~~", "..#.."], PAINT) == ["..|..", "{{K{{", "..|.."]
    assert tile(content, ["...~.", "..~~.", "..~..", "..~~.", "...~."], PAINT) == [
        "...~.",
        "..[).",
        "..~..",
        "..(].",
        "...~.",
    ]


def test_slope_ring_variants_and_road_slopes(content):
    levels = np.ones((7, 9), int)
    levels[2:5, 3:6] = 3
    ring = place_slopes(levels)
    assert ring.tolist()[1] == [1, 1, 2, 2, 2, 2, 2, 1, 1]
    types = np.full(levels.shape, "clear", dtype=object)
    types[:, 4] = "road"
    codes = codes_from_layers(types, ring, content)
    glyphs = ["".join(content.terrain_codes[int(c)].glyph for c in row) for row in codes]
    assert glyphs == ["....|....", "..faraf..", "..d:?:b..", "..d:?:b..", "..d:?:b..", "..gcrcg..", "....|...."]
    across = np.full(levels.shape, "clear", dtype=object)
    across[3, :] = "road"
    row = "".join(content.terrain_codes[int(c)].glyph for c in codes_from_layers(across, ring, content)[3])
    assert row == "--s!!!s--"  # 30 = the level-3 road Appendix 3 forgot (13 U33)


def test_variant_functions_directly():
    assert at.road_variant(at.N | at.S) == at.ROAD_NS and at.road_variant(at.E) == at.ROAD_EW
    assert at.road_variant(at.NE | at.SW) == at.ROAD_NE_SW and at.road_variant(at.NW | at.SE) == at.ROAD_NW_SE
    assert at.road_variant(at.N | at.E | at.S | at.W) == at.ROAD_CROSS
    assert at.road_variant(at.N | at.S | at.W) == at.road_variant(at.W | at.E | at.N) == at.ROAD_T_WN
    assert at.road_variant(at.N | at.S | at.E) == at.road_variant(at.W | at.E | at.S) == at.ROAD_T_ES
    assert at.road_variant(at.N | at.S | at.NE) == at.ROAD_NS  # NE joins through N: not an arm
    assert at.road_variant(at.N | at.E | at.NE) == at.ROAD_EW  # the corner diagonal is not an arm
    assert at.road_variant(at.W | at.NE | at.SE) == at.ROAD_T_ES  # a fork opening east
    assert at.road_variant(at.NE | at.SW | at.NW) == at.ROAD_T_WN  # a diagonal road, branch north-west
    assert at.road_variant(at.NE | at.SW | at.SE) == at.ROAD_T_ES
    assert at.river_variant(at.N | at.S) == at.RIVER_NS and at.river_variant(at.E | at.W) == at.RIVER_EW
    assert [at.river_variant(m) for m in (at.N | at.E, at.N | at.W, at.E | at.S, at.S | at.W)] == [2, 3, 4, 5]
    assert at.slope_variant(at.N | at.NE | at.NW, at.S) == at.FACE_N
    assert at.slope_variant(at.W | at.NW | at.N, 0) == at.CORNER_N
    assert at.slope_variant(at.E | at.S, 0) == at.CORNER_S
    assert at.slope_variant(at.NW, at.E | at.S | at.SE) == at.FACE_N  # inner corner
    assert at.slope_variant(at.SE, at.N | at.W | at.NW) == at.FACE_S


def test_place_slopes_is_legal_idempotent_and_spares_water():
    levels = np.ones((20, 20), int)
    levels[5:15, 5:15] = 3
    levels[8:12, 8:12] = 5
    levels[:, 0] = 0
    placed = place_slopes(levels)
    assert not at.steep_squares(placed).any() and not at.floating_slopes(placed).any()
    assert np.array_equal(place_slopes(placed), placed)
    assert (placed[:, 0] == 0).all() and placed[4, 10] == 2 and placed[7, 10] == 4
    steep = np.ones((9, 9), int)
    steep[4, 4] = 5  # a level-5 spike on the plain gets a 4 ring, a 3 ring and a 2 ring
    out = place_slopes(steep)
    assert out[4, 4] == 5 and out[3, 3] == 4 and out[2, 2] == 3 and out[1, 1] == 2 and out[0, 0] == 1
    assert not at.steep_squares(out).any()
