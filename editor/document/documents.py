"""Documents: one open YAML file each, with the history its edits go to, dirty state, saving and change signals.

A Document keeps the file's round-trip data (comments, key order and unknown keys survive) and turns every edit
into a QUndoCommand. Views redraw from the document and hold no truth of their own (design.md 6).
"""

from __future__ import annotations

from itertools import count
from pathlib import Path
from typing import Any

from PyQt6.QtCore import QObject, pyqtSignal
from PyQt6.QtGui import QUndoCommand, QUndoStack
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, SingleQuotedScalarString

from tacforge.engine.packs.content import Content
from tacforge.engine.yamlio import YamlFileError, atomic_write_text, dump_roundtrip, load_roundtrip

from ..map.tools.model import MapModel


_STATES = count(1)  # document state ids, unique across documents


class SaveFailed(Exception):
    """The file could not be written; the old file is intact. The message says why."""


class Document(QObject):
    changed = pyqtSignal(str, object)  # what changed ("cells", "value", "saved", "loaded"), detail
    dirtyChanged = pyqtSignal(bool)

    kind = "file"

    def __init__(self, path: Path, data: Any, text: str, content: Content | None, pack_folder: Path | None):
        super().__init__()
        self.path, self.data, self.saved_text = Path(path), data, text
        self.content, self.pack_folder = content, pack_folder
        # The history this document's edits go to. An editor tab shares one history among the files it shows
        # (a scenario and its map), so dirtiness is tracked per document by state ids, not by the stack's clean
        # index: each edit moves the document to a new state, undo moves it back, and saving records the state.
        self.undo = QUndoStack()  # no Qt parent: it may outlive this document in a history shared with others
        self.history_joined = False  # True once an editor tab shows this document's history
        self.state = self.saved_state = next(_STATES)

    def share_history(self, stack: QUndoStack) -> None:
        """Push this document's edits onto `stack` from now on (a document not yet shown has no edits to move)."""
        if stack is not self.undo:
            if self.undo.count():
                raise ValueError(f"{self.path.name} has edits in its own history; it cannot move to another")
            self.undo = stack
        self.history_joined = True

    def enter_state(self, state: int) -> None:
        was = self.dirty
        self.state = state
        if self.dirty != was:
            self.dirtyChanged.emit(self.dirty)

    def mark_saved(self, text: str) -> None:
        """The file on disk now holds `text`, which is what the document shows."""
        was = self.dirty
        self.saved_text, self.saved_state = text, self.state
        if was:
            self.dirtyChanged.emit(False)

    @property
    def title(self) -> str:
        return self.path.name

    @property
    def dirty(self) -> bool:
        return self.state != self.saved_state

    def text(self) -> str:
        """The file as it would be saved now (unedited files: byte for byte what was read)."""
        if not self.dirty:
            return self.saved_text
        self.sync_data()
        return dump_roundtrip(self.data)

    def sync_data(self) -> None:
        """Copy model state into the round-trip data before dumping (maps keep their grid in a model)."""

    def save(self, path: Path | None = None) -> None:
        target = Path(path) if path else self.path
        text = self.text()
        try:
            atomic_write_text(target, text)
        except OSError as exc:
            raise SaveFailed(f"could not save {target}: {exc.strerror or exc}; the previous file is unchanged") from exc
        self.path = target
        self.mark_saved(text)
        self.changed.emit("saved", str(target))

    def value(self, *path: str | int, default=None):
        node = self.data
        for part in path:
            try:
                node = node[part]
            except (KeyError, IndexError, TypeError):
                return default
        return node

    def set_value(self, path: tuple, value, text: str) -> None:
        """Change one value through the undo stack."""
        self.undo.push(SetValue(self, path, value, text))


def _styled(old, new):
    """Keep the quoting style of the value a new one replaces."""
    if isinstance(new, str):
        if isinstance(old, SingleQuotedScalarString):
            return SingleQuotedScalarString(new)
        if isinstance(old, DoubleQuotedScalarString):
            return DoubleQuotedScalarString(new)
    return new


class DocumentEdit(QUndoCommand):
    """One undoable edit of one document: `apply` and `revert` change the data, the base class keeps the
    document's state id (and so its dirty flag) in step, wherever the command sits in a shared history."""

    def __init__(self, document: Document, text: str):
        super().__init__(f"{text} ({document.kind} {document.path.stem})")
        self.document = document
        self.before, self.after = document.state, next(_STATES)

    def apply(self) -> None:
        raise NotImplementedError

    def revert(self) -> None:
        raise NotImplementedError

    def redo(self) -> None:
        self.apply()
        self.document.enter_state(self.after)

    def undo(self) -> None:
        self.revert()
        self.document.enter_state(self.before)

    def may_merge(self, other: QUndoCommand) -> bool:
        """Same kind, same document, and this step is not the saved state (saving keeps its undo point)."""
        return (type(other) is type(self) and other.document is self.document
                and self.document.saved_state != self.after)


class SetValue(DocumentEdit):
    """Set one value; consecutive changes of the same field merge into one step (as Tiled's ChangeValue)."""

    ID = 1000
    _missing = object()

    def __init__(self, document: Document, path: tuple, value, text: str):
        super().__init__(document, text)
        self.path, self.new = tuple(path), value
        self.old = document.value(*path, default=self._missing)

    def id(self) -> int:
        return self.ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not self.may_merge(other) or other.path != self.path:
            return False
        self.new, self.after = other.new, other.after  # the document is now in the state `other` made
        if self.new == self.old:  # typed back to where it was: no step at all
            self.setObsolete(True)
            self.document.enter_state(self.before)
        return True

    def _set(self, value) -> None:
        node = self.document.data
        for part in self.path[:-1]:
            node = node[part]
        key = self.path[-1]
        if value is self._missing:
            del node[key]
        else:
            current = node[key] if (isinstance(node, dict) and key in node) else None
            node[key] = _styled(current, value)
        self.document.changed.emit("value", self.path)

    def apply(self) -> None:
        self._set(self.new)

    def revert(self) -> None:
        self._set(self.old)


class ApplyCells(DocumentEdit):
    """A map edit from a tool; successive dabs of one brush stroke merge into one undo step."""

    ID = 1001

    def __init__(self, document: "MapDocument", edit):
        super().__init__(document, edit.text)
        self.edit, self._first = edit, True

    def id(self) -> int:
        return self.ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not (self.may_merge(other) and self.edit.merge(other.edit)):
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


class MapDocument(Document):
    kind = "map"

    def __init__(self, path, data, text, content, pack_folder, game_map):
        super().__init__(path, data, text, content, pack_folder)
        self.model = MapModel.from_map(game_map, content)
        self.model.subscribe(lambda rect: self.changed.emit("cells", rect))

    def push_edit(self, edit) -> None:
        self.undo.push(ApplyCells(self, edit))

    def sync_data(self) -> None:
        rows, legend = self.model.rows_and_legend()
        data = self.data
        data["width"], data["height"] = self.model.width, self.model.height
        old_rows = list(data.get("rows") or [])
        sample = old_rows[0] if old_rows else None
        legend_node = data.get("legend")
        if legend_node is None:
            data["legend"] = legend
        else:
            for key in [k for k in legend_node if k not in legend]:
                del legend_node[key]
            for glyph, code in legend.items():
                if legend_node.get(glyph) != code:
                    legend_node[glyph] = code
        rows_node = data["rows"]
        del rows_node[len(rows):]
        for i, row in enumerate(rows):
            styled = _styled(sample, row)
            if i < len(rows_node):
                if rows_node[i] != row:
                    rows_node[i] = styled
            else:
                rows_node.append(styled)


class ScenarioDocument(Document):
    kind = "scenario"

    @property
    def map_ref(self) -> str:
        return str(self.value("map", default=""))


def open_document(path: Path, content: Content | None, pack_folder: Path | None,
                  game_map=None) -> Document:
    """Open a file on the round-trip path; raise YamlFileError (with its issue) if it cannot be read."""
    data, text = load_roundtrip(Path(path))
    if game_map is not None:
        return MapDocument(path, data, text, content, pack_folder, game_map)
    if Path(path).parent.name == "scenarios":
        return ScenarioDocument(path, data, text, content, pack_folder)
    return Document(path, data, text, content, pack_folder)


__all__ = ["Document", "MapDocument", "ScenarioDocument", "DocumentEdit", "SetValue", "ApplyCells", "SaveFailed", "open_document",
           "YamlFileError"]
