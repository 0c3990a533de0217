from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from .source import Source

if TYPE_CHECKING:  # NumPy is imported by `codes`, on first use: loading and validating a pack never need it
    import numpy as np


@dataclass(frozen=True)
class Map:
    """A terrain grid of interchange codes, row 0 at the north edge, column 0 at the west edge."""

    id: str
    name: str
    width: int
    height: int
    cells: bytes  # width*height terrain codes, row-major
    legend: tuple[tuple[str, int], ...] = ()
    labels: tuple[tuple[str, int, int], ...] = ()
    description: str = ""
    source: Source = field(default=Source(None), compare=False)

    @cached_property
    def codes(self) -> np.ndarray:
        """The codes as a read-only (height, width) uint8 array."""
        import numpy as np

        array = np.frombuffer(self.cells, dtype=np.uint8).reshape(self.height, self.width)
        array.flags.writeable = False
        return array

    def code_at(self, x: int, y: int) -> int:
        return self.cells[y * self.width + x]

    def contains(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height
