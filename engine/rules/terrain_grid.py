"""Per-map terrain arrays for line of sight and movement (docs/rules.md 1.2, 1.3, 7).

`TerrainGrid.from_map(game_map, content)` turns a map's interchange codes into frozen NumPy arrays indexed
``[y, x]`` (row 0 = north): altitude level, obstacle height P (level + 1 on cover terrain), line-of-sight kind,
cover, and the terrain type of each square as an index into ``grid.types``. Grids are cached per map (id and
cells) and content object, so repeated calls are free; content is treated as immutable once loaded.
"""

from __future__ import annotations

import itertools
from dataclasses import field
from functools import cached_property
from typing import TYPE_CHECKING
from weakref import ref

import numpy as np

from tacforge.engine.cached_dataclass import dataclass

from ..caching import LRU
from ..model import Map, TerrainType

if TYPE_CHECKING:  # pragma: no cover
    from ..model.content import Content

LOS_OPEN, LOS_TOWN, LOS_WOODS, LOS_BROKEN = 0, 1, 2, 3
LOS_KINDS = {"open": LOS_OPEN, "town": LOS_TOWN, "woods": LOS_WOODS, "broken": LOS_BROKEN}
# Cover-counting weights (docs/rules.md 7 step 5): a path blocks when the weights of its squares sum to >= 3.
# broken 1, woods 2, town 3 gives exactly: 1 woods or 2 broken pass; 2 woods, 3 broken, woods + broken, any town block.
COUNT_WEIGHT = np.array([0, 3, 2, 1], dtype=np.int8)  # indexed by LOS kind
COUNT_BLOCKS = 3
MAX_LEVEL = 14  # keeps the int16 viewshed arithmetic far from overflow (schema levels are 0-9)

_serial = itertools.count(1)
# grids by (content, map id, size, cells): the last 32, each with a weak reference to its content
_CACHE: LRU[tuple] = LRU(32)
# per grid, derived arrays of at most 48 MB together, or on a larger map 3.5 KB a square, which holds a viewshed's
# codes and the limits of every level of a 256 x 256 map (51 MB and 16 MB a level: the codes grow with the area);
# the array used last before a new one is kept whatever its size (see TerrainGrid.derived)
_DERIVED_BYTES, _DERIVED_BYTES_PER_SQUARE = 48 << 20, 3584


def _frozen(array: np.ndarray, dtype) -> np.ndarray:
    out = np.array(array, dtype=dtype, copy=True, order="C")
    out.flags.writeable = False
    return out


@dataclass(frozen=True, eq=False)
class TerrainGrid:
    """Read-only (height, width) arrays of one map under one content; see the module docstring."""

    map_id: str
    width: int
    height: int
    level: np.ndarray  # int8: altitude level of the square (unit height = level of its square)
    obstacle: np.ndarray  # int8: P, the obstacle height (level + 1 on cover terrain)
    los_kind: np.ndarray  # int8: LOS_OPEN / LOS_TOWN / LOS_WOODS / LOS_BROKEN
    cover: np.ndarray  # bool: town, woods or broken (sighting /3, accuracy halving, P + 1)
    type_index: np.ndarray  # int16: index into `types`, -1 where unknown
    types: tuple[TerrainType, ...] = ()
    serial: int = field(default_factory=lambda: next(_serial))  # unique per grid: the key of result caches
    _derived: LRU[np.ndarray] = field(init=False, repr=False)  # see derived()

    def __post_init__(self):
        object.__setattr__(self, "_derived", self._derived_cache())

    def _derived_cache(self) -> LRU[np.ndarray]:
        budget = max(_DERIVED_BYTES, _DERIVED_BYTES_PER_SQUARE * self.width * self.height)
        return LRU(budget, getsizeof=lambda array: array.nbytes, keep_previous=True)

    # -- construction ----------------------------------------------------------------------------------------
    @classmethod
    def from_map(cls, game_map: Map, content: Content) -> TerrainGrid:
        """The grid of `game_map` under `content` (cached; ValueError on a code the content does not define)."""
        key = (id(content), game_map.id, game_map.width, game_map.height, game_map.cells)
        hit = _CACHE.get(key)
        if hit is not None and hit[0]() is content:
            return hit[1]
        grid = cls._build(game_map, content)
        _CACHE.put(key, (ref(content), grid))
        return grid

    @classmethod
    def _build(cls, game_map: Map, content: Content) -> TerrainGrid:
        codes = game_map.codes
        lut_level = np.zeros(256, np.int16)
        lut_cover = np.zeros(256, bool)
        lut_kind = np.zeros(256, np.int8)
        lut_type = np.full(256, -1, np.int16)
        known = np.zeros(256, bool)
        types: list[TerrainType] = []
        type_pos: dict[str, int] = {}
        for code, tc in content.terrain_codes.items():
            if not 0 <= code < 256:
                continue
            ttype = content.terrain_type(tc.type)
            known[code] = True
            lut_level[code] = tc.level
            if ttype is not None:
                if ttype.id not in type_pos:
                    type_pos[ttype.id] = len(types)
                    types.append(ttype)
                lut_type[code] = type_pos[ttype.id]
                lut_cover[code] = bool(ttype.cover)
                lut_kind[code] = LOS_KINDS.get(ttype.los, LOS_OPEN)
        unknown = sorted(set(np.unique(codes).tolist()) - set(np.flatnonzero(known).tolist()))
        if unknown:
            raise ValueError(
                f"map {game_map.id!r} uses terrain codes that the content does not define: "
                + ", ".join(map(str, unknown))
            )
        return cls.from_arrays(
            lut_level[codes], lut_cover[codes], lut_kind[codes], lut_type[codes], tuple(types), map_id=game_map.id
        )

    @classmethod
    def from_arrays(
        cls, level, cover, los_kind, type_index=None, types: tuple[TerrainType, ...] = (), map_id: str = ""
    ) -> TerrainGrid:
        """A grid from raw (height, width) arrays: for tests, generators and the editor's unsaved maps."""
        level = np.asarray(level)
        if level.ndim != 2:
            raise ValueError("level must be a (height, width) array")
        if level.size and (level.min() < 0 or level.max() > MAX_LEVEL):
            raise ValueError(f"levels must lie in 0..{MAX_LEVEL}")
        cover = np.asarray(cover, dtype=bool)
        los_kind = np.asarray(los_kind)
        if cover.shape != level.shape or los_kind.shape != level.shape:
            raise ValueError("level, cover and los_kind must have the same shape")
        if los_kind.size and (los_kind.min() < 0 or los_kind.max() > LOS_BROKEN):
            raise ValueError("los_kind values must be LOS_OPEN..LOS_BROKEN")
        if type_index is None:
            type_index = np.full(level.shape, -1, np.int16)
        obstacle = level.astype(np.int16) + cover
        height, width = level.shape
        return cls(
            map_id,
            width,
            height,
            _frozen(level, np.int8),
            _frozen(obstacle, np.int8),
            _frozen(los_kind, np.int8),
            _frozen(cover, bool),
            _frozen(type_index, np.int16),
            tuple(types),
        )

    # -- queries ---------------------------------------------------------------------------------------------
    def contains(self, square: tuple[int, int]) -> bool:
        x, y = square
        return 0 <= x < self.width and 0 <= y < self.height

    def terrain_at(self, square: tuple[int, int]) -> TerrainType | None:
        x, y = square
        index = int(self.type_index[y, x])
        return self.types[index] if index >= 0 else None

    @cached_property
    def rows(self) -> tuple[list, list, list]:
        """level, obstacle and cover-count weight as nested Python lists [y][x], for fast scalar access."""
        return self.level.tolist(), self.obstacle.tolist(), COUNT_WEIGHT[self.los_kind].tolist()

    def derived(self, key, build):
        """A per-grid cache of arrays derived from this grid (e.g. line-of-sight encodings), built on first use
        and dropped, least recently used first, beyond the grid's budget; the array used last before a new one is
        kept whatever its size, since they are used together (a viewshed reads the map's codes and the limits of
        its origin's level: on a 256 x 256 map the codes alone are past the budget)."""
        return self._derived.get_or_build(key, build)

    def clear_derived(self) -> None:
        self._derived.clear()

    # -- pickling: derived arrays are dropped and a copy gets a serial of its own ----------------------------
    def __getstate__(self):
        state = dict(self.__dict__)
        for name in ("_derived", "serial", "rows"):
            state.pop(name, None)
        return state

    def __setstate__(self, state):
        for name, value in state.items():
            if isinstance(value, np.ndarray):
                value.flags.writeable = False
            object.__setattr__(self, name, value)
        object.__setattr__(self, "serial", next(_serial))
        object.__setattr__(self, "_derived", self._derived_cache())


def clear_grid_cache() -> None:
    _CACHE.clear()
