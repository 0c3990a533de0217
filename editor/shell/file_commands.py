"""The File menu's commands: new packs, maps and scenarios, real ground, opening and the recent files, Save As and
Duplicate of a scenario. The main window owns the tabs and the documents; these make files and hand them to it."""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtGui import QAction, QKeySequence
from PyQt6.QtWidgets import QFileDialog, QMessageBox

from ..document.documents import SaveFailed
from ..qt_present import present
from . import new_files
from .pack_places import default_destination, remember_pack
from .pack_sharing import PackSharing


def add_menu_action(owner, menu, text, slot, shortcut=None, checkable=False) -> QAction:
    """An action of `owner` in `menu`, triggering `slot`."""
    action = QAction(text, owner)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    action.setCheckable(checkable)
    action.triggered.connect(slot)
    menu.addAction(action)
    return action


class FileCommands:
    """The File menu of the main window (untyped, as the other action groups: the window imports this module)."""

    def __init__(self, window) -> None:
        self.window = window

    def build_menu(self, bar) -> None:
        window = self.window
        file_menu = present(bar.addMenu("&File"))
        add_menu_action(window, file_menu, "New pack from template…", self.new_pack)
        add_menu_action(window, file_menu, "New map…", self.new_map, QKeySequence.StandardKey.New)
        add_menu_action(window, file_menu, "New scenario…", self.new_scenario, "Ctrl+Shift+N")
        add_menu_action(window, file_menu, "Import real ground…", self.import_ground)
        add_menu_action(window, file_menu, "Open pack folder…", self.open_pack_folder, "Ctrl+Shift+O")
        add_menu_action(
            window, file_menu, "Open scenario or map…", self.open_file_dialog, QKeySequence.StandardKey.Open
        )
        self.recent_menu = present(file_menu.addMenu("Open recent"))
        self.fill_recent()
        file_menu.addSeparator()
        self.pack_sharing = PackSharing(window)  # pack archives: in this menu and the Packs browser's context menu
        file_menu.addActions(self.pack_sharing.actions)
        window.browser.addActions(self.pack_sharing.actions)
        file_menu.addSeparator()
        add_menu_action(window, file_menu, "Save", window.save_current, QKeySequence.StandardKey.Save)
        add_menu_action(window, file_menu, "Save all", window.save_all, "Ctrl+Alt+S")
        add_menu_action(
            window,
            file_menu,
            "Save scenario as…",
            lambda: self.copy_scenario(move=True),
            QKeySequence.StandardKey.SaveAs,
        )
        add_menu_action(window, file_menu, "Duplicate scenario…", lambda: self.copy_scenario(move=False))
        add_menu_action(
            window,
            file_menu,
            "Close tab",
            lambda: window.close_tab(window.tabs.currentIndex()),
            QKeySequence.StandardKey.Close,
        )
        file_menu.addSeparator()
        add_menu_action(window, file_menu, "Quit", window.close, QKeySequence.StandardKey.Quit)

    def open_file_dialog(self) -> None:
        start = str(self.window.settings.value("last_folder", str(Path.home())))
        path, _ = QFileDialog.getOpenFileName(self.window, "Open scenario or map", start, "YAML (*.yaml *.yml)")
        if path:
            self.window.settings.setValue("last_folder", str(Path(path).parent))
            self.window.open_path(Path(path))

    def open_pack_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self.window, "Open pack folder", str(Path.home()))
        if folder:
            remember_pack(self.window.settings, Path(folder))
            self.pack_added(Path(folder))

    def new_pack(self) -> None:
        target = new_files.create_pack(self.window, self.window.workspace, self.window.settings)
        if target is not None:
            self.pack_added(target)

    def pack_added(self, folder: Path) -> None:
        self.window.workspace.add_pack_folder(folder)
        self.window.browser.show_packs(self.window.workspace)
        self.window.validator.watch(folder.resolve())
        self.window.file_watch.watch_pack(folder)

    def new_map(self) -> None:
        """A blank map in the pack of the current tab (never an installed pack without asking), opened."""
        tab = self.window.current_tab()
        path = new_files.create_map(
            self.window, self.window.workspace, self.window.settings, tab.document.pack_folder if tab else None
        )
        if path is not None:
            self.window.browser.show_packs(self.window.workspace)
            self.window.open_path(path)

    def import_ground(self) -> None:
        """A map of real ground (docs/real-ground.md) into the current tab's pack, opened as any new map."""
        from .import_ground_dialog import ImportGroundDialog

        tab = self.window.current_tab()
        folder = new_files.map_destination(
            self.window, self.window.workspace, self.window.settings, tab.document.pack_folder if tab else None
        )
        if folder is None:
            return
        content = self.window.workspace.content_for(folder / "pack.yaml")[0]
        dialog = ImportGroundDialog(content, folder, self.window)
        if dialog.exec() and dialog.written is not None:
            self.window.workspace.reload()
            self.window.browser.show_packs(self.window.workspace)
            self.window.open_path(dialog.written)
            if dialog.notes:
                present(self.window.statusBar()).showMessage("; ".join(dialog.notes), 10_000)

    def new_scenario(self) -> None:
        """The New Scenario dialog; the scenario (and its map) it writes is opened."""
        from .new_scenario_dialog import NewScenarioDialog

        tab, workspace = self.window.current_tab(), self.window.workspace
        open_packs = [
            tab.document.pack_folder if tab else None,
            self.window.browser.selected_pack_folder(),
            workspace.extra[0] if workspace.extra else None,  # the pack folder opened last
        ]
        destination = default_destination(workspace.packset, open_packs)
        dialog = NewScenarioDialog(workspace, self.window, destination)
        if dialog.exec() and dialog.written is not None:
            remember_pack(self.window.settings, dialog.written.pack_dir)
            self.pack_added(dialog.written.pack_dir)
            self.window.open_path(dialog.written.scenario_path)

    def copy_scenario(self, move: bool) -> None:
        """Save As (move: the tab shows the new file) or Duplicate (a copy is opened) of the current scenario."""
        from ..scenario.scenario_files import ScenarioFileError, duplicate, save_as

        tab = self.window.current_tab()
        document = next((d for d in tab.documents() if d.kind == "scenario"), None) if tab else None
        if document is None:
            return
        title = "Save scenario as" if move else "Duplicate scenario"
        scenario_id = new_files.ask_id(self.window, title, f"{document.path.stem}_copy")
        if scenario_id is None:
            return
        try:
            path = save_as(document, scenario_id) if move else duplicate(document, scenario_id)
        except (ScenarioFileError, SaveFailed) as exc:
            QMessageBox.warning(self.window, title, str(exc))
            return
        self.window.workspace.reload()
        self.window.browser.show_packs(self.window.workspace)
        if move:
            self.window._refresh_titles()
            self.remember(path)
        else:
            self.window.open_path(path)

    def remember(self, path: Path) -> None:
        recent = [p for p in (self.window.settings.value("recent", []) or []) if p != str(path)]
        self.window.settings.setValue("recent", [str(path)] + recent[:9])
        self.fill_recent()

    def fill_recent(self) -> None:
        self.recent_menu.clear()
        for entry in self.window.settings.value("recent", []) or []:
            action = present(self.recent_menu.addAction(entry))
            action.triggered.connect(lambda _=False, p=entry: self.window.open_path(Path(p)))
