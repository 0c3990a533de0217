"""The periods room: the time periods (name, dates) with every side's command delays in and out of command control,
and below them the timeline of every weapon's availability, whose bar ends drag to change a weapon's years (one undo
step per drag, on the weapons file). Gaps, anachronisms and the pack's period issues (the issues dock's, from the
scenarios too) are listed under the timeline."""

from __future__ import annotations

from html import escape

from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import QAbstractItemView, QHBoxLayout, QLabel, QSplitter, QTableView, QVBoxLayout, QWidget

from ..document import bulk_edit
from .entry_table import BoundedDelegate, EntryTableModel
from .periods_table import (
    PERIODS_KEY,
    WEAPONS_KEY,
    issue_line,
    period_columns,
    period_issues,
    period_value,
    sides_of,
)
from .table_tab import TableTab
from .timeline import Bar, anachronisms, bars, gaps
from .timeline_plot import TimelinePlot

ENDS = ("first", "last")
ISSUES_LISTED = 12  # period issues listed under the timeline; the issues dock has the rest


class PeriodsTab(TableTab):
    def __init__(self, document, workspace, parent=None):
        super().__init__(document, workspace, parent)
        pack_id = document.content.pack_id if document.content is not None else None
        self.weapons_document = workspace.open_pack_file(pack_id, "weapons") if pack_id else None
        self.periods_model = EntryTableModel(document, PERIODS_KEY, [], period_value, lambda p: p.name)
        self.table = QTableView()
        self.table.setModel(self.periods_model)
        self.table.setItemDelegate(BoundedDelegate(self.periods_model, self.table))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        self.timeline = TimelinePlot()
        self.timeline.yearsDragged.connect(self.drag_years)
        self.findings = QLabel()
        self.findings.setWordWrap(True)
        self.findings.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.issues: list = []  # the pack's period issues, as the live check last found them
        self.status = QLabel()
        self.status.setWordWrap(True)
        lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addWidget(QLabel("<b>Weapon availability</b> (drag a bar's end to change its years)"))
        plot_row = QHBoxLayout()
        plot_row.addWidget(self.timeline, 1)
        plot_row.addWidget(self.timeline.scroll)
        lower_layout.addLayout(plot_row, 1)
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
        self.watch_documents()
        self.redraw()

    def documents(self) -> list:
        return [self.document] + ([self.weapons_document] if self.weapons_document is not None else [])

    def redraw(self) -> None:
        periods = self.document.model.periods
        entries = self.weapons_document.model.weapons if self.weapons_document is not None else ()
        weapons = [w for w in entries if w is not None]
        self.periods_model.set_entries(periods, period_columns(sides_of(periods)))
        self.table.resizeColumnsToContents()
        numbers = [p.number for p in periods if p is not None]
        late = anachronisms(weapons, numbers)
        self.timeline.show_bars(bars(entries), numbers, {w.id for w in late})
        holes = gaps(weapons, numbers)
        lines = []
        if late:
            lines.append(
                "<b>Outside the periods:</b> " + ", ".join(f"{w.name} ({w.periods[0]}-{w.periods[1]})" for w in late)
            )
        if holes:
            lines.append("<b>Gaps:</b> " + ", ".join(f"{n} {c} in period {p}" for n, c, p in holes))
        if self.issues:
            errors = sum(1 for i in self.issues if i.is_error)
            listed = [escape(issue_line(i)) for i in self.issues[:ISSUES_LISTED]]
            more = len(self.issues) - len(listed)
            lines.append(
                f"<b>Period issues ({errors} errors, {len(self.issues) - errors} warnings; double-click them in the "
                "Issues dock to go there):</b><br>" + "<br>".join(listed) + (f"<br>and {more} more" if more > 0 else "")
            )
        self.findings.setText("<br>".join(lines) or "No gaps, anachronisms or period issues.")

    def show_issues(self, issues: list) -> None:
        pack_id = self.document.content.pack_id if self.document.content is not None else None
        found = period_issues(issues, pack_id, self.document.pack_folder)
        found.sort(key=lambda i: not i.is_error)
        if found != self.issues:
            self.issues = found
            self.redraw()

    def row_views(self) -> dict:
        return {PERIODS_KEY: self.table}

    def drag_years(self, bar: Bar, end: int, period: int) -> None:
        """Move one end of a weapon's availability: one undo step of its own (a macro never merges with the
        previous drag of the same end, as consecutive SetValues of one field would)."""
        text = f"Change {ENDS[end]} period of {bar.weapon.name} to {period}"
        with bulk_edit(self.weapons_document, text):
            self.weapons_document.set_value((WEAPONS_KEY, bar.entry, "periods", end), period, text)
