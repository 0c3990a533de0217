"""The balance run's two plots (pyqtgraph): the victory levels as horizontal bars with their 95% intervals, and the
histogram of the victory ratio with its mean and the 95% confidence interval of the mean. They draw what
balance_figures reads from a BatchReport and compute nothing themselves."""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PyQt6.QtCore import Qt

from tacforge.engine.balance import BatchReport

from .balance_figures import level_rows, ratio_histogram

LEVEL_LABEL_WIDTH = 170  # pyqtgraph drops a tick label wider than its axis
SIDE_COLOURS = ((70, 120, 190), (190, 80, 60))  # the report's first and second side
DRAW_COLOUR = (140, 140, 140)
INTERVAL_COLOUR = (40, 40, 40)
MEAN_COLOUR = (20, 90, 40)


def side_colour(report: BatchReport, side: str | None) -> tuple[int, int, int]:
    return DRAW_COLOUR if side is None or side not in report.sides else SIDE_COLOURS[report.sides.index(side)]


class LevelsPlot(pg.PlotWidget):
    """One bar per result seen (share of games), the numerator side's best at the top, with the Wilson interval."""

    def __init__(self, parent=None):
        super().__init__(parent, background="w")
        self.setTitle("Victory levels (share of games, 95% interval)", size="10pt")
        self.setLabel("bottom", "share of games", units="%")
        self.getPlotItem().invertY(True)
        self.getPlotItem().showGrid(x=True, y=False, alpha=0.3)
        self.getAxis("left").setWidth(LEVEL_LABEL_WIDTH)
        self.setMouseEnabled(x=False, y=False)
        self.setMenuEnabled(False)

    def show_report(self, report: BatchReport) -> None:
        self.clear()
        rows = level_rows(report)
        if not rows:
            return
        y = np.arange(len(rows), dtype=float)
        shares = np.array([100 * r.share for r in rows])
        brushes = [pg.mkBrush(*side_colour(report, r.winner)) for r in rows]
        self.addItem(
            pg.BarGraphItem(x0=[0] * len(rows), width=shares, y=y, height=0.6, brushes=brushes, pen=pg.mkPen(None))
        )
        self.addItem(
            pg.ErrorBarItem(
                x=shares,
                y=y,
                left=np.array([100 * (r.share - r.low) for r in rows]),
                right=np.array([100 * (r.high - r.share) for r in rows]),
                beam=0.25,
                pen=pg.mkPen(INTERVAL_COLOUR, width=1.5),
            )
        )
        for r, row in enumerate(rows):
            label = pg.TextItem(f"{row.games}", color=INTERVAL_COLOUR, anchor=(0, 0.5))
            label.setPos(100 * row.high + 1, r)
            self.addItem(label)
        self.getAxis("left").setTicks([[(i, r.result) for i, r in enumerate(rows)]])
        self.setXRange(0, min(100, max(100 * r.high for r in rows) + 12), padding=0)
        self.setYRange(-0.6, len(rows) - 0.4, padding=0)


class RatioHistogram(pg.PlotWidget):
    """Games per victory-ratio bin; the mean as a line and its 95% confidence interval as a shaded band."""

    def __init__(self, parent=None):
        super().__init__(parent, background="w")
        self.getPlotItem().showGrid(x=True, y=True, alpha=0.3)
        self.setLabel("left", "games")
        self.setMouseEnabled(x=False, y=False)
        self.setMenuEnabled(False)

    def show_report(self, report: BatchReport) -> None:
        self.clear()
        stats = report.ratio_stats()
        names = report.side_names
        self.setLabel("bottom", f"victory ratio ({names[stats['numerator']]} VP / {names[stats['denominator']]} VP)")
        edges, counts = ratio_histogram(report)
        title = "Victory ratio"
        if stats["mean"] is not None:
            title += f": mean {stats['mean']:.2f} (line)"
            if stats["ci_low"] is not None:
                title += f", 95% CI {stats['ci_low']:.2f} to {stats['ci_high']:.2f} (band)"
        if stats["infinite"]:
            title += f"; {stats['infinite']} game(s) with {names[stats['denominator']]} at 0 VP not shown"
        self.setTitle(title, size="10pt")
        if not counts:
            return
        if stats["ci_low"] is not None:
            band = pg.LinearRegionItem(
                (stats["ci_low"], stats["ci_high"]),
                movable=False,
                brush=pg.mkBrush(*MEAN_COLOUR, 60),
                pen=pg.mkPen(None),
            )
            band.setZValue(10)  # over the bars, which would hide it
            self.addItem(band)
        self.addItem(
            pg.BarGraphItem(
                x0=edges[:-1],
                x1=edges[1:],
                y0=0,
                height=counts,
                brush=pg.mkBrush(*SIDE_COLOURS[0], 170),
                pen=pg.mkPen("w"),
            )
        )
        self.addItem(pg.InfiniteLine(stats["mean"], angle=90, pen=pg.mkPen(MEAN_COLOUR, width=2)))
        even = pg.InfiniteLine(1.0, angle=90, pen=pg.mkPen((90, 90, 90), style=Qt.PenStyle.DashLine))
        self.addItem(even)  # a ratio of 1: both sides scored alike
        self.setYRange(0, max(counts) * 1.1, padding=0)
        step = max(1, math.ceil(max(counts) / 5))  # whole games on the axis
        self.getAxis("left").setTickSpacing(step, step)
