"""Painting one AI plan on the map (common/plan_marks.py): each group's route as arrows from where its units stand
through its orders' squares, each waypoint a disc with its number in the group's colour (and what it waits for:
"turn 5", "trigger go"), and the trigger areas as dashed rectangles named by their trigger. Its texts are laid out
with the map's others (label_layout.py)."""

from __future__ import annotations

import math

from PyQt6.QtCore import QPointF, QRectF, Qt
from PyQt6.QtGui import QColor, QPolygonF

from ..common.plan_marks import PlanMarks, PlanRoute
from .label_layout import Box, along, around_mark, stepped
from .overlays import Painter, Squares

AREA = QColor(200, 30, 30)


def _radius(cell: float) -> float:
    return max(7.0, min(12.0, cell * 0.45))


def plan_disc_rects(geo: Squares, marks: PlanMarks | None) -> list[QRectF]:
    """Where the plan's waypoint discs are drawn: the map's texts keep clear of their numbers."""
    r = _radius(geo.cell)
    squares = {w.square for route in (marks.routes if marks else ()) for w in route.waypoints}
    return [QRectF(geo.centre(*s).x() - r, geo.centre(*s).y() - r, 2 * r, 2 * r) for s in sorted(squares)]


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
        text = f"trigger {area.trigger}"
        w, h = geo.text_size([text], 9, bold=True)
        inside = Box(rect.x() + 2, rect.y() + 2, w, h)  # its top-left corner, else a line lower
        geo.place([text], stepped(inside, h), 9, AREA, bold=True)
    for route in sorted(marks.routes, key=lambda r: r.focused):  # the focused group on top
        _route(geo, route)


def _route(geo: Painter, route: PlanRoute) -> None:
    """The route's arrows and discs; its texts (who, at the start; what each order waits for, beside its disc or
    else along the arrow that leads to it) are placed clear of the map's other texts and drawn with them."""
    p, cell = geo.p, geo.cell
    colour = QColor(*route.colour)
    width = max(2.0, min(5.0, cell / 5)) * (1.5 if route.focused else 1.0)
    points = [geo.centre(*w.square) for w in route.waypoints]
    radius = _radius(cell)
    previous, before = None, []  # where each waypoint's arrow comes from
    if route.start is not None:
        x, y = route.start
        previous = geo.centre(x, y)
        p.setPen(geo.pen(colour, 2))
        p.setBrush(Qt.BrushStyle.NoBrush)
        square = geo.rect(x, y, x + 1, y + 1)
        p.drawRect(square)
        w, h = geo.text_size([route.label], 8.5, bold=True)
        mark = (square.center(), square.width() / 2)
        geo.place([route.label], around_mark(Box(*square.getRect()), w, h), 8.5, colour, bold=True, mark=mark)
    for point in points:
        before.append(previous if previous is not None and point != previous else None)
        if before[-1] is not None:
            _arrow(geo, before[-1], point, colour, width, radius)
        previous = point
    for waypoint, point, start in zip(route.waypoints, points, before, strict=True):
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
            w, h = geo.text_size([note], 8.5, bold=True)
            disc = Box(point.x() - radius, point.y() - radius, 2 * radius, 2 * radius)
            arrow = along((start.x(), start.y()), (point.x(), point.y()), w, h) if start is not None else ()
            geo.place([note], [*around_mark(disc, w, h), *arrow], 8.5, colour, bold=True, mark=(point, radius))


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
    geo.arrows.append(((start.x(), start.y()), (tip.x(), tip.y())))
    left = QPointF(base.x() - uy * head * 0.5, base.y() + ux * head * 0.5)
    right = QPointF(base.x() + uy * head * 0.5, base.y() - ux * head * 0.5)
    p.setPen(geo.pen(colour, 1))
    p.setBrush(colour)
    p.drawPolygon(QPolygonF([tip, left, right]))
