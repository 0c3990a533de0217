"""The issues list: the main window's Issues dock, and a playtest's set-up problems. Double-clicking an issue
emits `jumpRequested(issue)`: the owner shows what the issue is about."""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtCore import Qt, pyqtSignal
from PyQt6.QtWidgets import QTreeWidget, QTreeWidgetItem

from tacforge.engine.issues import Severity

ISSUE_ROLE = Qt.ItemDataRole.UserRole


class IssuesDock(QTreeWidget):
    jumpRequested = pyqtSignal(object)

    def __init__(self) -> None:
        super().__init__()
        self.setHeaderLabels(["", "Issue", "Where", "Code"])
        self.setRootIsDecorated(False)
        self.setColumnWidth(0, 24)
        self.setColumnWidth(1, 420)
        self.setColumnWidth(2, 220)
        self.itemDoubleClicked.connect(lambda item: self.jumpRequested.emit(item.data(0, ISSUE_ROLE)))
        self._issues: list = []

    def show_issues(self, issues: list) -> None:
        self.clear()
        self._issues = list(issues)
        marks = {Severity.ERROR: "✖", Severity.WARNING: "▲", Severity.INFO: "i"}
        for issue in sorted(issues, key=lambda i: (i.severity != Severity.ERROR, str(i.file), i.line or 0)):
            where = f"{Path(issue.file).name}:{issue.line}" if issue.file else ""
            text = issue.message + (f"  ({issue.hint})" if issue.hint else "")
            item = QTreeWidgetItem([marks.get(issue.severity, ""), text, where, issue.code])
            item.setToolTip(1, f"{issue.format()}")
            item.setData(0, ISSUE_ROLE, issue)
            self.addTopLevelItem(item)

    def count(self) -> tuple[int, int]:
        errors = sum(1 for i in self._issues if i.is_error)
        return errors, len(self._issues) - errors
