"""Reading the OpenStreetMap features of one area from an extract (.osm XML or .osm.pbf), in memory bounded by the
area, not by the file (docs/real-ground.md).

A file that says what area it covers (a PBF header's box, an export's <bounds>: what Geofabrik and openstreetmap.org
give) is read in passes that keep only the area's nodes and the ways reaching into it (osm_bounded: seconds for an
extract of tens of MB). One that does not is read node by node, which measures the area its nodes span, in two
passes:

1. the relations only (osmium skips the nodes and ways of a PBF without decoding them into Python objects): the
   multipolygons whose tags matter, and the ids of their member ways;
2. nodes and ways: a node's location is kept only when it lies in the area's bounding box (plus a margin), a way
   only when its tags matter (or a kept multipolygon names it) and some of its nodes were kept.

A way that leaves the box keeps its nodes inside it, split into runs where it leaves, which is all a map of that
area draws. Areas (closed ways, multipolygons) are built with shapely from what is inside.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from tacforge.engine.cached_dataclass import dataclass

from .georef import require_gis
from .osm_bounded import read_bounded
from .osm_features import Feature, OsmReadError, Place, is_area, relation_features
from .osm_pbf import decodable, pbf_relations


@dataclass
class OsmArea:
    features: list[Feature]
    places: list[Place]
    buildings: list[tuple[float, float]]  # (lon, lat) of each building's first node, when inside the box
    nodes_read: int  # points of the features inside the box
    nodes_in_file: int | None  # counted when the file is read node by node (it does not say its area)
    covered: tuple[float, float, float, float] | None  # (west, south, east, north): the file's box, else its nodes'
    nodes_fetched: int = 0  # nodes outside the box fetched for the ways that cross its edge (osm_bounded)


def _runs(refs: Iterable[int], nodes: dict[int, tuple[float, float]]) -> list[list[tuple[float, float]]]:
    """The way's stretches of consecutive nodes that lie in the box."""
    runs: list[list[tuple[float, float]]] = [[]]
    for ref in refs:
        point = nodes.get(ref)
        if point is None:
            if runs[-1]:
                runs.append([])
        else:
            runs[-1].append(point)
    return [run for run in runs if len(run) >= 2]


def read_area(
    path: Path, bbox: tuple[float, float, float, float], keys: frozenset[str], places: tuple[str, ...]
) -> OsmArea:
    """The features of `path` within `bbox` (west, south, east, north, degrees) that have one of `keys`."""
    osmium = require_gis("osmium")
    path = Path(path)
    if not path.is_file():
        raise OsmReadError(f"{path}: no such file")
    if not (path.name.endswith(".osm") or path.name.endswith(".osm.pbf") or path.name.endswith(".pbf")):
        raise OsmReadError(f"{path}: not an OpenStreetMap file (expected NAME.osm or NAME.osm.pbf)")
    west, south, east, north = bbox
    try:
        relations = _multipolygons(osmium, path, keys)
        declared = _declared_box(osmium, path)
        if declared is not None:  # the area is known without measuring the nodes: only the box's are kept
            got, named, houses, points, fetched = read_bounded(path, bbox, keys, places, relations)
            return OsmArea(got, named, houses, points, None, declared, fetched)
        members = {ref for _, refs in relations.values() for ref in refs}
        nodes: dict[int, tuple[float, float]] = {}
        ways: dict[int, tuple[dict[str, str], list[int]]] = {}
        found_places: list[Place] = []
        buildings: list[tuple[float, float]] = []
        total = 0
        lo_x = lo_y = float("inf")
        hi_x = hi_y = float("-inf")
        measure = True  # without a box in its header, the file covers what its nodes span
        wanted = osmium.filter.KeyFilter(*sorted(keys))
        wanted.enable_for(osmium.osm.WAY)  # every node passes (for its location); ways only with a key that matters
        for obj in osmium.FileProcessor(str(path), osmium.osm.NODE | osmium.osm.WAY).with_filter(wanted):
            if obj.is_node():
                total += 1
                loc = obj.location
                if not loc.valid():
                    continue
                lon, lat = loc.lon, loc.lat
                if measure:
                    lo_x, hi_x, lo_y, hi_y = min(lo_x, lon), max(hi_x, lon), min(lo_y, lat), max(hi_y, lat)
                if west <= lon <= east and south <= lat <= north:
                    nodes[obj.id] = (lon, lat)
                    if len(obj.tags):
                        kind = obj.tags.get("place")
                        if kind in places and obj.tags.get("name"):
                            found_places.append(Place(obj.tags["name"], kind, lon, lat))
                        elif "building" in obj.tags and "building" in keys:
                            buildings.append((lon, lat))
                continue
            tags = obj.tags
            if "building" in tags and "building" in keys and len(tags) <= 3:
                corner = nodes.get(obj.nodes[0].ref)  # a building is smaller than a square: one corner places it
                if corner is not None:
                    buildings.append(corner)
                continue
            refs = [n.ref for n in obj.nodes]
            if any(ref in nodes for ref in refs):
                ways[obj.id] = (dict(tags), refs)
        if members:  # the untagged outer and inner ways of the multipolygons, which the key filter kept out
            for obj in osmium.FileProcessor(str(path), osmium.osm.WAY).with_filter(osmium.filter.IdFilter(members)):
                ways.setdefault(obj.id, ({}, [n.ref for n in obj.nodes]))
    except OsmReadError:
        raise
    except RuntimeError as exc:  # osmium's errors on a file it cannot parse
        raise OsmReadError(f"{path}: not an OpenStreetMap file osmium can read ({exc})") from None
    if total == 0:
        raise OsmReadError(f"{path}: holds no OpenStreetMap nodes (is it an OSM extract?)")
    features = [_way_feature(tags, refs, nodes) for tags, refs in ways.values() if tags]
    features += relation_features(relations, {ref: _runs(ways[ref][1], nodes) for ref in members if ref in ways})
    covered = (lo_x, lo_y, hi_x, hi_y) if lo_x <= hi_x else None
    return OsmArea([f for f in features if f is not None], found_places, buildings, len(nodes), total, covered)


def _declared_box(osmium, path: Path) -> tuple[float, float, float, float] | None:
    """The area the file says it covers (an export's <bounds>, a PBF's header box), if it says."""
    with osmium.io.Reader(str(path), osmium.osm.NOTHING) as reader:
        box = reader.header().box()
    if not box.valid():
        return None
    return (box.bottom_left.lon, box.bottom_left.lat, box.top_right.lon, box.top_right.lat)


def _multipolygons(osmium, path: Path, keys: frozenset[str]) -> dict[int, tuple[dict[str, str], list[int]]]:
    """Relation id -> (tags, member way ids) of the multipolygons with a key that matters."""
    out: dict[int, tuple[dict[str, str], list[int]]] = {}
    if decodable(path):  # (osmium's reading of a large file costs memory buffers that grow with the file)
        for rel_id, tags, ways in pbf_relations(path):
            if tags.get("type") == "multipolygon" and any(key in tags for key in keys):
                out[rel_id] = (tags, ways)
        return out
    for rel in osmium.FileProcessor(str(path), osmium.osm.RELATION):
        tags = rel.tags
        if tags.get("type") != "multipolygon" or not any(key in tags for key in keys):
            continue
        out[rel.id] = (dict(tags), [m.ref for m in rel.members if m.type == "w"])
    return out


def _way_feature(tags: dict[str, str], refs: list[int], nodes: dict[int, tuple[float, float]]) -> Feature | None:
    closed = len(refs) >= 4 and refs[0] == refs[-1]
    runs = _runs(refs, nodes)
    if not runs:
        return None
    if is_area(tags, closed):
        shapely = require_gis("shapely")
        points = [nodes[r] for r in refs if r in nodes]
        if len(points) < 3:
            return None
        polygon = shapely.Polygon(points)
        return Feature(tags, area=polygon if polygon.is_valid else polygon.buffer(0))
    return Feature(tags, lines=runs)
