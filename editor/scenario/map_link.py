"""A scenario's side of its map tab (the scenario room's map layer, common/rooms.py MapLayer): what the map view
shows of the scenario (units, objectives, entrenchments, entry edges) and what the scenario tools do to it
(map/tools/scenario_tools.py): select units (shared with the Order of battle tree through unit_selection.py), move
them by the placement rules (placement.py, one undo step per move), toggle entrenchments, add, change or remove
typed objectives on a square (objective_dialog.py, map_marks.py), take units dropped from the Order of battle dock
(unit_drop.py), and draw the AI plan chosen in the AI Plans dock (plan_focus.py), to whose chosen group the
waypoint tool adds moves and whose chosen trigger the area tool gives an `enemy_in` rectangle (plan_edits.py).
"""

from __future__ import annotations

from PyQt6.QtCore import QObject
from PyQt6.QtWidgets import QDialog

from ..common.unit_marks import entry_marks, unit_marks
from . import map_marks, plan_edits, plan_view
from .objective_dialog import ObjectiveDialog
from .placement import move, move_targets
from .plan_focus import focus_for
from .unit_drop import UnitDrop
from .unit_selection import selection_for


class ScenarioMapLink(QObject):
    def __init__(self, tab):
        super().__init__(tab)
        self.unit_drop = UnitDrop(tab)  # units dragged from the Order of battle dock
        self.tab, self.view = tab, tab.view
        self.selection = selection_for(tab.document)
        self.selection.changed.connect(self.show_selected)
        self.view.select_units(self.selection.keys)
        self.view.unitsSelected.connect(self.selection.set)
        self.view.unitsDragging.connect(self.show_drag)
        self.view.unitsMoved.connect(self.move_units)
        self.view.entrenchmentStroke.connect(self.entrench)
        self.view.objectivePlaced.connect(self.objective_clicked)
        self.view.controller.unit_rules = self.move_rules
        self.view.planSquarePicked.connect(self.plan_square)
        self.view.planAreaDrawn.connect(self.plan_area)
        self.plan_focus = focus_for(tab.document)
        self.plan_focus.changed.connect(self.show_plan)
        tab.document.changed.connect(self.show_plan)
        self.show_plan()
        self.ask_objective = self._ask_objective  # replaced by tests (a dialog would block)

    @property
    def document(self):
        return self.tab.document

    def _scenario(self):
        return self.document.model.scenario

    def overlay_args(self) -> dict:
        """The scenario's part of the view's overlays (MapView.set_overlays keywords)."""
        scenario, content = self._scenario(), self.document.content
        return {
            "units": unit_marks(content, scenario),
            "objectives": scenario.objectives,
            "entries": entry_marks(content, scenario),
            "entrenchments": [(side, list(squares)) for side, squares in scenario.entrenchments],
        }

    # -- units ----------------------------------------------------------------------------------------------------
    def show_selected(self, keys) -> None:
        """Mark the selected units, and bring them into view when none of them is (the tree chose them)."""
        self.view.select_units(keys)
        squares = [m.square for m in self.view.overlays.units if m.key in keys]
        seen = self.view.visible_cell_rect()
        if squares and not any(seen.contains(x + 0.5, y + 0.5) for x, y in squares):
            self.view.center_on(squares[0][0] + 0.5, squares[0][1] + 0.5)

    def move_rules(self, keys, delta):
        scenario = self._scenario()
        if scenario is None:
            return {}, {}
        return move_targets(self.document.content, scenario, self.tab.map_document.model.to_map(), keys, delta)

    def show_drag(self, drag) -> None:
        """The status bar says, as the pointer drags, which units cannot go where it points and why."""
        marks = {m.key: m for m in self.view.overlays.units}
        snapped = [
            f"{marks[key].label} to {x},{y}"
            for key, (x, y) in sorted(drag.moves.items())
            if (x - drag.delta[0], y - drag.delta[1]) != marks[key].square
        ]
        refused = "; ".join(drag.refused.values())
        text = f"move {len(drag.moves)} unit(s) by {drag.delta[0]:+d},{drag.delta[1]:+d}"
        text += f"; nearest legal square: {', '.join(snapped)}" if snapped else ""
        self.tab.hovered.emit(text + (f"; cannot move: {refused}" if refused else ""))

    def move_units(self, drag) -> None:
        labels = {m.key: m.label for m in self.view.overlays.units}
        if drag.moves:
            names = ", ".join(labels.get(k, "?") for k in sorted(drag.moves))
            move(self.document, drag.moves, f"Move {names}")
        refused = "; ".join(drag.refused.values())
        self.tab.hovered.emit(f"not moved: {refused}" if refused else f"moved {len(drag.moves)} unit(s)")

    # -- AI plans -------------------------------------------------------------------------------------------------
    def show_plan(self, _event=None) -> None:
        scenario = self._scenario()
        chosen = self.plan_focus.chosen
        self.view.set_plan_marks(plan_view.plan_marks(scenario, chosen) if scenario is not None else None)

    def plan_square(self, x: int, y: int) -> None:
        """A waypoint: a move to the square after the chosen group's orders (one undo step)."""
        chosen = self.plan_focus.chosen
        if self._scenario() is None or chosen.group is None:
            self.tab.hovered.emit("choose a plan's group in the AI Plans dock first, then click its waypoints")
            return
        row = plan_edits.add_order(self.document, chosen.side, chosen.plan, chosen.group, "move", (x, y))
        self.plan_focus.set(order=row)
        self.tab.hovered.emit(f"group {chosen.group + 1}: order {row + 1}, move to {x},{y}")

    def plan_area(self, rect) -> None:
        """The chosen trigger fires when an enemy unit is seen in `rect` (inclusive corners); with no trigger
        chosen, a new trigger of the chosen plan does (one undo step)."""
        chosen = self.plan_focus.chosen
        if self._scenario() is None or chosen.plan is None:
            self.tab.hovered.emit("choose a plan in the AI Plans dock first, then draw its trigger's area")
            return
        when = plan_edits.condition("enemy_in", enemy_in=rect)
        if chosen.trigger is None:
            row = plan_edits.add_trigger(self.document, chosen.side, chosen.plan, when)
            self.plan_focus.set(trigger=row)
        else:
            plan_edits.set_trigger_when(self.document, chosen.side, chosen.plan, chosen.trigger, when)
        x0, y0, x1, y1 = rect
        self.tab.hovered.emit(f"trigger area {x0},{y0}-{x1},{y1}")

    # -- entrenchments and objectives -----------------------------------------------------------------------------
    def entrench(self, squares) -> None:
        if self._scenario() is not None:
            self.tab.hovered.emit(map_marks.toggle_entrenchments(self.document, squares))

    def objective_clicked(self, x: int, y: int) -> None:
        """The Objective tool's click: a dialog for the square (a new objective, or the ones there to change or
        remove, or another to add beside them), then its choice as one undo step."""
        if self._scenario() is None:
            return
        choice = self.ask_objective((x, y), map_marks.objectives_at(self._scenario(), (x, y)))
        if choice is not None:
            self.tab.hovered.emit(map_marks.apply_choice(self.document, (x, y), choice))

    def _ask_objective(self, square: tuple[int, int], rows: list[int]) -> map_marks.ObjectiveChoice | None:
        """The designer's choice for `square` holding the objectives `rows`, or None if the dialog is cancelled."""
        scenario = self._scenario()
        sides = [force.side for force in scenario.forces]
        near = map_marks.side_for_square(self.document.content, scenario, square)
        dialog = ObjectiveDialog(self.tab, square, sides, near, [(row, scenario.objectives[row]) for row in rows])
        return dialog.choice() if dialog.exec() == QDialog.DialogCode.Accepted else None
