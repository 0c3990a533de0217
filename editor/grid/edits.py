"""Undoable map edits as plain data (Qt-free): the shell wraps each in a QUndoCommand whose redo/undo call
`MapModel.apply` / `MapModel.revert`.

* `CellEdit` changes some cells' painted type and level. Successive dabs of one brush stroke carry the same
  `stroke` id and `merge` into one undo step (Tiled's `PaintTileLayer::mergeWith`).
* `ResizeEdit` swaps the whole layer arrays (map resize, anchored top-left).

The model records, on an edit, the exact terrain codes it overwrote (`codes_before`), so that `revert` restores
them byte for byte even where a hand-made map's variants differ from what the autotiler would derive.
"""

from __future__ import annotations

from dataclasses import field

import numpy as np

from tacforge.engine.cached_dataclass import dataclass


def _first(index: np.ndarray, *values: np.ndarray) -> tuple[np.ndarray, ...]:
    """Unique indices (sorted) with the values of each one's first occurrence."""
    uniq, first = np.unique(index, return_index=True)
    return (uniq,) + tuple(v[first] for v in values)


def _last(index: np.ndarray, *values: np.ndarray) -> tuple[np.ndarray, ...]:
    """Unique indices (sorted) with the values of each one's last occurrence."""
    rev = index[::-1]
    uniq, first = np.unique(rev, return_index=True)
    return (uniq,) + tuple(v[::-1][first] for v in values)


@dataclass(eq=False)
class CellEdit:
    """New and old painted type (index into `autotile.TYPES`) and level of the cells at flat `index`."""

    text: str
    index: np.ndarray
    old_types: np.ndarray
    new_types: np.ndarray
    old_levels: np.ndarray
    new_levels: np.ndarray
    stroke: int | None = None
    # Filled in by MapModel.apply: (flat indices, codes) the first application overwrote.
    codes_before: tuple[np.ndarray, np.ndarray] | None = field(default=None, repr=False)

    def __post_init__(self):
        self.index = np.asarray(self.index, np.intp)
        self.old_types = np.asarray(self.old_types, np.uint8)
        self.new_types = np.asarray(self.new_types, np.uint8)
        self.old_levels = np.asarray(self.old_levels, np.int8)
        self.new_levels = np.asarray(self.new_levels, np.int8)

    def __len__(self) -> int:
        return int(self.index.size)

    def is_empty(self) -> bool:
        return self.index.size == 0

    def merge(self, other: CellEdit) -> bool:
        """Fold `other` (applied after this one) into this edit when both belong to the same stroke.

        Cells in both keep this edit's old values and take `other`'s new ones. Returns False (and changes
        nothing) when they are not of one stroke."""
        if not isinstance(other, CellEdit) or self.stroke is None or other.stroke != self.stroke:
            return False
        idx = np.concatenate([self.index, other.index])
        _, old_t, old_l = _first(
            idx, np.concatenate([self.old_types, other.old_types]), np.concatenate([self.old_levels, other.old_levels])
        )
        uniq, new_t, new_l = _last(
            idx, np.concatenate([self.new_types, other.new_types]), np.concatenate([self.new_levels, other.new_levels])
        )
        self.index, self.old_types, self.old_levels, self.new_types, self.new_levels = uniq, old_t, old_l, new_t, new_l
        if self.codes_before is not None and other.codes_before is not None:
            cells, codes = _first(
                np.concatenate([self.codes_before[0], other.codes_before[0]]),
                np.concatenate([self.codes_before[1], other.codes_before[1]]),
            )
            self.codes_before = (cells, codes)
        else:
            self.codes_before = self.codes_before or other.codes_before
        return True

    def is_obsolete(self) -> bool:
        """True when applying it changes nothing (a merged stroke that painted back what was there)."""
        return bool(np.array_equal(self.old_types, self.new_types) and np.array_equal(self.old_levels, self.new_levels))

    def rect(self, width: int) -> tuple[int, int, int, int]:
        """Bounding rectangle (x0, y0, x1, y1), half-open, of the changed cells on a map `width` wide."""
        if self.index.size == 0:
            return (0, 0, 0, 0)
        ys, xs = np.divmod(self.index, width)
        return int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1


@dataclass(eq=False)
class ResizeEdit:
    """Replace the whole layers (a map resize, a reload from disk); `apply`/`revert` on the model handle it like
    a CellEdit."""

    text: str
    old_types: np.ndarray
    old_levels: np.ndarray
    new_types: np.ndarray
    new_levels: np.ndarray
    old_codes: np.ndarray | None = field(default=None, repr=False)  # recorded on apply, restored on revert
    stroke: int | None = None
    new_codes: np.ndarray | None = field(default=None, repr=False)  # a file's own codes (a reload), else derived

    def merge(self, other) -> bool:
        return False

    def is_empty(self) -> bool:
        return self.old_types.shape == self.new_types.shape and self.is_obsolete()

    def is_obsolete(self) -> bool:
        return bool(np.array_equal(self.old_types, self.new_types) and np.array_equal(self.old_levels, self.new_levels))


def edit_from_arrays(
    text: str,
    types: np.ndarray,
    levels: np.ndarray,
    new_types: np.ndarray,
    new_levels: np.ndarray,
    stroke: int | None = None,
) -> CellEdit | None:
    """The CellEdit turning (types, levels) into (new_types, new_levels), over the cells that differ; None if none."""
    changed = (types != new_types) | (levels != new_levels)
    index = np.flatnonzero(changed)
    if index.size == 0:
        return None
    return CellEdit(
        text,
        index,
        types.ravel()[index],
        new_types.ravel()[index],
        levels.ravel()[index],
        new_levels.ravel()[index],
        stroke,
    )
