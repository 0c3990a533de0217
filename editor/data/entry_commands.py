"""Undoable removal of one entry from a list or a mapping of a document (a terrain code, a requirement). Setting
values is the document's own SetValue; removing needs its own command because undo must put the entry back at its
place, not append it."""

from __future__ import annotations

from ..documents import Document, DocumentEdit


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
