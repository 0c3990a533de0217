"""One open scenario or map in the main window: the map view with the scenario's overlays, wired to the
documents' undo stacks. Scenario edits go to the scenario document, terrain edits to the map document."""

from __future__ import annotations

from PyQt6.QtCore import pyqtSignal
from PyQt6.QtWidgets import QInputDialog, QVBoxLayout, QWidget

from tacforge.engine.rules.terrain_grid import TerrainGrid

from ..document.documents import Document, MapDocument
from .view import MapView
from .square_info import describe_square


class EditorTab(QWidget):
    hovered = pyqtSignal(str)
    edited = pyqtSignal(object)

    def __init__(self, document: Document, workspace, parent=None):
        super().__init__(parent)
        self.document, self.workspace = document, workspace
        self.map_document: MapDocument | None = (document if isinstance(document, MapDocument)
                                                 else workspace.map_document_for(document))
        self._join_history()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        content = (self.map_document or document).content
        self.view = MapView(self.map_document.model, content) if self.map_document else None
        if self.view is not None:
            layout.addWidget(self.view)
            self.view.editMade.connect(self._apply_edit)
            self.view.cellHovered.connect(self._hover)
            if hasattr(self.view, "objectiveMoved"):
                self.view.objectiveMoved.connect(self._move_objective)
        for doc in self.documents():
            doc.changed.connect(lambda what, detail, d=doc: self._changed(d, what))
            doc.dirtyChanged.connect(lambda _dirty, d=doc: self.edited.emit(d))
        self._grid = None
        self._hovered: tuple[int, int] | None = None
        self._refresh_overlays()

    def _join_history(self) -> None:
        """One history per tab: the scenario's and its map's edits in the order they were made, so undo always
        takes back the last edit shown in this tab. A document another tab already shows brings that history."""
        shown = [d.undo for d in self.documents() if d.history_joined]
        history = shown[0] if shown else self.document.undo
        for doc in self.documents():
            doc.share_history(history)

    @property
    def history(self):
        return self.document.undo

    def documents(self) -> list[Document]:
        docs = [self.document]
        if self.map_document is not None and self.map_document is not self.document:
            docs.append(self.map_document)
        return docs

    def title(self) -> str:
        star = "*" if any(d.dirty for d in self.documents()) else ""
        return f"{self.document.title}{star}"

    # -- edits ----------------------------------------------------------------------------------------------------
    def _apply_edit(self, edit) -> None:
        if self.map_document is not None:
            self.map_document.push_edit(edit)
            self._grid = None
            self.edited.emit(self.map_document)

    def _changed(self, document: Document, what: str) -> None:
        if what == "cells":
            self._grid = None  # the terrain changed (an edit, undo, a reload): sight lines with it
        if what == "value" and document is self.document:
            self._refresh_overlays()
            self.edited.emit(document)
        if what in ("cells", "value") and self._hovered is not None:
            self._hover(*self._hovered)  # the status bar describes the square as it is now

    def _move_objective(self, x: int, y: int) -> None:
        if self.document.kind == "scenario" and self.document.value("objective") is not None:
            self.document.set_value(("objective", "center"), [x, y], "Move objective area")

    # -- overlays and status --------------------------------------------------------------------------------------
    def scenario_units(self) -> list[tuple[int, int, str, str]]:
        if self.document.kind != "scenario":
            return []
        out = []
        forces = self.document.value("forces", default={}) or {}
        for side, force in forces.items():
            for formation in (force or {}).get("formations", []) or []:
                for unit in formation.get("units", []) or []:
                    at = unit.get("at")
                    if at is not None and len(at) == 2:
                        out.append((int(at[0]), int(at[1]), str(side), f"{formation.get('letter', '?')}{unit.get('index', '?')}"))
        return out

    def _refresh_overlays(self) -> None:
        if self.view is None or self.document.kind != "scenario":
            return
        doc = self.document
        center = doc.value("objective", "center")
        lines = {str(k): int(v) for k, v in (doc.value("start_lines", default={}) or {}).items()}
        trenches = [(int(sq[0]), int(sq[1])) for squares in (doc.value("entrenchments", default={}) or {}).values()
                    for sq in squares or []]
        content = doc.content
        limit = content.ruleset.entrenchment_max if content is not None and content.ruleset else None
        size = content.parameters.time_space.objective_area_size if content is not None else None
        self.view.set_overlays(objective_center=(int(center[0]), int(center[1])) if center else None,
                               start_lines=lines, entrenchments=trenches, units=self.scenario_units(),
                               entrenchment_limit=limit, objective_size=size)

    def _hover(self, x: int, y: int) -> None:
        if self.map_document is None:
            return
        self._hovered = (x, y)
        content = self.map_document.content
        scenario = self.document if self.document.kind == "scenario" else None
        units = self.scenario_units() if scenario else []
        visibility = 20
        if scenario is not None and isinstance(scenario.value("visibility"), int):
            visibility = scenario.value("visibility")
        operator = content.ruleset.flags.los_operator if content and content.ruleset else ">="
        if units and self._grid is None:
            self._grid = TerrainGrid.from_map(self.map_document.model.to_map(), content)
        self.hovered.emit(describe_square(self.map_document.model, content, x, y, units, self._grid, operator,
                                          visibility))

    def jump_to(self, issue) -> None:
        path = issue.path
        if self.view is None:
            return
        square = None
        if len(path) >= 2 and path[0] == "rows" and isinstance(path[1], int):
            square = (0, path[1])
        elif self.document.kind == "scenario":
            node = self.document.value(*path)
            for _ in range(4):
                if isinstance(node, dict) and node.get("at") is not None:
                    square = tuple(node["at"])
                    break
                if isinstance(node, (list, tuple)) and len(node) == 2 and all(isinstance(v, int) for v in node):
                    square = tuple(node)
                    break
                path = path[:-1]
                if not path:
                    break
                node = self.document.value(*path)
        if square is not None:
            self.view.show_square(*square)

    # -- tools, forwarded to the view -----------------------------------------------------------------------------
    def set_tool(self, name: str) -> None:
        if self.view is not None:
            self.view.set_tool(name)

    def set_tool_options(self, **options) -> None:
        if self.view is not None and hasattr(self.view, "set_tool_options"):
            self.view.set_tool_options(**options)

    def generate_dialog(self, parent) -> None:
        if self.view is None:
            return
        cover, ok = QInputDialog.getInt(parent, "Random map", "Cover density (0-9):", 4, 0, 9)
        if not ok:
            return
        seed, ok = QInputDialog.getInt(parent, "Random map", "Seed:", 1, 0, 2 ** 31 - 1)
        if not ok:
            return
        river, ok = QInputDialog.getItem(parent, "Random map", "River:", ["yes", "no"], 0, False)
        if ok and hasattr(self.view, "generate_random"):
            self.view.generate_random(river=river == "yes", cover=cover, seed=seed)

    def resize_dialog(self, parent) -> None:
        if self.view is None or self.map_document is None:
            return
        model = self.map_document.model
        width, ok = QInputDialog.getInt(parent, "Resize map", "Width:", model.width, 1, 256)
        if not ok:
            return
        height, ok = QInputDialog.getInt(parent, "Resize map", "Height:", model.height, 1, 256)
        if ok and hasattr(self.view, "resize_map"):
            self.view.resize_map(width, height)
