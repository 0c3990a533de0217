"""Auto-tiling: painted terrain *type* and *level* layers <-> interchange terrain codes (docs/rules.md 1.2, 13 U4).

A designer (or the generator) paints what a square *is* (one of `TYPES`) and how high it is (0 water, plateaus
1/3/5, slopes 2/4); the code, and with it the symbol variant, follows from the neighbours. Everything here works
on whole (height, width) NumPy arrays, row 0 = north, and is Qt-free so the editor's brushes can reuse it.

Variant convention (the glyphs are the default ones of content/terrain.yaml; it matches the hand-made maps
bocage_crossroads and steppe_village: re-deriving their variants with this module reproduces them except a few
inner slope corners, where those maps themselves are not consistent):

* road (codes 1-7, 30-36, 49-55), by the road-like neighbours (road, road/slope, bridge, ford; a diagonal
  neighbour counts only when neither square beside that corner is road-like, so an L-bend is not a junction):
  1 ``-`` east-west, 2 ``|`` north-south, 3 ``/`` north-east/south-west, 4 ``\\`` north-west/south-east
  (a bend takes the straight glyph of one of its legs, orthogonal before diagonal, east-west before north-south),
  5 ``+`` crossroads (four or more arms), 6 ``<`` three-way junction whose branch leaves towards the west or
  the north (a north-south road with a branch west, an east-west road with a branch north: arms N+S+W or
  W+E+N), 7 ``>`` one whose branch leaves towards the east or the south (N+S+E, W+E+S). On a diagonal road
  the branch is the arm left over from the straight pair (NE+SW+NW is ``<``); a fork without a straight pair
  goes by the sum of its arms (W+NE+SE is ``>``).
* river (19-24), by the orthogonal water neighbours (river, ford, bridge; off-map counts as water so a river
  runs off the edge): 1 ``~`` north-south, 2 ``(`` bend north-east, 3 ``)`` bend north-west,
  4 ``[`` bend east-south, 5 ``]`` bend south-west, 6 ``{`` east-west.
* bridge (25-26) and ford (27-28): 1 ``=`` / ``k`` the road runs east-west (over a north-south river),
  2 ``%`` / ``K`` the road runs north-south.
* slope (11-16, 40-45), by the side on which the ground is lower (it "faces" that way): 1 ``a``/``A`` faces north,
  2 ``b``/``B`` east, 3 ``c``/``C`` south, 4 ``d``/``D`` west, 5 ``f``/``F`` a northern corner (lower ground
  to the north and to the east or west), 6 ``g``/``G`` a southern corner. An inner corner (lower ground only
  diagonally) faces north or south, whichever way the uphill direction leans.
* road/slope (17-18, 46-47): 1 ``r``/``R`` the road climbs north-south, 2 ``s``/``S`` it climbs east-west.

A pack may add terrain types of its own (a Western designer's bocage hedgerows). Each one with codes is painted
as an area, as woods are: one code per level, no variants, a slope on a slope level. Its index in the type layer
follows the built-in `TYPES`, in the order of `own_types(content)`; every function taking a content takes `own`,
the list those indices mean (by default the content's own types: an editor that must keep its indices steady while
a pack gains types passes the list it keeps).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

TYPES = ("clear", "road", "town", "woods", "broken", "entrenchment", "river", "bridge", "ford", "slope", "road_slope")
(CLEAR, ROAD, TOWN, WOODS, BROKEN, ENTRENCHMENT, RIVER, BRIDGE, FORD, SLOPE, ROAD_SLOPE) = range(len(TYPES))
PLATEAU_TYPES = (CLEAR, ROAD, TOWN, WOODS, BROKEN, ENTRENCHMENT)
ROADLIKE = (ROAD, ROAD_SLOPE, BRIDGE, FORD)
WATER = (RIVER, BRIDGE, FORD)
MAX_LEVEL = 9

# Neighbour bits, clockwise from north; (dx, dy) with y growing southwards.
DIRS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
N, NE, E, SE, S, SW, W, NW = (1 << i for i in range(8))
ORTHO = N | E | S | W

ROAD_EW, ROAD_NS, ROAD_NE_SW, ROAD_NW_SE, ROAD_CROSS, ROAD_T_WN, ROAD_T_ES = range(1, 8)
RIVER_NS, RIVER_NE, RIVER_NW, RIVER_ES, RIVER_SW, RIVER_EW = range(1, 7)
FACE_N, FACE_E, FACE_S, FACE_W, CORNER_N, CORNER_S = range(1, 7)


class Layers(NamedTuple):
    types: np.ndarray  # uint8 index into TYPES
    levels: np.ndarray  # int8 altitude level


# -- neighbourhoods --------------------------------------------------------------------------------------------
def neighbour_mask(mask: np.ndarray, edge: bool = False) -> np.ndarray:
    """uint8 bits (N=1, NE=2, ... NW=128) of the 8 neighbours where `mask` is true; `edge` = value off the map."""
    m = np.asarray(mask, dtype=bool)
    h, w = m.shape
    padded = np.pad(m, 1, constant_values=edge)
    out = np.zeros((h, w), np.uint8)
    for bit, (dx, dy) in enumerate(DIRS):
        out |= padded[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w].astype(np.uint8) << bit
    return out


def connections(mask: int) -> int:
    """The neighbour bits a road joins: a diagonal only when neither orthogonal square beside it is set."""
    out = mask & ORTHO
    for diag, a, b in ((NE, N, E), (SE, S, E), (SW, S, W), (NW, N, W)):
        if mask & diag and not mask & (a | b):
            out |= diag
    return out


def road_variant(neighbours_mask: int) -> int:
    """Road variant (1-7, see the module docstring) from the 8-neighbour bits of road-like squares."""
    m = connections(neighbours_mask)
    arms = [DIRS[i] for i in range(8) if m >> i & 1]
    if len(arms) >= 4:
        return ROAD_CROSS
    if len(arms) == 3:
        return _junction(arms)
    count = lambda *bits: sum(bool(m & b) for b in bits)  # noqa: E731
    scores = (count(E, W), count(N, S), count(NE, SW), count(NW, SE))
    if max(scores) == 0:
        return ROAD_EW
    return (ROAD_EW, ROAD_NS, ROAD_NE_SW, ROAD_NW_SE)[scores.index(max(scores))]


def _junction(arms: list[tuple[int, int]]) -> int:
    """A three-way junction: `<` when the branch leaves towards the west or north, `>` east or south.

    The branch is the arm left over from a straight pair (or, without one, the sum of the arms)."""
    sx, sy = sum(dx for dx, _ in arms), sum(dy for _, dy in arms)
    through = next(((a, b) for i, a in enumerate(arms) for b in arms[i + 1 :] if a[0] == -b[0] and a[1] == -b[1]), None)
    if sx == sy == 0:
        return ROAD_CROSS
    if abs(sx) != abs(sy):
        lead = sx if abs(sx) > abs(sy) else sy
    elif (sx < 0) == (sy < 0):
        lead = sx
    elif through is not None and through[0][1] == 0:  # east-west road: the branch's north/south side decides
        lead = sy
    elif through is not None and through[0][0] == 0:  # north-south road: its east/west side decides
        lead = sx
    else:
        return ROAD_CROSS
    return ROAD_T_WN if lead < 0 else ROAD_T_ES


def river_variant(neighbours_mask: int) -> int:
    """River variant (1-6) from the neighbour bits of water squares (only the orthogonal ones matter)."""
    n, e, s, w = (bool(neighbours_mask & b) for b in (N, E, S, W))
    if n and s:
        return RIVER_NS
    if e and w:
        return RIVER_EW
    for a, b, v in ((n, e, RIVER_NE), (n, w, RIVER_NW), (e, s, RIVER_ES), (s, w, RIVER_SW)):
        if a and b:
            return v
    return RIVER_EW if (e or w) else RIVER_NS


def crossing_variant(road_mask: int, water_mask: int) -> int:
    """Bridge/ford variant: 1 when the road runs east-west, 2 north-south (by its arms, else by the river)."""
    ew = bool(road_mask & E) + bool(road_mask & W)
    ns = bool(road_mask & N) + bool(road_mask & S)
    if ew != ns:
        return 1 if ew > ns else 2
    if water_mask & (E | W) and not water_mask & (N | S):
        return 2
    return 1


ROAD_LUT = np.array([road_variant(m) for m in range(256)], np.uint8)
RIVER_LUT = np.array([river_variant(m) for m in range(256)], np.uint8)


def _crossing_lut() -> np.ndarray:
    """crossing_variant of every pair of masks. It reads only their four side bits, so it is called once per pair of
    those (256 calls rather than 65,536, which took a tenth of the editor's start) and the table spread over
    the rest."""
    sides = np.arange(256) & (N | E | S | W)
    table = np.zeros((256, 256), np.uint8)
    for road in set(sides.tolist()):
        for water in set(sides.tolist()):
            table[road, water] = crossing_variant(road, water)
    return table[sides[:, None], sides[None, :]]


CROSSING_LUT = _crossing_lut()


def _bits(mask, bit) -> np.ndarray:
    return (np.asarray(mask, np.int32) & bit) != 0


def slope_variant(lower, higher):
    """Slope variant (1-6) from the neighbour bits of lower and of higher squares; ints or arrays."""
    lower, higher = np.asarray(lower, np.int32), np.asarray(higher, np.int32)
    ln, le, ls, lw = (_bits(lower, b) for b in (N, E, S, W))
    gx = np.zeros(lower.shape, np.int32)
    gy = np.zeros(lower.shape, np.int32)
    for bit, (dx, dy) in enumerate(DIRS):  # uphill vector
        sign = _bits(higher, 1 << bit).astype(np.int32) - _bits(lower, 1 << bit)
        gx += sign * dx
        gy += sign * dy
    by_gradient = np.select(
        [np.abs(gx) > np.abs(gy), gy > 0, gy < 0, gx > 0, gx < 0],
        [np.where(gx > 0, FACE_W, FACE_E), FACE_N, FACE_S, FACE_W, FACE_E],
        FACE_N,
    )
    out = np.select(
        [ln & (le | lw), ls & (le | lw), ln & ~ls, ls & ~ln, le & ~lw, lw & ~le],
        [CORNER_N, CORNER_S, FACE_N, FACE_S, FACE_E, FACE_W],
        by_gradient,
    )
    return int(out) if out.ndim == 0 else out.astype(np.uint8)


def _level_masks(levels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Neighbour bits of lower and of higher squares (off-map neighbours are neither)."""
    lv = np.asarray(levels, np.int16)
    h, w = lv.shape
    padded = np.pad(lv, 1, constant_values=-1)
    lower = np.zeros((h, w), np.uint8)
    higher = np.zeros((h, w), np.uint8)
    for bit, (dx, dy) in enumerate(DIRS):
        nb = padded[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w]
        lower |= ((nb >= 0) & (nb < lv)).astype(np.uint8) << bit
        higher |= (nb > lv).astype(np.uint8) << bit
    return lower, higher


# -- the content's code table ----------------------------------------------------------------------------------
def own_types(content) -> tuple[str, ...]:
    """The bare ids of the terrain types `content` adds beyond `TYPES` and has codes for (not built ones: an
    entrenchment is a scenario's), in the order of their first code."""
    out: list[str] = []
    for _code, tc in sorted(content.terrain_codes.items()):
        bare = str(tc.type).split(":")[-1]
        if bare not in TYPES and not tc.built and bare not in out:
            out.append(bare)
    return tuple(out)


def _own(content, own) -> tuple[str, ...]:
    return own_types(content) if own is None else tuple(own)


def _type_id(name: str, own: tuple[str, ...] = ()) -> int:
    bare = str(name).split(":")[-1]
    if bare in TYPES:
        return TYPES.index(bare)
    if bare in own:
        return len(TYPES) + own.index(bare)
    raise ValueError(f"unknown terrain type {name!r}; expected one of {', '.join((*TYPES, *own))}")


def _tables(content, own: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(code LUT [type, level, variant] -> code or 255, effective-level LUT [type, level], inverse LUTs)."""
    found: dict[tuple[int, int], dict[int, int]] = {}
    inv_type = np.full(256, 255, np.uint8)
    inv_level = np.zeros(256, np.int8)
    count = len(TYPES) + len(own)
    for code, tc in sorted(content.terrain_codes.items()):
        bare = str(tc.type).split(":")[-1]
        if not (bare in TYPES or bare in own) or not 0 <= code < 256:
            continue
        index = _type_id(bare, own)
        inv_type[code], inv_level[code] = index, tc.level
        if not tc.built:
            found.setdefault((index, tc.level), {}).setdefault(tc.variant, code)
    code_lut = np.full((count, MAX_LEVEL + 1, 8), 255, np.uint8)
    level_lut = np.zeros((count, MAX_LEVEL + 1), np.int8)
    for t in range(count):
        levels = sorted(lv for (tt, lv) in found if tt == t)
        for want in range(MAX_LEVEL + 1):
            if not levels:
                continue
            best = min(levels, key=lambda lv: (abs(lv - want), lv))
            level_lut[t, want] = best
            variants = found[(t, best)]
            fallback = variants.get(1, variants[min(variants)])
            for v in range(8):
                code_lut[t, want, v] = variants.get(v, fallback)
    return code_lut, level_lut, inv_type, inv_level


def _as_type_indices(types, own: tuple[str, ...] = ()) -> np.ndarray:
    arr = np.asarray(types)
    if arr.dtype.kind in "iu":
        if arr.size and (arr.min() < 0 or arr.max() >= len(TYPES) + len(own)):
            raise ValueError("type index out of range")
        return arr.astype(np.uint8)
    names = np.unique(arr)
    out = np.zeros(arr.shape, np.uint8)
    for name in names:
        out[arr == name] = _type_id(name, own)
    return out


def resolve_types(types, levels, own: tuple[str, ...] = ()) -> np.ndarray:
    """Types as they can exist at each level: land at a slope level (2, 4) becomes slope (road -> road/slope; a
    pack's own area type too); slope at a plateau level becomes clear (road/slope -> road)."""
    t = _as_type_indices(types, own).copy()
    lv = np.asarray(levels)
    on_slope = (lv > 0) & (lv % 2 == 0)
    t[on_slope & (t == ROAD)] = ROAD_SLOPE
    t[on_slope & (np.isin(t, (CLEAR, TOWN, WOODS, BROKEN, ENTRENCHMENT)) | (t >= len(TYPES)))] = SLOPE
    t[~on_slope & (t == SLOPE)] = CLEAR
    t[~on_slope & (t == ROAD_SLOPE)] = ROAD
    return t


def codes_from_layers(types, levels, content, own=None) -> np.ndarray:
    """Interchange codes (uint8, same shape) for painted types (names or indices into `TYPES` and then `own`) and
    levels.

    Each square takes the nearest level its type exists at (water 0, bridge 1, slopes 2/4, plateaus 1/3/5) and
    the variant its neighbours call for (module docstring). ValueError if the content lacks a type entirely."""
    own = _own(content, own)
    code_lut, level_lut, _, _ = _tables(content, own)
    t = resolve_types(types, levels, own)
    lv = level_lut[t, np.clip(np.asarray(levels, np.int16), 0, MAX_LEVEL)]
    variant = np.ones(t.shape, np.uint8)
    road = neighbour_mask(np.isin(t, ROADLIKE))
    water = neighbour_mask(np.isin(t, WATER), edge=True)
    road_v = ROAD_LUT[road]
    variant = np.where(t == ROAD, road_v, variant)
    variant = np.where(t == RIVER, RIVER_LUT[water], variant)
    variant = np.where(np.isin(t, (BRIDGE, FORD)), CROSSING_LUT[road, water], variant)
    sloped = np.isin(t, (SLOPE, ROAD_SLOPE))
    if sloped.any():
        lower, higher = _level_masks(lv)
        facing = slope_variant(lower, higher)
        climb = np.where(
            road_v == ROAD_NS, 1, np.where(road_v == ROAD_EW, 2, np.where(np.isin(facing, (FACE_E, FACE_W)), 2, 1))
        )
        variant = np.where(t == SLOPE, facing, variant)
        variant = np.where(t == ROAD_SLOPE, climb, variant)
    codes = code_lut[t, lv, variant]
    if (codes == 255).any():
        missing = sorted({(*TYPES, *own)[i] for i in np.unique(t[codes == 255])})
        raise ValueError(f"the content defines no terrain code for {', '.join(missing)}")
    return codes


def layers_from_codes(codes, content, own=None) -> Layers:
    """The painted layers behind codes: `Layers(types, levels)`, a pack's own types at their indices after `TYPES`
    (module docstring). ValueError on a code the content lacks."""
    _, _, inv_type, inv_level = _tables(content, _own(content, own))
    c = np.asarray(codes, np.uint8)
    types = inv_type[c]
    if (types == 255).any():
        raise ValueError(f"unknown terrain codes: {sorted(set(np.unique(c[types == 255]).tolist()))}")
    return Layers(types, inv_level[c])


# -- elevation -------------------------------------------------------------------------------------------------
def _neighbour_extreme(levels: np.ndarray, fn, fill) -> np.ndarray:
    lv = np.asarray(levels, np.int16)
    h, w = lv.shape
    padded = np.pad(lv, 1, constant_values=fill)
    out = np.full((h, w), fill, np.int16)
    for dx, dy in DIRS:
        out = fn(out, padded[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w])
    return out


def place_slopes(levels, fixed=None) -> np.ndarray:
    """Levels with the slope squares added: every square is raised to (highest neighbour - 1) until no two
    neighbours (8-way) are two levels apart. Painted plateaus keep their extent; the slope ring (level 2 between
    1 and 3, level 4 between 3 and 5, and a level-3 ring between 5 and 1) forms on their lower side. Squares in
    `fixed` (default: level 0, the water) are never raised; keep plateaus 3 squares clear of them."""
    lv = np.array(levels, np.int16)
    fixed = (lv <= 0) if fixed is None else np.asarray(fixed, bool)
    while True:
        raised = np.where(fixed, lv, np.maximum(lv, _neighbour_extreme(lv, np.maximum, -99) - 1))
        if np.array_equal(raised, lv):
            return lv.astype(np.int8)
        lv = raised


def steep_squares(levels) -> np.ndarray:
    """Squares with a neighbour two or more levels away (illegal: a slope must lie between)."""
    lv = np.asarray(levels, np.int16)
    hi = _neighbour_extreme(lv, np.maximum, -99)
    lo = _neighbour_extreme(lv, np.minimum, 99)
    return (hi - lv >= 2) | (lv - lo >= 2)


def floating_slopes(levels) -> np.ndarray:
    """Slope squares (levels 2, 4) that do not touch both the plateau below and the plateau above them."""
    lv = np.asarray(levels, np.int16)
    slope = (lv > 0) & (lv % 2 == 0)
    below = np.zeros(lv.shape, bool)
    above = np.zeros(lv.shape, bool)
    h, w = lv.shape
    padded = np.pad(lv, 1, constant_values=-99)
    for dx, dy in DIRS:
        nb = padded[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w]
        below |= nb == lv - 1
        above |= nb == lv + 1
    return slope & ~(below & above)
