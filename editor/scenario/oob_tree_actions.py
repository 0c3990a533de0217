"""What the order-of-battle tree does besides showing: names edited in place (F2, a double-click, the context
menu's Rename), the weapon cell typed with the weapon picker's completion, and Ctrl+A.

A row's first cell shows "C5  1st Troop  (turn 4)" (a side's row "Allied: Task Force Harlan", the force's name);
its editor holds only the name, and the name goes to the
document as one undo step (oob_model.rename), never through the shown text. A double-click edits and never folds
the row. Ctrl+A selects the rows of the current row's side only: the two sides are two forces, and a selection
across both (which the map would then move as one) is never what a designer means.
"""

from __future__ import annotations

from PyQt6.QtCore import QItemSelection, QItemSelectionModel, Qt, QTimer
from PyQt6.QtGui import QAction, QKeySequence
from PyQt6.QtWidgets import QAbstractItemView, QLineEdit, QStyledItemDelegate, QTreeView

from ..common.weapon_picker import WeaponCellDelegate
from . import oob_model as oob
from .oob_rows import ROLE


class NameDelegate(QStyledItemDelegate):
    """The first column's editor: the formation's or unit's name alone, written as one undo step."""

    def __init__(self, dock):
        super().__init__(dock.tree)
        self.dock = dock

    def setEditorData(self, editor, index) -> None:
        key = index.data(ROLE)
        if isinstance(editor, QLineEdit) and key is not None:
            editor.setText(oob.name_of(self.dock.document, *key))
            editor.selectAll()

    def setModelData(self, editor, model, index) -> None:
        key = index.data(ROLE)
        if isinstance(editor, QLineEdit) and key is not None:
            text = editor.text()
            # after the view has closed its editor: the edit redraws the whole tree
            QTimer.singleShot(0, lambda: self.dock.rename(key, text))


def weapon_choices_for(dock, index) -> tuple:
    """What the weapon picker offers for a unit's row: its side's weapons in the scenario's period."""
    key = index.siblingAtColumn(0).data(ROLE)
    document = dock.document
    if document is None or key is None or document.content is None:
        return (None,)
    scenario = document.model.scenario
    period = scenario.period if scenario is not None else None
    fielding = oob.fielding_nationalities(document.content, scenario, key[0], key[1]) if scenario else ()
    return document.content, fielding, period


def install(dock) -> None:
    """Give the dock's tree its editors, its Rename and Ctrl+A actions and a context menu of them."""
    tree: QTreeView = dock.tree
    tree.setItemDelegateForColumn(0, NameDelegate(dock))
    tree.setItemDelegateForColumn(1, WeaponCellDelegate(tree, lambda index: weapon_choices_for(dock, index)))
    tree.setExpandsOnDoubleClick(False)  # a double-click renames; the arrow folds
    tree.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked | QAbstractItemView.EditTrigger.EditKeyPressed)
    rename = QAction("Rename", tree)
    rename.setShortcut(QKeySequence(Qt.Key.Key_F2))
    rename.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
    rename.triggered.connect(lambda: start_rename(dock))
    select_side = QAction("Select this side's units", tree)
    select_side.setShortcut(QKeySequence.StandardKey.SelectAll)
    select_side.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
    select_side.triggered.connect(lambda: select_side_rows(dock))
    tree.addActions([rename, select_side])
    tree.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
    dock.rename_action, dock.select_side_action = rename, select_side


def start_rename(dock) -> None:
    """Edit the current row's name in place: a side's row names its force, a formation's or unit's row itself."""
    index = dock.tree.currentIndex()
    key = index.siblingAtColumn(0).data(ROLE) if index.isValid() else None
    if key is not None:
        dock.tree.edit(index.siblingAtColumn(0))


def select_side_rows(dock) -> None:
    """Select every formation and unit row of the current row's side (the first side when none is current)."""
    model = dock.model
    side = dock.side()
    top = next((model.item(r) for r in range(model.rowCount()) if model.item(r).data(ROLE)[0] == side), None)
    if top is None:
        return
    selection = QItemSelection()
    for row in range(top.rowCount()):
        formation = top.child(row, 0)
        last = model.columnCount() - 1
        selection.select(formation.index(), formation.index().siblingAtColumn(last))
        if formation.rowCount():
            first_unit = formation.child(0, 0).index()
            selection.select(first_unit, formation.child(formation.rowCount() - 1, 0).index().siblingAtColumn(last))
    flags = QItemSelectionModel.SelectionFlag
    dock.tree.selectionModel().select(selection, flags.ClearAndSelect | flags.Rows)
