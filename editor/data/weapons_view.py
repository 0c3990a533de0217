"""The weapon table's Qt model, sorting/filtering proxy and schema-bounded cell editors. They draw the document's
typed model and send every edit to it as a TableChange; they hold no values of their own."""

from __future__ import annotations

from collections.abc import Callable

from PyQt6.QtCore import QAbstractTableModel, QModelIndex, QSortFilterProxyModel, Qt, pyqtSignal
from PyQt6.QtGui import QBrush, QColor
from PyQt6.QtWidgets import QComboBox, QStyledItemDelegate

from ..common.checked_edit import CheckedLineEdit, commits_down, refuses_commit
from ..common.weapon_picker import WeaponPicker
from ..document import Reloaded, RowsInserted, RowsRemoved, ValueChanged
from .weapon_columns import Column, all_columns, applies
from .weapon_edits import apply_change, rows_of
from .weapons_table import WeaponFilter, WeaponRows, bulk_set, sort_key
from .weapons_yaml import reference_id

CHANGED_FROM_BASE = QColor(255, 236, 170)  # a value that differs from the pack this one extends
NOT_TAKEN = QColor(235, 235, 235)  # a column the weapon's class does not take
TOP_LEVEL = QModelIndex()  # the invisible parent of a table's rows


class WeaponTableModel(QAbstractTableModel):
    """Rows are the entries of the weapons file (a row that does not decode shows its place only), columns
    `weapon_columns.columns()`. An edit of a cell applies to every selected row (`selected_ids`), as one undo
    step. `base` holds the weapons of the packs this one extends, by id."""

    def __init__(self, document, base: dict, parent=None):
        super().__init__(parent)
        self.document, self.base = document, base
        self.columns = all_columns()
        self.selected_ids: Callable[[], list[str]] = lambda: []
        self.problem: Callable[[str], None] = lambda message: None
        self.rename: Callable[[str, str], None] = lambda weapon_id, typed: None  # an Id cell edited (the tab's)
        self.table: WeaponRows = rows_of(document, base)

    def document_changed(self, event) -> None:
        """Called by the tab for each of the document's events, before anything else redraws."""
        self.table = rows_of(self.document, self.base)
        path = event.path if isinstance(event, ValueChanged) else ()
        if len(path) >= 2 and path[0] == "weapons" and isinstance(path[1], int):  # one row's value
            self.dataChanged.emit(self.index(path[1], 0), self.index(path[1], len(self.columns) - 1))
        elif isinstance(event, (ValueChanged, RowsInserted, RowsRemoved, Reloaded)):  # rows came, went or all changed
            self.beginResetModel()
            self.endResetModel()

    def rowCount(self, parent=TOP_LEVEL) -> int:
        return 0 if parent.isValid() else len(self.table)

    def columnCount(self, parent=TOP_LEVEL) -> int:
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal:
            col = self.columns[section]
            if role == Qt.ItemDataRole.DisplayRole:
                return col.header
            if role == Qt.ItemDataRole.ToolTipRole:
                bounds = (
                    f" ({col.minimum}-{col.maximum})" if col.minimum is not None and col.maximum is not None else ""
                )
                described = f": {col.description}" if col.description else ""
                return f"{col.header} ({col.key}){described}{bounds}"  # the whole name of a cut header
        return None

    def weapon_at(self, row: int):
        return self.table.weapons[row]

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        weapon, col = self.table.weapons[index.row()], self.columns[index.column()]
        if weapon is None:  # an entry whose values do not decode: the issues dock says why
            if role == Qt.ItemDataRole.DisplayRole and col.key == "name":
                return f"(entry {index.row() + 1} has errors; see the issues)"
            return None
        taken = applies(col, weapon)
        if role == Qt.ItemDataRole.DisplayRole and col.kind == "bool":
            return "✓" if col.value(weapon) else ""
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return col.text(weapon) if taken else ""
        if role == Qt.ItemDataRole.BackgroundRole:
            if not taken:
                return QBrush(NOT_TAKEN)
            if col.key in self.table.differences(weapon):
                return QBrush(CHANGED_FROM_BASE)
        if role == Qt.ItemDataRole.ToolTipRole:
            original = self.table.differences(weapon).get(col.key)
            if original is not None:
                return f"{weapon.name}: {col.header} {col.text(weapon)}; the extended pack has {original}"
            if not taken:
                return f"a {weapon.unit_class} has no {col.header}"
            return weapon.description or weapon.name
        if role == Qt.ItemDataRole.TextAlignmentRole and col.kind in ("int", "bool"):
            side = Qt.AlignmentFlag.AlignRight if col.kind == "int" else Qt.AlignmentFlag.AlignHCenter
            return int(side | Qt.AlignmentFlag.AlignVCenter)
        return None

    def flags(self, index: QModelIndex):
        base = super().flags(index)
        weapon = self.table.weapons[index.row()] if index.isValid() else None
        if weapon is not None and applies(self.columns[index.column()], weapon):
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def setData(self, index: QModelIndex, value, role=Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or role != Qt.ItemDataRole.EditRole:
            return False
        col, weapon = self.columns[index.column()], self.table.weapons[index.row()]
        if weapon is None:
            return False
        if col.key == "id":  # a rename: the weapon's uses follow it, as one step (weapon_rename.py)
            self.rename(weapon.id, str(value))
            return True
        try:
            typed = col.parse(str(value))
        except ValueError as exc:
            self.problem(str(exc))
            return False
        ids = self.selected_ids()
        if weapon.id not in ids:
            ids = [weapon.id]
        apply_change(self.document, bulk_set(self.table, ids, col.key, typed), self.table.pack_id)
        return True


class WeaponProxy(QSortFilterProxyModel):
    """Sorting by the column's typed value and filtering by a WeaponFilter (class, period, text, nationality)."""

    def __init__(self, model: WeaponTableModel, parent=None):
        super().__init__(parent)
        self.filter = WeaponFilter()
        self.weapons = model  # the source model, typed (sourceModel() is a QAbstractItemModel | None)
        self.setSourceModel(model)

    def set_filter(self, filter_: WeaponFilter) -> None:
        self.filter = filter_
        self.invalidateFilter()

    def filterAcceptsRow(self, row: int, parent: QModelIndex) -> bool:
        weapon = self.weapons.weapon_at(row)
        return weapon is None or self.filter.accepts(weapon)  # a row with errors stays in sight

    def lessThan(self, left: QModelIndex, right: QModelIndex) -> bool:
        col: Column = self.weapons.columns[left.column()]
        model = self.weapons
        a, b = model.weapon_at(left.row()), model.weapon_at(right.row())
        if a is None or b is None:
            return a is not None  # rows with errors last
        return sort_key(col, a) < sort_key(col, b)


class WeaponDelegate(QStyledItemDelegate):
    """Editors bounded by the schema: spin boxes with its minimum and maximum, lists for its enums. `drafted`
    says what is being typed (weapon row, column key, text) before it is committed, for the live plots."""

    drafted = pyqtSignal(int, str, str)
    draftEnded = pyqtSignal()

    def __init__(self, proxy: WeaponProxy, parent=None):
        super().__init__(parent)
        self.proxy = proxy

    def _column(self, index: QModelIndex) -> Column:
        return self.proxy.weapons.columns[index.column()]

    def createEditor(self, parent, option, index):
        col = self._column(index)
        row = self.proxy.mapToSource(index).row()
        if col.kind in ("enum", "bool"):
            editor = QComboBox(parent)
            choices = list(col.choices) if col.kind == "enum" else ["true", "false"]
            editor.addItems([""] * col.blank_is_none + choices)  # a blank leaves an optional key out
            editor.currentTextChanged.connect(lambda text: self.drafted.emit(row, col.key, text))
            return editor
        if col.key == "fires_as":  # another weapon, found by name, alias or id as everywhere a weapon is typed
            return self._weapon_picker(parent, row)
        # any text may be typed; what the column refuses (out of its schema range, not a number) is marked and kept
        line = CheckedLineEdit(col.parse, parent)
        line.textEdited.connect(lambda text: self.drafted.emit(row, col.key, text))
        return line

    def _weapon_picker(self, parent, row: int) -> WeaponPicker:
        """The picker offers the pack's weapons the row's nationalities field (any period: a weapon may fire as an
        older one)."""
        content = self.proxy.weapons.document.content
        picker = WeaponPicker(parent)
        picker.set_choices(content, self.proxy.weapons.weapon_at(row).nationalities)
        return picker

    def eventFilter(self, editor, event) -> bool:
        """Return or Tab on a refused value keeps the editor open, marked, and says why below the table; Return or
        Enter on an accepted one commits it and stays on the row, whose weapon the plots show."""
        if refuses_commit(editor, event):
            self.proxy.weapons.problem(editor.problem())
            return True
        return commits_down(self, editor, event, move_down=False) or super().eventFilter(editor, event)

    def destroyEditor(self, editor, index) -> None:
        self.draftEnded.emit()
        super().destroyEditor(editor, index)

    def setEditorData(self, editor, index) -> None:
        text = str(index.data(Qt.ItemDataRole.EditRole) or "")
        if isinstance(editor, QComboBox):
            editor.setCurrentText(text)
        else:
            editor.setText(text)

    def setModelData(self, editor, model, index) -> None:
        if isinstance(editor, WeaponPicker):
            chosen, content = editor.weapon(), self.proxy.weapons.document.content
            # the id as the file writes it; text that names no weapon is kept as typed (the issues dock says why)
            text = reference_id(chosen, content.pack_id) if chosen is not None else editor.text().strip()
        elif isinstance(editor, QComboBox):
            text = editor.currentText()
        else:
            text = editor.text()
        if text != str(index.data(Qt.ItemDataRole.EditRole) or ""):
            model.setData(index, text, Qt.ItemDataRole.EditRole)
