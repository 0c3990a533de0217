"""The Objectives page of the Properties dock: the scenario's typed objectives as a table (id, name, kind, side,
points, where, hold counting, hidden) with Add and Delete. Every edit goes through objective_edits.py (one undo
step each); the table is rebuilt from `document.model` on every change."""

from __future__ import annotations

import re

from PyQt6.QtCore import Qt, QTimer
from PyQt6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..common.schema_bounds import ANY, schema_node, whole_bound
from ..document import MISSING
from . import objective_edits as obj

# what a designer reads first on the left; the id, which only the file and the reports use, last
COLUMNS = ("Name", "Kind", "For", "Points", "Where", "Hidden", "Every turn", "Id")
NAME, KIND, SIDE, POINTS, WHERE, HIDDEN, EVERY_TURN, ID = range(len(COLUMNS))
TEXT_KEYS = {NAME: "name", ID: "id"}
WHERE_HELP = "capture/hold: a square x,y; exit: an edge (north, east, south, west); destroy: an enemy unit, e.g. B1"


class ObjectivesPage(QWidget):
    def __init__(self):
        super().__init__()
        self.document, self._loading = None, False
        layout = QVBoxLayout(self)
        intro = QLabel(
            "Objectives worth points to one side, beside the rules' objective area. capture: kept once "
            "taken; hold: held at the end (or points every turn); exit: units leaving by an edge; "
            "destroy: an enemy unit. A hidden one is shown to its own side only."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeaderItem(WHERE).setToolTip(WHERE_HELP)
        self.table.itemChanged.connect(self._item_changed)
        layout.addWidget(self.table, 1)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #a0400a;")
        layout.addWidget(self.message)
        buttons = QHBoxLayout()
        self.add = QPushButton("Add objective")
        self.add.clicked.connect(self.add_objective)
        self.remove = QPushButton("Delete objective")
        self.remove.clicked.connect(self.remove_objective)
        buttons.addWidget(self.add)
        buttons.addWidget(self.remove)
        buttons.addStretch(1)
        layout.addLayout(buttons)

    def widget_for(self, path: tuple) -> QWidget | None:
        """The table, with the row of the objective at `path` selected."""
        if path[:1] != ("objectives",):
            return None
        if len(path) >= 2 and isinstance(path[1], int) and path[1] < self.table.rowCount():
            self.table.selectRow(path[1])
        return self.table

    def refresh(self, document) -> None:
        self.document = document
        scenario, content = document.model.scenario, document.content
        profile = content.ruleset if content else None
        sides = profile.side_ids() if profile else ()
        self._loading = True
        try:
            current = self.table.currentRow()
            self.table.setRowCount(0)
            for row, o in enumerate(scenario.objectives):
                self.table.insertRow(row)
                for column, text in ((ID, o.id), (NAME, o.name), (POINTS, str(o.points)), (WHERE, obj.where_text(o))):
                    self.table.setItem(row, column, QTableWidgetItem(text))
                self.table.item(row, WHERE).setToolTip(WHERE_HELP)
                self.table.setCellWidget(row, KIND, self._combo(obj.kinds(), o.kind, row, "kind"))
                names = [profile.side(s).name for s in sides] if profile else list(sides)
                self.table.setCellWidget(row, SIDE, self._combo(sides, o.side, row, "side", names))
                self.table.setItem(row, EVERY_TURN, _check(o.every_turn, enabled=o.kind == "hold"))
                self.table.setItem(row, HIDDEN, _check(o.hidden))
            self.table.setCurrentCell(min(current, self.table.rowCount() - 1), 0)
            self.remove.setEnabled(bool(scenario.objectives))
        finally:
            self._loading = False

    def _combo(self, values, current, row: int, key: str, names=None) -> QComboBox:
        combo = QComboBox()
        for value, name in zip(values, names or values, strict=True):
            combo.addItem(name, value)
        if combo.findData(current) < 0:
            combo.addItem(str(current), current)  # a value the file holds though the ruleset does not know it
        combo.setCurrentIndex(combo.findData(current))
        combo.currentIndexChanged.connect(lambda i: self._edit(row, key, combo.itemData(i)))
        return combo

    # -- edits --------------------------------------------------------------------------------------------------
    def _ready(self) -> bool:
        return not self._loading and self.document is not None and self.document.model.scenario is not None

    def _edit(self, row: int, key: str, value) -> None:
        """After the widget that asked has finished: the edit rebuilds the table (and that widget with it)."""
        if self._ready():
            self.message.setText("")
            QTimer.singleShot(0, lambda: obj.set_objective_value(self.document, row, key, value))

    def _refuse(self, why: str) -> None:
        self.message.setText(why)
        QTimer.singleShot(0, lambda: self.refresh(self.document))  # show what the file holds

    def _item_changed(self, item: QTableWidgetItem) -> None:
        if not self._ready():
            return
        row, column = item.row(), item.column()
        objective = self.document.model.scenario.objectives[row]
        if column in (EVERY_TURN, HIDDEN):
            on = item.checkState() == Qt.CheckState.Checked
            self._edit(row, "every_turn" if column == EVERY_TURN else "hidden", True if on else MISSING)
            return
        text = item.text().strip()
        if column == POINTS:
            low = whole_bound("scenario", "objectives", ANY, "points")
            high = whole_bound("scenario", "objectives", ANY, "points", upper=True)
            if not (text.isdigit() and low <= int(text) <= high):
                return self._refuse(f"points are a whole number from {low} to {high}")
            return self._edit(row, "points", int(text))
        if column == WHERE:
            try:
                key, value = obj.parse_where(objective.kind, text)
            except ValueError as exc:
                return self._refuse(str(exc))
            return self._edit(row, key, value)
        key = TEXT_KEYS[column]
        if key == "id" and text != objective.id:
            pattern = schema_node("scenario", "objectives", ANY, "id")["pattern"]
            if not re.match(pattern, text) or text in {o.id for o in self.document.model.scenario.objectives}:
                return self._refuse("an id is unique, lower case letters, digits, _ and -")
        self._edit(row, key, text if text or key == "id" else MISSING)

    def add_objective(self) -> None:
        """A capture objective for the side of the selected row (else the first side), on the objective area."""
        if not self._ready():
            return
        scenario, content = self.document.model.scenario, self.document.content
        row = self.table.currentRow()
        sides = content.ruleset.side_ids() if content and content.ruleset else ()
        side = scenario.objectives[row].side if 0 <= row < len(scenario.objectives) else (sides[0] if sides else None)
        if side is None:
            return
        obj.add_objective(self.document, "capture", side, obj.least_points())
        self.table.setCurrentCell(self.table.rowCount() - 1, POINTS)

    def remove_objective(self) -> None:
        row = self.table.currentRow()
        if self._ready() and 0 <= row < len(self.document.model.scenario.objectives):
            obj.remove_objective(self.document, row)


def _check(on: bool, enabled: bool = True) -> QTableWidgetItem:
    item = QTableWidgetItem()
    flags = Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsSelectable
    item.setFlags(flags | Qt.ItemFlag.ItemIsEnabled if enabled else flags)
    item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
    return item
