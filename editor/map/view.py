"""The map canvas: draws a `MapModel` from image buffers, zooms and pans, and turns mouse input into tool calls.

The view holds no truth of its own. Tools live in the Qt-free `ToolController`; their edits are emitted as
`editMade(edit)` for the shell to push on its undo stack (whose redo applies them: the view never applies an
edit itself), and the view repaints the rectangle the model reports changed. Wheel or +/- zoom (around the
cursor), middle- or right-drag, arrow keys or scrollbars pan. Squares show symbols from 8 pixels up and plain
colours below. Tools: the classes registered in map/tools/registry.py; the pointer drags the objective area.
"""

from __future__ import annotations

import math

import numpy as np
from PyQt6.QtCore import QPointF, QRectF, Qt, pyqtSignal
from PyQt6.QtGui import QImage, QPainter
from PyQt6.QtWidgets import QAbstractScrollArea, QWidget

from ..common.plan_marks import PlanMarks
from ..grid.model import MapModel
from ..qt_present import present
from . import view_input
from .overlays import Overlays, Squares, mask_image
from .picture import MapPicture
from .tools import ToolController
from .tools.generate import generate_into
from .tools.los import los_settings, visible_from
from .trace import Trace, read_image
from .view_paint import DETAIL_MIN, paint_view

CURSORS = {"arrow": Qt.CursorShape.ArrowCursor, "cross": Qt.CursorShape.CrossCursor}  # by a tool's `cursor`

MIN_ZOOM, MAX_ZOOM, STEP = 1.0, 64.0, 1.25


class MapView(QAbstractScrollArea):
    cellHovered = pyqtSignal(int, int)
    editMade = pyqtSignal(object)
    strokeFinished = pyqtSignal()
    objectiveMoved = pyqtSignal(int, int)
    terrainPicked = pyqtSignal(str, int)  # the eyedropper: type name, level
    selectionChanged = pyqtSignal(object)  # (x0, y0, x1, y1) half-open, or None
    losChanged = pyqtSignal(object)  # the LOS origin (x, y), or None
    viewChanged = pyqtSignal()  # zoom or scroll moved (the minimap follows)
    unitsSelected = pyqtSignal(object)  # the units tool: frozenset of unit keys
    unitsDragging = pyqtSignal(object)  # the units tool: a UnitDrag as the pointer moves
    unitsMoved = pyqtSignal(object)  # the units tool: a UnitDrag (moves and refusals) at its release
    entrenchmentStroke = pyqtSignal(object)  # the entrenchment tool: the stroke's squares
    objectivePlaced = pyqtSignal(int, int)  # the objective tool: a click on a square
    placeNamed = pyqtSignal(int, int)  # the place name tool: a click on a square
    pointPicked = pyqtSignal(float, float)  # while picking: a click, in squares from the map's corner
    pickingCancelled = pyqtSignal()  # Escape while picking
    planSquarePicked = pyqtSignal(int, int)  # the plan waypoint tool: a click on a square
    planAreaDrawn = pyqtSignal(object)  # the trigger area tool: (x0, y0, x1, y1), inclusive corners

    def __init__(self, model: MapModel, content=None, parent=None) -> None:
        if parent is None and isinstance(content, QWidget):
            content, parent = None, content
        super().__init__(parent)
        self.setMouseTracking(True)
        present(self.viewport()).setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        present(self.horizontalScrollBar()).setSingleStep(24)
        present(self.verticalScrollBar()).setSingleStep(24)
        self.model, self.picture, self.controller = model, MapPicture(model), ToolController(model)
        self._zoom, self._fitted = 12.0, True
        self.grid_visible, self.symbols_visible = True, True
        self.overlays = Overlays()
        # the line-of-sight shading: origin, height, visibility, mask, image
        self._los: tuple[tuple[int, int], int, int, np.ndarray, QImage] | None = None
        self.trace: tuple[Trace, QImage] | None = None  # a historical map traced under or over the terrain
        # the trace's control points drawn (while the designer works on them), and a clicked pixel awaiting its place
        self.trace_marks, self.trace_pending = False, None
        self.picking = False  # a click is a point for pointPicked (the trace's control points), not for the tool
        self._preview: QImage | None = None
        self.marked: tuple[int, int] | None = None  # a square shown to the designer (an issue's), until a click
        self.plan_marks: PlanMarks | None = None  # the AI plan chosen in the scenario room's AI Plans dock
        self.labels_placed: list[QRectF] = []  # the scenario's labels as the last paint laid them out...
        self.label_texts: list[str] = []  # (their texts)
        self.place_names: list[QRectF] = []  # ...clear of the map's place names
        self.place_name_texts: list[str] = []  # (the place names)
        self.labels_left_out: list[str] = []  # texts the last paint found no room for (zooming in makes room)
        self.plan_arrows: list = []  # the AI plan's arrows as painted: (start, end) in pixels...
        self.labels_backed: list[QRectF] = []  # ...and the texts drawn on a backing because one crosses them
        self.kept_clear: list[QRectF] = []  # the marks no text was placed over (waypoint discs, units' labels, ...)
        self.scenario_visibility: int | None = None  # the scenario's on a scenario's tab: what the LOS tool sees
        self._hover: tuple[int, int] | None = None
        self._pan: tuple[QPointF, int, int] | None = None  # where a pan started: pointer, scroll bar values
        # the objective area being dragged (view_input.py): pointer's offset from its centre, the centre now
        self._drag: tuple[tuple[int, int], tuple[int, int]] | None = None
        self._wheel = 0
        self._pressed = False
        model.subscribe(self._changed)
        self._relayout()

    # -- model and tools ---------------------------------------------------------------------------------------
    def set_model(self, model: MapModel) -> None:
        """Show another map, keeping the tool and its options."""
        old = self.controller
        self.model.unsubscribe(self._changed)
        self.model, self.picture = model, MapPicture(model)
        self.controller = ToolController(model)
        self.controller.options, self.controller.tool = old.options, old.tool
        self.controller.units, self.controller.unit_rules = old.units, old.unit_rules
        self.controller.selected_units = old.selected_units
        model.subscribe(self._changed)
        self._los = None
        self._fitted = True
        self._relayout()

    def set_tool(self, name: str, **options) -> None:
        self.controller.set_tool(name, **options)
        if not self.controller.current.shows_sight and self._los is not None:
            self.clear_los()  # the shading belongs to the line-of-sight tool
        self._after_tool([])
        present(self.viewport()).setCursor(self.tool_cursor())

    def tool_cursor(self) -> Qt.CursorShape:
        return CURSORS[self.controller.current.cursor]

    def terrain_changed(self) -> None:
        """The model paints with another terrain table (model.set_content): the pictures are drawn from it again."""
        self.picture = MapPicture(self.model)
        present(self.viewport()).update()

    def set_tool_options(self, **options) -> None:
        """Options for every tool that has them (the palette's terrain and level)."""
        self.controller.set_options(**options)
        present(self.viewport()).update()

    def set_current_tool_options(self, **options) -> None:
        """Options of the current tool only (the tool-options bar: the brush's size is not the elevation tool's);
        the line of sight shown follows a new observer height or visibility."""
        self.controller.set_tool(self.controller.tool, **options)
        if self._los is not None and self.controller.current.shows_sight:
            opts = self.controller.current.options
            self.set_los(self._los[0], height=opts.get("height", 0), visibility=opts.get("visibility"))
        present(self.viewport()).update()

    def set_scenario_visibility(self, visibility: int | None) -> None:
        """The scenario's visibility (None on a map's tab); a line of sight shown by it is drawn again."""
        changed, self.scenario_visibility = visibility != self.scenario_visibility, visibility
        if changed and self._los is not None and self.controller.options.get("los", {}).get("visibility") is None:
            self.set_los(self._los[0], height=self._los[1])

    def sight_range(self) -> int:
        """What the line of sight reaches unless its tool says otherwise: the scenario's visibility, else the
        pack's greatest."""
        if self.scenario_visibility is not None:
            return self.scenario_visibility
        return los_settings(self.model.content)[1]

    # -- edit operations for the shell's menus (each emits editMade; nothing is applied here) -------------------
    def copy(self) -> bool:
        return self.controller.copy()

    def cut(self) -> None:
        self._after_tool(self.controller.cut())

    def paste(self) -> None:
        """The clipboard follows the cursor; a click places it (Escape or another tool ends pasting)."""
        if self.controller.clipboard is not None:
            self.set_tool("paste")
            if self._hover is not None:
                self._after_tool(self.controller.move(*self._hover))

    def rotate_clipboard(self, degrees: int = 90) -> None:
        self.controller.transform_clipboard(rotate=degrees)
        self._refresh_paste()

    def flip_clipboard(self, horizontal: bool = True) -> None:
        self.controller.transform_clipboard(flip="h" if horizontal else "v")
        self._refresh_paste()

    def _refresh_paste(self) -> None:
        if self.controller.current.follows_hover and self._hover is not None:
            self._after_tool(self.controller.move(*self._hover))

    def generate_random(self, *, river: bool = True, cover: int = 5, seed: int = 1) -> None:
        """Emit the edit that fills the map with the engine's random terrain (one undo step)."""
        self._after_tool([e for e in [generate_into(self.model, river=river, cover=cover, seed=seed)] if e])

    def resize_map(self, width: int, height: int) -> None:
        """Emit the edit resizing the map, anchored at the top-left."""
        if (width, height) != (self.model.width, self.model.height):
            self._after_tool([self.model.resize(width, height)])

    def set_grid(self, on: bool) -> None:
        self.set_grid_visible(on)

    def zoom(self, factor: float) -> None:
        """Zoom by `factor` about the centre (steps by whole pixels once symbols show)."""
        if factor > 1:
            self.zoom_in() if abs(factor - STEP) < 0.01 else self.set_zoom(self._zoom * factor)
        elif factor < 1:
            self.zoom_out() if abs(factor * STEP - 1) < 0.01 else self.set_zoom(self._zoom * factor)

    def _changed(self, rect) -> None:
        resized = self.model.codes.shape != self.picture.shape
        self.picture.update(rect)
        if resized:
            self.controller.cancel()
            self._preview = None
        if self._los is not None:
            origin, height, visibility = self._los[:3]
            if self.model.contains(*origin):
                self.set_los(origin, height=height, visibility=visibility)
            else:
                self.clear_los()
        if resized:
            self._relayout()
            return
        x0, y0, x1, y1 = rect
        area = Squares(self.cell, self.origin()).rect(x0, y0, x1, y1).toAlignedRect().adjusted(-2, -2, 2, 2)
        viewport = present(self.viewport())
        viewport.update(area if self._los is None else viewport.rect())
        self.viewChanged.emit()

    # -- overlays and LOS --------------------------------------------------------------------------------------
    def set_overlays(
        self,
        objective_center=None,
        start_lines=None,
        entrenchments=(),
        zones=(),
        units=(),
        *,
        entrenchment_limit=None,
        objective_size=None,
        objectives=(),
        entries=(),
    ) -> None:
        """The scenario drawn over the map; `units` are UnitMarks (common/unit_marks.py), which the units tool
        selects and moves."""
        size = objective_size or self.model.content.parameters.time_space.objective_area_size if self.model else 19
        self.overlays = Overlays(
            tuple(objective_center) if objective_center else None,
            size,
            dict(start_lines or {}),
            list(entrenchments),
            entrenchment_limit,
            list(zones),
            list(units),
            tuple(objectives),
            list(entries),
        )
        self.controller.units = self.overlays.units
        present(self.viewport()).update()

    def set_trace(self, trace) -> bool:
        """Draw `trace` (trace.Trace, or None for none); False if its image cannot be read."""
        image = read_image(trace) if trace is not None else None
        self.trace = (trace, image) if image is not None else None
        present(self.viewport()).update()
        return trace is None or image is not None

    def show_trace_marks(self, on: bool) -> None:
        """Draw the trace's control points (while the trace dialog is open) or stop drawing them."""
        self.trace_marks = on
        present(self.viewport()).update()

    def marks_kept_clear(self, geo) -> list[QRectF]:
        """Marks a subclass draws (paint_over) whose place no text may take."""
        return []

    def paint_over(self, geo) -> None:
        """What a subclass draws over the map's marks, before the texts: the battle window's units."""

    def set_plan_marks(self, marks) -> None:
        """Draw one AI plan (common/plan_marks.py PlanMarks, or None for none): routes and trigger areas."""
        self.plan_marks = marks
        present(self.viewport()).update()

    def select_units(self, keys) -> None:
        """Show `keys` (side, formation row, unit row) selected (the Order of battle tree chose them)."""
        self.controller.selected_units = frozenset(keys)
        present(self.viewport()).update()

    def set_los(self, origin, *, height: int = 0, visibility: int | None = None) -> np.ndarray:
        """Show what a unit on `origin` (lifted `height` levels) sees; returns the visibility mask."""
        vis = visibility if visibility is not None else self.sight_range()
        mask = visible_from(self.model, tuple(origin), visibility=vis, height=height)
        self._los = (tuple(origin), height, vis, mask, mask_image(mask, (255, 244, 150, 40), (8, 16, 48, 140)))
        present(self.viewport()).update()
        self.losChanged.emit(tuple(origin))
        return mask

    def clear_los(self) -> None:
        self._los = None
        present(self.viewport()).update()
        self.losChanged.emit(None)

    @property
    def los_mask(self) -> np.ndarray | None:
        return None if self._los is None else self._los[3]

    # -- geometry ----------------------------------------------------------------------------------------------
    @property
    def cell(self) -> float:
        """Pixels per square: whole pixels once symbols show."""
        return float(round(self._zoom)) if self._zoom >= DETAIL_MIN else self._zoom

    def origin(self) -> QPointF:
        """Viewport position of the map's top-left corner."""
        viewport = present(self.viewport())
        vw, vh = viewport.width(), viewport.height()
        pad_x = max(0.0, (vw - self.model.width * self.cell) / 2)
        pad_y = max(0.0, (vh - self.model.height * self.cell) / 2)
        h, v = present(self.horizontalScrollBar()), present(self.verticalScrollBar())
        return QPointF(pad_x - h.value(), pad_y - v.value())

    def cell_at(self, pos: QPointF) -> tuple[int, int]:
        x, y = self.map_point_at(pos)
        return math.floor(x), math.floor(y)

    def map_point_at(self, pos: QPointF) -> tuple[float, float]:
        """Where `pos` lies, in squares from the map's top-left corner (square 3,4 spans 3-4 and 4-5)."""
        o = self.origin()
        return (pos.x() - o.x()) / self.cell, (pos.y() - o.y()) / self.cell

    def visible_cell_rect(self) -> QRectF:
        o, c = self.origin(), self.cell
        viewport = present(self.viewport())
        return QRectF(-o.x() / c, -o.y() / c, viewport.width() / c, viewport.height() / c)

    def _relayout(self) -> None:
        if self._fitted:
            self._zoom = self._fit_zoom()
        c = self.cell
        viewport = present(self.viewport())
        for bar, content, page in (
            (present(self.horizontalScrollBar()), self.model.width * c, viewport.width()),
            (present(self.verticalScrollBar()), self.model.height * c, viewport.height()),
        ):
            bar.setRange(0, max(0, int(math.ceil(content - page))))
            bar.setPageStep(max(1, page))
        viewport.update()
        self.viewChanged.emit()

    def _fit_zoom(self) -> float:
        viewport = present(self.viewport())
        z = min(viewport.width() / self.model.width, viewport.height() / self.model.height) * 0.98
        z = min(MAX_ZOOM, max(MIN_ZOOM, z))
        return float(math.floor(z)) if z >= DETAIL_MIN else z

    def set_zoom(self, zoom: float, anchor: QPointF | None = None) -> None:
        """Squares of `zoom` pixels, keeping the map point under `anchor` (default: the centre) in place."""
        viewport = present(self.viewport())
        anchor = anchor or QPointF(viewport.width() / 2, viewport.height() / 2)
        o, c = self.origin(), self.cell
        fx, fy = (anchor.x() - o.x()) / c, (anchor.y() - o.y()) / c
        self._zoom, self._fitted = min(MAX_ZOOM, max(MIN_ZOOM, zoom)), False
        self._relayout()
        o2 = self.origin()
        h, v = present(self.horizontalScrollBar()), present(self.verticalScrollBar())
        h.setValue(round(h.value() + o2.x() + fx * self.cell - anchor.x()))
        v.setValue(round(v.value() + o2.y() + fy * self.cell - anchor.y()))

    def zoom_in(self, anchor=None) -> None:
        z = self._zoom * STEP
        self.set_zoom(z if z < DETAIL_MIN or round(z) > round(self._zoom) else round(self._zoom) + 1, anchor)

    def zoom_out(self, anchor=None) -> None:
        self.set_zoom(self._zoom / STEP, anchor)

    def fit_to_window(self) -> None:
        self._fitted = True
        self._relayout()

    def center_on(self, x: float, y: float) -> None:
        """Scroll so that map point (x, y), in squares, is in the middle of the view."""
        c = self.cell
        viewport = present(self.viewport())
        present(self.horizontalScrollBar()).setValue(round(x * c - viewport.width() / 2))
        present(self.verticalScrollBar()).setValue(round(y * c - viewport.height() / 2))

    def show_square(self, x: int, y: int) -> None:
        """Bring square (x, y) into view and ring it: centring alone shows nothing when the whole map fits."""
        self.center_on(x + 0.5, y + 0.5)
        self.marked = (int(x), int(y))
        present(self.viewport()).update()

    def set_grid_visible(self, on: bool) -> None:
        self.grid_visible = bool(on)
        present(self.viewport()).update()

    # -- Qt events ---------------------------------------------------------------------------------------------
    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.model is not None:
            self._relayout()

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        present(self.viewport()).update()
        self.viewChanged.emit()

    def paintEvent(self, event) -> None:
        if self.model is None:
            return
        p = QPainter(present(self.viewport()))
        try:
            paint_view(self, p, event.rect())
        finally:
            p.end()

    def wheelEvent(self, event) -> None:
        if event.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier):
            return super().wheelEvent(event)
        self._wheel += event.angleDelta().y()
        while abs(self._wheel) >= 120:  # one notch, or a touchpad's worth of small deltas
            (self.zoom_in if self._wheel > 0 else self.zoom_out)(event.position())
            self._wheel -= 120 if self._wheel > 0 else -120
        event.accept()

    def keyPressEvent(self, event) -> None:
        if not view_input.key_press(self, event):
            super().keyPressEvent(event)

    def mousePressEvent(self, event) -> None:
        view_input.mouse_press(self, event)

    def mouseMoveEvent(self, event) -> None:
        view_input.mouse_move(self, event)

    def mouseReleaseEvent(self, event) -> None:
        view_input.mouse_release(self, event)

    def leaveEvent(self, event) -> None:
        self._hover = None
        present(self.viewport()).update()

    # -- tool results ------------------------------------------------------------------------------------------
    def _after_tool(self, edits) -> None:
        """Send the tool's edits and events on as the view's signals and show its preview (view_input.py)."""
        view_input.after_tool(self, edits)
