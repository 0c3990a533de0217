from __future__ import annotations

from dataclasses import field
from functools import cached_property
from typing import TYPE_CHECKING

from tacforge.engine.cached_dataclass import dataclass

from .source import Source

if TYPE_CHECKING:  # NumPy is imported by `codes`, on first use: loading and validating a pack never need it
    import numpy as np


@dataclass(frozen=True)
class Georef:
    """Where a map lies on the earth: its centre in WGS 84 degrees and how far its top edge is turned clockwise from
    true north (engine/mapping/georef.py projects between squares and latitude/longitude)."""

    lat: float
    lon: float
    rotation: float = 0.0


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
    georef: Georef | None = None  # where it lies on the earth, if it was made from real ground

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

    def edge_squares(self, edge: str) -> list[tuple[int, int]]:
        """The squares along one edge (north, east, south, west), from its middle outwards (west or north of the
        middle first on a tie): where reinforcements enter, the middle of the edge first."""
        if edge in ("west", "east"):
            x = 0 if edge == "west" else self.width - 1
            squares = [(x, y) for y in range(self.height)]
            middle = (self.height - 1) / 2
            return sorted(squares, key=lambda sq: (abs(sq[1] - middle), sq[1]))
        y = 0 if edge == "north" else self.height - 1
        middle = (self.width - 1) / 2
        return sorted(((x, y) for x in range(self.width)), key=lambda sq: (abs(sq[0] - middle), sq[0]))

    def edge_square(self, square: tuple[int, int], edge: str) -> tuple[int, int]:
        """The square of `edge` straight across from `square`."""
        x, y = square
        return {"west": (0, y), "east": (self.width - 1, y), "north": (x, 0), "south": (x, self.height - 1)}[edge]

    def on_edge(self, square: tuple[int, int], edge: str) -> bool:
        x, y = square
        return {"west": x == 0, "east": x == self.width - 1, "north": y == 0, "south": y == self.height - 1}[edge]
