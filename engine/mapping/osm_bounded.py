"""Reading an extract that says what area it covers (a PBF header's box, an export's <bounds>) in memory bounded by
the map's area, not by the file (docs/real-ground.md, docs/architecture.md 8).

No cache of every node's location is kept. The file is read in passes:

1. the locations of the nodes inside the map's box (with its margin), decoded a block at a time (osm_pbf), and
   those of them with tags (places, buildings);
2. the ways whose tags matter and the multipolygons' member ways (osm_pbf for a PBF, osmium for XML): a way is
   kept when one of its nodes lies in the box, with the ids of all its nodes;
3. the locations of the kept ways' nodes outside the box, so that each kept way is whole (reading only the blocks
   whose node ids span them).

Each kept way's line is then cut to the map's box by shapely, as it would be from a complete cache of locations.
What is held is the box's nodes and the ways that reach into it, whatever the size of the file. A way none of whose
nodes lies in the box (with the margin of real_ground.READ_MARGIN squares round the map) is not seen, even where
one of its segments would cross the map: that needs nodes more than 1.8 km apart (ten squares).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np

from .georef import require_gis
from .osm_features import Feature, OsmReadError, Place, is_area, relation_features
from .osm_pbf import Way, decodable, pbf_ways, select_nodes

# Ways tested against the box's nodes at once, and lines cut to the box at once (by numpy and shapely, in C):
# memory holds one batch of ways (at most BATCH ways and BATCH_REFS node ids), never every way of the extract, and
# the calls are few.
BATCH, BATCH_REFS = 1000, 100_000


class NodeTable:
    """Node locations by id: arrays sorted by id, looked up a batch of ids at a time."""

    def __init__(self, ids: np.ndarray, lon: np.ndarray, lat: np.ndarray):
        if len(ids) > 1 and not (ids[1:] >= ids[:-1]).all():  # (a PBF's nodes come sorted: no copy then)
            order = np.argsort(ids, kind="stable")
            ids, lon, lat = ids[order], lon[order], lat[order]
        self.ids, self.lon, self.lat = ids, lon, lat

    def __len__(self) -> int:
        return len(self.ids)

    def find(self, refs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(found, index into the table) of each id in `refs`."""
        if len(self.ids) == 0:
            return np.zeros(len(refs), bool), np.zeros(len(refs), np.int64)
        at = np.minimum(np.searchsorted(self.ids, refs), len(self.ids) - 1)
        return self.ids[at] == refs, at


def _points(tables: list[NodeTable], refs: np.ndarray) -> np.ndarray | None:
    """(lon, lat) rows of the nodes `refs`, looked up in each table in turn; None if one is in none of them."""
    points = np.empty((len(refs), 2))
    missing = np.ones(len(refs), bool)
    for table in tables:
        found, at = table.find(refs)
        take = found & missing
        points[take, 0], points[take, 1] = table.lon[at[take]], table.lat[at[take]]
        missing &= ~found
    return None if missing.any() else points


class _Ways:
    """The ways handed to `add` that reach into the box (their tags, closed or not, all their node ids), in the
    order given, and the corners of the buildings in the box."""

    def __init__(self, inside: NodeTable):
        self.inside = inside
        self.pending: list[tuple[int, dict[str, str], np.ndarray]] = []
        self.pending_refs = 0
        self.kept: list[tuple[int, dict[str, str], bool, np.ndarray]] = []
        self.corners: list[int] = []
        self.buildings: list[tuple[float, float]] = []

    def add(self, way_id: int, tags: dict[str, str], refs: np.ndarray) -> None:
        self.pending.append((way_id, tags, refs))
        self.pending_refs += len(refs)
        if len(self.pending) >= BATCH or self.pending_refs >= BATCH_REFS:
            self.flush()

    def add_corner(self, ref: int) -> None:
        self.corners.append(ref)
        if len(self.corners) >= BATCH:
            self.flush()

    def flush(self) -> None:
        if self.corners:
            found, at = self.inside.find(np.array(self.corners, np.int64))
            self.buildings += zip(self.inside.lon[at[found]].tolist(), self.inside.lat[at[found]].tolist(), strict=True)
            self.corners = []
        if not self.pending:
            return
        sizes = np.array([len(refs) for *_, refs in self.pending])
        refs = np.concatenate([way for *_, way in self.pending])
        found, _ = self.inside.find(refs)
        starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
        touching = np.logical_or.reduceat(found, starts) if len(refs) else np.zeros(len(sizes), bool)
        for (way_id, tags, way), reaches in zip(self.pending, touching, strict=True):
            if reaches and len(way):  # (a copy: the ids may be a view of a whole block's)
                self.kept.append((way_id, tags, bool(way[0] == way[-1]), way.copy()))
        self.pending, self.pending_refs = [], 0


def read_bounded(path: Path, bbox, keys: frozenset[str], places: tuple[str, ...], relations):
    """(features, places, buildings, points kept, nodes fetched from outside the box) of the ways and nodes in
    `bbox` (west, south, east, north) with one of `keys`; `relations` the multipolygons (osm_read._multipolygons)."""
    west, south, east, north = bbox
    box = select_nodes(
        path, lambda ids, lon, lat: (lon >= west) & (lon <= east) & (lat >= south) & (lat <= north), tagged=True
    )
    if box.in_file == 0:
        raise OsmReadError(f"{path}: holds no OpenStreetMap nodes (is it an OSM extract?)")
    inside = NodeTable(box.ids, box.lon, box.lat)
    members = {ref for _, refs in relations.values() for ref in refs}
    ways = _Ways(inside)
    for way_id, tags, refs in _ways(path, keys, members):
        if "building" in tags and "building" in keys and len(tags) <= 3:
            if len(refs):  # a building is smaller than a square: one corner places it
                ways.add_corner(int(refs[0]))
        else:
            ways.add(way_id, tags, refs)
    found_places: list[Place] = []
    for lon, lat, tags in box.tagged:  # the box's nodes with tags
        kind = tags.get("place")
        if kind in places and tags.get("name"):
            found_places.append(Place(tags["name"], kind, lon, lat))
        elif "building" in tags and "building" in keys:
            ways.buildings.append((lon, lat))
    ways.flush()
    tables = [inside, _outside(path, inside, ways.kept, box.spans)]
    cut = _Cut(bbox, members)
    for way_id, tags, closed, refs in ways.kept:
        points = _points(tables, refs)
        if points is None:
            continue  # a way whose nodes the extract cut off
        moved = np.ones(len(points), bool)
        moved[1:] = (points[1:] != points[:-1]).any(axis=1)  # (osmium's lines skip a repeated location)
        if moved.sum() >= 2:
            cut.add(way_id, tags, closed, points[moved])
    cut.flush()
    features = cut.features + relation_features(relations, cut.member_runs)
    return features, found_places, ways.buildings, cut.points, len(tables[1])


def _ways(path: Path, keys: frozenset[str], members: set[int]) -> Iterator[Way]:
    """(id, tags, node ids) of the ways with one of `keys` and of the multipolygons' member ways."""
    if decodable(path):
        yield from pbf_ways(path, keys, members)
        return
    osmium = require_gis("osmium")  # an XML file: osmium reads it, a way at a time

    def way(obj) -> Way:
        return obj.id, dict(obj.tags), np.fromiter((n.ref for n in obj.nodes), np.int64, len(obj.nodes))

    for obj in osmium.FileProcessor(str(path), osmium.osm.WAY).with_filter(osmium.filter.KeyFilter(*sorted(keys))):
        yield way(obj)
    if members:  # the multipolygons' ways without a key that matters, which the key filter kept out
        for obj in osmium.FileProcessor(str(path), osmium.osm.WAY).with_filter(osmium.filter.IdFilter(members)):
            if not any(key in obj.tags for key in keys):
                yield way(obj)


def _outside(path: Path, inside: NodeTable, kept, spans: dict[int, tuple[int, int]]) -> NodeTable:
    """The nodes of the kept ways outside the box (a third pass, only when some way leaves the box, over the blocks
    whose node ids span one of them)."""
    none = NodeTable(np.zeros(0, np.int64), np.zeros(0), np.zeros(0))
    if not kept:
        return none
    refs = np.sort(np.concatenate([refs for *_, refs in kept]))
    refs = refs[np.concatenate([[True], refs[1:] != refs[:-1]])]
    found, _ = inside.find(refs)
    outside = refs[~found]
    if len(outside) == 0:
        return none
    fetched = select_nodes(
        path,
        lambda ids, lon, lat: outside[np.minimum(np.searchsorted(outside, ids), len(outside) - 1)] == ids,
        among=(outside, spans),
    )
    return NodeTable(fetched.ids, fetched.lon, fetched.lat)


class _Cut:
    """The features of the lines handed to `add`, cut to `bbox`; the runs of the multipolygons' member ways."""

    def __init__(self, bbox, members: set[int]):
        self.shapely = require_gis("shapely")
        self.bbox, self.members = bbox, members
        self.pending: list[tuple[int, dict[str, str], bool, np.ndarray]] = []  # (way id, tags, closed, points)
        self.features: list[Feature] = []
        self.member_runs: dict[int, list] = {}
        self.points = 0

    def add(self, way_id: int, tags: dict[str, str], closed: bool, points: np.ndarray) -> None:
        self.pending.append((way_id, tags, closed, points))
        if len(self.pending) >= BATCH:
            self.flush()

    def flush(self) -> None:
        if not self.pending:
            return
        shapely, (west, south, east, north) = self.shapely, self.bbox
        geometries = shapely.linestrings(
            np.concatenate([points for *_, points in self.pending]),
            indices=np.repeat(np.arange(len(self.pending)), [len(points) for *_, points in self.pending]),
        )
        clipped = shapely.clip_by_rect(geometries, west, south, east, north)
        for (way_id, tags, closed, _), whole, inside in zip(self.pending, geometries, clipped, strict=True):
            if inside.is_empty:
                continue
            runs = [shapely.get_coordinates(p) for p in shapely.get_parts(inside) if p.geom_type == "LineString"]
            self.points += sum(len(run) for run in runs)
            if way_id in self.members:
                self.member_runs[way_id] = runs
            if not tags:
                continue
            if is_area(tags, closed) and len(whole.coords) >= 4:
                polygon = shapely.Polygon(whole.coords)
                polygon = polygon if polygon.is_valid else polygon.buffer(0)
                area = shapely.clip_by_rect(polygon, west, south, east, north)
                if not area.is_empty:
                    self.features.append(Feature(tags, area=area))
            else:
                self.features.append(Feature(tags, lines=[run for run in runs if len(run) >= 2]))
        self.pending = []
