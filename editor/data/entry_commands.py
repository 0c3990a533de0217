"""Undoable edits the document's SetValue does not cover: removing one entry from a list or a mapping (a terrain
code, a requirement), where undo must put the entry back at its place rather than append it; and setting a value as
a step of its own (a drag on the timeline), which must not merge with the previous drag of the same bar end."""

from __future__ import annotations

from ..documents import Document, DocumentEdit, SetValue


class RemoveEntry(DocumentEdit):
    def __init__(self, document: Document, path: tuple, text: str):
        super().__init__(document, text)
        self.path = tuple(path)
        self.container = document.value(*self.path[:-1])
        self.key = self.path[-1]
        self.old = self.container[self.key]
        self.position = (self.key if isinstance(self.container, list)
                         else list(self.container).index(self.key))

    def apply(self) -> None:
        del self.container[self.key]
        self.document.changed.emit("value", self.path)

    def revert(self) -> None:
        if isinstance(self.container, list):
            self.container.insert(self.position, self.old)
        else:
            self.container.insert(self.position, self.key, self.old)  # a round-trip mapping keeps its key order
        self.document.changed.emit("value", self.path)


def remove_entry(document: Document, path: tuple, text: str) -> None:
    document.undo.push(RemoveEntry(document, path, text))


class SetValueStep(SetValue):
    """SetValue that never merges: one gesture, one undo step."""

    def id(self) -> int:
        return -1


def set_value_step(document: Document, path: tuple, value, text: str) -> None:
    document.undo.push(SetValueStep(document, path, value, text))
