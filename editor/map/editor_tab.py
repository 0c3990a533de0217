"""One open scenario or map in the main window: the map view with the scenario's overlays (the scenario room's
map layer draws and edits its units and objectives), wired to the documents' undo stacks. Scenario edits go to the
scenario document, terrain edits to the map document."""

from __future__ import annotations

from collections.abc import Mapping

from PyQt6.QtWidgets import QInputDialog, QVBoxLayout

from tacforge.engine.rules.terrain_grid import TerrainGrid

from ..common.rooms import DocumentTab, MapLayer, MapLayerFactory
from ..document.documents import Document, MapDocument
from ..document.events import CellsChanged, Reloaded, RowsInserted, RowsRemoved, ValueChanged
from ..qt_present import present
from . import map_details, place_names
from .square_info import describe_square
from .tools.los import los_settings, terrain_grid
from .trace import load_trace
from .trace_dialog import TraceDialog
from .view import MapView


class EditorTab(DocumentTab):
    view: MapView | None

    def __init__(self, document: Document, workspace, parent=None, layers: Mapping[str, MapLayerFactory] | None = None):
        """`layers`: by document kind, what another room shows on the map (the scenario room's units and
        objectives on a scenario's tab)."""
        super().__init__(document, workspace, parent)
        self.map_document: MapDocument | None = (
            document if isinstance(document, MapDocument) else workspace.map_document_for(document)
        )
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
            self.view.placeNamed.connect(self._name_place)
        self.ask_place_name = place_names.ask_place_name  # replaced by tests (a dialog would block)
        self.ask_map_details = map_details.ask_map_details  # (likewise)
        layer = (layers or {}).get(document.kind) if self.view is not None else None
        self.map_layer: MapLayer | None = layer(self) if layer is not None else None
        self._grid: TerrainGrid | None = None
        self._hovered: tuple[int, int] | None = None
        self.watch_documents()
        self._refresh_overlays()

    def documents(self) -> list[Document]:
        docs = [self.document]
        if self.map_document is not None and self.map_document is not self.document:
            docs.append(self.map_document)
        return docs

    # -- edits ----------------------------------------------------------------------------------------------------
    def _apply_edit(self, edit) -> None:
        if self.map_document is not None:
            self.map_document.push_edit(edit)
            self._grid = None
            self.edited.emit(self.map_document)

    def _name_place(self, x: int, y: int) -> None:
        if self.map_document is None:
            return
        text = self.ask_place_name(self, (x, y), place_names.name_at(self.map_document.model.labels, (x, y)))
        if text is not None and place_names.name_place(self.map_document, (x, y), text):
            self.hovered.emit(f"{x},{y} named '{text.strip()}'" if text.strip() else f"{x},{y}: no name")

    def document_changed(self, document: Document, event) -> None:
        if isinstance(event, (ValueChanged, RowsInserted, RowsRemoved)) and document is self.map_document and self.view:
            present(self.view.viewport()).update()  # a place name (the map's labels)
        if isinstance(event, (CellsChanged, Reloaded)) and document is self.map_document:
            self._grid = None  # the terrain changed (an edit, undo, a reload): sight lines with it
        if isinstance(event, (ValueChanged, RowsInserted, RowsRemoved, Reloaded)) and document is self.document:
            self._refresh_overlays()  # rows: formations and units added or deleted
            self.edited.emit(document)
        if isinstance(event, (CellsChanged, ValueChanged, Reloaded)) and self._hovered is not None:
            self._hover(*self._hovered)  # the status bar describes the square as it is now

    def _scenario(self):
        """The tab's scenario as the engine reads it, or None (a map tab, or a scenario with errors)."""
        return self.document.model.scenario if self.document.kind == "scenario" else None

    def _move_objective(self, x: int, y: int) -> None:
        scenario = self._scenario()
        if scenario is not None and scenario.objective_center is not None:
            self.document.set_value(("objective", "center"), [x, y], "Move objective area")

    # -- overlays and status --------------------------------------------------------------------------------------
    def scenario_units(self) -> list[tuple[int, int, str, str]]:
        scenario = self._scenario()
        if scenario is None:
            return []
        return [
            (unit.at[0], unit.at[1], force.side, f"{formation.letter}{unit.index}")
            for force in scenario.forces
            for formation in force.formations
            for unit in formation.units
            if unit.at is not None
        ]

    def _refresh_overlays(self) -> None:
        scenario = self._scenario()
        if self.view is None or scenario is None:
            return
        self.view.set_scenario_visibility(self.document.model.sight_range())  # what the line-of-sight tool sees
        content = self.document.content
        limit = content.ruleset.entrenchment_max if content is not None and content.ruleset else None
        size = self.document.model.parameters.time_space.objective_area_size
        self.view.set_overlays(
            objective_center=scenario.objective_center,
            start_lines=dict(scenario.start_lines),
            entrenchment_limit=limit,
            objective_size=size,
            **(self.map_layer.overlay_args() if self.map_layer is not None else {}),
        )

    def _hover(self, x: int, y: int) -> None:
        if self.map_document is None:
            return
        self._hovered = (x, y)
        content = self.map_document.content
        scenario = self.document.model if self.document.kind == "scenario" else None
        units = self.scenario_units()
        operator, default_visibility = los_settings(content)
        visibility = scenario.sight_range() if scenario else default_visibility
        if units and self._grid is None:
            self._grid = terrain_grid(self.map_document.model)
        self.hovered.emit(
            describe_square(self.map_document.model, content, x, y, units, self._grid, operator, visibility)
        )

    def jump_to(self, issue) -> None:
        if self.view is None:
            return
        square = self._square_of(tuple(issue.path))
        if square is not None:
            self.view.show_square(*square)

    def _square_of(self, path: tuple) -> tuple[int, int] | None:
        """The square an issue's path is about: a map row, or a scenario's unit, objective or entrenchment."""
        if self.document.kind == "map":
            return (0, path[1]) if len(path) >= 2 and path[0] == "rows" and isinstance(path[1], int) else None
        scenario = self._scenario()
        if scenario is None:
            return None
        if path[:1] == ("objective",):
            return scenario.objective_center
        if len(path) >= 3 and path[0] == "entrenchments":
            squares = dict(scenario.entrenchments).get(path[1], ())
            return squares[path[2]] if isinstance(path[2], int) and path[2] < len(squares) else None
        units = [u for force in scenario.forces for formation in force.formations for u in formation.units]
        return next((u.at for u in units if u.at is not None and path[: len(u.source.path)] == u.source.path), None)

    def follow_terrain(self, content) -> None:
        """The pack's terrain as the open terrain documents have it now (the shell passes it with the palette's): a
        type or code added there, saved or not, is painted and drawn on this map. Content of another pack than the
        map's is not taken (its types would write codes the map's pack does not have)."""
        model = self.map_document.model if self.map_document is not None else None
        if model is None or self.view is None or content is None or content.pack_id != model.content.pack_id:
            return
        if (content.terrain_types, content.terrain_codes) == (model.content.terrain_types, model.content.terrain_codes):
            return
        model.set_content(content)
        self.view.terrain_changed()
        self._grid = None

    # -- tools, forwarded to the view -----------------------------------------------------------------------------
    def set_tool(self, name: str) -> None:
        if self.view is not None:
            self.view.set_tool(name)

    def set_tool_options(self, **options) -> None:
        if self.view is not None and hasattr(self.view, "set_tool_options"):
            self.view.set_tool_options(**options)

    def restore_trace(self, settings) -> None:
        """Draw the image traced on this map the last time it was open (kept in the editor's settings)."""
        if self.view is not None and self.map_document is not None:
            self.view.set_trace(load_trace(settings, self.map_document.path))

    def trace_dialog(self, parent, settings) -> None:
        if self.view is None or self.map_document is None:
            return
        self._trace_dialog = TraceDialog(self.view, settings, self.map_document.path, parent)
        self._trace_dialog.show()

    def generate_dialog(self, parent) -> None:
        if self.view is None:
            return
        cover, ok = QInputDialog.getInt(parent, "Random map", "Cover density (0-9):", 4, 0, 9)
        if not ok:
            return
        seed, ok = QInputDialog.getInt(parent, "Random map", "Seed:", 1, 0, 2**31 - 1)
        if not ok:
            return
        river, ok = QInputDialog.getItem(parent, "Random map", "River:", ["yes", "no"], 0, False)
        if ok and hasattr(self.view, "generate_random"):
            self.view.generate_random(river=river == "yes", cover=cover, seed=seed)

    def map_details_dialog(self, parent) -> None:
        """Map > Name and description…: both asked, set in one undo step."""
        if self.map_document is None:
            return
        name = str(self.map_document.value("name", default=""))
        description = str(self.map_document.value("description", default="") or "")
        answer = self.ask_map_details(parent, name, description)
        if answer is not None:
            map_details.set_map_details(self.map_document, *answer)

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
