"""What an OpenStreetMap extract holds for a map, whichever way it was read (osm_read node by node, osm_bounded in
passes that keep the area's nodes only): the features (ways and multipolygons) with their lines or areas, the named
places, and what makes a closed way an area."""

from __future__ import annotations

from dataclasses import field

from tacforge.engine.cached_dataclass import dataclass

from .georef import require_gis


class OsmReadError(ValueError):
    """The file is not an OpenStreetMap extract osmium can read; the message says which file and why."""


@dataclass
class Feature:
    """One OpenStreetMap way or multipolygon of the area: its tags and its lines ((lon, lat) runs) or polygon."""

    tags: dict[str, str]
    lines: list = field(default_factory=list)  # (lon, lat) runs: lists of pairs or arrays of two columns
    area: object | None = None  # a shapely (Multi)Polygon in lon/lat, for closed ways and multipolygons


@dataclass
class Place:
    name: str
    kind: str
    lon: float
    lat: float


AREA_KEYS = frozenset({"landuse", "natural", "water", "building", "leisure", "amenity", "place"})


def is_area(tags: dict[str, str], closed: bool) -> bool:
    if not closed or tags.get("area") == "no":
        return False
    if tags.get("area") == "yes":
        return True
    return bool(AREA_KEYS & tags.keys()) and "highway" not in tags and "waterway" not in tags


def relation_features(relations, runs_of: dict[int, list]) -> list[Feature]:
    """Multipolygons assembled from the runs of their member ways that lie in the box (way id -> its runs)."""
    if not relations:
        return []
    shapely = require_gis("shapely")
    from shapely.ops import polygonize, unary_union

    out = []
    for tags, refs in relations.values():
        lines = [run for ref in refs for run in runs_of.get(ref, ()) if len(run) >= 2]
        if not lines:
            continue
        rings = list(polygonize(unary_union([shapely.LineString(line) for line in lines])))
        if not rings:
            continue
        # polygonize gives each hole as a polygon of its own too: the symmetric difference takes inner rings out
        area = rings[0]
        for ring in rings[1:]:
            area = area.symmetric_difference(ring)
        out.append(Feature(tags, area=area))
    return out
