"""The main window: wires docks, menus, toolbar and actions to the workspace and the documents. No editing
logic lives here: tools are in map/tools/, documents in document/, checks in shell/validation.py."""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtCore import QSettings, Qt, QTimer
from PyQt6.QtGui import QAction, QActionGroup, QKeySequence, QUndoGroup
from PyQt6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QMainWindow,
    QMessageBox,
    QTabWidget,
    QUndoView,
)

from tacforge.engine.yamlio import YamlFileError

from ..common.focused_wheel import install_focused_wheel
from ..common.issues_list import IssuesDock
from ..common.rooms import DOCK_AREAS, DocumentTab
from ..data.terrain_table import live_content
from ..document.documents import SaveFailed
from ..map.tool_buttons import fill_tool_bar
from ..map.tool_options import ToolOptionsBar
from ..map.tools.registry import menu_entries
from ..qt_present import present
from . import recovery
from .dock_room import DocksPutAway
from .docks import PackBrowser
from .file_commands import FileCommands, add_menu_action
from .file_watch import PackWatcher, take_disk_changes
from .room_modules import load_rooms
from .session import save_session, window_title
from .validation import LiveValidator
from .workspace import Workspace


def _with(bindings: list[QKeySequence], extra: str) -> list[QKeySequence]:
    """The platform's key bindings plus `extra`, which every platform should accept too."""
    wanted = QKeySequence(extra)
    return bindings if wanted in bindings else [*bindings, wanted]


class MainWindow(QMainWindow):
    def __init__(self, workspace: Workspace, settings: QSettings):
        super().__init__()
        install_focused_wheel(present(QApplication.instance()))  # only a focused field takes the wheel
        self.workspace, self.settings = workspace, settings
        self.setWindowTitle("tacforge")
        self.undo_group = QUndoGroup(self)
        self.tabs = QTabWidget()
        self.tabs.setTabsClosable(True)
        self.tabs.setDocumentMode(True)
        self.tabs.tabCloseRequested.connect(self.close_tab)
        self.tabs.currentChanged.connect(self._tab_changed)
        self.setCentralWidget(self.tabs)
        self.status = QLabel()
        present(self.statusBar()).addWidget(self.status, 1)
        self.validator = LiveValidator(workspace)
        self.rooms = load_rooms()
        self._build_docks()
        self.files = FileCommands(self)
        self._build_actions()
        from ..playtest.actions import Playtests

        self.playtests = Playtests(self)
        from ..playtest.balance_actions import BalanceRuns

        self.balance_runs = BalanceRuns(self)
        self.validator.issuesChanged.connect(self._show_issues)
        self.file_watch = PackWatcher(parent=self)
        self.file_watch.filesChanged.connect(self._changed_on_disk)
        self.autosave_timer = QTimer(self)
        self.autosave_timer.setInterval(60_000)
        self.autosave_timer.timeout.connect(self.autosave)
        self.autosave_timer.start()
        self.browser.show_packs(workspace)
        geometry = settings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.resize(1400, 900)
        state = settings.value("window/state")
        if state is not None:
            self.restoreState(state)
        else:  # first start: the map gets the height; the issues list is a strip until there is something in it
            self.resizeDocks([self.issues_dock], [130], Qt.Orientation.Vertical)
            sides = [d for d in (self._dock_named("oob"), self._dock_named("properties")) if d is not None]
            self.resizeDocks(sides, [380] * len(sides), Qt.Orientation.Horizontal)  # a tree and a form, readable
            right = [d for d in (self._dock_named("minimap"), self._dock_named("properties")) if d is not None]
            self.resizeDocks(right, [1, 2][: len(right)], Qt.Orientation.Vertical)  # the form gets two thirds
        self._show_tool_options()  # no tab yet: no map toolbars (a saved state may have shown them)

    # -- construction ---------------------------------------------------------------------------------------------
    def _dock_named(self, name: str) -> QDockWidget | None:
        return next((d for d in getattr(self, "docks", []) if d.objectName() == name), None)

    def _raise_docks_for(self, tab) -> None:
        """Bring forward the docks of what the tab edits: a scenario's order of battle and properties, a map's
        terrain palette; for a data room the packs (not an empty order of battle saying "No scenario open")."""
        kinds = {d.kind for d in tab.documents()} if tab is not None else set()
        names = ("oob", "properties") if "scenario" in kinds else ("terrain",) if "map" in kinds else ("packs",)
        for name in names:
            dock = self._dock_named(name)
            if dock is not None and dock.isVisible():
                dock.raise_()

    def _dock(self, title: str, widget, area, name: str) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _build_docks(self) -> None:
        left, right, bottom = (
            Qt.DockWidgetArea.LeftDockWidgetArea,
            Qt.DockWidgetArea.RightDockWidgetArea,
            Qt.DockWidgetArea.BottomDockWidgetArea,
        )
        self.browser = PackBrowser()
        self.browser.openRequested.connect(self.open_path)
        self.issues = IssuesDock()
        self.issues.jumpRequested.connect(self.jump_to_issue)
        self.history = QUndoView(self.undo_group)
        from ..map.minimap import Minimap
        from ..map.terrain_palette import TerrainPalette

        self.terrain_palette = TerrainPalette()  # (not `palette`: that is QWidget.palette())
        self.minimap = Minimap()
        self.room_docks = {spec.name: spec.factory() for spec in self.rooms.docks}
        self.docks = [
            self._dock("Packs", self.browser, left, "packs"),
            self._dock("Terrain", self.terrain_palette, left, "terrain"),
            self._dock("Minimap", self.minimap, right, "minimap"),
            *(
                self._dock(spec.title, self.room_docks[spec.name], DOCK_AREAS[spec.area], spec.name)
                for spec in self.rooms.docks
            ),
            self._dock("History", self.history, right, "history"),
        ]
        self.issues_dock = self._dock("Issues", self.issues, bottom, "issues")
        self.docks.append(self.issues_dock)
        # what a room needs side by side shares a place as tabs: the terrain palette with the order of battle (a map
        # or a scenario), the scenario's properties with its rules parameters and its AI plans; the tab shown follows
        # the document
        # (at 1280x800 stacked docks left the order of battle and the properties a few rows each: the packs share
        # the left column's place too, and the history the issues' strip, so the tree and the form get the height)
        for first, second in (
            ("terrain", "oob"),
            ("terrain", "packs"),
            ("properties", "scenario_parameters"),
            ("properties", "ai_plans"),
            ("issues", "history"),
        ):
            docks = [self._dock_named(first), self._dock_named(second)]
            if None not in docks:
                self.tabifyDockWidget(*docks)
        # the issues in front of the history (a document brings its own docks forward: _raise_docks_for)
        for name in ("issues",):
            present(self._dock_named(name)).raise_()
        self.docks_put_away = DocksPutAway(self.docks)
        self.terrain_palette.typeChosen.connect(lambda t: self._tool_option(terrain=t))
        self.terrain_palette.levelChosen.connect(lambda lvl: self._tool_option(level=lvl))

    def _action(self, menu, text, slot, shortcut=None, checkable=False) -> QAction:
        return add_menu_action(self, menu, text, slot, shortcut, checkable)

    def _build_actions(self) -> None:
        bar = present(self.menuBar())
        self.files.build_menu(bar)
        edit = present(bar.addMenu("&Edit"))
        # Kept as attributes: the menu does not own actions made by createUndoAction, Python would collect them.
        self.undo_action = present(self.undo_group.createUndoAction(self, "Undo"))
        self.undo_action.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Undo))
        self.redo_action = present(self.undo_group.createRedoAction(self, "Redo"))
        self.redo_action.setShortcuts(_with(QKeySequence.keyBindings(QKeySequence.StandardKey.Redo), "Ctrl+Shift+Z"))
        edit.addActions([self.undo_action, self.redo_action])
        edit.addSeparator()
        self._action(edit, "Copy", lambda: self._view_call("copy"), QKeySequence.StandardKey.Copy)
        self._action(edit, "Cut", lambda: self._view_call("cut"), QKeySequence.StandardKey.Cut)
        self._action(edit, "Paste", lambda: self._view_call("paste"), QKeySequence.StandardKey.Paste)
        self._action(edit, "Rotate clipboard 90°", lambda: self._view_call("rotate_clipboard"), "Ctrl+R")
        self._action(edit, "Flip clipboard horizontally", lambda: self._view_call("flip_clipboard", True), "Ctrl+H")
        self._action(edit, "Flip clipboard vertically", lambda: self._view_call("flip_clipboard", False), "Ctrl+J")
        view = present(bar.addMenu("&View"))
        self.grid_action = self._action(view, "Grid", lambda on: self._view_call("set_grid", on), "G", checkable=True)
        self.grid_action.setChecked(True)
        self._action(view, "Zoom in", lambda: self._view_call("zoom", 1.25), QKeySequence.StandardKey.ZoomIn)
        self._action(view, "Zoom out", lambda: self._view_call("zoom", 0.8), QKeySequence.StandardKey.ZoomOut)
        self._action(view, "Trace image…", lambda: self._tab_call("trace_dialog", self, self.settings))
        view.addSeparator()
        for dock in self.docks:
            view.addAction(dock.toggleViewAction())
        tools = present(bar.addMenu("&Map"))
        self.toolbar = present(self.addToolBar("Tools"))  # what every tab offers (the playtests add theirs)
        self.toolbar.setObjectName("tools")
        # the map's tools and the current tool's options: shown on tabs with a map only (_show_tool_options). The
        # options share the first row with the tools every tab offers; the map's tools get a row of their own,
        # some grouped under one button (map/tool_buttons.py), so that at 1280 pixels wide none hides behind the
        # toolbar's overflow arrow
        self.tool_options = ToolOptionsBar(self)
        self.addToolBar(self.tool_options)
        self.addToolBarBreak()
        self.map_toolbar = present(self.addToolBar("Map tools"))
        self.map_toolbar.setObjectName("map_tools")
        self.map_toolbar.setStyleSheet(
            "QToolBar { spacing: 0px; } QToolButton { padding-left: 0px; padding-right: 0px; }"
            # a group's button (map/tool_buttons.py): its arrow beside the name, not drawn over it
            ' QToolButton[popupMode="1"] { padding-right: 14px; } QToolButton::menu-button { width: 12px; }'
        )
        self.tool_options.optionsChanged.connect(lambda options: self._view_call("set_current_tool_options", **options))
        group = QActionGroup(self)
        self.tool_actions: dict[str, QAction] = {}  # by tool id: the Map menu's, on the toolbar or in a group's menu
        for name, text, key in menu_entries():
            action = self._action(tools, text, lambda _=False, n=name: self._tool(n), key, checkable=True)
            group.addAction(action)
            self.tool_actions[name] = action
            if name == "brush":
                action.setChecked(True)
        self.tool_groups = fill_tool_bar(self.map_toolbar, self.tool_actions)
        tools.addSeparator()
        self._action(tools, "Generate random map…", lambda: self._tab_call("generate_dialog", self))
        self._action(tools, "Resize map…", lambda: self._tab_call("resize_dialog", self))
        self._action(tools, "Name and description…", lambda: self._tab_call("map_details_dialog", self))
        help_menu = present(bar.addMenu("&Help"))
        self._action(
            help_menu,
            "About tacforge",
            lambda: QMessageBox.about(
                self, "tacforge", "tacforge: a scenario and force design toolkit for platoon-level WWII battles."
            ),
        )

    # -- tabs and documents ---------------------------------------------------------------------------------------
    @property
    def properties(self):
        """The scenario room's Properties dock."""
        return self.room_docks["properties"]

    def current_tab(self) -> DocumentTab | None:
        widget = self.tabs.currentWidget()
        return widget if isinstance(widget, DocumentTab) else None

    def _tab_call(self, name: str, *args, **kwargs) -> None:
        tab = self.current_tab()
        if tab is not None and hasattr(tab, name):
            getattr(tab, name)(*args, **kwargs)

    def _view_call(self, name: str, *args, **kwargs) -> None:
        """Copy, paste, zoom and the like act on the current tab's map view; copy and paste on a tab without one
        act on the tab itself where it has them (the weapon table's cells)."""
        tab = self.current_tab()
        view = tab.view if tab is not None else None
        if view is not None:
            getattr(view, name)(*args, **kwargs)
        elif tab is not None and name in ("copy", "paste") and hasattr(tab, name):
            getattr(tab, name)(*args, **kwargs)

    def _tool(self, name: str) -> None:
        self._current_tool = name
        self._tab_call("set_tool", name)
        self._show_tool_options()

    def _tool_option(self, **options) -> None:
        self._tab_call("set_tool_options", **options)
        self._show_tool_options()

    def _show_tool_options(self) -> None:
        """The map's toolbars on a tab with a map (hidden in the data rooms), showing the current tool's options."""
        tab = self.current_tab()
        view = tab.view if tab is not None else None
        self.map_toolbar.setVisible(view is not None)
        self.tool_options.setVisible(view is not None)
        self.tool_options.show_view(view)

    def open_path(self, path: Path) -> DocumentTab | None:
        path = Path(path)
        for i in range(self.tabs.count()):
            tab = self.tabs.widget(i)
            if isinstance(tab, DocumentTab) and tab.document.path.resolve() == path.resolve():
                self.tabs.setCurrentIndex(i)
                return tab
        try:
            document = self.workspace.open(path)
        except YamlFileError as exc:
            QMessageBox.warning(self, "Cannot open", exc.issue.format())
            return None
        room_tab = self.rooms.tabs.get(document.kind)
        if room_tab is None:
            QMessageBox.information(
                self,
                "Opened in the pack",
                f"{path.name} is validated live; no room of "
                "this editor edits it yet. Edit the file in a text editor meanwhile: the issues "
                "dock checks it.",
            )
            self.workspace.close(document)
            self.validator.watch(document.pack_folder)
            return None
        tab = room_tab(document, self.workspace, self)
        if hasattr(tab, "restore_trace"):
            tab.restore_trace(self.settings)  # the historical map the designer traced on this map
        tab.hovered.connect(self.status.setText)
        tab.edited.connect(self._edited)
        tab.openRequested.connect(self.open_path)
        self.undo_group.addStack(tab.history)
        self.tabs.addTab(tab, tab.title())
        self.tabs.setCurrentWidget(tab)
        tab.show_issues(self.validator.issues)
        QTimer.singleShot(0, document.read_ahead)  # once the tab is drawn: the first edit then need not wait
        self.files.remember(path)
        self._save_session()
        self.validator.watch(document.pack_folder)
        self.file_watch.watch_pack(document.pack_folder)
        return tab

    def _edited(self, document) -> None:
        for tab in self._tabs():
            tab.open_documents_edited(document)
        self.validator.schedule()
        self._refresh_titles()
        self._show_tool_options()  # the line of sight's default follows the scenario's visibility
        if document.kind == "terrain":
            self._show_palette()

    def _show_palette(self) -> None:
        """The palette shows the current tab's terrain, with the edits of every open terrain file in it."""
        tab = self.current_tab()
        content = live_content(tab.document.content if tab else None, self.workspace.documents)
        if content is not None:
            self.terrain_palette.set_content(content)
            self._tab_call("follow_terrain", content)  # the map paints and draws the types the palette offers

    def _refresh_titles(self) -> None:
        for i in range(self.tabs.count()):
            tab = self.tabs.widget(i)
            if isinstance(tab, DocumentTab):
                self.tabs.setTabText(i, tab.title())
        self._show_title()

    def _show_title(self) -> None:
        tab = self.current_tab()
        self.setWindowTitle(window_title(tab))
        self.setWindowModified(tab is not None and any(d.dirty for d in tab.documents()))

    def _save_session(self) -> None:
        tab = self.current_tab()
        save_session(self.settings, [t.document.path for t in self._tabs()], tab.document.path if tab else None)

    def _tab_changed(self, index: int) -> None:
        tab = self.current_tab()
        self._show_title()
        for widget in self.room_docks.values():
            if hasattr(widget, "show_document"):
                widget.show_document(tab.document if tab else None)
        self.minimap.attach(tab.view if tab else None)
        self.status.clear()  # it described a square of the tab that was current
        if tab is None:
            self.undo_group.setActiveStack(None)
            self._show_tool_options()
            return
        self.undo_group.setActiveStack(tab.history)
        self.docks_put_away.follow(tab)
        self._raise_docks_for(tab)
        self._show_palette()
        self._tab_call("set_tool", getattr(self, "_current_tool", "brush"))  # tabs with a map only
        self._show_tool_options()
        self.validator.watch(tab.document.pack_folder)

    def close_tab(self, index: int) -> bool:
        tab = self.tabs.widget(index)
        if not isinstance(tab, DocumentTab):
            return True
        for document in tab.documents():
            if document.dirty and not self._ask_save(document):
                return False
        self.tabs.removeTab(index)
        remaining = [d for t in self._tabs() for d in t.documents()]
        if not any(d.undo is tab.history for d in remaining):
            self.undo_group.removeStack(tab.history)
        for document in tab.documents():
            if document not in remaining:
                self.workspace.close(document)
                recovery.discard(document.path)
                self._edited(document)  # its unsaved text, if discarded, leaves what the other tabs compute with
                if any(d.undo is document.undo for d in remaining):
                    document.undo.clear()  # a shared history must not undo into a file no tab shows any more
        tab.deleteLater()
        self._save_session()
        return True

    def _tabs(self) -> list[DocumentTab]:
        return [tab for tab in map(self.tabs.widget, range(self.tabs.count())) if isinstance(tab, DocumentTab)]

    def _ask_save(self, document) -> bool:
        answer = QMessageBox.question(
            self,
            "Unsaved changes",
            f"Save the changes to {document.path.name}?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Cancel:
            return False
        if answer == QMessageBox.StandardButton.Save:
            return self._save(document)
        return True

    def _save(self, document) -> bool:
        try:
            document.save()
        except SaveFailed as exc:
            QMessageBox.critical(self, "Save failed", str(exc))
            return False
        recovery.discard(document.path)
        self._refresh_titles()
        present(self.statusBar()).showMessage(f"saved {document.path}", 4000)
        return True

    def save_current(self) -> None:
        tab = self.current_tab()
        if tab is not None:
            for document in tab.documents():
                if document.dirty:
                    self._save(document)

    def save_all(self) -> None:
        for document in list(self.workspace.documents):
            if document.dirty:
                self._save(document)

    def autosave(self) -> None:
        for document in self.workspace.documents:
            if document.dirty:
                try:
                    recovery.autosave(document.path, document.text())
                except OSError as exc:
                    present(self.statusBar()).showMessage(f"autosave failed: {exc}", 6000)

    def _changed_on_disk(self, paths: list) -> None:
        """Another program changed pack files: reload what is open, re-read the packs, validate again."""
        notes = take_disk_changes(list(self.workspace.documents), paths, self._ask_reload)
        self.workspace.reload()
        self.browser.show_packs(self.workspace)
        self.validator.schedule()
        self._refresh_titles()
        if notes:
            present(self.statusBar()).showMessage("; ".join(notes), 10_000)

    def _ask_reload(self, document) -> bool:
        answer = QMessageBox.question(
            self,
            "File changed on disk",
            f"{document.path.name} was changed by another program, and you have "
            "unsaved changes to it. Reload it from disk? (Undo brings your changes back.)",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    # -- issues ---------------------------------------------------------------------------------------------------
    def _show_issues(self, issues: list) -> None:
        self.issues.show_issues(issues)
        for i in range(self.tabs.count()):  # a room may list the issues about what it shows (the periods room)
            tab = self.tabs.widget(i)
            if isinstance(tab, DocumentTab):
                tab.show_issues(issues)
        errors, warnings = self.issues.count()
        self.issues_dock.setWindowTitle(f"Issues ({errors} errors, {warnings} warnings)")

    def jump_to_issue(self, issue) -> None:
        if issue is None or issue.file is None:
            return
        tab = self.open_path(Path(issue.file))
        if tab is not None:
            tab.jump_to(issue)
        for widget in self.room_docks.values():  # a dock that edits the value (the scenario's Properties) shows it
            if hasattr(widget, "jump_to") and widget.jump_to(issue):
                dock = present(widget.parentWidget())  # the QDockWidget _build_docks put it in
                dock.show()
                dock.raise_()

    def closeEvent(self, event) -> None:
        for document in list(self.workspace.documents):
            if document.dirty and not self._ask_save(document):
                event.ignore()
                return
        for document in self.workspace.documents:
            recovery.discard(document.path)
        self.playtests.close_all()
        self.balance_runs.stop()
        self.autosave_timer.stop()
        self.validator.shutdown()
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.docks_put_away.restore()  # the layout saved is the designer's, not the one a data room borrowed
        self.settings.setValue("window/state", self.saveState())
        self._save_session()
        event.accept()
