"""The shooting range: two weapons of the table at a chosen range, duelled many times with the engine's rules
(engine/balance/duel.py, seeded), and what came of it: who killed whom how often, and in which pulse the duels
ended (a bar per outcome and pulse). Only the view is here; the duels are the engine's."""

from __future__ import annotations

import pyqtgraph as pg
from PyQt6.QtWidgets import (
    QComboBox,
    QDialog,
    QGridLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
)

from tacforge.engine.balance.duel import A_WINS, B_WINS, BOTH_DIE, DRAW, DuelSetup, DuelSummary, duel_many

from .weapon_plots import direct_firers, opponents

COLOURS = {A_WINS: "#1f77b4", B_WINS: "#d62728", BOTH_DIE: "#7f7f7f", DRAW: "#bcbd22"}


def _spin(low: int, high: int, value: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    return box


class ShootingRange(QDialog):
    def __init__(self, tab) -> None:
        super().__init__(tab)
        self.tab = tab
        self.setWindowTitle("Shooting range")
        self.resize(720, 520)
        self.a, self.b = QComboBox(), QComboBox()
        for combo in (self.a, self.b):
            combo.setEditable(True)
        self.range = _spin(0, 60, 4)
        self.count_a, self.count_b = _spin(1, 20, 1), _spin(1, 20, 1)
        self.turns = _spin(1, 50, 10)
        self.runs = _spin(1, 5000, 200)
        self.seed = _spin(0, 2**31 - 1, 1)
        self.run_button = QPushButton("Duel")
        self.run_button.clicked.connect(self.run)
        grid = QGridLayout()
        for col, (label, widget) in enumerate(
            (("A", self.a), ("x", self.count_a), ("B", self.b), ("x", self.count_b), ("range", self.range))
        ):
            grid.addWidget(QLabel(label), 0, 2 * col)
            grid.addWidget(widget, 0, 2 * col + 1)
        for col, (label, widget) in enumerate((("turns", self.turns), ("duels", self.runs), ("seed", self.seed))):
            grid.addWidget(QLabel(label), 1, 2 * col)
            grid.addWidget(widget, 1, 2 * col + 1)
        grid.addWidget(self.run_button, 1, 9)
        self.plot = pg.PlotWidget(background="w")
        self.plot.setLabel("bottom", "pulse the duel ended in (counted over the turns)")
        self.plot.setLabel("left", "duels")
        self.legend = self.plot.addLegend(offset=(-10, 10))
        self.text = QLabel(" ")
        self.text.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(grid)
        layout.addWidget(self.text)
        layout.addWidget(self.plot, 1)
        self.summary: DuelSummary | None = None

    def refill(self) -> None:
        """The direct-fire weapons in both lists: A the table's selected one, B the first enemy it would meet."""
        inputs = self.tab.inputs()
        weapons = direct_firers(inputs.content, inputs.pool, None)
        if not weapons:
            self.text.setText("the pack has no weapons that fire directly")
            return
        first = inputs.firer if inputs.firer in weapons else weapons[0]
        enemies = opponents(inputs.content, weapons, first, limit=1)
        second = enemies[0] if enemies else weapons[0]
        for combo, wanted in ((self.a, first), (self.b, second)):
            combo.blockSignals(True)
            combo.clear()
            for w in weapons:
                combo.addItem(f"{w.name} ({w.local_id})", w.id)
            combo.setCurrentIndex([w.id for w in weapons].index(wanted.id))
            combo.blockSignals(False)

    def setup(self) -> DuelSetup | None:
        inputs = self.tab.inputs()
        a, b = (inputs.by_id(c.currentData()) for c in (self.a, self.b))
        if a is None or b is None:
            return None
        return DuelSetup(a, b, self.range.value(), self.count_a.value(), self.count_b.value(), self.turns.value())

    def run(self) -> DuelSummary | None:
        setup = self.setup()
        if setup is None:
            self.text.setText("choose two weapons")
            return None
        try:
            summary = duel_many(self.tab.inputs().content, setup, self.runs.value(), self.seed.value())
        except ValueError as exc:
            self.text.setText(str(exc))
            return None
        self.summary = summary
        self.draw(summary)
        return summary

    def names(self, setup: DuelSetup) -> dict[str, str]:
        return {
            A_WINS: f"{setup.a.name} wins",
            B_WINS: f"{setup.b.name} wins",
            BOTH_DIE: "both destroyed",
            DRAW: f"both left after {setup.turns} turns",
        }

    def draw(self, summary: DuelSummary) -> None:
        setup, names = summary.setup, self.names(summary.setup)
        parts = []
        for outcome in (A_WINS, B_WINS, BOTH_DIE, DRAW):
            mean = summary.mean_pulse(outcome)
            when = ""
            if mean is not None and outcome != DRAW:
                when = f", in pulse {mean:.1f} on average ({mean / summary.pulses_per_turn:.1f} turns)"
            parts.append(f"{names[outcome]}: {summary.counts.get(outcome, 0)} ({summary.share(outcome):.1%}){when}")
        self.text.setText(
            f"{len(summary.results)} duels of {setup.a.name} x{setup.count_a} and {setup.b.name} x{setup.count_b} "
            f"at range {setup.range_} ({summary.pulses_per_turn} pulses a turn, seed {summary.seed}). "
            + "; ".join(parts)
        )
        self.plot.clear()
        self.legend.clear()
        shown = [o for o in (A_WINS, B_WINS, BOTH_DIE) if summary.counts.get(o)]
        width = 0.8 / max(1, len(shown))
        for k, outcome in enumerate(shown):
            histogram = summary.pulse_histogram(outcome)
            bars = pg.BarGraphItem(
                x=[p - 0.4 + width * (k + 0.5) for p in histogram],
                height=list(histogram.values()),
                width=width,
                brush=COLOURS[outcome],
                name=f"{names[outcome]} ({summary.counts[outcome]})",
            )
            self.plot.addItem(bars)  # (named: the legend lists it)
        self.plot.setTitle(f"{setup.a.name} against {setup.b.name} at range {setup.range_}")
