"""The bounded reading of an extract that says its area (osm_bounded, osm_pbf; issue 25): a PBF decoded with numpy
gives osmium's own locations and tags; a way leaving the map's box is fetched whole and cut at the box's edge; what
lies far from the map, however much of it, changes nothing that is kept."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("osmium", reason="the gis extra (make setup installs it)")

import real_ground_data as ground

from tacforge.engine.mapping.osm_pbf import decodable, pbf_relations, pbf_ways, select_nodes
from tacforge.engine.mapping.osm_read import read_area

KEYS = frozenset({"highway", "waterway", "landuse", "natural", "building", "place"})
BOX = ground.NORTH_UP.bounds(margin=2)


def _everything(ids, lon, lat):
    return np.ones(len(ids), bool)


@pytest.mark.parametrize("dense", [True, False])
def test_the_numpy_decoding_of_a_pbf_gives_osmiums_nodes_tags_and_ways(tmp_path, dense):
    import osmium

    path = ground.ground().write(tmp_path / "g.osm.pbf", boxed=True)
    if not dense:  # the same extract with plain nodes (osmium writes dense ones unless told)
        plain = tmp_path / "plain.osm.pbf"
        writer = osmium.SimpleWriter(osmium.io.File(str(plain), "pbf,pbf_dense_nodes=false"))
        for obj in osmium.FileProcessor(str(path)):
            writer.add(obj)
        writer.close()
        path = plain
    assert decodable(path) and not decodable(ground.ground().write(tmp_path / "g.osm"))
    ids, lon, lat, total, tagged, spans = select_nodes(path, _everything, tagged=True)
    nodes = [
        (n.id, n.location.lon, n.location.lat, dict(n.tags)) for n in osmium.FileProcessor(str(path), osmium.osm.NODE)
    ]
    assert total == len(nodes) == len(ids)
    assert list(zip(ids.tolist(), lon.tolist(), lat.tolist(), strict=True)) == [n[:3] for n in nodes]
    assert tagged == [n[1:] for n in nodes if n[3]]
    some = np.sort(ids[::7])  # read again for some ids: only the blocks whose ids span them, the same nodes
    again = select_nodes(path, lambda i, x, y: np.isin(i, some), among=(some, spans))
    assert again.ids.tolist() == some.tolist() and spans
    ways = [(w.id, dict(w.tags), [n.ref for n in w.nodes]) for w in osmium.FileProcessor(str(path), osmium.osm.WAY)]
    decoded = [(i, tags, refs.tolist()) for i, tags, refs in pbf_ways(path, KEYS, {ways[0][0]})]
    assert decoded == [w for w in ways if w[0] == ways[0][0] or KEYS & w[1].keys()]
    relations = [
        (r.id, dict(r.tags), [m.ref for m in r.members if m.type == "w"])
        for r in osmium.FileProcessor(str(path), osmium.osm.RELATION)
    ]
    assert list(pbf_relations(path)) == relations and relations


def test_a_way_leaving_the_box_is_fetched_whole_and_cut_at_the_edge(tmp_path):
    extract = ground.ground()
    # one segment from inside the map to 40 squares east of it: its far node is outside the box
    extract.way([(5.5, 12.5), (ground.WIDTH + 40, 12.5)], {"highway": "track"})
    far = extract.ways[-1][1][-1]
    extract.ways[-1] = (extract.ways[-1][0], [extract.ways[-1][1][0], far], extract.ways[-1][2])
    area = read_area(extract.write(tmp_path / "e.osm.pbf", boxed=True), BOX, KEYS, ("village",))
    (track,) = [f for f in area.features if f.tags.get("highway") == "track"]
    (line,) = track.lines
    assert area.nodes_fetched >= 1
    assert line[-1][0] == pytest.approx(BOX[2])  # cut where it leaves the box, not at its last node inside


def test_what_lies_far_from_the_map_changes_nothing_kept(tmp_path):
    near = ground.ground()
    bigger = ground.ground()
    for k in range(40):  # roads and buildings 60 to 100 squares away: more file, no more map
        y = -60 - k
        bigger.way([(-50, y), (90, y)], {"highway": "track"})
        bigger.box((k, y - 1, k, y - 1), {"building": "house"})
    one = read_area(near.write(tmp_path / "near.osm.pbf", boxed=True), BOX, KEYS, ("village",))
    other = read_area(bigger.write(tmp_path / "bigger.osm.pbf", boxed=True), BOX, KEYS, ("village",))
    assert other.nodes_read == one.nodes_read and other.nodes_fetched == one.nodes_fetched
    assert other.buildings == one.buildings and [p.name for p in other.places] == [p.name for p in one.places]
    assert [(f.tags, str(f.area), [np.asarray(r).tolist() for r in f.lines]) for f in other.features] == [
        (f.tags, str(f.area), [np.asarray(r).tolist() for r in f.lines]) for f in one.features
    ]


def test_reading_again_for_some_ids_inflates_only_the_blocks_that_can_hold_them(tmp_path, monkeypatch):
    import osmium
    from osmium.osm.mutable import Node

    from tacforge.engine.mapping import osm_pbf

    path = tmp_path / "many.osm.pbf"
    writer = osmium.SimpleWriter(str(path))
    for ident in range(1, 30_001):  # four blocks of at most 8000 nodes
        writer.add_node(Node(id=ident, location=(2.0 + ident * 1e-6, 49.0), version=1))
    writer.close()
    first = select_nodes(path, _everything)
    assert len(first.spans) >= 4
    inflated = []
    real = osm_pbf._inflate
    monkeypatch.setattr(osm_pbf, "_inflate", lambda blob: inflated.append(1) or real(blob))
    wanted = np.array([5, 17, 7000])
    again = select_nodes(path, lambda i, x, y: np.isin(i, wanted), among=(wanted, first.spans))
    assert again.ids.tolist() == wanted.tolist() and again.lon.tolist() == first.lon[wanted - 1].tolist()
    assert len(inflated) == 1 + 1  # (decodable looks at the first block; then the one block that holds them)
