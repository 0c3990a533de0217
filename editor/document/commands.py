"""The undoable edits of a document: one generic `SetValue` (addressed by a path into the file, merging
consecutive edits of one field), `InsertRows` / `RemoveRows` for tables, `ApplyCells` for map tools, and
`bulk_edit` to make many edits one undo step. Each command changes the round-trip data, has the document
re-derive its typed model, and so emits one typed event.
"""

from __future__ import annotations

import copy
from abc import abstractmethod
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from itertools import count
from pathlib import Path
from typing import Any, Protocol

from PyQt6.QtGui import QUndoCommand, QUndoStack
from ruamel.yaml.comments import CommentedBase, CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, FoldedScalarString, SingleQuotedScalarString

from tacforge.engine.issues import JsonPath

from ..qt_abstract import QtABCMeta

STATES = count(1)  # document state ids, unique across documents
MISSING = object()  # "no value here": setting it removes the key, reading it means the key was absent
BUILDING_MACRO = "tacforge_building_macro"  # a history's property: how many bulk edits are open on it


class EditedDocument(Protocol):
    """What the commands use of the document they edit (documents.py Document, which imports this module): its
    round-trip data, state ids and history, and the calls that re-derive its model and emit one event."""

    kind: str
    path: Path
    state: int
    saved_state: int
    data: Any
    model: Any  # a map document's: the grid/model.py MapModel that ApplyCells applies edits to
    undo: QUndoStack

    def value(self, *path: str | int, default=None) -> Any: ...

    def enter_state(self, state: int) -> None: ...

    def value_changed(self, path: JsonPath) -> None: ...

    def rows_inserted(self, table: JsonPath, first: int, count: int) -> None: ...

    def rows_removed(self, table: JsonPath, first: int, count: int) -> None: ...

    def replace_data(self, data) -> None: ...


def styled(old, new, comments: bool = True):
    """Keep the quoting style of the value a new one replaces (a folded text is folded as wide as the old one), and
    the flow or block style and comments of a list or mapping replaced whole (a profile rule's `match: {highway:
    [primary]}` stays on one line): each value inside keeps the style of the old value under the same key, or of the
    old item equal to it. `comments=False` leaves the old node's comments out (a new row written like another)."""
    if isinstance(new, CommentedBase):
        return new  # a round-trip node brings its own style
    if isinstance(new, dict) and isinstance(old, CommentedMap):
        sample = next(iter(old.values()), None)  # a new key's value is written as the first old one was
        node = CommentedMap((k, styled(old.get(k, sample), v, comments)) for k, v in new.items())
        return _restyled(old, node, comments)
    if isinstance(new, list) and isinstance(old, CommentedSeq):
        items = CommentedSeq(styled(next((o for o in old if o == v), None), v, comments) for v in new)
        return _restyled(old, items, comments)
    if isinstance(new, str):
        if isinstance(old, SingleQuotedScalarString):
            return SingleQuotedScalarString(new)
        if isinstance(old, DoubleQuotedScalarString):
            return DoubleQuotedScalarString(new)
        if isinstance(old, FoldedScalarString) and getattr(old, "fold_pos", None):
            return folded_text(new, _widest_line(old))  # (one written on one line stays on one line)
    return new


def _restyled(old: CommentedBase, node: CommentedBase, comments: bool) -> CommentedBase:
    """`node` with the flow style and the comments of `old` (the comments copied, so that undo's `old` keeps its
    own)."""
    node.fa.set_flow_style() if old.fa.flow_style() else node.fa.set_block_style()
    if comments and (old.ca.comment is not None or old.ca.end):
        node.ca.comment = copy.deepcopy(old.ca.comment)
        node.ca.end = copy.deepcopy(old.ca.end)
    return node


def _widest_line(folded: FoldedScalarString) -> int:
    """The longest line of a folded text as the file had it."""
    ends = [*getattr(folded, "fold_pos", []), len(folded)]
    return max(end - start for start, end in zip([0, *(e + 1 for e in ends[:-1])], ends, strict=True))


def folded_text(text: str, width: int) -> FoldedScalarString:
    """`text` as a folded scalar with lines of at most `width` characters, broken at single spaces between words
    (the only places a folded scalar can break; a longer word stays whole). Unfolded, ruamel writes one line."""
    breaks, start, candidate = [], 0, None
    for i in [*range(1, len(text) - 1), len(text)]:
        if i < len(text) and text[i] == "\n":
            start, candidate = i + 1, None  # a line break of the text itself starts a new line
            continue
        if i < len(text) and not (text[i] == " " and text[i - 1] not in " \n" and text[i + 1] not in " \n"):
            continue
        if i - start > width and candidate is not None:
            breaks.append(candidate)
            start = candidate + 1
        candidate = i
    folded = FoldedScalarString(text)
    folded.fold_pos = breaks
    return folded


class DocumentEdit(QUndoCommand, metaclass=QtABCMeta):
    """One undoable edit of one document: `apply` and `revert` change the data, the base class keeps the
    document's state id (and so its dirty flag) in step, wherever the command sits in a shared history."""

    def __init__(self, document: EditedDocument, text: str):
        super().__init__(f"{text} ({document.kind} {document.path.stem})")
        self.document = document
        self.before, self.after = document.state, next(STATES)
        # Pushed over undone steps (which the push discards): the edit before those is not the one just before this,
        # so the two must not merge (set A->B, edit another field, undo that, set B->C: two steps, and B is kept).
        # (Inside a bulk edit the open macro is counted past the index: its steps follow no undone ones.)
        building = bool(document.undo.property(BUILDING_MACRO))
        self.over_undone = not building and document.undo.index() < document.undo.count()

    @abstractmethod
    def apply(self) -> None: ...

    @abstractmethod
    def revert(self) -> None: ...

    def redo(self) -> None:
        self.apply()
        self.document.enter_state(self.after)

    def undo(self) -> None:
        self.revert()
        self.document.enter_state(self.before)

    def may_merge(self, other: QUndoCommand) -> bool:
        """Same kind, same document, this step is not the saved state (saving keeps its undo point), and `other`
        did not replace undone steps between the two."""
        return (
            type(other) is type(self)
            and other.document is self.document
            and self.document.saved_state != self.after
            and isinstance(other, DocumentEdit)
            and not other.over_undone
        )


class SetValue(DocumentEdit):
    """Set the value at `path` (MISSING removes the key); consecutive changes of the same field merge into one step
    (as Tiled's ChangeValue), and typing a field back to where it was leaves no step at all."""

    ID = 1000

    def __init__(self, document: EditedDocument, path: JsonPath, value: Any, text: str):
        super().__init__(document, text)
        self.path, self.new = tuple(path), value
        self.old = document.value(*path, default=MISSING)
        self.position: int | None = None  # where a removed key stood, so that undo puts it back there

    def id(self) -> int:
        return self.ID

    def mergeWith(self, other: QUndoCommand | None) -> bool:
        if not (isinstance(other, SetValue) and self.may_merge(other)) or other.path != self.path:
            return False
        self.new, self.after = other.new, other.after  # the document is now in the state `other` made
        self.position = other.position if other.position is not None else self.position
        if self.new == self.old:
            self.setObsolete(True)
            self.document.enter_state(self.before)
        return True

    def _set(self, value) -> None:
        node = self.document.data
        for part in self.path[:-1]:
            node = node[part]
        key = self.path[-1]
        if value is MISSING:
            self.position = list(node).index(key) if isinstance(node, dict) else None
            del node[key]
        elif isinstance(node, dict) and key not in node and self.position is not None and hasattr(node, "insert"):
            node.insert(self.position, key, value)  # a removed key comes back where it was (CommentedMap)
        else:
            current = None
            if isinstance(node, dict) and key in node:
                current = node[key]
            elif isinstance(node, list) and isinstance(key, int):
                current = node[key]
            node[key] = styled(current, value)
        self.document.value_changed(self.path)

    def apply(self) -> None:
        self._set(self.new)

    def revert(self) -> None:
        self._set(self.old)


class InsertRows(DocumentEdit):
    """Insert `rows` (mappings or round-trip nodes) into the list at `table`, the first at index `first`."""

    def __init__(self, document: EditedDocument, table: JsonPath, first: int, rows: Sequence[Any], text: str):
        super().__init__(document, text)
        self.table, self.first, self.rows = tuple(table), first, list(rows)

    def apply(self) -> None:
        node = self.document.value(*self.table)
        for offset, row in enumerate(self.rows):
            node.insert(self.first + offset, row)
        self.document.rows_inserted(self.table, self.first, len(self.rows))

    def revert(self) -> None:
        node = self.document.value(*self.table)
        del node[self.first : self.first + len(self.rows)]
        self.document.rows_removed(self.table, self.first, len(self.rows))


class RemoveRows(DocumentEdit):
    """Remove `count` rows from the list at `table` starting at `first`; undo puts the same nodes back (with
    their comments)."""

    def __init__(self, document: EditedDocument, table: JsonPath, first: int, count: int, text: str):
        super().__init__(document, text)
        self.table, self.first, self.count = tuple(table), first, count
        self.removed: list[Any] = []

    def apply(self) -> None:
        node = self.document.value(*self.table)
        self.removed = list(node[self.first : self.first + self.count])
        del node[self.first : self.first + self.count]
        self.document.rows_removed(self.table, self.first, self.count)

    def revert(self) -> None:
        node = self.document.value(*self.table)
        for offset, row in enumerate(self.removed):
            node.insert(self.first + offset, row)
        self.document.rows_inserted(self.table, self.first, self.count)


class ApplyCells(DocumentEdit):
    """A map edit from a tool; successive dabs of one brush stroke merge into one undo step."""

    ID = 1001

    def __init__(self, document: EditedDocument, edit):
        super().__init__(document, edit.text)
        self.edit, self._first = edit, True

    def id(self) -> int:
        return self.ID

    def mergeWith(self, other: QUndoCommand | None) -> bool:
        if not (isinstance(other, ApplyCells) and self.may_merge(other) and self.edit.merge(other.edit)):
            return False
        self.after = other.after  # the document is now in the state `other` made
        return True

    def apply(self) -> None:
        if self._first and getattr(self.edit, "already_applied", False):
            self._first = False
            return
        self._first = False
        self.document.model.apply(self.edit)

    def revert(self) -> None:
        self.document.model.revert(self.edit)


class ReplaceData(DocumentEdit):
    """Show other data altogether (a recovery copy, the file as another program changed it)."""

    def __init__(self, document: EditedDocument, data, text: str):
        super().__init__(document, text)
        self.new, self.old = data, document.data

    def apply(self) -> None:
        self.document.replace_data(self.new)

    def revert(self) -> None:
        self.document.replace_data(self.old)


@contextmanager
def bulk_edit(document: EditedDocument, text: str) -> Iterator[None]:
    """Every edit pushed inside the `with` block is one undo step named `text` (a bulk edit of selected rows, a
    replace-everywhere). Each edit still emits its own event as it is made."""
    stack = document.undo
    depth = int(stack.property(BUILDING_MACRO) or 0)
    stack.setProperty(BUILDING_MACRO, depth + 1)
    stack.beginMacro(text)
    try:
        yield
    finally:
        stack.endMacro()
        stack.setProperty(BUILDING_MACRO, depth)
