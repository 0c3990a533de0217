"""The Sides page of the Properties dock: a column per side (its name and home edge, which the pack's ruleset sets,
then its start line, command delay, starting victory points and unused selection points), and each side's off-map
artillery. A value left unset shows the default the engine plays with (the period's command delay, none)."""

from __future__ import annotations

from PyQt6.QtCore import Qt, QTimer
from PyQt6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..common.schema_bounds import ANY, bounds, whole_bound
from ..common.weapon_picker import WeaponCellDelegate
from ..document import MISSING, Document
from ..qt_present import present
from . import scenario_edits as edits
from .selection_names import SelectionNames

# (scenario key, row label, what an unset value means): a value per side, edited with a spin box
SIDE_ROWS = (
    ("start_lines", "Start line (column)", "none"),
    ("command_delays", "Command delay (pulses)", "period"),
    ("starting_vp", "Starting victory points", "none"),
    ("unused_selection_points", "Unused selection points", "none"),
    ("points", "Points budget (points module)", "none"),
)
BATTERY_COLUMNS = ("Side", "Weapon", "Count", "Name", "Delay")


class SidesPage(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.document: Document | None = None
        self._loading = False
        layout = QVBoxLayout(self)
        self.sides_box = QGroupBox("Sides")
        self.grid = QGridLayout(self.sides_box)
        layout.addWidget(self.sides_box)
        self.note = QLabel("Side names and home edges come from the pack's ruleset; a scenario cannot change them.")
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: grey")
        layout.addWidget(self.note)
        self.spins: dict[tuple[str, str], QSpinBox] = {}
        self.shown_sides: tuple[str, ...] = ()
        artillery = QGroupBox("Off-map artillery")
        column = QVBoxLayout(artillery)
        self.artillery_note = QLabel()
        self.artillery_note.setWordWrap(True)
        column.addWidget(self.artillery_note)
        self.batteries = QTableWidget(0, len(BATTERY_COLUMNS))
        self.batteries.setHorizontalHeaderLabels(BATTERY_COLUMNS)
        present(self.batteries.verticalHeader()).hide()
        self.batteries.itemChanged.connect(self._battery_item_changed)
        self.batteries.setItemDelegateForColumn(1, WeaponCellDelegate(self.batteries, self._battery_choices))
        column.addWidget(self.batteries)
        buttons = QHBoxLayout()
        self.battery_side = QComboBox()
        self.add_battery = QPushButton("Add battery")
        self.add_battery.clicked.connect(self._add_battery)
        self.remove_battery = QPushButton("Delete battery")
        self.remove_battery.clicked.connect(self._remove_battery)
        for widget in (self.battery_side, self.add_battery, self.remove_battery):
            buttons.addWidget(widget)
        buttons.addStretch(1)
        column.addLayout(buttons)
        layout.addWidget(artillery)
        self.selected = SelectionNames()  # the selected formation's and unit's names
        layout.addWidget(self.selected)
        layout.addStretch(1)
        self.keys: list[tuple[str, int]] = []  # table row -> (side, battery row)

    def widget_for(self, path: tuple) -> QWidget | None:
        """The spin box of a side's value, or the artillery table with the battery at `path` selected."""
        if len(path) >= 2 and (path[0], path[1]) in self.spins:
            return self.spins[path[0], path[1]]
        if path[:1] == ("offmap_artillery",):
            key = (path[1], path[2]) if len(path) >= 3 else None
            if key in self.keys:
                self.batteries.selectRow(self.keys.index(key))
            return self.batteries
        return None

    # -- showing ------------------------------------------------------------------------------------------------
    def refresh(self, document) -> None:
        self.document = document
        self._loading = True
        try:
            self._build_grid(document)
            self._show_values(document)
            self._show_batteries(document)
            self.selected.show_document(document)
        finally:
            self._loading = False

    def _sides(self, document) -> tuple[str, ...]:
        profile = document.content.ruleset if document.content else None
        return profile.side_ids() if profile else ()

    def _build_grid(self, document) -> None:
        """A column per side of the ruleset (rebuilt only when the sides change)."""
        sides = self._sides(document)
        if sides == self.shown_sides:
            return
        while self.grid.count():
            widget = present(self.grid.takeAt(0)).widget()
            if widget is not None:
                widget.deleteLater()
        self.spins, self.shown_sides = {}, sides
        profile = document.content.ruleset
        self.side_names, self.home_edges = {}, {}
        for column, side in enumerate(sides, start=1):
            self.side_names[side], self.home_edges[side] = QLabel(), QLabel()
            self.grid.addWidget(self.side_names[side], 0, column)
            self.grid.addWidget(self.home_edges[side], 1, column)
        self.grid.addWidget(QLabel("Home edge"), 1, 0)
        for row, (key, label, unset) in enumerate(SIDE_ROWS, start=2):
            self.grid.addWidget(QLabel(label), row, 0)
            for column, side in enumerate(sides, start=1):
                low, high = bounds("scenario", key, ANY)
                spin = QSpinBox()
                spin.setRange(int(low or 0) - 1, int(high) if high is not None else 2**31 - 1)
                spin.setSpecialValueText(unset)
                spin.valueChanged.connect(lambda v, k=key, s=side, box=spin: self._side_edited(k, s, v, box))
                self.spins[key, side] = spin
                self.grid.addWidget(spin, row, column)
        for side in sides:
            self.side_names[side].setText(f"<b>{profile.side(side).name}</b>")

    def _show_values(self, document) -> None:
        scenario, profile = document.model.scenario, document.content.ruleset if document.content else None
        for side in self.shown_sides:
            found = profile.side(side) if profile else None
            self.home_edges[side].setText(found.home_edge if found else "")
        extra = document.model.parameters.command.out_of_command_extra_delay
        for (key, side), spin in self.spins.items():
            value = dict(getattr(scenario, key)).get(side)
            if key == "command_delays":
                default = edits.period_command_delay(document.content, scenario.period, side)
                spin.setSpecialValueText(f"period: {default}" if default is not None else "period")
                spin.setToolTip(
                    f"in command; out of command adds {extra} (rules 4.3). The lowest value: the "
                    "period table's delay, plus the ruleset's random increase where it has one"
                )
            spin.setValue(spin.minimum() if value is None else int(value))

    def _side_edited(self, key: str, side: str, value: int, spin: QSpinBox) -> None:
        if self._loading or self.document is None or self.document.model.scenario is None:
            return
        edits.set_side_value(self.document, key, side, MISSING if value == spin.minimum() else value)

    # -- off-map artillery ----------------------------------------------------------------------------------------
    def _battery_choices(self, index) -> tuple:
        """The weapon picker's offer for a battery's row: its side's weapons in the scenario's period."""
        document = self.document
        row = index.row()
        if document is None or document.content is None or not 0 <= row < len(self.keys):
            return (None,)
        scenario = document.model.scenario
        side = self.keys[row][0]
        return document.content, document.content.side_nationalities(side), scenario.period if scenario else None

    def _show_batteries(self, document) -> None:
        scenario, content = document.model.scenario, document.content
        profile = content.ruleset if content else None
        battle = profile.battle_type(scenario.battle_type) if profile else None
        command = document.model.parameters.command
        delay = min(command.bombard_delay_command_formation, command.bombard_delay_other)
        assault = (
            ""
            if battle is None or battle.assault
            else f"<br><span style='color: #a0400a'>{battle.name} battles use no off-map artillery "
            "(only assaults).</span>"
        )
        self.artillery_note.setText(
            f"A battery fires {delay} pulses after it is called (the rules' bombardment "
            f"delay, 5.4); the scenario sets no delay of its own.{assault}"
        )
        current = self.battery_side.currentData()
        self.battery_side.clear()
        names = {s.id: s.name for s in profile.sides} if profile else {}  # (the sides shown are the ruleset's)
        for side in self.shown_sides:
            self.battery_side.addItem(names[side], side)
        self.battery_side.setCurrentIndex(max(0, self.battery_side.findData(current)))
        self.keys = []
        self.batteries.setRowCount(0)
        per_side: dict[str, int] = {}
        for battery in scenario.offmap_artillery:
            index = per_side.get(battery.side, 0)
            per_side[battery.side] = index + 1
            self.keys.append((battery.side, index))
            row = self.batteries.rowCount()
            self.batteries.insertRow(row)
            weapon = (
                content.resolve_weapon(battery.weapon, content.side_nationalities(battery.side)) if content else None
            )
            cells = [
                _cell(profile.side(battery.side).name if profile and profile.side(battery.side) else battery.side),
                _cell(battery.weapon, True),
                _cell(str(battery.count), True),
                _cell(battery.name, True),
                _cell(str(delay)),
            ]
            cells[1].setToolTip(weapon.name if weapon else "not a weapon of this pack: see the issues")
            for column, cell in enumerate(cells):
                self.batteries.setItem(row, column, cell)
        self.batteries.resizeColumnsToContents()
        self.remove_battery.setEnabled(bool(self.keys))

    def _offmap_weapon(self, document: Document, side: str):
        """The first off-map weapon the side fields in the scenario's period, for a new battery to start from."""
        content, period = document.content, document.model.scenario.period
        if content is None:
            return None
        nationalities = content.side_nationalities(side)
        return next(
            (
                w
                for w in content.weapons.values()
                if content.is_offmap(w) and w.fielded_by(nationalities) and w.available_in(period)
            ),
            None,
        )

    def _add_battery(self) -> None:
        side = self.battery_side.currentData()
        if self.document is None or side is None:
            return
        weapon = self._offmap_weapon(self.document, side)
        if weapon is None:
            self.artillery_note.setText(f"The pack has no off-map artillery for {side}.")
            return
        count = whole_bound("scenario", "offmap_artillery", ANY, ANY, "count")
        edits.add_side_row(self.document, "offmap_artillery", side, {"weapon": weapon.local_id, "count": count})

    def _remove_battery(self) -> None:
        row = self.batteries.currentRow()
        if self.document is not None and 0 <= row < len(self.keys):
            edits.remove_side_row(self.document, "offmap_artillery", *self.keys[row])

    def _battery_item_changed(self, item: QTableWidgetItem) -> None:
        if self._loading or self.document is None or not 0 <= item.row() < len(self.keys):
            return
        side, index = self.keys[item.row()]
        key = BATTERY_COLUMNS[item.column()].lower()
        text = item.text().strip()
        low = whole_bound("scenario", "offmap_artillery", ANY, ANY, "count")
        high = whole_bound("scenario", "offmap_artillery", ANY, ANY, "count", upper=True)
        if key == "count" and not (text.isdigit() and low <= int(text) <= high):
            QTimer.singleShot(0, lambda: self.refresh(self.document))  # show what the file holds
            return
        if key == "weapon" and not text:
            QTimer.singleShot(0, lambda: self.refresh(self.document))
            return
        value = int(text) if key == "count" else text if text else MISSING
        # after the table has finished with the edited item: the edit redraws the table
        QTimer.singleShot(
            0, lambda: edits.set_side_row_value(self.document, "offmap_artillery", side, index, key, value)
        )


def _cell(text: str, editable: bool = False) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    if not editable:
        item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
    return item
