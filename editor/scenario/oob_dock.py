"""The Order of battle dock: a tree per side (command HQ, formations A-U, units 0-9) with the selection-point total
against the budget and a handicap preview always in view. It draws `oob_model.order_of_battle` and edits through
oob_model's functions (each one undo step); it redraws from the document on every change and holds no truth.
"""

from __future__ import annotations

from PyQt6.QtCore import QItemSelectionModel, Qt, QTimer
from PyQt6.QtGui import QColor, QStandardItem, QStandardItemModel
from PyQt6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from ..document import MISSING
from . import oob_model as oob
from .arrival_edits import arrival_label
from .arrival_form import ArrivalForm
from .unit_drop import MIME_TYPE, UnitTree, mime_for
from .unit_selection import selection_for

COLUMNS = ("Unit", "Weapon", "Count", "SIW", "Transport", "Facing", "Speed", "Range", "Square")
EDITABLE = {1: "weapon", 2: "count", 3: "siw", 5: "facing", 6: "speed", 7: "target_range"}  # column -> unit key
NUMBERS = ("count", "speed", "target_range")  # whole numbers; an emptied speed or range goes back to its default
TREE_ROWS = 6  # the least the tree shows of a force when the dock is short
ROLE = Qt.ItemDataRole.UserRole  # (side, formation row, unit row) on the first column; rows None above them


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
                self.model.appendRow(self._side_row(order))
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

    def _side_row(self, order: oob.SideOrder) -> list[QStandardItem]:
        profile = self.document.content.ruleset
        side_name = profile.side(order.side).name if profile and profile.side(order.side) else order.side
        head = _item(f"{side_name}: {order.name}" if order.name else side_name, (order.side, None, None))
        for row, node in enumerate(order.formations):
            f = node.formation
            price = f"{node.cost} SP" if node.cost is not None else "by hand"
            arrives = arrival_label(f.arrives)
            formation = _item(
                f"{f.letter}  {f.name}  ({price}{', ' + arrives if arrives else ''})", (order.side, row, None)
            )
            formation.setDragEnabled(True)
            for unit_row, u in enumerate(node.units):
                weapon = u.weapon.name if u.weapon else f"? {u.unit.weapon}"
                transport = (
                    f"{u.transport_used} of {u.capacity}"
                    if u.capacity is not None
                    else f"rides in {u.unit.carrier}"
                    if u.unit.carrier
                    else ""
                )
                square = f"{u.unit.at[0]},{u.unit.at[1]}" if u.unit.at else ""
                arrives = arrival_label(u.unit.arrives)
                label = f"{u.unit_id}  {u.unit.name}" + (f"  ({arrives})" if arrives else "")
                speed, reach = _starting_orders(u)
                cells = [
                    _item(label, (order.side, row, unit_row)),
                    _item(weapon),
                    _item(str(u.unit.count)),
                    _item(u.unit.siw or ""),
                    _item(transport),
                    _item(u.unit.facing or ""),
                    speed,
                    reach,
                    _item(square),
                ]
                for column in EDITABLE:
                    cells[column].setEditable(True)
                cells[0].setDragEnabled(True)
                cells[1].setText(u.unit.weapon)  # edited as written (an id or any alias)
                cells[1].setToolTip(weapon)
                formation.appendRow(cells)
            head.appendRow([formation] + [_item("") for _ in COLUMNS[1:]])
        return [head] + [_item("") for _ in COLUMNS[1:]]

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
        self.budget.setText(f"<span style='color:{colour}'>Selection points — " + "; ".join(parts) + "</span>")
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
            for item in _walk(self.model.item(top)):
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
                for item in _walk(self.model.item(top))
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
            self.templates.addItem(f"{t.name} ({t.cost} SP)", t.id)

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

    def _ask_weapon(self, title: str):
        text, ok = QInputDialog.getText(self, title, "Weapon (id or name, e.g. sherman, PZ-IVH):")
        if not ok or not text:
            return None, 0
        weapon = self.document.content.resolve_weapon(
            text.strip(), self.document.content.side_nationalities(self.side())
        )
        if weapon is None:
            QMessageBox.warning(self, title, f"No weapon '{text}' in this pack.")
            return None, 0
        count, ok = QInputDialog.getInt(self, title, f"How many {weapon.name}:", 1, 1, 255)
        return (weapon, count) if ok else (None, 0)

    def add_by_hand(self) -> None:
        side = self.side()
        if side is None:
            return
        name, ok = QInputDialog.getText(self, "Add formation", "Formation name:", text="New formation")
        weapon, count = self._ask_weapon("Formation HQ") if ok else (None, 0)
        if weapon is not None:
            self._run(lambda: oob.add_hand_formation(self.document, side, weapon, count, name))

    def add_unit(self) -> None:
        key = self.selection()
        if key is None or key[1] is None:
            return
        weapon, count = self._ask_weapon("Add unit")
        if weapon is not None:
            self._run(lambda: oob.add_unit(self.document, key[0], key[1], weapon, count))

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

    def _item_changed(self, item: QStandardItem) -> None:
        if self._drawing or self.document is None:
            return
        key = self.model.itemFromIndex(item.index().siblingAtColumn(0)).data(ROLE)
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


def _starting_orders(u) -> tuple[QStandardItem, QStandardItem]:
    """The speed and target-range cells of a unit: its scenario's values, else the defaults (halted; its weapon's
    MR) greyed, which typing over sets."""
    cells = []
    for value, default, meaning in (
        (u.unit.speed, 0, "halted"),
        (u.unit.target_range, u.weapon.mr if u.weapon else None, "its weapon's MR"),
    ):
        cell = _item(str(value if value is not None else default if default is not None else ""))
        if value is None:
            cell.setForeground(QColor("gray"))
            cell.setToolTip(f"the default ({meaning}); type a value to give this unit its own")
        cells.append(cell)
    return cells[0], cells[1]


def _item(text: str, key=None) -> QStandardItem:
    item = QStandardItem(text)
    item.setEditable(False)
    item.setDragEnabled(False)
    if key is not None:
        item.setData(key, ROLE)
    return item


def _walk(item: QStandardItem):
    yield item
    for row in range(item.rowCount()):
        child = item.child(row, 0)
        if child is not None:
            yield from _walk(child)
