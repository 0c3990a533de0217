"""Replacing what an open document shows by a text (a recovery copy, or the file as another program changed
it), as one undoable step."""

from __future__ import annotations

from pathlib import Path

from ruamel.yaml import YAMLError

from tacforge.engine.model import Map
from tacforge.engine.packs.file_readers import read_map_text
from tacforge.engine.yamlio import roundtrip_yaml

from ..document.commands import ReplaceData, bulk_edit
from ..document.documents import MapDocument
from ..grid.model import MapModel


def replace_text(document, text: str, label: str) -> bool:
    """Make `document` show `text` as one undoable step; False (nothing changed) if the text cannot be read."""
    try:
        data = roundtrip_yaml().load(text)
    except YAMLError:
        return False
    if not isinstance(document, MapDocument):
        document.undo.push(ReplaceData(document, data, label))
        return True
    game_map, _issues = read_map_text(document.path, text, "restored")
    if not isinstance(game_map, Map):  # (a Map, or None when the text is not a readable map)
        return False
    with bulk_edit(document, label):
        document.undo.push(ReplaceData(document, data, label))  # the keys besides the grid: name, labels, ...
        document.push_edit(document.model.replaced_by(MapModel.from_map(game_map, document.content), label))
    return True


def restore_text(tab, original: Path, text: str) -> bool:
    """Restore a recovery copy into the tab's document for `original`."""
    document = next((d for d in tab.documents() if d.path.resolve() == Path(original).resolve()), None)
    return document is not None and replace_text(document, text, "Restore unsaved changes")


def reload_from_disk(document) -> bool:
    """Show the file as it now is on disk, as one undoable step after which the document is unmodified."""
    try:
        text = document.path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    if not replace_text(document, text, f"Reload {document.path.name} from disk"):
        return False
    document.mark_saved(text)
    return True
