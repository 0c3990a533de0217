"""The map tools that edit a scenario rather than the terrain (registered like the others, Qt-free):

* units        -- click a square's units or drag a rubber band to select them (Shift adds or toggles); drag the
                  selection to move it: the controller's `unit_rules(keys, delta)` (the tab's placement rules)
                  says where each unit would land and which cannot, shown while dragging (`unit_drag`).
* entrench     -- a stroke of squares whose entrenchments toggle (one undo step for the stroke).
* place_objective -- a click on a square: the room asks what to add, change or remove there (objective_dialog.py).
* place_name   -- a click names a square of the map (map/place_names.py asks the name).
* plan_waypoint -- a click adds a move order to that square to the AI plan group chosen in the AI Plans dock.
* trigger_area -- a rubber band draws the `enemy_in` area of the AI plan trigger chosen there.

They return no terrain edits; their outcomes are events for the map's tab, which edits the scenario document:
("units_selected", frozenset of keys), ("units_dragging", UnitDrag) as the pointer moves, ("units_moved", UnitDrag),
("entrench", [squares]),
("place_objective", (x, y)), ("place_name", (x, y)),
("plan_square", (x, y)), ("plan_area", (x0, y0, x1, y1) inclusive corners).
"""

from __future__ import annotations

from dataclasses import field

import numpy as np

from tacforge.engine.cached_dataclass import dataclass

from ...common.unit_marks import keys_in
from ...grid.model import as_cell
from .builtin import DragRectangleTool
from .clipboard import normalise_rect
from .registry import Tool, register
from .shapes import clip_mask, line_cells, rect_mask


@dataclass(frozen=True)
class UnitDrag:
    """Units being dragged `delta` squares: where each lands and why the others cannot move."""

    delta: tuple[int, int]
    moves: dict = field(default_factory=dict)  # key -> square
    refused: dict = field(default_factory=dict)  # key -> reason


@register
class UnitsTool(Tool):
    id, name, shortcut, cursor = "units", "Select/move units", "U", "arrow"

    def __init__(self, controller) -> None:
        super().__init__(controller)
        self._grab: tuple[int, int] | None = None  # where a drag of the selection started
        self._band: tuple[int, int] | None = None  # a rubber band's anchor
        self._adding = False

    def _select(self, keys) -> None:
        keys = frozenset(keys)
        if keys != self.controller.selected_units:
            self.controller.selected_units = keys
            self.controller.events.append(("units_selected", keys))

    def press(self, x, y, *, shift=False):
        under = {m.key for m in self.controller.units if m.square == (x, y)}
        selected = self.controller.selected_units
        if under:
            if shift:
                self._select(selected ^ under)
            elif not under <= selected:
                self._select(under)
            self._grab = None if shift else (x, y)
        else:
            self._band, self._adding = (x, y), shift
            self.controller.preview = rect_mask(self.model.types.shape, (x, y), (x, y))
        return []

    def move(self, x, y):
        if self._grab is not None:
            delta = (x - self._grab[0], y - self._grab[1])
            rules = self.controller.unit_rules
            if delta == (0, 0) or rules is None:
                self.controller.unit_drag = None
            else:
                self.controller.unit_drag = UnitDrag(delta, *rules(self.controller.selected_units, delta))
                self.controller.events.append(("units_dragging", self.controller.unit_drag))
        elif self._band is not None:
            self.controller.preview = rect_mask(self.model.types.shape, self._band, (x, y))
        return []

    def release(self, x, y):
        if self._grab is not None:
            self.move(x, y)
            drag = self.controller.unit_drag
            if drag is not None and (drag.moves or drag.refused):
                self.controller.events.append(("units_moved", drag))
        elif self._band is not None:
            rect = normalise_rect(self.model, self._band, (x, y))
            caught = keys_in(self.controller.units, rect)
            self._select(self.controller.selected_units | caught if self._adding else caught)
        self.cancel()
        return []

    def cancel(self):
        self._grab = self._band = None
        self.controller.unit_drag = None
        self.controller.preview = None


@register
class EntrenchmentTool(Tool):
    """A press starts a stroke; every square the drag passes joins it; the release toggles them all."""

    id, name, shortcut = "entrench", "Entrenchment", "N"

    def __init__(self, controller) -> None:
        super().__init__(controller)
        self._squares: list[tuple[int, int]] | None = None
        self._last: tuple[int, int] | None = None  # the pointer's square at the last press or move

    def press(self, x, y, *, shift=False):
        self._squares, self._last = [], (x, y)
        self._add(self._squares, [(x, y)])
        return []

    def move(self, x, y):
        if self._squares is not None:
            self._add(self._squares, line_cells(self._last, (x, y))[1:])
            self._last = (x, y)
        return []

    def release(self, x, y):
        if self._squares is None:
            return []
        self.move(x, y)
        if self._squares:
            self.controller.events.append(("entrench", list(self._squares)))
        self.cancel()
        return []

    def cancel(self):
        self._squares = self._last = None
        self.controller.preview = None

    def _add(self, squares: list[tuple[int, int]], cells) -> None:
        """Add to the stroke's `squares` the `cells` on the map that it does not have yet."""
        for cell in cells:
            if self.model.contains(*cell) and as_cell(cell) not in squares:
                squares.append(as_cell(cell))
        if squares:
            xs, ys = np.array([c[0] for c in squares]), np.array([c[1] for c in squares])
            self.controller.preview = clip_mask(self.model.types.shape, xs, ys)


class SquareClickTool(Tool):
    """A click on a square of the map hands it to the room as the tool's `event`; the room decides what it means."""

    event = ""

    def press(self, x, y, *, shift=False):
        if self.model.contains(x, y):
            self.controller.events.append((self.event, (x, y)))
        return []


@register
class ObjectiveTool(SquareClickTool):
    id, name, shortcut = "place_objective", "Objective", "J"

    event = "place_objective"


@register
class PlaceNameTool(SquareClickTool):
    """A click names the square (a town, a hill, a road's end): the map's own labels, not the scenario's."""

    id, name, shortcut = "place_name", "Place name", "K"

    event = "place_name"


@register
class PlanWaypointTool(SquareClickTool):
    """A click adds a waypoint (a move order to the square) to the group chosen in the AI Plans dock."""

    id, name, shortcut = "plan_waypoint", "AI plan waypoint", "W"

    event = "plan_square"


@register
class TriggerAreaTool(DragRectangleTool):
    """A rubber band whose release gives an `enemy_in` area to the trigger chosen in the AI Plans dock."""

    id, name, shortcut = "trigger_area", "AI trigger area", "T"

    def finish(self, anchor, corner) -> list:
        x0, y0, x1, y1 = normalise_rect(self.model, anchor, corner)  # half-open, clipped to the map
        if x1 > x0 and y1 > y0:
            self.controller.events.append(("plan_area", (x0, y0, x1 - 1, y1 - 1)))
        return []
