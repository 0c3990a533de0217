"""The availability timeline (pyqtgraph): one horizontal bar per weapon over the periods, anachronisms in red, the
ends draggable. A drag previews the new years as the mouse moves and emits `yearsDragged(bar, end, period)` once,
on release, so that the room makes it one undo step.

Rows never zoom: each is at least ROW_PIXELS high, so its label stays legible however tall the plot is; as many rows
as fit are shown, and the plot's scroll bar (`scroll`, placed by the room) and the mouse wheel move through the
rest (a table of 75 weapons scrolls, where pyqtgraph's wheel zoom squeezed the labels onto each other)."""

from __future__ import annotations

import pyqtgraph as pg
from PyQt6.QtCore import Qt, pyqtSignal
from PyQt6.QtWidgets import QScrollBar

from .timeline import Bar, dragged, grab

BAR_HEIGHT = 0.6
ROWS_SHOWN = 24  # rows in view before the plot has a size
ROW_PIXELS = 20  # the least height of a row: a label in the default font fits, with room between labels
WHEEL_ROWS = 3  # rows one notch of the mouse wheel scrolls
LABEL_WIDTH = 330  # pyqtgraph drops a tick label wider than its axis
# one colour per nationality, in the order they first appear; red marks an anachronism, amber the bar being dragged
NATIONALITY_COLOURS = ((90, 130, 190), (110, 150, 90), (140, 110, 170), (120, 120, 120), (60, 160, 160))
ANACHRONISM, DRAGGING = (205, 60, 50), (240, 170, 40)


class TimelineBars(pg.BarGraphItem):
    """All bars in one item (one graphics item per weapon would be slow for a full table)."""

    def __init__(self, owner: TimelinePlot):
        super().__init__(x0=[], x1=[], y=[], height=BAR_HEIGHT)
        self.owner = owner
        self._grabbed: tuple[Bar, int] | None = None

    def mouseDragEvent(self, event) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            event.ignore()
            return
        if event.isStart():
            start = event.buttonDownPos()
            self._grabbed = grab(self.owner.bars, start.x(), start.y())
        if self._grabbed is None:
            event.ignore()
            return
        event.accept()
        bar, end = self._grabbed
        years = dragged(bar, end, event.pos().x(), self.owner.period_numbers)
        if event.isFinish():
            self._grabbed = None
            self.owner.finish_drag(bar, end, years[end])
        else:
            self.owner.preview(bar, years)

    def hoverEvent(self, event) -> None:
        if event.isExit():
            return
        pos = event.pos()
        near = grab(self.owner.bars, pos.x(), pos.y())
        self.setCursor(Qt.CursorShape.SizeHorCursor if near else Qt.CursorShape.ArrowCursor)


class TimelinePlot(pg.PlotWidget):
    yearsDragged = pyqtSignal(object, int, int)  # bar, end (0 first, 1 last), the period it now reaches

    def __init__(self, parent=None) -> None:
        super().__init__(parent, background="w")
        self.bars: list[Bar] = []
        self.period_numbers: list[int] = [1]
        self.marked: set[str] = set()
        self.item = TimelineBars(self)
        self.addItem(self.item)
        self.setLabel("bottom", "time period")
        self.getPlotItem().invertY(True)
        self.getPlotItem().showGrid(x=True, y=False, alpha=0.3)
        self.setMouseEnabled(x=False, y=False)  # no zoom, no pan: the scroll bar and the wheel move the rows
        self.getAxis("left").setWidth(LABEL_WIDTH)
        self.scroll = QScrollBar(Qt.Orientation.Vertical)
        self.scroll.setSingleStep(1)
        self.scroll.valueChanged.connect(self._scroll_to)
        view = self.getPlotItem().getViewBox()
        view.sigResized.connect(lambda _view: self._fit_rows())
        view.sigYRangeChanged.connect(lambda _view, shown: self._follow(shown))

    def rows_shown(self) -> int:
        """How many rows fit at ROW_PIXELS each (all of them if they fit)."""
        height = self.getPlotItem().getViewBox().height()
        fit = int(height // ROW_PIXELS) if height > 0 else ROWS_SHOWN
        return max(1, min(fit, len(self.bars) or 1))

    def _fit_rows(self) -> None:
        shown = self.rows_shown()
        self.scroll.blockSignals(True)
        self.scroll.setRange(0, max(0, len(self.bars) - shown))
        self.scroll.setPageStep(shown)
        self.scroll.blockSignals(False)
        self._scroll_to(self.scroll.value())

    def _scroll_to(self, first: int) -> None:
        self.setYRange(first - 0.6, first + self.rows_shown() - 0.4, padding=0)

    def _follow(self, shown) -> None:
        """The view moved another way (a jump to a row): the scroll bar shows where it is."""
        self.scroll.blockSignals(True)
        self.scroll.setValue(round(shown[0] + 0.6))
        self.scroll.blockSignals(False)

    def wheelEvent(self, event) -> None:
        notches = event.angleDelta().y() / 120
        self.scroll.setValue(self.scroll.value() - round(notches * WHEEL_ROWS))
        event.accept()

    def show_bars(self, bars: list[Bar], period_numbers: list[int], anachronistic: set[str]) -> None:
        self.bars, self.period_numbers, self.marked = bars, sorted(period_numbers) or [1], anachronistic
        self._draw({})
        left = self.getAxis("left")
        left.setTicks([[(b.row, b.label) for b in bars]])
        self.getAxis("bottom").setTicks([[(n, str(n)) for n in self.period_numbers]])
        self.setXRange(self.period_numbers[0] - 0.6, self.period_numbers[-1] + 0.6, padding=0)
        self.setLimits(yMin=-1, yMax=max(len(bars), 1))
        self._fit_rows()

    def preview(self, bar: Bar, years: tuple[int, int]) -> None:
        self._draw({bar.row: years})

    def finish_drag(self, bar: Bar, end: int, period: int) -> None:
        self._draw({})
        if period != (bar.first, bar.last)[end]:
            self.yearsDragged.emit(bar, end, period)

    def _draw(self, moved: dict[int, tuple[int, int]]) -> None:
        spans = [moved.get(b.row, (b.first, b.last)) for b in self.bars]
        nationalities = list(dict.fromkeys(b.weapon.nationality for b in self.bars))
        brushes = [
            pg.mkBrush(
                *(
                    DRAGGING
                    if b.row in moved
                    else ANACHRONISM
                    if b.weapon.id in self.marked
                    else NATIONALITY_COLOURS[nationalities.index(b.weapon.nationality) % len(NATIONALITY_COLOURS)]
                )
            )
            for b in self.bars
        ]
        self.item.setOpts(
            x0=[s[0] - 0.5 for s in spans],
            x1=[s[1] + 0.5 for s in spans],
            y=[b.row for b in self.bars],
            height=BAR_HEIGHT,
            brushes=brushes,
            pen=pg.mkPen("k"),
        )
