"""Painting one AI plan on the map (common/plan_marks.py): each group's route as arrows from where its units stand
through its orders' squares, each waypoint a disc with its number in the group's colour (and what it waits for:
"turn 5", "trigger go"), and the trigger areas as dashed rectangles named by their trigger."""

from __future__ import annotations

import math

from PyQt6.QtCore import QPointF, Qt
from PyQt6.QtGui import QColor, QPolygonF

from ..common.plan_marks import PlanMarks, PlanRoute
from .overlays import Painter

AREA = QColor(200, 30, 30)


def paint_plan(geo: Painter, marks: PlanMarks | None) -> None:
    if marks is None:
        return
    p = geo.p
    for area in marks.areas:
        x0, y0, x1, y1 = area.rect
        rect = geo.rect(min(x0, x1), min(y0, y1), max(x0, x1) + 1, max(y0, y1) + 1)
        p.setBrush(QColor(AREA.red(), AREA.green(), AREA.blue(), 40 if area.focused else 22))
        p.setPen(geo.pen(AREA, 3 if area.focused else 2, Qt.PenStyle.DashLine))
        p.drawRect(rect)
        geo.text(rect.topLeft() + QPointF(4, 14), f"trigger {area.trigger}", 9, AREA, bold=True)
    for route in sorted(marks.routes, key=lambda r: r.focused):  # the focused group on top
        _route(geo, route)


def _route(geo: Painter, route: PlanRoute) -> None:
    p, cell = geo.p, geo.cell
    colour = QColor(*route.colour)
    width = max(2.0, min(5.0, cell / 5)) * (1.5 if route.focused else 1.0)
    points = [geo.centre(*w.square) for w in route.waypoints]
    previous = None
    if route.start is not None:
        x, y = route.start
        previous = geo.centre(x, y)
        p.setPen(geo.pen(colour, 2))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(geo.rect(x, y, x + 1, y + 1))
        geo.text(previous + QPointF(cell * 0.6, cell * 0.6 + 10), route.label, 8.5, colour, bold=True)
    radius = max(7.0, min(12.0, cell * 0.45))
    for point in points:
        if previous is not None and point != previous:
            _arrow(geo, previous, point, colour, width, radius)
        previous = point
    for waypoint, point in zip(route.waypoints, points, strict=True):
        p.setPen(geo.pen(QColor(255, 255, 255), 2))
        p.setBrush(colour)
        p.drawEllipse(point, radius, radius)
        number = str(waypoint.number)
        geo.text(
            QPointF(point.x() - geo.text_width(number, radius, bold=True) / 2, point.y() + radius * 0.4),
            number,
            radius,
            QColor(255, 255, 255),
            QColor(0, 0, 0, 0),
            bold=True,
        )
        note = waypoint.kind if waypoint.kind != "move" else ""
        note = f"{note} {waypoint.waits}".strip()
        if note:
            geo.text(point + QPointF(radius + 3, -radius), note, 8.5, colour, bold=True)


def _arrow(geo: Painter, start: QPointF, end: QPointF, colour: QColor, width: float, gap: float) -> None:
    """A line from `start` to `end` stopping `gap` short of it, with a head."""
    p = geo.p
    dx, dy = end.x() - start.x(), end.y() - start.y()
    length = math.hypot(dx, dy)
    if length <= gap * 2:
        return
    ux, uy = dx / length, dy / length
    tip = QPointF(end.x() - ux * gap, end.y() - uy * gap)
    head = max(8.0, width * 3)
    base = QPointF(tip.x() - ux * head, tip.y() - uy * head)
    p.setPen(geo.pen(colour, width))
    p.drawLine(start, base)
    left = QPointF(base.x() - uy * head * 0.5, base.y() + ux * head * 0.5)
    right = QPointF(base.x() + uy * head * 0.5, base.y() - ux * head * 0.5)
    p.setPen(geo.pen(colour, 1))
    p.setBrush(colour)
    p.drawPolygon(QPolygonF([tip, left, right]))
