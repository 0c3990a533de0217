"""The pack browser dock: the packs of the workspace and their files, each opened by a double click (the issues
dock is common/issues_list.py, which playtests show too). It redraws from the workspace and sends requests back
through signals; it holds no state of its own."""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtCore import Qt, pyqtSignal
from PyQt6.QtWidgets import QHeaderView, QTreeWidget, QTreeWidgetItem

from ..qt_present import present
from .workspace import file_of_kind

PATH_ROLE = Qt.ItemDataRole.UserRole
PACK_ROLE = Qt.ItemDataRole.UserRole + 1  # on a pack's top-level item: its id
FOLDER_ROLE = Qt.ItemDataRole.UserRole + 2  # and its folder


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
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)  # the actions added (pack archives)

    def selected_pack_id(self) -> str | None:
        """The id of the pack the current item belongs to (the pack itself or one of its files), or None."""
        item = self.currentItem()
        while item is not None and item.parent() is not None:
            item = item.parent()
        return item.data(0, PACK_ROLE) if item is not None else None

    def selected_pack_folder(self) -> Path | None:
        """The folder of the pack the current item belongs to (two packs may share an id: a copy of an installed
        one), or None."""
        item = self.currentItem()
        while item is not None and item.parent() is not None:
            item = item.parent()
        folder = item.data(0, FOLDER_ROLE) if item is not None else None
        return Path(folder) if folder else None

    def show_packs(self, workspace) -> None:
        self.clear()
        for pack in sorted(workspace.packset.all, key=lambda p: p.id):
            manifest = pack.manifest
            top = QTreeWidgetItem([pack.id, str(manifest.version) if manifest else "broken"])
            top.setData(0, PACK_ROLE, pack.id)
            top.setData(0, FOLDER_ROLE, str(pack.location.folder))
            top.setToolTip(
                0, f"{manifest.name if manifest else pack.id}\n{pack.location.folder}\n{pack.location.origin}"
            )
            if not pack.usable:
                top.setText(1, "skipped")  # why, in the tooltip: a long reason would squeeze every name
                top.setToolTip(1, f"skipped: {pack.problem}")
            self.addTopLevelItem(top)
            docs = pack.docs
            groups = (
                ("Manifest", [("pack.yaml", file_of_kind(pack, "pack"))] if pack.manifest else []),
                ("Scenarios", [(s.name, s.source.file) for s in docs.scenarios]),
                ("Maps", [(m.name, m.source.file) for m in docs.maps]),
                ("Weapons", [(f"{len(docs.weapons)} weapons", file_of_kind(pack, "weapons"))] if docs.weapons else []),
                (
                    "Formations",
                    [(f"{len(docs.formations)} templates", file_of_kind(pack, "formations"))]
                    if docs.formations
                    else [],
                ),
                ("Periods", [(f"{len(docs.periods)} periods", file_of_kind(pack, "periods"))] if docs.periods else []),
                ("Rules", [("rules and ruleset", file_of_kind(pack, "rules"))] if file_of_kind(pack, "rules") else []),
                (
                    "Terrain",
                    [("types and codes", file_of_kind(pack, "terrain"))] if file_of_kind(pack, "terrain") else [],
                ),
                (
                    "Import profile",
                    [("OpenStreetMap and elevation rules", file_of_kind(pack, "import_profile"))]
                    if file_of_kind(pack, "import_profile")
                    else [],
                ),
            )
            for label, entries in groups:
                if not entries:
                    continue
                group = QTreeWidgetItem([label, str(len(entries)) if label in ("Scenarios", "Maps") else ""])
                group.setData(0, PATH_ROLE, str(entries[0][1]) if label == "Manifest" else None)
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
