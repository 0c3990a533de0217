"""Restoring a recovery copy into an open document, as one undoable step."""

from __future__ import annotations

from pathlib import Path

from tacforge.engine.packs.loader import read_map_text
from tacforge.engine.yamlio import roundtrip_yaml

from .documents import DocumentEdit, MapDocument


class ReplaceData(DocumentEdit):
    def __init__(self, document, data, text: str = "Restore unsaved changes"):
        super().__init__(document, text)
        self.new, self.old = data, document.data

    def apply(self) -> None:
        self.document.data = self.new
        self.document.changed.emit("value", ())

    def revert(self) -> None:
        self.document.data = self.old
        self.document.changed.emit("value", ())


def restore_text(tab, original: Path, text: str) -> bool:
    document = next((d for d in tab.documents() if d.path.resolve() == Path(original).resolve()), None)
    if document is None:
        return False
    if isinstance(document, MapDocument):
        game_map, _issues = read_map_text(document.path, text, "restored")
        if game_map is None:
            return False
        from .mapedit.model import MapModel

        restored = MapModel.from_map(game_map, document.content)
        edit = document.model.replace_with(restored) if hasattr(document.model, "replace_with") else None
        if edit is None:
            return False
        document.push_edit(edit)
        return True
    document.undo.push(ReplaceData(document, roundtrip_yaml().load(text)))
    return True
