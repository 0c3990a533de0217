"""The dock widgets the main window arranges: pack browser and issues. Each redraws from the
workspace or a document and sends requests back through signals; none holds state of its own."""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtCore import Qt, pyqtSignal
from PyQt6.QtWidgets import QHeaderView, QTreeWidget, QTreeWidgetItem

from tacforge.engine.issues import Severity

from ..qt_present import present
from .workspace import file_of_kind

PATH_ROLE = Qt.ItemDataRole.UserRole


class PackBrowser(QTreeWidget):
    openRequested = pyqtSignal(Path)

    def __init__(self) -> None:
        super().__init__()
        self.setHeaderLabels(["Pack contents", ""])
        header = present(self.header())  # names take the room left; versions and counts are never cut off
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.itemDoubleClicked.connect(self._open)

    def show_packs(self, workspace) -> None:
        self.clear()
        for pack in sorted(workspace.packset.all, key=lambda p: p.id):
            manifest = pack.manifest
            top = QTreeWidgetItem([pack.id, str(manifest.version) if manifest else "broken"])
            top.setToolTip(0, f"{manifest.name if manifest else pack.id}\n{pack.location.folder}\n{pack.location.origin}")
            if not pack.usable:
                top.setText(1, "skipped")  # why, in the tooltip: a long reason would squeeze every name
                top.setToolTip(1, f"skipped: {pack.problem}")
            self.addTopLevelItem(top)
            docs = pack.docs
            groups = (("Scenarios", [(s.name, s.source.file) for s in docs.scenarios]),
                      ("Maps", [(m.name, m.source.file) for m in docs.maps]),
                      ("Weapons", [(f"{len(docs.weapons)} weapons", file_of_kind(pack, "weapons"))] if docs.weapons else []),
                      ("Formations", [(f"{len(docs.formations)} templates", file_of_kind(pack, "formations"))] if docs.formations else []),
                      ("Periods", [(f"{len(docs.periods)} periods", file_of_kind(pack, "periods"))] if docs.periods else []),
                      ("Rules", [("rules and ruleset", file_of_kind(pack, "rules"))] if file_of_kind(pack, "rules") else []),
                      ("Terrain", [("types and codes", file_of_kind(pack, "terrain"))] if file_of_kind(pack, "terrain") else []))
            for label, entries in groups:
                if not entries:
                    continue
                group = QTreeWidgetItem([label, str(len(entries)) if label in ("Scenarios", "Maps") else ""])
                top.addChild(group)
                for name, path in sorted(entries, key=lambda e: str(e[0])):
                    item = QTreeWidgetItem([name, ""])
                    item.setData(0, PATH_ROLE, str(path) if path else None)
                    item.setToolTip(0, str(path))
                    group.addChild(item)
            top.setExpanded(pack.id not in ("core",))

    def _open(self, item: QTreeWidgetItem) -> None:
        path = item.data(0, PATH_ROLE)
        if path:
            self.openRequested.emit(Path(path))


class IssuesDock(QTreeWidget):
    jumpRequested = pyqtSignal(object)

    def __init__(self) -> None:
        super().__init__()
        self.setHeaderLabels(["", "Issue", "Where", "Code"])
        self.setRootIsDecorated(False)
        self.setColumnWidth(0, 24)
        self.setColumnWidth(1, 420)
        self.setColumnWidth(2, 220)
        self.itemDoubleClicked.connect(lambda item: self.jumpRequested.emit(item.data(0, PATH_ROLE)))
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
            item.setData(0, PATH_ROLE, issue)
            self.addTopLevelItem(item)

    def count(self) -> tuple[int, int]:
        errors = sum(1 for i in self._issues if i.is_error)
        return errors, len(self._issues) - errors
