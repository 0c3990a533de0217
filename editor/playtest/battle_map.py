"""The battle window's map: the editor's map view (its terrain picture, zoom, pan, objective overlay), showing one
frame's units instead of taking edits. Left click selects the unit (or the stack) on a square; right click asks for
an order there (`squareOrdered`); a middle drag pans; the pointer tool only reports the square under the cursor. The map
is never edited: no tool receives a press."""

from __future__ import annotations

from PyQt6.QtCore import QPointF, QRectF, Qt, pyqtSignal
from PyQt6.QtGui import QColor, QPolygonF

from ..grid.model import MapModel
from ..map.label_layout import Box, around_mark
from ..map.overlays import OBJECTIVE, Painter, Squares, side_colour
from ..map.unit_symbols import LABEL_MIN, label_under
from ..map.view import MapView
from ..qt_present import present
from .air_strikes import Strike
from .frames import Frame, UnitView
from .unit_marks import draw_stack, draw_strike, stack_label


class BattleMapView(MapView):
    squareClicked = pyqtSignal(int, int)  # left click: select what is there
    squareOrdered = pyqtSignal(int, int)  # right click: an order to this square

    def __init__(self, battle, parent=None) -> None:
        super().__init__(MapModel.from_map(battle.map, battle.content), parent)
        self.classes = battle.content.unit_classes
        state = battle.state
        self.set_overlays(
            state.objective_center, state.start_lines, objective_size=battle.params.time_space.objective_area_size
        )
        self.objectives = [o for o in state.objectives if o.at is not None]  # the typed objectives on a square
        self.frame: Frame | None = None
        self.viewer: str | None = None  # the side whose view is shown; None: everything
        self.selected: set[str] = set()
        self.fire: list[tuple[tuple[int, int], tuple[int, int], bool]] = []  # this pulse's shots: from, at, hit
        self.strikes: list[Strike] = []  # this turn's air strikes: map edge, target square, shot down

    def show_frame(self, frame: Frame, viewer: str | None, fire=(), strikes=()) -> None:
        self.frame, self.viewer, self.fire, self.strikes = frame, viewer, list(fire), list(strikes)
        present(self.viewport()).update()

    def shown_units(self) -> list[UnitView]:
        return self.frame.visible_to(self.viewer) if self.frame is not None else []

    def units_at(self, x: int, y: int) -> list[UnitView]:
        return [u for u in self.shown_units() if u.pos == (x, y)]

    def _objectives_shown(self):
        """The typed objectives on a square the viewer sees: a hidden one only for its own side (or when everything
        is shown)."""
        return [o for o in self.objectives if not o.hidden or self.viewer in (None, o.side)]

    def _diamond(self, geo: Squares, objective) -> tuple[QPointF, float]:
        return geo.centre(*objective.at), max(4.0, geo.cell * 0.45)

    def _stacks(self) -> dict[tuple[int, int], list[UnitView]]:
        stacks: dict[tuple[int, int], list[UnitView]] = {}
        for unit in sorted(self.shown_units(), key=lambda u: (u.carried, u.side, u.label)):  # carriers on top
            if unit.pos is not None:  # (a unit shown is on the map)
                stacks.setdefault(unit.pos, []).append(unit)
        return stacks

    def marks_kept_clear(self, geo: Painter) -> list[QRectF]:
        """The objectives' diamonds and (zoomed in) the units' labels: the map's texts keep clear of them."""
        rects = []
        for objective in self._objectives_shown():
            c, r = self._diamond(geo, objective)
            rects.append(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r))
        if geo.cell >= LABEL_MIN:
            rects += [label_under(geo, square, stack_label(stack))[1] for square, stack in self._stacks().items()]
        return rects

    def paint_over(self, geo: Painter) -> None:
        """Over the editor's map painting, before the texts: the objectives (their names laid out with the map's
        other texts), the selected units' orders, this pulse's fire, the air strikes and the units."""
        for objective in self._objectives_shown():
            c, r = self._diamond(geo, objective)
            geo.p.setPen(geo.pen(side_colour(objective.side), 2))
            geo.p.setBrush(OBJECTIVE)
            geo.p.drawPolygon(QPolygonF([c + QPointF(0, -r), c + QPointF(r, 0), c + QPointF(0, r), c + QPointF(-r, 0)]))
            if geo.cell >= 14:
                name = [objective.name or objective.id]
                w, h = geo.text_size(name, 9)
                diamond = Box(c.x() - r, c.y() - r, 2 * r, 2 * r)
                geo.place(name, around_mark(diamond, w, h), 9, QColor(90, 60, 0), mark=(c, r))
        for uid in sorted(self.selected):
            unit = self.frame.units.get(uid) if self.frame else None
            if unit is not None and unit.pos is not None:
                for target in unit.objectives:  # where the selected units are ordered to go
                    geo.p.setPen(geo.pen(QColor(255, 220, 0), 2, Qt.PenStyle.DashLine))
                    geo.p.drawLine(geo.centre(*unit.pos), geo.centre(*target))
        for start, end, hit in self.fire:
            geo.p.setPen(geo.pen(QColor(230, 30, 30) if hit else QColor(255, 140, 0, 200), 2 if hit else 1.2))
            geo.p.drawLine(geo.centre(*start), geo.centre(*end))
        for entry, square, lost in self.strikes:
            draw_strike(geo, entry, square, lost)
        for square, stack in self._stacks().items():
            draw_stack(geo, square, stack, self.classes, self.selected)

    def mousePressEvent(self, event) -> None:
        x, y = self.cell_at(event.position())
        inside = self.model.contains(x, y)
        if event.button() == Qt.MouseButton.LeftButton and inside:
            self.setFocus()
            self.squareClicked.emit(x, y)
        elif event.button() == Qt.MouseButton.RightButton and inside:
            self.squareOrdered.emit(x, y)
        elif event.button() == Qt.MouseButton.MiddleButton:
            super().mousePressEvent(event)  # pans
