"""Documents: one open YAML file each, with its typed model, the history its edits go to, dirty state, saving and
typed change events.

A Document keeps the file's round-trip data (comments, key order and unknown keys survive; an unedited file is
saved byte for byte) and the typed model the engine's decoders build from it. Every edit is a QUndoCommand
(commands.py) that changes the data, re-derives the model and emits one event (events.py). Views redraw from the
model and hold no truth of their own (docs/architecture.md 6).

Opening reads the file on the fast path (C loader) and builds the typed model from that; the round-trip parse,
pure Python and some 20x slower, is not part of opening (the largest weapon table opens within its budget,
docs/architecture.md 8). The shell starts it in a background thread once the room is drawn (`read_ahead`), and the first
edit waits for what is left of it; whatever asks for the data first without that reads it then.
"""

from __future__ import annotations

import copy
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from PyQt6.QtCore import QObject, pyqtSignal
from PyQt6.QtGui import QUndoStack

from tacforge.engine.atomic_files import atomic_write_text
from tacforge.engine.issues import JsonPath
from tacforge.engine.model.content import Content
from tacforge.engine.yamlio import YamlFileError, dump_roundtrip, load_fast, parse_roundtrip

from ..grid.model import MapModel
from .commands import MISSING, STATES, ApplyCells, InsertRows, RemoveRows, SetValue, styled
from .events import CellsChanged, DocumentEvent, Reloaded, RowsInserted, RowsRemoved, Saved, ValueChanged
from .models import DecodeContext, build_model, rederive


class SaveFailed(Exception):
    """The file could not be written; the old file is intact. The message says why."""


# Characters the round-trip reader (ruamel's pure-Python scanner) refuses in places libyaml's accepts: a tab after
# a value or inside a plain scalar, a byte-order mark past the start. Fuzzing the bundled files found no other
# text that one path reads and the other refuses.
ROUNDTRIP_STRICTER = ("\t", "\ufeff")
_UNPARSED = object()  # the round-trip data not read yet (a file's data may be None)
# One background reader for every document: the round-trip parse is pure Python, two at once gain nothing.
_READER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tacforge-roundtrip")


class Document(QObject):
    changed = pyqtSignal(object)  # one DocumentEvent per change (events.py)
    dirtyChanged = pyqtSignal(bool)

    def __init__(
        self,
        path: Path,
        text: str,
        read: Any,
        kind: str,
        content: Content | None,
        pack_folder: Path | None,
        context: DecodeContext | None = None,
    ):
        """`text` is the file as read, `read` its data on the fast path, which the typed model is built from."""
        super().__init__()
        self.path, self.saved_text = Path(path), text
        self._data = _UNPARSED
        self._reading: Future | None = None  # the round-trip parse of saved_text, when read_ahead started it
        self.kind = kind  # the schema kind the pack's manifest gives the file ("weapons", "scenario", "pack", ...)
        self.content, self.pack_folder = content, pack_folder
        self.context = context or DecodeContext(self.path, "")
        self.model = build_model(kind, read, self.context, text)
        # The history this document's edits go to. An editor tab shares one history among the files it shows
        # (a scenario and its map), so dirtiness is tracked per document by state ids, not by the stack's clean
        # index: each edit moves the document to a new state, undo moves it back, and saving records the state.
        self.undo = QUndoStack()  # no Qt parent: it may outlive this document in a history shared with others
        self.history_joined = False  # True once an editor tab shows this document's history
        self.state = self.saved_state = next(STATES)

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
    def data(self) -> Any:
        """The round-trip data: what edits change and saving writes. Read from the text the document was opened
        (or last reloaded) with when first asked for; until then nothing has changed it."""
        if self._data is _UNPARSED:
            reading, self._reading = self._reading, None
            if reading is not None and not reading.cancel():  # started: wait for the rest of it
                self._data = reading.result()
            else:  # never asked for, or still queued behind another file's: read it here
                self._data = parse_roundtrip(self.saved_text, self.path)
        return self._data

    @data.setter
    def data(self, data: Any) -> None:
        self._data, self._reading = data, None

    def read_ahead(self) -> None:
        """Start the round-trip parse in the background, so that the first edit need not wait for all of it. The
        data is taken (and a YamlFileError raised) where it is first asked for. Until then the document is
        unedited, so `saved_text` is what is parsed."""
        if self._data is _UNPARSED and self._reading is None:
            self._reading = _READER.submit(parse_roundtrip, self.saved_text, self.path)

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
        self.changed.emit(Saved(str(target)))

    # -- reading ----------------------------------------------------------------------------------------------------
    def value(self, *path: str | int, default=None):
        """The round-trip value at `path` (for commands and the few views that show raw text); views read the
        typed `model`."""
        node = self.data
        for part in path:
            try:
                node = node[part]
            except (KeyError, IndexError, TypeError):
                return default
        return node

    def row_copy(self, table: JsonPath, index: int, **changes):
        """A new row for `insert_rows`: a deep copy of row `index` of `table` with `changes` set. It keeps the
        original's quoting and flow style; a shallow copy would share nodes, which YAML writes as anchors."""
        row = copy.deepcopy(self.value(*table, index))
        for key, value in changes.items():
            row[key] = styled(row.get(key), value)
        return row

    def row_like(self, table: JsonPath, index: int, values: dict):
        """A new row for `insert_rows` holding `values` only, written as row `index` of `table` is (flow or block,
        each key's quoting), without its comments."""
        return styled(self.value(*table, index), values, comments=False)

    # -- editing ----------------------------------------------------------------------------------------------------
    def set_value(self, path: JsonPath, value, text: str) -> None:
        """Change one value through the undo stack (MISSING removes the key)."""
        self.undo.push(SetValue(self, path, value, text))

    def insert_rows(self, table: JsonPath, first: int, rows, text: str) -> None:
        self.undo.push(InsertRows(self, table, first, rows, text))

    def remove_rows(self, table: JsonPath, first: int, count: int, text: str) -> None:
        self.undo.push(RemoveRows(self, table, first, count, text))

    # -- what commands call after they changed the data: re-derive the model, tell the views --------------------------
    def value_changed(self, path: JsonPath) -> None:
        self._rederive(lambda: rederive(self.kind, self.model, self.data, self.context, path))
        self.changed.emit(ValueChanged(tuple(path)))

    def rows_inserted(self, table: JsonPath, first: int, count: int) -> None:
        # decoded again whole: each row's source path names its index, and the rows after the change have moved
        self._rederive(lambda: build_model(self.kind, self.data, self.context))
        self.changed.emit(RowsInserted(tuple(table), first, count))

    def rows_removed(self, table: JsonPath, first: int, count: int) -> None:
        self._rederive(lambda: build_model(self.kind, self.data, self.context))
        self.changed.emit(RowsRemoved(tuple(table), first, count))

    def replace_data(self, data) -> None:
        """Show other data altogether (a reload from disk, a restored recovery copy)."""
        self.data = data
        self._rederive(lambda: build_model(self.kind, data, self.context))
        self.changed.emit(Reloaded())

    def _rederive(self, build) -> None:
        self.model = build()


def labels_of(node) -> tuple[tuple[str, int, int], ...]:
    """The (text, x, y) of a map file's `labels` list, as the map model keeps them."""
    return tuple((str(label["text"]), int(label["at"][0]), int(label["at"][1])) for label in node or ())


class MapDocument(Document):
    """A map: its typed model is the editable grid (`MapModel`, terrain type and level per square) the map tools
    change; the round-trip data gets the grid's rows and legend only when the file is written."""

    def __init__(self, path, text, content, pack_folder, game_map, context: DecodeContext | None = None):
        super().__init__(path, text, None, "map", content, pack_folder, context)
        self.model = MapModel.from_map(game_map, content)
        self.model.subscribe(lambda rect: self.changed.emit(CellsChanged(tuple(rect))))

    def _rederive(self, build) -> None:
        """The grid model changes by its own edits (ApplyCells); the map's other keys are few and read raw, but
        for its place names, which the model draws, and its name and description (Map > Name and description…)."""
        self.model.labels = labels_of(self.data.get("labels"))
        self.model.name = str(self.data.get("name") or "")
        self.model.description = str(self.data.get("description") or "")

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
        self._sync_georef(data)
        rows_node = data["rows"]
        del rows_node[len(rows) :]
        for i, row in enumerate(rows):
            node = styled(sample, row)
            if i < len(rows_node):
                if rows_node[i] != row:
                    rows_node[i] = node
            else:
                rows_node.append(node)

    def _sync_georef(self, data) -> None:
        """The map's place on the earth: written when the model has one the file does not say (an imported map),
        and the file's own node, with its style and comments, left alone when it says the same."""
        georef = self.model.georef
        if georef is None:
            return
        node = data.get("georef")
        same = node is not None and (node.get("lat"), node.get("lon"), node.get("rotation", 0)) == (
            georef.lat,
            georef.lon,
            georef.rotation,
        )
        if not same:
            from tacforge.engine.battlegen.scenario_writer import georef_node

            data["georef"] = georef_node(georef)


def open_document(
    path: Path,
    kind: str,
    content: Content | None,
    pack_folder: Path | None,
    context: DecodeContext | None = None,
    game_map=None,
) -> Document:
    """Open a file of `kind`; raise YamlFileError (with its issue) if it cannot be read. The file is read on the
    fast path; its round-trip data is parsed when first needed (Document.data)."""
    loaded = load_fast(Path(path))
    document: Document
    if kind == "map":
        document = MapDocument(path, loaded.text, content, pack_folder, game_map, context)
    else:
        document = Document(path, loaded.text, loaded.data, kind, content, pack_folder, context)
    if any(char in loaded.text for char in ROUNDTRIP_STRICTER):
        _ = document.data  # read now: a file the round-trip path refuses is refused when it is opened, not edited
    return document


__all__ = ["Document", "MapDocument", "SaveFailed", "open_document", "YamlFileError", "DocumentEvent", "MISSING"]
