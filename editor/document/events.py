"""Typed change notifications. A document emits exactly one of these per change through its `changed` signal;
views redraw from the document's typed model when they receive one (they never read the event for the new value).

Paths address the file's YAML data: ("weapons", 12, "fa") is the `fa` of the thirteenth weapon, ("turns",) a
scenario's length. A table is the path of a list: ("weapons",), ("terrain_codes",).
"""

from __future__ import annotations

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.issues import JsonPath


class DocumentEvent:
    """Base of every change notification."""


@dataclass(frozen=True)
class ValueChanged(DocumentEvent):
    """The value at `path` was set (or removed); everything below it may have changed too."""

    path: JsonPath

    def touches(self, *prefix: str | int) -> bool:
        """True if the change is at `prefix`, inside it, or replaces a node that holds it."""
        n = min(len(prefix), len(self.path))
        return tuple(self.path[:n]) == tuple(prefix[:n])


@dataclass(frozen=True)
class RowsInserted(DocumentEvent):
    """`count` rows were inserted into the list at `table`, the first at index `first`."""

    table: JsonPath
    first: int
    count: int


@dataclass(frozen=True)
class RowsRemoved(DocumentEvent):
    """`count` rows starting at index `first` were removed from the list at `table`."""

    table: JsonPath
    first: int
    count: int


@dataclass(frozen=True)
class CellsChanged(DocumentEvent):
    """Map squares changed inside `rect` = (x0, y0, x1, y1), half-open (a paint stroke, an undo, a resize)."""

    rect: tuple[int, int, int, int]


@dataclass(frozen=True)
class Reloaded(DocumentEvent):
    """The whole document was replaced (re-read from disk, or a recovery copy restored): redraw everything."""


@dataclass(frozen=True)
class Saved(DocumentEvent):
    """The document was written to `path`."""

    path: str
