"""The Order of battle dock: a tree per side (command HQ, formations A-U, units 0-9) with the selection-point total
against the budget and a handicap preview always in view. It draws `oob_model.order_of_battle` and edits through
oob_model's functions (each one undo step); it redraws from the document on every change and holds no truth.
"""

from __future__ import annotations

from PyQt6.QtCore import QItemSelectionModel, Qt, QTimer
from PyQt6.QtGui import QStandardItem, QStandardItemModel
from PyQt6.QtWidgets import (
    QComboBox,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from ..common.weapon_picker import UnitDialog
from ..document import MISSING
from . import oob_model as oob
from . import oob_tree_actions
from .arrival_form import ArrivalForm
from .oob_rows import COLUMNS, EDITABLE, ROLE, TRANSPORT, side_row, walk
from .unit_drop import MIME_TYPE, UnitTree, mime_for
from .unit_selection import selection_for

NUMBERS = ("count", "speed", "target_range")  # whole numbers; an emptied speed or range goes back to its default
TREE_ROWS = 6  # the least the tree shows of a force when the dock is short


class OobItems(QStandardItemModel):
    """The tree's items; dragging a unit or formation carries what unit_drop.py needs to place it on the map."""

    def __init__(self, dock: OobDock):
        super().__init__(0, len(COLUMNS))
        self.dock = dock

    def mimeTypes(self) -> list[str]:
        return [MIME_TYPE]

    def mimeData(self, indexes):
        key = self.itemFromIndex(indexes[0].siblingAtColumn(0)).data(ROLE) if indexes else None
        if key is None or key[1] is None or self.dock.document is None:
            return None
        return mime_for(self.dock.document.path, *key)


class OobDock(QWidget):
    clipboard = None  # a copied formation, shared by every dock (paste into another scenario)

    def __init__(self):
        super().__init__()
        self.document = None
        self.units_selected = None  # the scenario's UnitSelection, shared with its map view
        self._drawing = self._telling_map = False
        outer = QVBoxLayout(self)  # scrolls when the dock is shorter than the tree, the Arrives form and the buttons
        outer.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        outer.addWidget(scroll)
        inner = QWidget()
        scroll.setWidget(inner)
        layout = QVBoxLayout(inner)
        self.budget = QLabel()
        self.budget.setWordWrap(True)
        self.handicap = QLabel()
        self.handicap.setWordWrap(True)
        for label in (self.budget, self.handicap):  # wrapped to the dock's width, never widening it
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            layout.addWidget(label)
        self.model = OobItems(self)
        self.model.setHorizontalHeaderLabels(COLUMNS)
        self.model.itemChanged.connect(self._item_changed)
        self.tree = UnitTree(lambda: self.document.model.scenario if self.document is not None else None)
        self.tree.setModel(self.model)
        self.tree.setSelectionBehavior(QTreeView.SelectionBehavior.SelectRows)
        self.tree.setDragEnabled(True)  # a unit or formation onto the map view
        self.tree.setDragDropMode(QTreeView.DragDropMode.DragOnly)
        self.tree.selectionModel().currentChanged.connect(lambda *_: self._fill_templates())
        self.tree.setSelectionMode(QTreeView.SelectionMode.ExtendedSelection)  # several units, as on the map
        self.tree.selectionModel().selectionChanged.connect(self._tree_selection_changed)
        self.tree.setMinimumHeight(self.tree.fontMetrics().lineSpacing() * TREE_ROWS)  # else scrolled to nothing
        layout.addWidget(self.tree, 1)
        oob_tree_actions.install(self)  # rename in place, the weapon picker in its cell, Ctrl+A within a side
        self.arrival = ArrivalForm()  # when and where the selected formation or unit arrives
        self.tree.selectionModel().currentChanged.connect(
            lambda *_: self.arrival.show_selection(self.document, self.selection())
        )
        layout.addWidget(self.arrival)
        row = QHBoxLayout()
        self.templates = QComboBox()
        self.templates.setMinimumContentsLength(16)
        self.templates.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        row.addWidget(self.templates, 1)
        self.add_template = QPushButton("Add from template")
        self.add_template.clicked.connect(self.add_from_template)
        row.addWidget(self.add_template)
        layout.addLayout(row)
        buttons = QGridLayout()  # two rows: the dock stays narrow beside the map
        for i, (text, slot) in enumerate(
            (
                ("Add formation…", self.add_by_hand),
                ("Add unit…", self.add_unit),
                ("Delete", self.delete),
                ("Copy", self.copy),
                ("Paste", self.paste),
            )
        ):
            button = QPushButton(text)
            button.clicked.connect(slot)
            button.setObjectName(text.rstrip("…").lower().replace(" ", "_"))
            buttons.addWidget(button, i // 3, i % 3)
        layout.addLayout(buttons)
        self.show_document(None)

    # -- showing ------------------------------------------------------------------------------------------------
    def show_document(self, document) -> None:
        if self.document is not None:
            try:
                self.document.changed.disconnect(self.redraw)
            except (TypeError, RuntimeError):
                pass
        if self.units_selected is not None:
            try:
                self.units_selected.changed.disconnect(self.show_units)
            except (TypeError, RuntimeError):  # the document (which owns it) is gone
                pass
        self.document = document if document is not None and document.kind == "scenario" else None
        self.units_selected = selection_for(self.document) if self.document is not None else None
        if self.document is not None:
            self.document.changed.connect(self.redraw)
            self.units_selected.changed.connect(self.show_units)
        self.redraw()

    def orders(self) -> tuple[oob.SideOrder, ...]:
        document = self.document
        if document is None or document.model.scenario is None or document.content is None:
            return ()
        return oob.order_of_battle(document.content, document.model.scenario)

    def redraw(self, _event=None) -> None:
        selected = self.selection()
        self._drawing = True
        try:
            self.model.removeRows(0, self.model.rowCount())
            orders = self.orders()
            for order in orders:
                self.model.appendRow(side_row(self.document.content, order))
            self.tree.expandAll()
            for column in range(len(COLUMNS)):
                self.tree.resizeColumnToContents(column)
            self._show_totals(orders)
            self._select(selected)
            formation_current = selected is not None and selected[1] is not None and selected[2] is None
            if self.units_selected is not None and self.units_selected.keys and not formation_current:
                self.show_units(self.units_selected.keys, current=selected)  # a formation row stays the current one
        finally:
            self._drawing = False
        self._fill_templates()
        self.arrival.show_selection(self.document, self.selection())

    def _show_totals(self, orders) -> None:
        if not orders:
            self.budget.setText(
                "No scenario open" if self.document is None else "The scenario cannot be read: see the issues"
            )
            self.handicap.setText("")
            return
        parts, over = [], False
        for order in orders:
            budget = "no budget" if order.budget is None else f"{order.spent} of {order.budget} SP"
            over |= order.budget is not None and order.spent > order.budget
            hand = f", {order.hand_built} by hand (not priced)" if order.hand_built else ""
            parts.append(f"<b>{order.side}</b>: {budget}{hand}")
        colour = "#b00020" if over else "#1b5e20"
        text = f"<span style='color:{colour}'>Selection points — " + "; ".join(parts) + "</span>"
        self.budget.setText(text + oob.points_totals(orders))
        content = self.document.content
        level = self.document.model.scenario.handicap
        rows = [
            f"{o.side} "
            + " / ".join(
                f"<u>{o.strength(content, n)}</u>" if n == level else str(o.strength(content, n))
                for n in oob.HANDICAP_LEVELS
            )
            for o in orders
        ]
        self.handicap.setText("Strength at handicap 1 / 2 / 3 / 4 / 5 (this scenario's underlined): " + "; ".join(rows))

    # -- selection ----------------------------------------------------------------------------------------------
    def selection(self) -> tuple | None:
        index = self.tree.currentIndex()
        if not index.isValid():
            return None
        return self.model.itemFromIndex(index.siblingAtColumn(0)).data(ROLE)

    def _select(self, key) -> None:
        if key is None:
            return
        for top in range(self.model.rowCount()):
            for item in walk(self.model.item(top)):
                if item.data(ROLE) == key:
                    self.tree.setCurrentIndex(item.index())
                    return

    def show_units(self, keys, current=None) -> None:
        """Select the rows of the units `keys` (the map selected them), without telling the map back; the row of
        `current` (a key among them) becomes the current one, else the first."""
        if self._telling_map:
            return  # the tree's own selection, going to the map
        drawing, self._drawing = self._drawing, True
        try:
            flags = QItemSelectionModel.SelectionFlag
            self.tree.selectionModel().clearSelection()
            rows = [
                item.index()
                for top in range(self.model.rowCount())
                for item in walk(self.model.item(top))
                if item.data(ROLE) in keys
            ]
            for index in rows:
                self.tree.selectionModel().select(index, flags.Select | flags.Rows)
            if rows:
                first = next((i for i in rows if self.model.itemFromIndex(i).data(ROLE) == current), rows[0])
                self.tree.selectionModel().setCurrentIndex(first, flags.NoUpdate)
                self.tree.scrollTo(first)
        finally:
            self._drawing = drawing

    def _tree_selection_changed(self, *_) -> None:
        """The tree's selected units (a formation's row: all its units) become the map's selection."""
        if self._drawing or self.units_selected is None:
            return
        keys = set()
        for index in self.tree.selectionModel().selectedRows(0):
            side, formation_row, unit_row = self.model.itemFromIndex(index).data(ROLE) or (None, None, None)
            if unit_row is not None:
                keys.add((side, formation_row, unit_row))
            elif formation_row is not None:
                units = self.document.model.scenario.force(side).formations[formation_row].units
                keys.update((side, formation_row, row) for row in range(len(units)))
        self._telling_map = True
        try:
            self.units_selected.set(keys)
        finally:
            self._telling_map = False

    def select_unit(self, uid: str) -> bool:
        """Select the unit a battle calls `uid` ("allied:C5": side, then formation letter and unit index); False
        when the scenario shown has none (off-map artillery, or a unit removed since the battle)."""
        side, _, unit_id = uid.partition(":")
        for order in self.orders():
            for row, node in enumerate(order.formations):
                for unit_row, unit in enumerate(node.units):
                    if order.side == side and unit.unit_id == unit_id:
                        self._select((side, row, unit_row))
                        self.tree.scrollTo(self.tree.currentIndex())
                        return True
        return False

    def side(self) -> str | None:
        key = self.selection()
        if key is not None:
            return key[0]
        orders = self.orders()
        return orders[0].side if orders else None

    def _fill_templates(self) -> None:
        self.templates.clear()
        side = self.side()
        if side is None or not self.orders():
            return
        for t in oob.templates_for(self.document.content, self.document.model.scenario, side):
            points = f", {t.points} pts" if self.orders()[0].uses_points and t.points is not None else ""
            self.templates.addItem(f"{t.name} ({t.cost} SP{points})", t.id)

    # -- edits --------------------------------------------------------------------------------------------------
    def _run(self, edit) -> None:
        try:
            edit()
        except oob.OobError as exc:
            QMessageBox.warning(self, "Order of battle", str(exc))

    def add_from_template(self) -> None:
        side, ref = self.side(), self.templates.currentData()
        if side is not None and ref is not None:
            template = self.document.content.formation(ref)
            self._run(lambda: oob.add_template_formation(self.document, side, template))

    def ask_unit(self, title: str, name: str = "", formation_row: int | None = None):
        """(name, weapon, count) from the unit dialog (the weapon picked with completion among what the side
        fields in the scenario's period), or None if cancelled."""
        content, scenario, side = self.document.content, self.document.model.scenario, self.side() or ""
        fielding = oob.fielding_nationalities(content, scenario, side, formation_row)
        dialog = UnitDialog(self, title, content, fielding, scenario.period, name=name)
        return dialog.result_unit() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def add_by_hand(self) -> None:
        """A formation by hand: its name and its HQ unit (weapon and count), asked in one dialog."""
        side = self.side()
        if side is None:
            return
        asked = self.ask_unit("Add formation: its name, and its HQ's weapon", "New formation")
        if asked is not None:
            name, weapon, count = asked
            self._run(lambda: oob.add_hand_formation(self.document, side, weapon, count, name))

    def add_unit(self) -> None:
        key = self.selection()
        if key is None or key[1] is None:
            return
        asked = self.ask_unit("Add unit", formation_row=key[1])
        if asked is not None:
            name, weapon, count = asked
            self._run(lambda: oob.add_unit(self.document, key[0], key[1], weapon, count, name))

    def rename(self, key, name: str) -> None:
        """The side's force, formation or unit `key` is called `name` (one undo step)."""
        if self.document is not None and key is not None:
            self._run(lambda: oob.rename(self.document, key[0], key[1], key[2], name))

    def delete(self) -> None:
        key = self.selection()
        if key is None or key[1] is None:
            return
        if key[2] is None:
            oob.remove_formation(self.document, key[0], key[1])
        else:
            oob.remove_unit(self.document, key[0], key[1], key[2])

    def copy(self) -> None:
        key = self.selection()
        if key is not None and key[1] is not None:
            OobDock.clipboard = oob.copy_formation(self.document, key[0], key[1])

    def paste(self) -> None:
        side = self.side()
        if side is not None and OobDock.clipboard is not None:
            self._run(lambda: oob.paste_formation(self.document, side, OobDock.clipboard))

    def _set_carrier(self, key, text: str) -> None:
        try:
            oob.set_carrier(self.document, key[0], key[1], key[2], text)
        except oob.OobError as exc:
            self.redraw()  # the cell shows the carrier the file still holds
            QMessageBox.warning(self, "Order of battle", str(exc))

    def _item_changed(self, item: QStandardItem) -> None:
        if self._drawing or self.document is None:
            return
        key = self.model.itemFromIndex(item.index().siblingAtColumn(0)).data(ROLE)
        if item.column() == TRANSPORT and key is not None and key[2] is not None:
            text = item.text()
            QTimer.singleShot(0, lambda: self._set_carrier(key, text))  # after the view is done with the item
            return
        field = EDITABLE.get(item.column())
        if key is None or key[2] is None or field is None:
            return
        text = item.text().strip()
        if (field in NUMBERS and text and not text.isdigit()) or (field in ("weapon", "count") and not text):
            QTimer.singleShot(0, self.redraw)  # not a number: show the value the file holds
            return
        value = int(text) if field in NUMBERS and text else text if text else MISSING
        # after the view has finished with the edited item: the edit redraws the whole tree
        QTimer.singleShot(
            0,
            lambda: oob.set_unit_value(
                self.document, key[0], key[1], key[2], field, value, f"Change {field} of {key[0]} unit"
            ),
        )
