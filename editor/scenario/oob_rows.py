"""The rows of the order-of-battle tree (oob_dock.py): a side's row, its formations' rows and a row of cells per
unit, built from `oob_model.order_of_battle`; each row's first cell carries its key (side, formation row, unit
row), and the cells a designer may type in are editable (the name, the weapon and the unit's numbers). The weapon
cell shows the weapon's name, its id as the file writes it in the tooltip."""

from __future__ import annotations

from PyQt6.QtCore import Qt
from PyQt6.QtGui import QColor, QStandardItem

from ..common.weapon_picker import WRITTEN
from . import oob_model as oob
from .arrival_edits import arrival_label

COLUMNS = ("Unit", "Weapon", "Count", "SIW", "Transport", "Facing", "Speed", "Range", "Square", "Points", "Rating")
EDITABLE = {1: "weapon", 2: "count", 3: "siw", 5: "facing", 6: "speed", 7: "target_range"}  # column -> unit key
TRANSPORT = COLUMNS.index("Transport")  # a rider's carrier, typed (oob_model.set_carrier)
ROLE = Qt.ItemDataRole.UserRole  # (side, formation row, unit row) on the first column; rows None above them


def side_row(content, order: oob.SideOrder) -> list[QStandardItem]:
    """A side's row: its formations, each with its units, one row of cells per unit."""
    profile = content.ruleset
    side_name = profile.side(order.side).name if profile and profile.side(order.side) else order.side
    head = _item(f"{side_name}: {order.name}" if order.name else side_name, (order.side, None, None))
    head.setEditable(True)  # the force's name (oob_tree_actions.NameDelegate)
    for row, node in enumerate(order.formations):
        f = node.formation
        price = f"{node.cost} SP" if node.cost is not None else "by hand"
        if order.uses_points and node.points is not None:
            price += f", {node.points} pts"
        arrives = arrival_label(f.arrives)
        formation = _item(
            f"{f.letter}  {f.name}  ({price}{', ' + arrives if arrives else ''})", (order.side, row, None)
        )
        formation.setDragEnabled(True)
        formation.setEditable(True)  # its name (oob_tree_actions.NameDelegate)
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
                _item("" if u.points is None else str(u.points)),
                _item("" if u.rating is None else str(u.rating)),
            ]
            for column in EDITABLE:
                cells[column].setEditable(True)
            if u.capacity is None:  # a unit that lifts nobody may ride: its carrier is typed here (C4; empty: on foot)
                cells[TRANSPORT].setEditable(True)
                cells[TRANSPORT].setToolTip("the carrier it rides in, as its id (C4); empty: it goes on foot")
            cells[0].setDragEnabled(True)
            cells[0].setEditable(True)  # its name
            # the name shows; the reference as written (an id or any alias) is the tooltip and what F2 edits
            cells[1].setData(u.unit.weapon, WRITTEN)
            cells[1].setToolTip(u.unit.weapon)
            cells[9].setToolTip("tabletop points: count x the weapon's (docs/rules.md 16.4)")
            cells[10].setToolTip("what it adds to its side's battle rating (docs/rules.md 16.1)")
            formation.appendRow(cells)
        head.appendRow([formation] + [_item("") for _ in COLUMNS[1:]])
    return [head] + [_item("") for _ in COLUMNS[1:]]


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


def walk(item: QStandardItem):
    yield item
    for row in range(item.rowCount()):
        child = item.child(row, 0)
        if child is not None:
            yield from walk(child)
