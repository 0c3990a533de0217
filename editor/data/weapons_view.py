"""The weapon table's Qt model, sorting/filtering proxy and schema-bounded cell editors. They draw the document's
typed table and send every edit to it as a TableChange; they hold no values of their own."""

from __future__ import annotations

from typing import Callable

from PyQt6.QtCore import QAbstractTableModel, QModelIndex, QSortFilterProxyModel, Qt, pyqtSignal
from PyQt6.QtGui import QBrush, QColor
from PyQt6.QtWidgets import QComboBox, QLineEdit, QSpinBox, QStyledItemDelegate

from .weapon_columns import Column, applies, columns
from .weapons_document import WeaponsDocument
from .weapons_table import WeaponFilter, bulk_set, sort_key

CHANGED_FROM_BASE = QColor(255, 236, 170)  # a value that differs from the pack this one extends
NOT_TAKEN = QColor(235, 235, 235)  # a column the weapon's class does not take


class WeaponTableModel(QAbstractTableModel):
    """Rows are the table's weapons, columns `weapon_columns.columns()`. An edit of a cell applies to every
    selected row (`selected_ids`), as one undo step."""

    def __init__(self, document: WeaponsDocument, parent=None):
        super().__init__(parent)
        self.document = document
        self.columns = columns()
        self.selected_ids: Callable[[], list[str]] = lambda: []
        self.problem: Callable[[str], None] = lambda message: None
        document.table.before_listeners.append(self._table_changing)
        # first: whatever reacts to the document's own signal (filters, plots) reads this model already updated
        document.table.listeners.insert(0, self._table_changed)

    @property
    def table(self):
        return self.document.table

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.table)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal:
            col = self.columns[section]
            if role == Qt.ItemDataRole.DisplayRole:
                return col.header
            if role == Qt.ItemDataRole.ToolTipRole:
                bounds = f" ({col.minimum}-{col.maximum})" if col.minimum is not None and col.maximum is not None else ""
                return f"{col.key}: {col.description or col.header}{bounds}"
        return None

    def weapon_at(self, row: int):
        return self.table.weapons[row]

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        weapon, col = self.table.weapons[index.row()], self.columns[index.column()]
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
        if index.isValid() and applies(self.columns[index.column()], self.table.weapons[index.row()]):
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def setData(self, index: QModelIndex, value, role=Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or role != Qt.ItemDataRole.EditRole:
            return False
        col, weapon = self.columns[index.column()], self.table.weapons[index.row()]
        try:
            typed = col.parse(str(value))
        except ValueError as exc:
            self.problem(str(exc))
            return False
        ids = self.selected_ids()
        if weapon.id not in ids:
            ids = [weapon.id]
        self.document.push_change(bulk_set(self.table, ids, col.key, typed))
        return True

    def _table_changing(self, change, reverted) -> None:
        if change.adds_or_removes:
            self.beginResetModel()

    def _table_changed(self, change, reverted) -> None:
        if change.adds_or_removes:
            self.endResetModel()
            return
        for r in change.rows:
            self.dataChanged.emit(self.index(r.index, 0), self.index(r.index, len(self.columns) - 1))


class WeaponProxy(QSortFilterProxyModel):
    """Sorting by the column's typed value and filtering by a WeaponFilter (class, period, text, nationality)."""

    def __init__(self, model: WeaponTableModel, parent=None):
        super().__init__(parent)
        self.filter = WeaponFilter()
        self.setSourceModel(model)

    def set_filter(self, filter_: WeaponFilter) -> None:
        self.filter = filter_
        self.invalidateFilter()

    def filterAcceptsRow(self, row: int, parent: QModelIndex) -> bool:
        return self.filter.accepts(self.sourceModel().weapon_at(row))

    def lessThan(self, left: QModelIndex, right: QModelIndex) -> bool:
        col: Column = self.sourceModel().columns[left.column()]
        model = self.sourceModel()
        return sort_key(col, model.weapon_at(left.row())) < sort_key(col, model.weapon_at(right.row()))


class WeaponDelegate(QStyledItemDelegate):
    """Editors bounded by the schema: spin boxes with its minimum and maximum, lists for its enums. `drafted`
    says what is being typed (weapon row, column key, text) before it is committed, for the live plots."""

    drafted = pyqtSignal(int, str, str)
    draftEnded = pyqtSignal()

    def __init__(self, proxy: WeaponProxy, parent=None):
        super().__init__(parent)
        self.proxy = proxy

    def _column(self, index: QModelIndex) -> Column:
        return self.proxy.sourceModel().columns[index.column()]

    def createEditor(self, parent, option, index):
        col = self._column(index)
        row = self.proxy.mapToSource(index).row()
        if col.kind == "int" and not (col.optional and col.attribute == "legacy_number"):
            editor = QSpinBox(parent)
            editor.setButtonSymbols(QSpinBox.ButtonSymbols.NoButtons)  # the cell is as narrow as its numbers
            editor.setRange(col.minimum if col.minimum is not None else 0,
                            col.maximum if col.maximum is not None else 2**31 - 1)
            line = editor.lineEdit()
        elif col.kind in ("enum", "bool"):
            editor = QComboBox(parent)
            editor.addItems(list(col.choices) if col.kind == "enum" else ["true", "false"])
            editor.currentTextChanged.connect(lambda text: self.drafted.emit(row, col.key, text))
            return editor
        else:
            editor = line = QLineEdit(parent)
        line.textEdited.connect(lambda text: self.drafted.emit(row, col.key, text))
        return editor

    def destroyEditor(self, editor, index) -> None:
        self.draftEnded.emit()
        super().destroyEditor(editor, index)

    def setEditorData(self, editor, index) -> None:
        text = str(index.data(Qt.ItemDataRole.EditRole) or "")
        if isinstance(editor, QSpinBox):
            editor.setValue(int(text) if text.lstrip("-").isdigit() else 0)
        elif isinstance(editor, QComboBox):
            editor.setCurrentText(text)
        else:
            editor.setText(text)

    def setModelData(self, editor, model, index) -> None:
        if isinstance(editor, QSpinBox):
            text = editor.text()
        elif isinstance(editor, QComboBox):
            text = editor.currentText()
        else:
            text = editor.text()
        if text != str(index.data(Qt.ItemDataRole.EditRole) or ""):
            model.setData(index, text, Qt.ItemDataRole.EditRole)
