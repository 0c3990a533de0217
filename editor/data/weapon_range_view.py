"""The table by range (weapon_range_table.py): the selected weapon firing at the targets chosen in the kill plot
(or the first enemies it would meet), one column per range band, as kill probability, expected kills or
penetration. The numbers are those of `tacforge calc`, printed as it prints them (three places, half up)."""

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

from .weapon_plots import FireSettings, armoured_targets, opponents
from .weapon_range_table import MEASURES, range_bands, range_table

OUT_OF_RANGE = "-"


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

    def targets(self, inputs) -> list:
        chosen = self.tab.plots.kills.others(inputs)
        if chosen:
            return chosen
        return opponents(inputs.content, armoured_targets(inputs.content, inputs.pool, None), inputs.firer)

    def redraw(self) -> None:
        inputs = self.tab.inputs()
        firer = inputs.firer
        if firer is None or inputs.content.ruleset is None:
            self.title.setText("select a weapon in the table")
            self.table.setRowCount(0)
            return
        self.ranges = range_bands(firer.mr, self.step.value())
        self.rows = range_table(inputs.content, firer, self.targets(inputs), self.ranges, self.settings())
        measure = self.measure.currentText()
        s = self.settings()
        self.title.setText(f"{firer.name} x{s.count}, pulse {s.pulses}, {s.facing} armour: {measure} by range")
        self.table.setColumnCount(len(self.ranges))
        self.table.setRowCount(len(self.rows))
        self.table.setHorizontalHeaderLabels([f"R{r}" for r in self.ranges])
        self.table.setVerticalHeaderLabels([row.target.name for row in self.rows])
        for i, row in enumerate(self.rows):
            for j, cell in enumerate(row.cells):
                value = None if cell is None else cell.value(measure)
                item = QTableWidgetItem(OUT_OF_RANGE if value is None else half_up(value))
                item.setToolTip(row.problem or f"{row.target.name} at range {self.ranges[j]}")
                self.table.setItem(i, j, item)
        self.table.resizeColumnsToContents()
