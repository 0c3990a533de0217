"""The end of a battle: the victory-point breakdown and level (the text `tacforge play` prints, from the same
function), the units that decided it (as a balance run counts them; a click shows one in the editor's order of
battle) and pyqtgraph plots of each side's strength and victory points by turn."""

from __future__ import annotations

import pyqtgraph as pg
from PyQt6.QtCore import Qt, pyqtSignal
from PyQt6.QtGui import QFont
from PyQt6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from tacforge.engine.balance.games import summarise
from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.cli.turn_text import final_report
from tacforge.engine.sim import events as ev

from ..map.overlays import side_colour
from .frames import END, Frame


@dataclass(frozen=True)
class TurnSeries:
    """By turn, per side: men, guns and vehicles left, and victory points. Qt-free."""

    turns: list[int]
    strength: dict[str, list[int]]
    points: dict[str, list[int]]


def turn_series(frames: list[Frame], events: list, sides) -> TurnSeries:
    ends = [f for f in frames if f.stage == END]
    scored = {e.turn: e.points for e in events if isinstance(e, ev.VictoryScored)}
    turns = [f.turn for f in ends]
    strength = {s: [sum(u.count for u in f.units.values() if u.side == s) for f in ends] for s in sides}
    points = {s: [int(scored.get(t, {}).get(s, 0)) for t in turns] for s in sides}
    return TurnSeries(turns, strength, points)


class BattleReport(QWidget):
    unitChosen = pyqtSignal(str)  # a deciding unit was clicked: its uid ("allied:C5")

    def __init__(self, controller, parent=None):
        super().__init__(parent)
        battle = controller.battle
        sides = battle.state.sides
        series = turn_series(controller.frames, battle.events, sides)
        text = QLabel(final_report(battle, battle.result()))
        text.setFont(QFont("DejaVu Sans Mono", 9))
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addWidget(QLabel("Units that decided the battle (click one to show it in the order of battle):"))
        self.deciders = QListWidget()
        for unit in summarise(battle, 0, battle.state.seed).deciders:
            item = QListWidgetItem(
                f"{battle.ruleset.side(unit.side).name} {unit.uid.split(':')[1]} {unit.name}: {unit.vp} VP"
            )
            item.setData(Qt.ItemDataRole.UserRole, unit.uid)
            self.deciders.addItem(item)
        self.deciders.setMaximumHeight(self.deciders.sizeHintForRow(0) * 6 + 8 if self.deciders.count() else 0)
        self.deciders.itemClicked.connect(lambda item: self.unitChosen.emit(item.data(Qt.ItemDataRole.UserRole)))
        layout.addWidget(self.deciders)
        self.plots, self.legends = [], []  # (pg.PlotItem, pg.LegendItem: what the tests measure)
        for title, values in (("Strength (men, guns, vehicles)", series.strength), ("Victory points", series.points)):
            # the legend has a row of its own under the axes: inside them it covered the lines it names
            canvas = pg.GraphicsLayoutWidget()
            canvas.setBackground("w")
            plot = canvas.addPlot(row=0, col=0, title=title)
            legend = pg.LegendItem(colCount=len(sides))
            canvas.addItem(legend, row=1, col=0)
            plot.setLabel("bottom", "turn")
            plot.getAxis("bottom").setTickSpacing(5, 1)
            for side in sides:
                curve = plot.plot(
                    series.turns,
                    values[side],
                    pen=pg.mkPen(side_colour(side), width=2),
                    symbol="o",
                    symbolSize=5,
                    symbolBrush=side_colour(side),
                )
                legend.addItem(curve, battle.ruleset.side(side).name)
            self.plots.append(plot)
            self.legends.append(legend)
            canvas.setMinimumHeight(180)
            layout.addWidget(canvas, 1)
