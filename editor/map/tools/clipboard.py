"""Selection, copy / cut / paste, and rotating or flipping the clipboard before pasting (Qt-free).

A selection is a half-open rectangle (x0, y0, x1, y1). The clipboard holds painted types and levels, not codes:
after a rotation or a paste the autotiler derives fresh variants (a north-south road becomes east-west), and the
slopes around the pasted block are rebuilt so it meets the surrounding ground legally.
"""

from __future__ import annotations

import numpy as np

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.mapping.autotile import CLEAR, WATER

from ...grid.edits import CellEdit, edit_from_arrays
from .elevation import settle

Rect = tuple[int, int, int, int]


def normalise_rect(model, a: tuple[int, int], b: tuple[int, int]) -> Rect:
    """The half-open rectangle spanned by the corner squares `a` and `b` (inclusive), clipped to the map."""
    x0, x1 = sorted((a[0], b[0]))
    y0, y1 = sorted((a[1], b[1]))
    return max(0, x0), max(0, y0), min(model.width, x1 + 1), min(model.height, y1 + 1)


@dataclass(frozen=True, eq=False)
class Clipboard:
    types: np.ndarray
    levels: np.ndarray

    @property
    def width(self) -> int:
        return int(self.types.shape[1])

    @property
    def height(self) -> int:
        return int(self.types.shape[0])

    def rotated(self, degrees: int) -> Clipboard:
        """Turned clockwise by 90, 180 or 270 degrees."""
        if degrees % 90:
            raise ValueError(f"rotate by 90, 180 or 270 degrees, not {degrees}")
        k = -(degrees // 90) % 4
        return Clipboard(np.rot90(self.types, k).copy(), np.rot90(self.levels, k).copy())

    def flipped(self, horizontal: bool = True) -> Clipboard:
        """Mirrored left-right (`horizontal`) or top-bottom."""
        flip = np.fliplr if horizontal else np.flipud
        return Clipboard(flip(self.types).copy(), flip(self.levels).copy())


def copy(model, rect: Rect) -> Clipboard:
    x0, y0, x1, y1 = rect
    if x1 <= x0 or y1 <= y0:
        raise ValueError(f"empty selection {rect}")
    return Clipboard(model.types[y0:y1, x0:x1].copy(), model.levels[y0:y1, x0:x1].copy())


def clear_rect(model, rect: Rect, text: str = "Clear selection") -> CellEdit | None:
    """The selection turned into clear ground on the plain (level 1), the slopes around it rebuilt."""
    x0, y0, x1, y1 = rect
    mask = np.zeros(model.types.shape, bool)
    mask[y0:y1, x0:x1] = True
    new_t = np.where(mask, CLEAR, model.types).astype(np.uint8)
    target = np.where(mask, 1, model.levels).astype(np.int8)
    new_l = settle(new_t, model.levels, target, mask)
    return edit_from_arrays(text, model.types, model.levels, new_t, new_l)


def cut(model, rect: Rect) -> tuple[Clipboard, CellEdit | None]:
    """Copy the selection, and the edit that clears it."""
    return copy(model, rect), clear_rect(model, rect, "Cut selection")


def paste(model, clip: Clipboard, x: int, y: int) -> CellEdit | None:
    """Paste with the clipboard's top-left corner on (x, y); parts off the map are dropped."""
    h, w = model.types.shape
    x0, y0 = max(0, x), max(0, y)
    x1, y1 = min(w, x + clip.width), min(h, y + clip.height)
    if x1 <= x0 or y1 <= y0:
        return None
    src = (slice(y0 - y, y1 - y), slice(x0 - x, x1 - x))
    mask = np.zeros((h, w), bool)
    mask[y0:y1, x0:x1] = True
    new_t = model.types.copy()
    new_t[y0:y1, x0:x1] = clip.types[src]
    target = model.levels.copy()
    target[y0:y1, x0:x1] = clip.levels[src]
    water = np.isin(new_t, WATER)
    target[mask & ~water & (target <= 0)] = 1
    old = np.where(water, target, model.levels)  # water squares take their pasted level as they are
    new_l = settle(new_t, old, target, mask)
    return edit_from_arrays("Paste", model.types, model.levels, new_t, new_l)
