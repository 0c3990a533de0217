"""A weapons file open in the editor: its typed table (the truth the views draw), the undo commands that change
it, and the round-trip writer that puts the rows back into the file's YAML with comments and key order kept."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from PyQt6.QtGui import QUndoCommand

from tacforge.engine.yamlio import roundtrip_yaml

from ..documents import Document, DocumentEdit, SetValue
from .weapon_usage import replace_everywhere
from .weapons_table import TableChange, WeaponTable
from .weapons_yaml import sync_entries


class TableEdit(DocumentEdit):
    """One TableChange of the weapon table: a cell, a bulk edit, a variant, a delete or a CSV import."""

    def __init__(self, document: "WeaponsDocument", change: TableChange):
        super().__init__(document, change.text)
        self.change = change

    def apply(self) -> None:
        self.document.table.apply(self.change)

    def revert(self) -> None:
        self.document.table.revert(self.change)


class CrossFileEdit(QUndoCommand):
    """Edits of several documents as one undo step (replacing a weapon everywhere)."""

    def __init__(self, text: str, edits: list[QUndoCommand]):
        super().__init__(text)
        self.edits = edits

    def redo(self) -> None:
        for edit in self.edits:
            edit.redo()

    def undo(self) -> None:
        for edit in reversed(self.edits):
            edit.undo()


class WeaponsDocument(Document):
    """The table is built from the typed weapons the pack loaded; the file's round-trip data, which only saving
    needs, is parsed from the text read at opening when it is first needed (the round-trip parser takes about
    half a second for the largest table, more than the budget for opening it)."""

    kind = "weapons"

    def __init__(self, path, text, content, pack_folder, table: WeaponTable):
        self._parsed = None
        super().__init__(path, None, text, content, pack_folder)
        self.table = table
        table.listeners.append(lambda change, reverted: self.changed.emit("rows", change))

    def push_change(self, change: TableChange) -> None:
        if change:
            self.undo.push(TableEdit(self, change))

    def replace_weapon(self, old_id: str, new_id: str, open_file: Callable[[Path], Document]) -> None:
        """Delete `old_id` and point every scenario, formation and weapon using it at `new_id`: one undo step in
        this table's history, which also marks the other files changed."""
        change, references = replace_everywhere(self.table, old_id, new_id)
        edits: list[QUndoCommand] = [TableEdit(self, change)]
        for ref in references:
            edits.append(SetValue(open_file(ref.file), ref.path, ref.new_ref, f"use {ref.new_ref}"))
        self.undo.push(CrossFileEdit(change.text, edits))

    @property
    def data(self):
        if self._parsed is None:
            self._parsed = roundtrip_yaml().load(self.saved_text)
        return self._parsed

    @data.setter
    def data(self, value) -> None:
        self._parsed = value

    def sync_data(self) -> None:
        sync_entries(self.data["weapons"], self.table.weapons, self.table.pack_id)


def open_weapons_document(path: Path, workspace) -> WeaponsDocument:
    """The weapons file as a document: its rows as the loader read them, the packs it extends for comparison."""
    path = Path(path).resolve()
    content, pack = workspace.content_for(path)
    if content is None or pack is None:
        raise ValueError(f"{path.name} is not in a pack that loads; run tacforge validate on it")
    rows = [w for w in pack.docs.weapons if w.source.file is not None and Path(w.source.file).resolve() == path]
    base = {}
    for pack_id in workspace.packset.requirements(pack.id):
        if pack_id != pack.id and pack_id in workspace.packset.packs:
            base.update((w.id, w) for w in workspace.packset.packs[pack_id].docs.weapons)
    table = WeaponTable(rows, content, base)
    text = pack.texts.get(path)
    if text is None:
        raise ValueError(f"{path.name} could not be read when its pack loaded; run tacforge validate on it")
    return WeaponsDocument(path, text, content, pack.location.folder, table)
