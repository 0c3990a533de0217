"""Real ground: a map at the rules' scale from OpenStreetMap features and an elevation model (docs/real-ground.md).

`import_map(content, osm=..., dem=..., georef=..., width=..., height=...)` lays the map in the local projection of
`georef.MapProjection` (no compression: distances on the map are distances on the ground), paints the terrain type
of every square by the pack's import profile (`ImportProfile`: tag rules with priorities, what to drop), the levels
from the elevation model (plateaus 1, 3, 5 split at the profile's thresholds, slopes 2 and 4 placed between them,
water 0, plateaus kept low enough beside water for the slopes to fit), and lets `autotile` derive the codes: road
on a slope becomes road/slope, woods and towns keep the level of their plateau, a road crossing a river square
straight across becomes a bridge (or a ford where its tags say so). `place=*` names become labels.

The result always passes the level and crossing checks of `map_checks` (steep squares, floating slopes, bridges
without a road across): where the ground cannot be fitted, the levels are flattened rather than a broken map made.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from pathlib import Path

import numpy as np

from tacforge.engine.cached_dataclass import dataclass

from ..model import ElevationRule, Georef, ImportProfile, Map
from ..model.content import Content
from .autotile import (
    BRIDGE,
    CLEAR,
    FORD,
    RIVER,
    ROAD,
    TYPES,
    codes_from_layers,
    floating_slopes,
    layers_from_codes,
    place_slopes,
)
from .georef import MapProjection, coverage_text, require_gis, square_metres
from .grid import distance_to
from .map_checks import crossing_problems, level_problems
from .osm_read import Feature, OsmArea, read_area

MIN_SIDE, MAX_SIDE = 4, 256  # the map schema's limit
# squares read beyond each edge: a way's nodes outside the map are still needed to draw it across the edge, and
# mapped roads and rivers have a node every few hundred metres at most
READ_MARGIN = 10.0


class GroundImportError(ValueError):
    """Input that cannot make a map (sizes, coverage, a pack without a profile); the message says what to do."""


@dataclass(frozen=True)
class ImportedGround:
    game_map: Map
    notes: tuple[str, ...]  # what the designer should know (levels flattened, features dropped, ...)
    area: OsmArea | None = None


def check_size(width: int, height: int) -> None:
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise GroundImportError(
            f"a map must be {MIN_SIDE} to {MAX_SIDE} squares each way, not {width} x {height} (60 x 60 is a battle map)"
        )


def check_centre(lat: float, lon: float) -> None:
    if not (-85 <= lat <= 85 and -180 <= lon <= 180):
        raise GroundImportError(f"the centre {lat}, {lon} is not a latitude (-85 to 85) and longitude (-180 to 180)")


def import_map(
    content: Content,
    *,
    osm: Path,
    dem: Path | None,
    georef: Georef,
    width: int,
    height: int,
    profile: ImportProfile | None = None,
    map_id: str = "real_ground",
    name: str | None = None,
) -> ImportedGround:
    """The map of `width` x `height` squares centred on `georef`; GroundImportError, OsmReadError or DemReadError with a
    clear message on bad input."""
    check_size(width, height)
    check_centre(georef.lat, georef.lon)
    profile = profile or content.import_profile
    if profile is None:
        raise GroundImportError(f"pack '{content.pack_id}' has no import_profile.yaml; give one with --profile FILE")
    projection = MapProjection(georef, width, height, square_metres(content))
    area = read_osm(osm, projection, profile)
    heights = None
    if dem is not None:
        from .dem_read import square_heights

        heights = square_heights(Path(dem), projection)
    layers = paint(area, projection, profile)
    notes: list[str] = []
    levels = levels_of(heights, layers.types, profile.elevation, notes)
    types = layers.types
    codes = codes_from_layers(types, levels, content)
    derived = layers_from_codes(codes, content)
    if level_problems(derived.levels) or crossing_problems(derived.types):
        notes.append("the levels could not be fitted round the water and were flattened to level 1")
        levels = np.where(np.isin(types, (RIVER, FORD, BRIDGE)), 0, 1).astype(np.int8)
        codes = codes_from_layers(types, levels, content)
    labels = place_labels(area, projection)
    description = (
        f"Real ground around {georef.lat:.5f}, {georef.lon:.5f}, rotated {georef.rotation:g} degrees, from "
        f"{Path(osm).name}{' and ' + Path(dem).name if dem else ''} with the profile '{profile.name}'."
    )
    used = sorted(int(c) for c in np.unique(codes))
    legend = tuple((content.terrain_codes[c].glyph or chr(0x100 + c), c) for c in used)
    game_map = Map(
        map_id,
        name or f"Real ground {georef.lat:.3f}, {georef.lon:.3f}",
        width,
        height,
        codes.astype(np.uint8).tobytes(),
        legend,
        labels,
        description,
        georef=georef,
    )
    return ImportedGround(game_map, tuple(notes + layers.notes), area)


# -- reading ---------------------------------------------------------------------------------------------------
def read_osm(path: Path, projection: MapProjection, profile: ImportProfile) -> OsmArea:
    """The area's features, refusing an extract that does not cover the whole map (saying how much is missing)."""
    from .osm_read import OsmReadError

    area = read_area(Path(path), projection.bounds(margin=READ_MARGIN), profile.tag_keys(), profile.places)
    if area.covered is None:
        raise OsmReadError(f"{path}: holds no node with a location")
    west, south, east, north = area.covered
    xs, ys = np.meshgrid(np.arange(projection.width) + 0.5, np.arange(projection.height) + 0.5)
    lat, lon = projection.lat_lon_of(xs, ys)
    inside = (lon >= west) & (lon <= east) & (lat >= south) & (lat <= north)
    if not inside.any():
        raise OsmReadError(
            f"{path}: covers latitude {south:.4f} to {north:.4f} and longitude {west:.4f} to {east:.4f}, "
            f"none of the map around {projection.georef.lat:.5f}, {projection.georef.lon:.5f}"
        )
    if not inside.all():
        raise OsmReadError(
            f"{path}: {coverage_text(float(inside.mean()))}, the extract reaching latitude {south:.4f} to "
            f"{north:.4f} and longitude {west:.4f} to {east:.4f}; "
            "use a larger extract, or a smaller --size"
        )
    return area


# -- terrain types ---------------------------------------------------------------------------------------------
@dataclass
class Painted:
    types: np.ndarray
    notes: list[str]


def _year(text: str | None) -> int | None:
    found = re.match(r"\s*~?(\d{4})", text or "")
    return int(found[1]) if found else None


def kept(feature: Feature, profile: ImportProfile) -> bool:
    """False for a feature the profile drops (a modern feature, or one built after the profile's year)."""
    if any(match.matches(feature.tags) for match in profile.drop):
        return False
    year = _year(feature.tags.get("start_date"))
    return not (profile.built_after is not None and year is not None and year > profile.built_after)


def line_squares(points, width: int, height: int, four_connected: bool) -> np.ndarray:
    """The squares (x, y rows of an array) a polyline of fractional (x, y) points passes through, in order
    (4-connected for water). Each segment is sampled four times a square, all segments at once: a regional road of
    thousands of points costs no Python loop."""
    p = np.asarray(points, float)
    if len(p) < 2:
        return np.zeros((0, 2), np.int64)
    start, delta = p[:-1], p[1:] - p[:-1]
    steps = np.maximum(1, np.ceil(np.abs(delta).max(axis=1) * 4)).astype(np.int64)
    counts = steps + 1
    segment = np.repeat(np.arange(len(start)), counts)
    index = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
    t = index * np.repeat(1.0 / steps, counts)  # (as numpy's linspace: i times the step, and 1 exactly at the end)
    t[np.cumsum(counts) - 1] = 1.0
    xy = np.floor(start[segment] + delta[segment] * t[:, None]).astype(np.int64)
    moved = np.ones(len(xy), bool)
    moved[1:] = (xy[1:] != xy[:-1]).any(axis=1)
    xy = xy[moved]
    if four_connected and len(xy) > 1:  # a diagonal step of water goes round by the side
        diagonal = np.zeros(len(xy), bool)
        diagonal[1:] = (xy[1:, 0] != xy[:-1, 0]) & (xy[1:, 1] != xy[:-1, 1])
        at = np.flatnonzero(diagonal)
        xy = np.insert(xy, at, np.column_stack([xy[at, 0], xy[at - 1, 1]]), axis=0)
    inside = (xy[:, 0] >= 0) & (xy[:, 0] < width) & (xy[:, 1] >= 0) & (xy[:, 1] < height)
    return xy[inside]


def _to_squares(projection: MapProjection, lonlat) -> np.ndarray:
    coords = np.asarray(lonlat, float)
    x, y = projection.square_of(coords[:, 1], coords[:, 0])
    return np.column_stack([x, y])


def feature_mask(feature: Feature, projection: MapProjection, four_connected: bool) -> np.ndarray:
    shapely = require_gis("shapely")
    w, h = projection.width, projection.height
    mask = np.zeros((h, w), bool)
    for line in feature.lines:
        squares = line_squares(_to_squares(projection, line), w, h, four_connected)
        mask[squares[:, 1], squares[:, 0]] = True
    if feature.area is not None:
        area = shapely.transform(feature.area, lambda c: _to_squares(projection, c))
        xs, ys = np.meshgrid(np.arange(w) + 0.5, np.arange(h) + 0.5)
        mask |= shapely.contains_xy(area, xs, ys)
    return mask


def paint(area: OsmArea, projection: MapProjection, profile: ImportProfile) -> Painted:
    """The terrain type of every square: each profile rule's features, the highest priority winning a square;
    roads crossing water become bridges or fords where the road runs straight across."""
    w, h = projection.width, projection.height
    types = np.full((h, w), CLEAR, np.uint8)
    priority = np.full((h, w), -1, np.int32)
    roads = np.zeros((h, w), bool)
    fords = np.zeros((h, w), bool)
    dropped = 0
    for feature in area.features:
        if not kept(feature, profile):
            dropped += 1
            continue
        rule = max(
            (r for r in profile.features if r.match.matches(feature.tags)), key=lambda r: r.priority, default=None
        )
        if rule is None:
            continue
        kind = TYPES.index(rule.terrain)
        mask = feature_mask(feature, projection, four_connected=kind == RIVER)
        if kind == ROAD:
            roads |= mask
            if profile.fords.matches(feature.tags):
                fords |= mask
        _claim(types, priority, mask, kind, rule.priority)
    if profile.buildings is not None and area.buildings:
        counts = np.zeros((h, w), np.int32)
        points = _to_squares(projection, area.buildings)
        xs, ys = np.floor(points[:, 0]).astype(int), np.floor(points[:, 1]).astype(int)
        ok = (xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)
        np.add.at(counts, (ys[ok], xs[ok]), 1)
        buildings = profile.buildings
        _claim(types, priority, counts >= buildings.per_square, TYPES.index(buildings.terrain), buildings.priority)
    notes = [f"{dropped} features left out by the profile '{profile.name}'"] if dropped else []
    _cross(types, roads, fords)
    return Painted(types, notes)


def _claim(types: np.ndarray, priority: np.ndarray, mask: np.ndarray, kind: int, rank: int) -> None:
    won = mask & (rank >= priority)
    types[won] = kind
    priority[won] = rank


def _cross(types: np.ndarray, roads: np.ndarray, fords: np.ndarray) -> None:
    """Bridges and fords: the water squares a road passes through where the river runs straight across the road's
    way (water on both sides of each, land at both ends), up to MAX_CROSSING squares long (a wide river's bridge is
    several bridge squares in a row); the land at both ends becomes road. A ford where the road's tags say so."""
    water = types == RIVER
    for y, x in np.argwhere(water & roads):
        if types[y, x] != RIVER:
            continue  # already part of a crossing found from its other end
        for along in ((0, 1), (1, 0)):  # the road running east-west, then north-south
            run = _crossing(water, roads, (int(y), int(x)), along)
            if run is None:
                continue
            ford = any(fords[sy, sx] for sy, sx in run)
            for sy, sx in run:
                types[sy, sx] = FORD if ford else BRIDGE
            (fy, fx), (ly, lx) = run[0], run[-1]
            types[fy - along[0], fx - along[1]] = ROAD
            types[ly + along[0], lx + along[1]] = ROAD
            break


MAX_CROSSING = 3  # squares (550 m): a wider water (an estuary, a lake) is for the designer to bridge


def _crossing(water: np.ndarray, roads: np.ndarray, start: tuple[int, int], along: tuple[int, int]):
    """The squares of road over water in a row through `start` in direction `along`, if they cross the river
    straight: land (inside the map) at both ends, water or the map's edge on both sides of each square. Else
    None: a bend, a lake, a road beside the river, or too wide."""
    h, w = water.shape
    dy, dx = along

    def wet_road(y: int, x: int) -> bool:
        return 0 <= y < h and 0 <= x < w and bool(water[y, x] and roads[y, x])

    first = start
    while wet_road(first[0] - dy, first[1] - dx):
        first = (first[0] - dy, first[1] - dx)
    run = [first]
    while wet_road(run[-1][0] + dy, run[-1][1] + dx):
        run.append((run[-1][0] + dy, run[-1][1] + dx))
    if len(run) > MAX_CROSSING:
        return None
    for y, x in ((first[0] - dy, first[1] - dx), (run[-1][0] + dy, run[-1][1] + dx)):
        if not (0 <= y < h and 0 <= x < w) or water[y, x]:
            return None  # the road leaves the map on the water, or the water goes on past the road

    def wet_side(y: int, x: int) -> bool:
        return not (0 <= y < h and 0 <= x < w) or bool(water[y, x])

    if all(wet_side(y - dx, x - dy) and wet_side(y + dx, x + dy) for y, x in run):
        return run
    return None


# -- levels ----------------------------------------------------------------------------------------------------
def thresholds(heights: np.ndarray, land: np.ndarray, rule: ElevationRule) -> tuple[float, float]:
    """The two plateau thresholds in metres for this map's heights."""
    if rule.method == "metres":
        return rule.thresholds
    sample = heights[land] if land.any() else heights.ravel()
    low, high = (float(np.quantile(sample, q)) for q in rule.thresholds)
    floor = float(sample.min())
    low = max(low, floor + rule.min_rise)
    return low, max(high, low + rule.min_rise)


def levels_of(heights: np.ndarray | None, types: np.ndarray, rule: ElevationRule, notes: list[str]) -> np.ndarray:
    """Levels: water 0, plateaus 1/3/5 by the thresholds, each held to what its distance from water leaves room
    for, slopes placed between, and no slope left floating."""
    water = np.isin(types, (RIVER, BRIDGE, FORD))
    if heights is None:
        return np.where(water, 0, 1).astype(np.int8)
    low, high = thresholds(heights, ~water, rule)
    plateau = np.where(heights >= high, 5, np.where(heights >= low, 3, 1)).astype(np.int16)
    if water.any():
        room = distance_to(water, limit=6)  # a plateau of level L needs L squares from water for its slopes
        plateau = np.minimum(plateau, np.where(room >= 5, 5, np.where(room >= 3, 3, 1)))
    plateau[water] = 0
    levels = plateau
    for _ in range(40):
        levels = place_slopes(levels, fixed=water).astype(np.int16)
        floating = floating_slopes(levels)
        if not floating.any():
            return levels.astype(np.int8)
        # a slope under a plateau but over none joins that plateau; one under none drops to the plateau below
        up = _neighbour_above(levels)
        levels = np.where(floating & up, levels + 1, np.where(floating, levels - 1, levels))
    notes.append("some slopes could not be settled")
    return levels.astype(np.int8)


def _neighbour_above(levels: np.ndarray) -> np.ndarray:
    """Squares with a neighbour one level above them."""
    h, w = levels.shape
    padded = np.pad(levels, 1, constant_values=-99)
    out = np.zeros((h, w), bool)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            out |= padded[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w] == levels + 1
    return out


# -- labels ----------------------------------------------------------------------------------------------------
def place_labels(area: OsmArea, projection: MapProjection) -> tuple[tuple[str, int, int], ...]:
    """(name, x, y) of each place in the map, larger places first; one label a square."""
    order = {"city": 0, "town": 1, "village": 2, "hamlet": 3}
    out: dict[tuple[int, int], str] = {}
    for place in sorted(area.places, key=lambda p: (order.get(p.kind, 9), p.name)):
        x, y = projection.square_of(place.lat, place.lon)
        square = (int(math.floor(x)), int(math.floor(y)))
        if 0 <= square[0] < projection.width and 0 <= square[1] < projection.height:
            out.setdefault(square, place.name)
    return tuple((name, x, y) for (x, y), name in out.items())


def with_elevation(profile: ImportProfile, method: str, values: tuple[float, float]) -> ImportProfile:
    """The profile with other plateau thresholds (the command line's --heights / --quantiles); GroundImportError
    for thresholds the profile's schema would refuse."""
    low, high = values
    if method == "quantiles" and not 0 <= low < high <= 1:
        raise GroundImportError(
            f"quantiles {low:g},{high:g}: two fractions of the map's heights between 0 and 1, the first the lower "
            "(for example 0.6,0.9)"
        )
    if low >= high:
        raise GroundImportError(f"plateau thresholds {low:g},{high:g} m: the first must be below the second")
    return replace(profile, elevation=replace(profile.elevation, method=method, thresholds=values))
