"""How the map looks, as NumPy (Qt-free): per-code colours for the zoomed-out picture, and per-square tile keys
and level edges for the zoomed-in one (the Qt tile painter draws one tile per key).

Colours follow `engine.mapping.render` (plain light green, hills tan to light brown, slopes darker, towns red,
woods dark green, rivers blue), with slopes lit from the north-west so hills read as relief.
"""

from __future__ import annotations

import numpy as np

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.mapping import render
from tacforge.engine.mapping.autotile import (
    BRIDGE,
    BROKEN,
    CLEAR,
    FORD,
    RIVER,
    ROAD,
    ROAD_SLOPE,
    ROADLIKE,
    SLOPE,
    TOWN,
    TYPES,
    WATER,
    WOODS,
    connections,
    neighbour_mask,
)

CONNECT = np.array([connections(m) for m in range(256)], np.int32)
FACING_LIGHT = {1: 1.08, 2: 0.9, 3: 0.88, 4: 1.06, 5: 1.07, 6: 0.9}  # slope variant -> brightness
UNKNOWN = (255, 0, 255)


def _rgb(channels: np.ndarray) -> tuple[int, int, int]:
    red, green, blue = (int(v) for v in channels)
    return red, green, blue


# a pack's own terrain type is drawn as the built-in one that acts alike for line of sight, marked with its symbol
LOOK_ALIKE = {"woods": WOODS, "town": TOWN, "broken": BROKEN}


@dataclass(frozen=True, eq=False)
class CodeInfo:
    """type (index into TYPES, 255 unknown), level and variant of every code 0-255 of a content; a code of a type
    the pack adds has the type it looks like (LOOK_ALIKE) and its symbol in `mark_of` ("" for the others)."""

    type_of: np.ndarray
    level_of: np.ndarray
    variant_of: np.ndarray
    mark_of: tuple[str, ...] = ("",) * 256

    @classmethod
    def of(cls, content) -> CodeInfo:
        type_of = np.full(256, 255, np.uint8)
        level_of = np.zeros(256, np.int8)
        variant_of = np.ones(256, np.uint8)
        marks = [""] * 256
        for code, tc in content.terrain_codes.items():
            bare = str(tc.type).split(":")[-1]
            if not 0 <= code < 256:
                continue
            if bare in TYPES:
                type_of[code], level_of[code], variant_of[code] = TYPES.index(bare), tc.level, tc.variant
                continue
            ttype = content.terrain_type(tc.type)
            if ttype is not None:
                type_of[code], level_of[code] = LOOK_ALIKE.get(ttype.los, CLEAR), tc.level
                marks[code] = tc.glyph or ttype.name[:1]
        return cls(type_of, level_of, variant_of, tuple(marks))

    def ground(self, code: int) -> tuple[int, int, int]:
        """The ground colour under a code's symbol: its level's, lit by a slope's facing."""
        t, level = int(self.type_of[code]), int(self.level_of[code])
        base = np.array(render.GROUND.get(level, render.GROUND[1] if level > 0 else render.GROUND[0]), float)
        if t in WATER:
            base = np.array(render.GROUND[1], float)  # the banks; the water is drawn on top
        if t in (SLOPE, ROAD_SLOPE):
            base *= FACING_LIGHT.get(int(self.variant_of[code]), 1.0) if t == SLOPE else 1.0
        return _rgb(np.clip(base, 0, 255))

    def colour(self, code: int) -> tuple[int, int, int]:
        """The one colour of a code when a square is a few pixels across."""
        t, level = int(self.type_of[code]), int(self.level_of[code])
        if t == 255:
            return UNKNOWN
        if t in render.COLOURS:
            c = np.array(render.COLOURS[t], float)
            if t == BRIDGE:
                c = np.array(render.ROAD_COLOUR, float) * 0.8
            elif t not in WATER:
                c *= render.LEVEL_SHADE.get(level, 0.7)
            return _rgb(np.clip(c, 0, 255))
        if t in (ROAD, ROAD_SLOPE):
            g = np.array(self.ground(code), float)
            return _rgb(0.3 * g + 0.7 * np.array(render.ROAD_COLOUR, float))
        return self.ground(code)

    def colour_lut(self) -> np.ndarray:
        """(256, 3) uint8 colours by code."""
        return np.array([self.colour(c) for c in range(256)], np.uint8)


def tile_keys(codes: np.ndarray, info: CodeInfo) -> np.ndarray:
    """int32 key per square, code * 256 + the road arms (the neighbour bits a road joins; 0 off the roads).

    Arms depend on the neighbours: pass a window with one square of context on each side that is not a map edge
    and crop the result."""
    types = info.type_of[codes]
    roads = np.isin(types, ROADLIKE)
    arms = np.where(roads, CONNECT[neighbour_mask(roads)], 0)
    return codes.astype(np.int32) * 256 + arms


def level_edges(codes: np.ndarray, info: CodeInfo) -> tuple[np.ndarray, np.ndarray]:
    """Contour hints: (east, south) bool arrays, true where a square's level differs from its east / south
    neighbour's (water and its banks excluded: the river is its own line)."""
    levels = info.level_of[codes].astype(np.int16)
    dry = ~np.isin(info.type_of[codes], (RIVER, FORD, BRIDGE))
    east = np.zeros(codes.shape, bool)
    south = np.zeros(codes.shape, bool)
    east[:, :-1] = (levels[:, :-1] != levels[:, 1:]) & dry[:, :-1] & dry[:, 1:]
    south[:-1] = (levels[:-1] != levels[1:]) & dry[:-1] & dry[1:]
    return east, south
