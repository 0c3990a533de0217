"""A table of a document's list entries (terrain types, terrain codes, periods): one row per entry of the
document's typed model (row i is entry i of the file's list; None while it does not decode), columns from
columns.Column, every edit a SetValue on the document (so it undoes and merges as any other), editors bounded by
the column's schema limits. The room hands the model's entries over again on each change event."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PyQt6.QtCore import QAbstractTableModel, QModelIndex, QSize, Qt, pyqtSignal
from PyQt6.QtGui import QColor, QIcon
from PyQt6.QtWidgets import QAbstractItemView, QComboBox, QStyledItemDelegate, QTableView

from ..common.checked_edit import CheckedLineEdit, commits_down, refuses_commit
from ..common.tiles import ICON
from ..qt_present import present
from .columns import Column, parse_cell, tags_text

NONE_TEXT = "—"  # shown for a null value (a class that cannot enter)
UNREADABLE = "(see Issues)"  # the first cell of an entry that does not decode
Role = Qt.ItemDataRole
TOP_LEVEL = QModelIndex()  # the invisible parent of a table's rows


class EntryTableModel(QAbstractTableModel):
    problem = pyqtSignal(str)  # a rejected value, said for the status line

    def __init__(
        self,
        document,
        list_key: str,
        columns: Sequence[Column],
        value_of: Callable[[Any, Column], Any],
        label_of: Callable[[Any], str],
        decoration: Callable[[Any, Column], QIcon | QColor | None] | None = None,
    ):
        super().__init__()
        self.document, self.list_key = document, list_key
        self.columns, self.value_of, self.label_of = list(columns), value_of, label_of
        self.decoration = decoration
        self.entries: list = []

    def set_entries(self, entries: Sequence, columns: Sequence[Column] | None = None) -> None:
        """Show `entries`. The same number of rows under the same columns (an edited value) changes the cells in
        place: a reset would close the editor being committed and lose the current cell, so that Return could not
        go on to the cell below as in a spreadsheet."""
        entries, columns = list(entries), (list(columns) if columns is not None else self.columns)
        if len(entries) == len(self.entries) and columns == self.columns and entries:
            self.entries = entries
            self.dataChanged.emit(self.index(0, 0), self.index(len(entries) - 1, max(0, len(columns) - 1)))
            return
        self.beginResetModel()
        self.entries, self.columns = entries, columns
        self.endResetModel()

    def rowCount(self, parent=TOP_LEVEL) -> int:
        return 0 if parent.isValid() else len(self.entries)

    def columnCount(self, parent=TOP_LEVEL) -> int:
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section, orientation, role=Role.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and section < len(self.columns):
            column = self.columns[section]
            if role == Role.DisplayRole:
                return column.title
            if role == Role.ToolTipRole:
                return column.tip or None
        return None

    def flags(self, index: QModelIndex):
        column = self.columns[index.column()]
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if column.editable and self.entries[index.row()] is not None:
            flags |= Qt.ItemFlag.ItemIsUserCheckable if column.kind == "bool" else Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: QModelIndex, role=Role.DisplayRole):
        if not index.isValid():
            return None
        entry, column = self.entries[index.row()], self.columns[index.column()]
        if entry is None:
            return UNREADABLE if role == Role.DisplayRole and index.column() == 0 else None
        value = self.value_of(entry, column)
        if role in (Role.DisplayRole, Role.EditRole) and column.kind == "tags":
            return tags_text(value)  # edited as the text it shows, parsed back by parse_cell
        if role == Role.DisplayRole and column.kind not in ("bool", "colour"):
            return NONE_TEXT if value is None else str(value)
        if role == Role.EditRole:
            return value
        if role == Role.CheckStateRole and column.kind == "bool":
            return Qt.CheckState.Checked if value else Qt.CheckState.Unchecked
        if role == Role.DecorationRole and self.decoration is not None:
            return self.decoration(entry, column)
        if role == Role.ToolTipRole:
            return f"{self.label_of(entry)}: {column.title.lower()}" + (f" ({column.tip})" if column.tip else "")
        return None

    def setData(self, index: QModelIndex, value, role=Role.EditRole) -> bool:
        column = self.columns[index.column()]
        if role == Role.CheckStateRole:
            value = Qt.CheckState(value) == Qt.CheckState.Checked
        elif role != Role.EditRole:
            return False
        try:
            parsed = parse_cell(column, value)
        except ValueError as exc:
            self.problem.emit(str(exc))
            return False
        entry = self.entries[index.row()]
        if entry is None or parsed == self.value_of(entry, column):
            return False
        self.document.set_value(
            (self.list_key, index.row(), *column.path),
            parsed,
            f"Change {column.title.lower()} of {self.label_of(entry)}",
        )
        return True  # the room re-reads the entries from the document's change signal


class BoundedDelegate(QStyledItemDelegate):
    """A list of the allowed choices, and for every typed value a field that refuses (marked, never altered) what the
    column does not allow: a number outside the schema's limits, a date that is none, more than one symbol."""

    def __init__(self, model: EntryTableModel, parent=None):
        super().__init__(parent)
        self.model = model

    def createEditor(self, parent, option, index):
        column = self.model.columns[index.column()]
        if column.kind == "choice":
            combo = QComboBox(parent)
            combo.addItems(column.options)
            return combo
        line = CheckedLineEdit(lambda text: parse_cell(column, text), parent)
        if column.blank_means_none:
            line.setPlaceholderText(f"empty: {NONE_TEXT} (cannot enter)")
        return line

    def eventFilter(self, editor, event) -> bool:
        """Return or Tab on a refused value keeps the editor open, marked, and says why in the room's status;
        Return or Enter on an accepted one commits it and goes to the cell below."""
        if refuses_commit(editor, event):
            self.model.problem.emit(editor.problem())
            return True
        return commits_down(self, editor, event) or super().eventFilter(editor, event)

    def setEditorData(self, editor, index):
        value = index.data(Role.EditRole)
        if isinstance(editor, QComboBox):
            editor.setCurrentText(str(value))
        else:
            editor.setText("" if value is None else str(value))

    def setModelData(self, editor, model, index):
        model.setData(index, editor.currentText() if isinstance(editor, QComboBox) else editor.text())


def entry_table_view(model: EntryTableModel) -> QTableView:
    """A table view of `model` as the data rooms show one: whole rows selected one at a time, editors bounded by
    the schema, rows tall enough for a terrain tile."""
    view = QTableView()
    view.setModel(model)
    view.setItemDelegate(BoundedDelegate(model, view))
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setAlternatingRowColors(True)
    view.setIconSize(QSize(ICON, ICON))
    rows = present(view.verticalHeader())
    rows.setVisible(False)
    rows.setDefaultSectionSize(ICON + 4)
    present(view.horizontalHeader()).setStretchLastSection(True)
    return view


def selected_row(view: QTableView) -> int | None:
    rows = present(view.selectionModel()).selectedRows()  # (a view with a model has a selection model)
    return rows[0].row() if rows else None
