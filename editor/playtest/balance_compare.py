"""Two balance runs side by side: a line saying which results changed significantly, the table of figures with each
change, its 95% interval and its test (balance_figures.compare), and what was edited in the documents between the
two runs (run_changes.content_changes), grouped by document."""

from __future__ import annotations

from PyQt6.QtCore import Qt
from PyQt6.QtGui import QBrush, QColor, QFont
from PyQt6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..qt_present import present
from .balance_figures import ComparisonRow, significant_changes
from .run_changes import FieldChange

SIGNIFICANT = QColor("#fff1c2")  # the background of a row whose change is significant
COLUMNS = ["", "Previous run", "This run", "Change (95% interval)", "Significant?"]
TIPS = {
    3: "This run minus the previous: a share of games in percentage points with its 95% Newcombe interval, "
    "a figure as the difference of the two",
    4: "Whether a share of games changed by more than chance explains: the two-proportion z test, p < 0.05",
}


class ComparisonTable(QTableWidget):
    """A row per figure (balance_figures.compare), section headings in bold, significant changes highlighted."""

    def __init__(self, parent=None):
        super().__init__(0, len(COLUMNS), parent)
        self.setHorizontalHeaderLabels(COLUMNS)
        for column, tip in TIPS.items():
            present(self.horizontalHeaderItem(column)).setToolTip(tip)
        present(self.verticalHeader()).setVisible(False)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = present(self.horizontalHeader())
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        for column in range(1, len(COLUMNS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)

    def show_rows(self, rows: list[ComparisonRow]) -> None:
        self.setRowCount(0)
        bold = QFont(self.font())
        bold.setBold(True)
        for r, row in enumerate(rows):
            self.insertRow(r)
            cells = [
                QTableWidgetItem(text) for text in (row.label, row.before, row.after, row.change, row.significance)
            ]
            for item in cells:
                if row.heading:
                    item.setFont(bold)
                    item.setBackground(self.palette().alternateBase())
                elif row.significant:
                    item.setBackground(QBrush(SIGNIFICANT))
            for c, item in enumerate(cells):
                self.setItem(r, c, item)


class DocumentChanges(QTreeWidget):
    """What was edited between the runs: a branch per document, a line per field (entry: field before → after)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setHeaderLabels(["Document / entry", "Field", "Previous run", "This run"])
        self.setRootIsDecorated(True)

    def show_changes(self, changes: list[FieldChange] | None) -> None:
        self.clear()
        if changes is None:
            self.addTopLevelItem(QTreeWidgetItem(["(the documents of a run could not be read)"]))
            return
        if not changes:
            self.addTopLevelItem(QTreeWidgetItem(["No document changed between the two runs"]))
            return
        documents: dict[str, QTreeWidgetItem] = {}
        for change in changes:
            branch = documents.get(change.document)
            if branch is None:
                branch = documents[change.document] = QTreeWidgetItem([change.document])
                self.addTopLevelItem(branch)
                branch.setExpanded(True)
            branch.addChild(QTreeWidgetItem([change.entry, change.field, change.before, change.after]))
        for branch in documents.values():
            branch.setText(1, f"{branch.childCount()} field{'s' if branch.childCount() != 1 else ''} changed")
        for column in range(4):
            self.resizeColumnToContents(column)


def summary_text(rows: list[ComparisonRow], changes: list[FieldChange] | None) -> str:
    """One line: which shares changed significantly, and how many fields of which documents were edited."""
    significant = significant_changes(rows)
    if significant:
        moved = "; ".join(f"{row.label} {row.change.split(' ')[0]} points" for row in significant)
        results = f"Significant changes (95%): {moved}."
    else:
        results = "No result changed significantly (95%): the differences may be chance."
    if changes is None:
        return results
    documents = sorted({c.document for c in changes})
    edited = (
        f" Edited between the runs: {len(changes)} field{'s' if len(changes) != 1 else ''} in {', '.join(documents)}."
        if changes
        else " The documents did not change between the runs (only the seed or the settings may differ)."
    )
    return results + edited


class CompareView(QWidget):
    """The dialog's "Compare with previous" tab."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.table = ComparisonTable()
        self.changes = DocumentChanges()
        changes_box = QWidget()
        box_layout = QVBoxLayout(changes_box)
        box_layout.setContentsMargins(0, 0, 0, 0)
        box_layout.addWidget(QLabel("<b>What changed in the documents between the two runs</b>"))
        box_layout.addWidget(self.changes, 1)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.table)
        splitter.addWidget(changes_box)
        splitter.setStretchFactor(0, 4)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([640, 140])  # (the figures first: a few documents change between two runs)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.summary)
        layout.addWidget(splitter, 1)

    def show_comparison(self, rows: list[ComparisonRow], changes: list[FieldChange] | None) -> None:
        self.table.show_rows(rows)
        self.changes.show_changes(changes)
        self.summary.setText(summary_text(rows, changes))
