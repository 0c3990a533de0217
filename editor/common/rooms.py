"""What the rooms add to the shell: a tab per kind of document they edit, docks, and what a room shows on another
room's map tab.

Each room package has a module `room.py` with `register(rooms: Rooms)`, listed in the shell's ROOM_MODULES
(shell/room_modules.py); the main window calls `load_rooms()` once and builds its tabs and docks from the result.
A room tab is a `DocumentTab`; a dock widget that has `show_document(document)` is told which document the current
tab shows (None: no tab). The rooms never import one another: the scenario room puts its units and objectives on
the map room's tab by registering a `MapLayer` factory for scenario documents, which the map tab asks for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from typing import Protocol

from PyQt6.QtCore import Qt, pyqtSignal
from PyQt6.QtWidgets import QWidget

from tacforge.engine.cached_dataclass import dataclass

DOCK_AREAS = {
    "left": Qt.DockWidgetArea.LeftDockWidgetArea,
    "right": Qt.DockWidgetArea.RightDockWidgetArea,
    "bottom": Qt.DockWidgetArea.BottomDockWidgetArea,
}


class DocumentTab(QWidget):
    """A tab of the main window showing one document (and perhaps others it needs, as a scenario its map).
    The shell reads `document`, `documents()`, `history`, `title()` and `view` (a map view, or None), calls
    `jump_to(issue)` and `open_documents_edited(document)`, and listens to `edited(document)` (a document changed:
    revalidate, retitle), `hovered(text)` (status bar) and `openRequested(path)` (open another pack file, as the
    terrain room its pack's import profile). Tool calls (`set_tool`, `set_tool_options`) reach only tabs with a
    map."""

    hovered = pyqtSignal(str)
    edited = pyqtSignal(object)
    openRequested = pyqtSignal(object)  # a pack file (Path) the tab asks the shell to open in its own tab
    view: QWidget | None = None  # the map room's tab shows a map view (map/view.py MapView)

    def __init__(self, document, workspace, parent=None):
        super().__init__(parent)
        self.document, self.workspace = document, workspace

    def watch_documents(self) -> None:
        """Call once `documents()` is known: one history for the tab (the documents' edits in the order they were
        made, so undo always takes back the last edit shown here; a document another tab already shows brings
        that history), and every change passed to `document_changed`."""
        shown = [d.undo for d in self.documents() if d.history_joined]
        history = shown[0] if shown else self.document.undo
        for doc in self.documents():
            doc.share_history(history)
            doc.changed.connect(lambda event, d=doc: self.document_changed(d, event))
            doc.dirtyChanged.connect(lambda _dirty, d=doc: self.edited.emit(d))

    def document_changed(self, document, event) -> None:
        """A typed event from one of the tab's documents (events.py); a room redraws what it shows of it."""
        self.edited.emit(document)

    @property
    def history(self):
        return self.document.undo

    def documents(self) -> list:
        return [self.document]

    def title(self) -> str:
        star = "*" if any(d.dirty for d in self.documents()) else ""
        return f"{self.document.title}{star}"

    def jump_to(self, issue) -> None:
        """Show what `issue` is about (a room tab selects its row or field; the base shows the tab only)."""

    def open_documents_edited(self, document) -> None:
        """Some open document changed (an edit, an undo, a save, a reload, or its tab closed with its changes
        discarded), this tab's own or another's: a room that computes with the packs as the open documents hold
        them (the weapons room's plots) redraws; the base does nothing."""

    def show_issues(self, issues: list) -> None:
        """The live issues of the pack being checked, as the issues dock lists them (a room that reports some of
        them beside what they are about picks those; the base shows none)."""


TabFactory = Callable[..., DocumentTab]  # (document, workspace, parent) -> tab


class MapLayer(Protocol):
    """What a room adds to the map tab of a document of its kind: the scenario room's units, objectives,
    entrenchments and entry edges, which it draws and edits through the tab's `view` and `document`."""

    def overlay_args(self) -> dict:
        """The layer's part of the map view's overlays (MapView.set_overlays keywords)."""
        ...


MapLayerFactory = Callable[[DocumentTab], MapLayer]  # (the map tab, its view built) -> layer


@dataclass(frozen=True)
class DockSpec:
    """A dock a room adds. Its widget may have `show_document(document)` (called when the current tab changes) and
    `jump_to(issue) -> bool` (called when an issue is double-clicked; True if it brought forward the field the issue
    is about, and the shell then raises the dock)."""

    name: str  # object name, kept in the saved window state
    title: str
    factory: Callable[[], QWidget]
    area: str = "right"  # a key of DOCK_AREAS


@dataclass
class Rooms:
    tabs: dict[str, TabFactory] = field(default_factory=dict)  # document kind -> tab factory
    docks: list[DockSpec] = field(default_factory=list)
    map_layers: dict[str, MapLayerFactory] = field(default_factory=dict)  # document kind -> layer factory

    def add_tab(self, kind: str, factory: TabFactory) -> None:
        """Documents of `kind` ("weapons", "terrain", "periods", "rules", "pack", "map", "scenario") open in
        tabs made by `factory(document, workspace, parent)`."""
        if kind in self.tabs:
            raise ValueError(f"two rooms edit {kind} documents")
        self.tabs[kind] = factory

    def add_dock(self, name: str, title: str, factory: Callable[[], QWidget], area: str = "right") -> None:
        if area not in DOCK_AREAS:
            raise ValueError(f"dock area {area!r}: expected one of {', '.join(DOCK_AREAS)}")
        self.docks.append(DockSpec(name, title, factory, area))

    def add_map_layer(self, kind: str, factory: MapLayerFactory) -> None:
        """The map tab of a document of `kind` (one with a map view) shows and edits what `factory(tab)` makes."""
        if kind in self.map_layers:
            raise ValueError(f"two rooms put {kind} documents on the map")
        self.map_layers[kind] = factory
