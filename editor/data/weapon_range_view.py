"""The table by range (weapon_range_table.py): the selected weapon firing at the targets chosen in the kill plot
(or the first enemies it would meet), or fired at by the enemies' weapons, one column per range band, as kill
probability, expected kills or penetration. The numbers are those of `tacforge calc`, printed as it prints them
(three places, half up)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from PyQt6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from .weapon_plots import FireSettings, armoured_targets, direct_firers, opponents
from .weapon_range_table import MEASURES, fired_at_table, range_bands, range_table

OUT_OF_RANGE = "-"
FIRES_AT, FIRED_AT = "fires at", "is fired at by"
ROWS_FIRED_AT = 8  # the enemy weapons listed against a vehicle


def half_up(x: Fraction, places: int = 3) -> str:
    """As calc prints a value: rounded half up, three places."""
    exact = Decimal(x.numerator) / Decimal(x.denominator)
    return str(exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


class RangeTableDialog(QDialog):
    def __init__(self, tab) -> None:
        super().__init__(tab)
        self.tab = tab
        self.setWindowTitle("By range")
        self.resize(760, 360)
        self.direction = QComboBox()
        self.direction.addItems([FIRES_AT, FIRED_AT])
        self.measure = QComboBox()
        self.measure.addItems(list(MEASURES))
        self.facing = QComboBox()
        self.facing.addItems(["front", "back"])
        self.step = QSpinBox()
        self.step.setRange(1, 20)
        self.step.setValue(2)
        self.pulses = QSpinBox()
        self.pulses.setRange(1, 20)
        self.count = QSpinBox()
        self.count.setRange(1, 99)
        controls = QHBoxLayout()
        for label, widget in (
            ("selected", self.direction),
            ("", self.measure),
            ("armour", self.facing),
            ("every", self.step),
            ("P", self.pulses),
            ("N", self.count),
        ):
            if label:
                controls.addWidget(QLabel(label))
            controls.addWidget(widget)
            signal = widget.currentIndexChanged if isinstance(widget, QComboBox) else widget.valueChanged
            signal.connect(lambda _: self.redraw())
        controls.addStretch(1)
        self.title = QLabel(" ")
        self.table = QTableWidget()
        layout = QVBoxLayout(self)
        layout.addLayout(controls)
        layout.addWidget(self.title)
        layout.addWidget(self.table, 1)
        self.rows: list = []
        self.ranges: list[int] = []

    def settings(self) -> FireSettings:
        return FireSettings(self.facing.currentText(), self.pulses.value(), self.count.value())

    def refill(self) -> None:
        self.redraw()

    @property
    def fired_at(self) -> bool:
        return self.direction.currentText() == FIRED_AT

    def others(self, inputs) -> list:
        """The targets of the selected weapon (the kill plot's choice, or the first enemies it would meet), or
        the enemy weapons that would fire at it."""
        kills = self.tab.plots.kills
        if kills.fired_at == self.fired_at and (chosen := kills.others(inputs)):
            return chosen
        found = (direct_firers if self.fired_at else armoured_targets)(inputs.content, inputs.pool, None)
        return opponents(inputs.content, found, inputs.firer, limit=ROWS_FIRED_AT if self.fired_at else 4)

    def redraw(self) -> None:
        inputs = self.tab.inputs()
        firer = inputs.firer
        if firer is None or inputs.content.ruleset is None:
            self.title.setText("select a weapon in the table")
            self.table.setRowCount(0)
            return
        others, s, measure = self.others(inputs), self.settings(), self.measure.currentText()
        if self.fired_at:
            self.ranges = range_bands(max((f.mr for f in others), default=0), self.step.value())
            self.rows = fired_at_table(inputs.content, others, firer, self.ranges, s)
            armour = firer.fa if s.facing == "front" else firer.ba
            what = f"at {firer.name} ({s.facing} armour {armour}), N {s.count}, pulse {s.pulses}"
        else:
            self.ranges = range_bands(firer.mr, self.step.value())
            self.rows = range_table(inputs.content, firer, others, self.ranges, s)
            what = f"{firer.name} x{s.count}, pulse {s.pulses}, {s.facing} armour"
        self.title.setText(f"{what}: {measure} by range")
        self.table.setColumnCount(len(self.ranges))
        self.table.setRowCount(len(self.rows))
        self.table.setHorizontalHeaderLabels([f"R{r}" for r in self.ranges])
        self.table.setVerticalHeaderLabels([row.weapon.name for row in self.rows])
        for i, row in enumerate(self.rows):
            for j, cell in enumerate(row.cells):
                value = None if cell is None else cell.value(measure)
                item = QTableWidgetItem(OUT_OF_RANGE if value is None else half_up(value))
                item.setToolTip(row.problem or f"{row.weapon.name} at range {self.ranges[j]}")
                self.table.setItem(i, j, item)
        self.table.resizeColumnsToContents()
