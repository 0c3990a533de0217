"""The editable map (Qt-free): painted type and level layers, with the terrain codes derived from them.

`MapModel` holds what a designer paints (`types`, indices into `autotile.TYPES` and then into `own`, the terrain
types of the pack's own it has met, and `levels`) and a cache of the interchange codes. Codes start as the file's
own codes (so an unedited map saves byte for byte) and are recomputed by the autotiler only around the cells an
edit changes (their 8 neighbours' variants may change too). Views subscribe to change notifications: the callback
receives the rectangle (x0, y0, x1, y1), half-open (x1, y1 exclusive), of the cells whose code or look may have
changed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from tacforge.engine.mapping import autotile
from tacforge.engine.mapping.autotile import (
    CLEAR,
    ROAD,
    ROAD_SLOPE,
    SLOPE,
    TYPES,
    codes_from_layers,
    layers_from_codes,
    own_types,
)
from tacforge.engine.mapping.legend import legend_for, rows_of
from tacforge.engine.model import Map

from .edits import ResizeEdit

Rect = tuple[int, int, int, int]


def as_cell(point: Sequence[int]) -> tuple[int, int]:
    """A square as an (x, y) tuple (squares come as lists from YAML and JSON)."""
    x, y = point
    return x, y


GROUND = np.arange(256, dtype=np.uint8)  # type index -> the type painted in the type layer (a pack's own: itself)
GROUND[SLOPE], GROUND[ROAD_SLOPE] = CLEAR, ROAD  # slopes follow from the levels: paint the ground beneath


class MapModel:
    """One map being edited; see the module docstring. Mutated only through `apply` / `revert`."""

    def __init__(
        self,
        types: np.ndarray,
        levels: np.ndarray,
        content,
        *,
        map_id: str,
        name: str,
        labels=(),
        description: str = "",
        codes: np.ndarray | None = None,
        legend=(),
        georef=None,
    ):
        self.types = GROUND[np.asarray(types, np.uint8)]  # slopes are derived from the levels
        self.levels = np.array(levels, np.int8, copy=True)
        if self.types.ndim != 2 or self.types.shape != self.levels.shape:
            raise ValueError("types and levels must be (height, width) arrays of one shape")
        self.content = content
        # the pack's own terrain types, in the order of their indices after TYPES; only ever added to, so that the
        # indices in the layers and in the undo history keep their meaning when the pack gains a type
        self.own: tuple[str, ...] = own_types(content)
        self.map_id, self.name, self.description = map_id, name, description
        self.labels = tuple(labels)
        self.legend = tuple(legend)  # the source file's (glyph, code) pairs: kept so saving stays diff-clean
        self.georef = georef  # engine.model.Georef: where the map lies on the earth (None: nowhere in particular)
        self._codes = (
            np.array(codes, np.uint8, copy=True)
            if codes is not None
            else codes_from_layers(self.types, self.levels, content, self.own)
        )
        self._listeners: list[Callable[[Rect], None]] = []
        self.revision = 0

    @classmethod
    def from_map(cls, game_map: Map, content) -> MapModel:
        layers = layers_from_codes(game_map.codes, content)
        return cls(
            layers.types,
            layers.levels,
            content,
            map_id=game_map.id,
            name=game_map.name,
            labels=game_map.labels,
            description=game_map.description,
            codes=game_map.codes,
            legend=game_map.legend,
            georef=game_map.georef,
        )

    @classmethod
    def blank(
        cls, content, width: int = 60, height: int = 60, *, map_id: str = "new_map", name: str = "New map"
    ) -> MapModel:
        """A clear level-1 plain."""
        return cls(
            np.zeros((height, width), np.uint8), np.ones((height, width), np.int8), content, map_id=map_id, name=name
        )

    # -- shape and queries -------------------------------------------------------------------------------------
    @property
    def width(self) -> int:
        return int(self.types.shape[1])

    @property
    def height(self) -> int:
        return int(self.types.shape[0])

    @property
    def codes(self) -> np.ndarray:
        """The (height, width) uint8 terrain codes (read-only view; recomputed around each edit)."""
        view = self._codes.view()
        view.flags.writeable = False
        return view

    def contains(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    @property
    def kinds(self) -> tuple[str, ...]:
        """The names of the type layer's indices: the built-in types, then the pack's own."""
        return (*TYPES, *self.own)

    def kind_index(self, name: str) -> int:
        """The type layer's index of a terrain type (bare or qualified id); ValueError naming those there are."""
        bare = str(name).split(":")[-1]
        if bare not in self.kinds:
            raise ValueError(f"unknown terrain type {name!r}; expected one of {', '.join(self.kinds)}")
        return self.kinds.index(bare)

    def set_content(self, content) -> None:
        """Paint with `content` from now on (the pack's terrain as edited, perhaps not yet saved): a type it adds
        can be painted. The codes already derived stay as they are."""
        self.content = content
        self.own += tuple(t for t in own_types(content) if t not in self.own)

    def type_at(self, x: int, y: int) -> str:
        """The terrain type the square shows (a painted type on a slope level reads as slope)."""
        shown = autotile.resolve_types(self.types[y : y + 1, x : x + 1], self.levels[y : y + 1, x : x + 1], self.own)
        return self.kinds[int(shown[0, 0])]

    def level_at(self, x: int, y: int) -> int:
        return int(self.levels[y, x])

    # -- notifications -----------------------------------------------------------------------------------------
    def subscribe(self, callback: Callable[[Rect], None]) -> None:
        self._listeners.append(callback)

    def unsubscribe(self, callback: Callable[[Rect], None]) -> None:
        if callback in self._listeners:
            self._listeners.remove(callback)

    def _notify(self, rect: Rect) -> None:
        self.revision += 1
        for callback in list(self._listeners):
            callback(rect)

    # -- edits -------------------------------------------------------------------------------------------------
    def apply(self, edit) -> None:
        """Do `edit` (a CellEdit or ResizeEdit)."""
        if isinstance(edit, ResizeEdit):
            edit.old_codes = self._codes.copy() if edit.old_codes is None else edit.old_codes
            self._swap(edit.new_types, edit.new_levels, edit.new_codes)
            return
        self.types.ravel()[edit.index] = edit.new_types
        self.levels.ravel()[edit.index] = edit.new_levels
        affected = self._affected(edit.index)
        if edit.codes_before is None:
            edit.codes_before = (affected, self._codes.ravel()[affected].copy())
        self._rederive(affected)
        self._notify(self._bbox(affected))

    def revert(self, edit) -> None:
        """Undo `edit`, restoring the layers and the exact codes it overwrote."""
        if isinstance(edit, ResizeEdit):
            self._swap(edit.old_types, edit.old_levels, edit.old_codes)
            return
        self.types.ravel()[edit.index] = edit.old_types
        self.levels.ravel()[edit.index] = edit.old_levels
        affected = self._affected(edit.index)
        self._rederive(affected)
        if edit.codes_before is not None:
            self._codes.ravel()[edit.codes_before[0]] = edit.codes_before[1]
        self._notify(self._bbox(affected))

    def _swap(self, types, levels, codes) -> None:
        old = (self.width, self.height)
        self.types = GROUND[np.asarray(types, np.uint8)]  # slopes are derived from the levels
        self.levels = np.array(levels, np.int8, copy=True)
        self._codes = (
            np.array(codes, np.uint8, copy=True)
            if codes is not None
            else codes_from_layers(self.types, self.levels, self.content, self.own)
        )
        self._notify((0, 0, max(old[0], self.width), max(old[1], self.height)))

    def _affected(self, index: np.ndarray) -> np.ndarray:
        """Flat indices of the changed cells and their 8 neighbours (whose variants depend on them)."""
        w, h = self.width, self.height
        if index.size == 0:
            return index
        ys, xs = np.divmod(np.asarray(index, np.intp), w)
        out = []
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                yy, xx = ys + dy, xs + dx
                ok = (yy >= 0) & (yy < h) & (xx >= 0) & (xx < w)
                out.append(yy[ok] * w + xx[ok])
        return np.unique(np.concatenate(out))

    def _bbox(self, flat: np.ndarray) -> Rect:
        if flat.size == 0:
            return (0, 0, 0, 0)
        ys, xs = np.divmod(flat, self.width)
        return int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1

    def _rederive(self, affected: np.ndarray) -> None:
        """Recompute the codes of the `affected` cells from a window with one more ring of context."""
        if affected.size == 0:
            return
        x0, y0, x1, y1 = self._bbox(affected)
        wx0, wy0 = max(0, x0 - 1), max(0, y0 - 1)
        wx1, wy1 = min(self.width, x1 + 1), min(self.height, y1 + 1)
        window = codes_from_layers(self.types[wy0:wy1, wx0:wx1], self.levels[wy0:wy1, wx0:wx1], self.content, self.own)
        ys, xs = np.divmod(affected, self.width)
        self._codes[ys, xs] = window[ys - wy0, xs - wx0]

    def resize(self, width: int, height: int, *, fill_type: str = "clear", fill_level: int = 1) -> ResizeEdit:
        """The edit resizing the map to width x height, anchored at the top-left (new squares: clear level 1)."""
        if not (1 <= width <= 256 and 1 <= height <= 256):
            raise ValueError(f"a map must be 1-256 squares each way, not {width} x {height}")
        types = np.full((height, width), TYPES.index(fill_type), np.uint8)
        levels = np.full((height, width), fill_level, np.int8)
        h, w = min(height, self.height), min(width, self.width)
        types[:h, :w] = self.types[:h, :w]
        levels[:h, :w] = self.levels[:h, :w]
        return ResizeEdit(f"Resize map to {width} x {height}", self.types.copy(), self.levels.copy(), types, levels)

    def replaced_by(self, other: MapModel, text: str) -> ResizeEdit:
        """The edit turning this map into `other` (a recovery copy, the file as changed on disk), codes and all."""
        return ResizeEdit(
            text,
            self.types.copy(),
            self.levels.copy(),
            other.types.copy(),
            other.levels.copy(),
            new_codes=other.codes.copy(),
        )

    # -- output ------------------------------------------------------------------------------------------------
    def rows_and_legend(self) -> tuple[list[str], dict[str, int]]:
        """Rows of glyphs and the glyph -> code legend (engine.mapping.legend: the source file's glyphs kept)."""
        legend = legend_for(np.unique(self._codes), self.content, self.legend)
        return rows_of(self._codes, legend), legend

    def to_map(self) -> Map:
        _, legend = self.rows_and_legend()
        return Map(
            self.map_id,
            self.name,
            self.width,
            self.height,
            self._codes.tobytes(),
            tuple(legend.items()),
            self.labels,
            self.description,
            georef=self.georef,
        )
