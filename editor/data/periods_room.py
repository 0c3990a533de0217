"""The periods room: the time periods (name, dates) with every side's command delays in and out of command control,
and below them the timeline of every weapon's availability, whose bar ends drag to change a weapon's years (one undo
step per drag, on the weapons file). Gaps and anachronisms are listed under the timeline."""

from __future__ import annotations

from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import QAbstractItemView, QLabel, QSplitter, QTableView, QVBoxLayout, QWidget

from .entry_commands import set_value_step
from .entry_table import BoundedDelegate, EntryTableModel
from .periods_table import PERIODS_KEY, WEAPONS_KEY, period_columns, period_value, read_periods, read_weapons, sides_of
from .timeline import Bar, anachronisms, bars, gaps
from .timeline_plot import TimelinePlot

ENDS = ("first", "last")


class PeriodsRoom(QWidget):
    def __init__(self, document, weapons_document=None, parent=None):
        super().__init__(parent)
        self.document, self.weapons_document = document, weapons_document
        self.periods_model = EntryTableModel(document, PERIODS_KEY, [], period_value, lambda p: p.name)
        self.table = QTableView()
        self.table.setModel(self.periods_model)
        self.table.setItemDelegate(BoundedDelegate(self.periods_model, self.table))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        self.timeline = TimelinePlot()
        self.timeline.yearsDragged.connect(self._years_dragged)
        self.findings = QLabel()
        self.findings.setWordWrap(True)
        self.status = QLabel()
        self.status.setWordWrap(True)
        lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addWidget(QLabel("<b>Weapon availability</b> (drag a bar's end to change its years)"))
        lower_layout.addWidget(self.timeline, 1)
        lower_layout.addWidget(self.findings)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(lower)
        split.setStretchFactor(1, 3)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("<b>Time periods and command delays</b> (pulses)"))
        layout.addWidget(split, 1)
        layout.addWidget(self.status)
        self.periods_model.problem.connect(self.status.setText)
        document.changed.connect(self._document_changed)
        if weapons_document is not None:
            weapons_document.changed.connect(self._document_changed)
        self.reload()

    def reload(self) -> None:
        try:
            periods = read_periods(self.document.data, self.document.path)
            weapons = self._weapons()
        except ValueError as exc:
            self.status.setText(str(exc))
            return
        self.periods_model.set_entries(periods, period_columns(sides_of(periods)))
        self.table.resizeColumnsToContents()
        numbers = [p.number for p in periods]
        late = anachronisms(weapons, numbers)
        self.timeline.show_bars(bars(weapons), numbers, {w.id for w in late})
        holes = gaps(weapons, numbers)
        lines = []
        if late:
            lines.append("<b>Outside the periods:</b> " + ", ".join(f"{w.name} ({w.periods[0]}-{w.periods[1]})"
                                                                   for w in late))
        if holes:
            lines.append("<b>Gaps:</b> " + ", ".join(f"{n} {c} in period {p}" for n, c, p in holes))
        self.findings.setText("<br>".join(lines) or "No gaps or anachronisms.")

    def _weapons(self):
        doc = self.weapons_document
        if doc is None:
            return ()
        namespace = doc.content.pack_id if doc.content is not None else doc.path.parent.name
        return read_weapons(doc.data, doc.path, namespace)

    def _document_changed(self, what: str, _detail) -> None:
        if what in ("value", "loaded"):
            self.status.clear()
            self.reload()

    def _years_dragged(self, bar: Bar, end: int, period: int) -> None:
        set_value_step(self.weapons_document, (WEAPONS_KEY, bar.entry, "periods", end), period,
                       f"Change {ENDS[end]} period of {bar.weapon.name} to {period}")
