"""The random map generator (docs/rules.md 1.4 and 13 U3): seeded, deterministic countryside.

`generate_map(content, river=True, cover=5, seed=7)` paints type and level layers and lets `autotile` derive the
codes. In order, each from its own random stream of the seed (so changing `cover` keeps the same hills, river,
roads and towns and only adds or removes woods):

1. a river (if asked), a level-0 meander crossing the map north-south (70%) or east-west, edge to edge;
2. hills: noisy elliptical plateaus at level 3 over the level-1 plain, some with a level-5 top, kept 5 squares
   from the river; `place_slopes` rings them with slopes and narrow gaps are filled so no slope floats;
3. villages (`towns`; by default two to four, two or three on a 60x30 map), a main road from edge to edge
   through the villages nearest the middle (crossing the river on a bridge), usually a cross road, side roads to
   the other villages, one or two farm tracks that ford the river (each reaches the network, or a map edge);
   roads over hills become road/slope squares;
4. town squares clustered along the roads, plus one to four farms (one to three town squares beside a road);
5. woods and broken ground in clusters: about 2 x cover % woods and 1 x cover % broken of the map (0 = none).

The result is checked with `map_checks.map_problems`; the rare failing layout is redrawn from the next sub-seed.
"""

from __future__ import annotations

import numpy as np

from ..model import Map
from .autotile import BROKEN, CLEAR, RIVER, ROAD, TOWN, WOODS, Layers, codes_from_layers, floating_slopes, place_slopes
from .grid import dilate, distance_to, erode, smooth_noise
from .legend import rows_of
from .map_checks import map_problems
from .roads import build_roads, town_sites, town_squares

ATTEMPTS = 8


def generate_map(
    content,
    *,
    width: int = 60,
    height: int = 60,
    river: bool,
    cover: int,
    seed: int,
    hills: bool = True,
    towns: int | None = None,
    map_id: str = "random",
    name: str | None = None,
) -> Map:
    """A legal random map (engine.model.Map) whose legend uses the content's default glyphs."""
    if not 0 <= int(cover) <= 9:
        raise ValueError(f"cover density must be 0-9, not {cover}")
    if width < 24 or height < 24:
        raise ValueError(f"a random map needs at least 24 x 24 squares, not {width} x {height}")
    if towns is not None and not 0 <= towns <= 8:
        raise ValueError(f"towns must be 0-8, not {towns}")
    problems: list[str] = []
    for attempt in range(ATTEMPTS):
        layers = generate_layers(
            width, height, river=river, cover=int(cover), seed=seed, hills=hills, towns=towns, attempt=attempt
        )
        codes = codes_from_layers(layers.types, layers.levels, content)
        used = sorted(int(c) for c in np.unique(codes))
        legend = tuple((content.terrain_codes[c].glyph or chr(0x100 + c), c) for c in used)
        description = (
            f"Random map: seed {seed}, river {'yes' if river else 'no'}, cover {cover}, "
            f"hills {'yes' if hills else 'no'}, towns {'random' if towns is None else towns}."
        )
        game_map = Map(
            map_id, name or f"Random map {seed}", width, height, codes.tobytes(), legend, description=description
        )
        problems = map_problems(game_map, content)
        if not problems:
            return game_map
    raise RuntimeError(f"no legal map for seed {seed} after {ATTEMPTS} attempts: {problems}")


def map_rows(game_map: Map) -> list[str]:
    """The map as rows of legend glyphs (as a map file stores it); codes without a glyph raise KeyError."""
    return rows_of(game_map.codes, dict(game_map.legend))


def generate_layers(
    width: int,
    height: int,
    *,
    river: bool,
    cover: int,
    seed: int,
    hills: bool = True,
    towns: int | None = None,
    attempt: int = 0,
) -> Layers:
    """The painted layers (types, plateau and slope levels) of a random map; see the module docstring."""
    entropy = [int(seed) % 2**64, attempt] if attempt else int(seed) % 2**64
    r_river, r_hills, r_towns, r_roads, r_cover = (
        np.random.default_rng(s) for s in np.random.SeedSequence(entropy).spawn(5)
    )
    shape = (height, width)
    water, axis = _river(r_river, width, height) if river else (np.zeros(shape, bool), None)
    levels = _hills(r_hills, width, height, water) if hills else np.where(water, 0, 1).astype(np.int16)
    area = width * height / 3600
    count = towns if towns is not None else int(r_towns.integers(2, 5 if area > 0.75 else 4))
    sites = town_sites(r_towns, levels, water, count)
    net = build_roads(r_roads, levels, water, axis, sites)
    types = np.full(shape, CLEAR, np.uint8)
    types[water] = RIVER
    types[net.road] = ROAD
    for (x, y), kind in net.crossings.items():
        types[y, x] = kind
    types[town_squares(r_towns, sites, levels, water, net)] = TOWN
    woods, broken = _cover(r_cover, cover, levels, types)
    types[woods] = WOODS
    types[broken] = BROKEN
    return Layers(types, levels.astype(np.int8))


def _river(rng, width: int, height: int) -> tuple[np.ndarray, str]:
    """A 4-connected level-0 meander from one edge to the opposite one, at most one square sideways per row."""
    flows_ns = rng.random() < 0.7
    length, span = (height, width) if flows_ns else (width, height)
    t = np.arange(length)
    pos = (
        rng.uniform(0.3, 0.7) * span
        + rng.uniform(1.5, 4.5) * np.sin(2 * np.pi * t / rng.uniform(30, 50) + rng.uniform(0, 2 * np.pi))
        + rng.uniform(0.4, 1.4) * np.sin(2 * np.pi * t / rng.uniform(10, 18) + rng.uniform(0, 2 * np.pi))
        + rng.uniform(-0.1, 0.1) * (t - length / 2)
    )
    cols = np.clip(np.rint(pos), 4, span - 5).astype(int)
    for i in range(1, length):
        cols[i] = min(max(cols[i], cols[i - 1] - 1), cols[i - 1] + 1)
    mask = np.zeros((length, span), bool)
    for i in range(length):
        mask[i, cols[i]] = True
        if i + 1 < length:
            mask[i, cols[i + 1]] = True  # the sideways step is on this row: a bend pair like "(]"
    return (mask, "NS") if flows_ns else (mask.T.copy(), "EW")


def _hills(rng, width: int, height: int, water: np.ndarray) -> np.ndarray:
    """Plateau levels 1/3/5 (0 for water) with slope squares placed and no floating slopes."""
    shape = (height, width)
    yy, xx = np.mgrid[0:height, 0:width]
    area = width * height / 3600
    count = int(rng.integers(1, 4) if area > 0.75 else rng.integers(1, 3))
    room = distance_to(water) >= 5 if water.any() else np.ones(shape, bool)
    plateau = np.zeros(shape, bool)
    top = np.zeros(shape, bool)
    for _ in range(count):
        for _try in range(25):
            blob = _blob(
                rng,
                xx,
                yy,
                rng.uniform(2, width - 3),
                rng.uniform(2, height - 3),
                rng.uniform(4.0, 9.5),
                rng.uniform(3.0, 7.0),
            )
            blob = dilate(erode(blob & room)) & room  # no one-square spurs
            if blob.sum() >= 14 and not (dilate(blob, 3) & plateau).any():
                break
        else:
            continue
        plateau |= blob
        inner = erode(blob, 3)
        if rng.random() < 0.6 and inner.sum() >= 6:
            cy, cx = np.argwhere(inner)[int(rng.integers(inner.sum()))]
            cap = _blob(rng, xx, yy, cx, cy, rng.uniform(2.0, 4.0), rng.uniform(1.5, 3.0)) & inner
            if cap.sum() >= 4:
                top |= cap
    levels = np.ones(shape, np.int16)
    levels[plateau] = 3
    levels[top] = 5
    levels[water] = 0
    for _ in range(20):
        placed = place_slopes(levels).astype(np.int16)
        floating = floating_slopes(placed)
        if not floating.any():
            return placed
        levels = np.where(floating, placed + 1, levels)  # fill the narrow gap into the plateau above
    return placed


def _blob(rng, xx, yy, cx, cy, rx, ry) -> np.ndarray:
    """A rotated ellipse with a wobbly outline."""
    angle = rng.uniform(0, np.pi)
    dx, dy = xx - cx, yy - cy
    u = (dx * np.cos(angle) + dy * np.sin(angle)) / rx
    v = (-dx * np.sin(angle) + dy * np.cos(angle)) / ry
    theta = np.arctan2(v, u)
    wobble = (
        1
        + 0.16 * np.cos(2 * theta + rng.uniform(0, 6.3))
        + 0.10 * np.cos(3 * theta + rng.uniform(0, 6.3))
        + 0.06 * np.cos(5 * theta + rng.uniform(0, 6.3))
    )
    return np.hypot(u, v) <= wobble


def _cover(rng, cover: int, levels: np.ndarray, types: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Woods and broken ground: the highest squares of smooth noise fields, so clusters, nested as cover grows."""
    shape = levels.shape
    woods_field = (
        0.6 * smooth_noise(rng, shape, 2.2) + 0.4 * smooth_noise(rng, shape, 1.0) + 0.06 * np.isin(levels, (3, 5))
    )
    broken_field = 0.8 * smooth_noise(rng, shape, 1.8) + 0.2 * smooth_noise(rng, shape, 0.8)
    open_land = (types == CLEAR) & np.isin(levels, (1, 3, 5))
    woods = _top(woods_field, open_land, round(cover * 0.02 * levels.size))
    broken = _top(broken_field, open_land & ~woods, round(cover * 0.01 * levels.size))
    return woods, broken


def _top(field: np.ndarray, allowed: np.ndarray, k: int) -> np.ndarray:
    out = np.zeros(field.shape, bool)
    k = min(k, int(allowed.sum()))
    if k > 0:
        scores = np.where(allowed, field, -np.inf).ravel()
        out.ravel()[np.argsort(-scores, kind="stable")[:k]] = True
    return out
