"""Reading an extract that says what area it covers (a PBF header's box, an export's <bounds>) without looking at
its nodes one by one in Python (docs/real-ground.md).

osmium keeps every node's location in its own cache (in C++: 16 bytes a node of the file, 39 MB for the bench's 2.6
million) and drops the untagged nodes before Python sees them; Python sees the ways whose tags matter, and the place
and building nodes. Each way's line comes out of osmium whole (as WKB) and shapely cuts the lines and areas to the
map's box, a batch at once. The nodes of a regional extract cost the cache's memory and osmium's reading, never a
Python object each.

A file that does not say its area is read node by node instead (osm_read.read_area), which measures what its nodes
span."""

from __future__ import annotations

from pathlib import Path

from .georef import require_gis
from .osm_features import Feature, OsmReadError, Place, is_area, relation_features

# Ways cut to the map's box at once (by shapely, in C): memory holds one batch of whole lines, never every line of
# the extract, and the calls into shapely are few.
BATCH = 1000


class _Cut:
    """The features of the ways handed to `add`, cut to `bbox`; the runs of the multipolygons' member ways."""

    def __init__(self, bbox, members: set[int]):
        self.shapely = require_gis("shapely")
        self.bbox, self.members = bbox, members
        self.pending: list[tuple[int, dict[str, str], bool, bytes]] = []  # (way id, tags, closed, WKB)
        self.features: list[Feature] = []
        self.member_runs: dict[int, list] = {}
        self.points = 0

    def add(self, way_id: int, tags: dict[str, str], closed: bool, wkb: bytes) -> None:
        self.pending.append((way_id, tags, closed, wkb))
        if len(self.pending) >= BATCH:
            self.flush()

    def flush(self) -> None:
        shapely, (west, south, east, north) = self.shapely, self.bbox
        geometries = shapely.from_wkb([wkb for *_, wkb in self.pending])
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


def read_with_location_cache(path: Path, bbox, keys: frozenset[str], places: tuple[str, ...], relations):
    """(features, places, buildings, points kept, bytes of osmium's location cache) of the ways and nodes in `bbox`
    (west, south, east, north) with one of `keys`; `relations` the multipolygons (osm_read._multipolygons)."""
    osmium = require_gis("osmium")
    members = {ref for _, refs in relations.values() for ref in refs}
    processor = osmium.FileProcessor(str(path), osmium.osm.NODE | osmium.osm.WAY).with_locations("flex_mem")
    tagged_nodes = osmium.filter.KeyFilter("place", "building")  # (the cache has every node's location already)
    tagged_nodes.enable_for(osmium.osm.NODE)
    processor.with_filter(tagged_nodes)
    if not members:  # the untagged ways of a multipolygon must reach Python: filtered there instead
        wanted = osmium.filter.KeyFilter(*sorted(keys))
        wanted.enable_for(osmium.osm.WAY)
        processor.with_filter(wanted)
    west, south, east, north = bbox
    factory = osmium.geom.WKBFactory()
    found_places: list[Place] = []
    buildings: list[tuple[float, float]] = []
    cut = _Cut(bbox, members)
    for obj in processor:
        if obj.is_node():
            lon, lat = obj.location.lon, obj.location.lat
            if west <= lon <= east and south <= lat <= north:
                kind = obj.tags.get("place")
                if kind in places and obj.tags.get("name"):
                    found_places.append(Place(obj.tags["name"], kind, lon, lat))
                elif "building" in obj.tags and "building" in keys:
                    buildings.append((lon, lat))
            continue
        tags = obj.tags
        if members and obj.id not in members and not any(key in tags for key in keys):
            continue  # (without multipolygons the key filter has done this in C++)
        if "building" in tags and "building" in keys and len(tags) <= 3:
            corner = obj.nodes[0].location  # a building is smaller than a square: one corner places it
            if corner.valid() and west <= corner.lon <= east and south <= corner.lat <= north:
                buildings.append((corner.lon, corner.lat))
            continue
        try:
            wkb = factory.create_linestring(obj)
        except (osmium.InvalidLocationError, RuntimeError):
            continue  # a way whose nodes the extract cut off, or of one node
        cut.add(obj.id, dict(tags), obj.is_closed(), bytes.fromhex(wkb))  # (shapely reads bytes faster than hex)
    cut.flush()
    cache_bytes = processor.node_location_storage.used_memory()
    if cache_bytes == 0:
        raise OsmReadError(f"{path}: holds no OpenStreetMap nodes (is it an OSM extract?)")
    features = cut.features + relation_features(relations, cut.member_runs)
    return features, found_places, buildings, cut.points, cache_bytes
