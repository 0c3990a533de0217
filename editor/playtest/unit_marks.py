"""How the battle window draws the units on a square: the editor's NATO frames (map/unit_symbols.py, the class's
symbol, side colour, facing tick, an HQ's staff, a stack's count), faded when riding or routed, with a bar for
suppression, a red R when routed, a yellow outline when selected, and the label and count of the top unit."""

from __future__ import annotations

from PyQt6.QtCore import QPointF, QRectF, Qt
from PyQt6.QtGui import QColor, QPolygonF

from ..common.unit_marks import UnitMark, symbol_of
from ..map.overlays import Painter
from ..map.unit_symbols import LABEL_MIN, SELECTED, SYMBOL_MIN, draw_frame, label_under
from .frames import UnitView


def mark_of(unit: UnitView, unit_class, square: tuple[int, int]) -> UnitMark:
    """The mark of a battle's unit on `square` (its key has no rows: the battle's units are not a file's)."""
    return UnitMark(
        key=(unit.side, -1, -1),
        square=square,
        label=unit.label,
        symbol=symbol_of(unit_class),
        vehicle=bool(unit_class is not None and unit_class.vehicle),
        hq=unit.label[1:] == "0",
        count=unit.count,
        facing=unit.facing,
        passenger=unit.carried,
        arrives=None,
    )


def draw_stack(
    geo: Painter, square: tuple[int, int], stack: list[UnitView], classes, selected: frozenset | set
) -> None:
    """The units on `square`, the first (a carrier before its riders) on top with the stack's count."""
    top = stack[0]
    p, cell = geo.p, geo.cell
    frame = draw_frame(
        geo,
        mark_of(top, classes.get(top.unit_class), square),
        square,
        ghost=top.carried or top.routed,
        stacked=len(stack),
    )
    if any(u.uid in selected for u in stack):
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(geo.pen(SELECTED, max(2.0, cell / 10)))
        p.drawRect(frame.adjusted(-2, -2, 2, 2))
    worst = max(u.suppression for u in stack)
    if worst > 0:
        share = min(1.0, worst / 100)
        p.fillRect(
            QRectF(frame.left(), frame.bottom() + 1, frame.width() * share, max(2.0, cell * 0.08)),
            QColor(230, 120, 0) if share < 0.5 else QColor(220, 20, 20),
        )
    if any(u.routed for u in stack) and cell >= SYMBOL_MIN:
        geo.text(frame.topRight() + QPointF(1, cell * 0.1), "R", cell * 0.35, QColor(220, 0, 0), bold=True)
    if cell >= LABEL_MIN:
        label = stack_label(stack)
        geo.text(label_under(geo, square, label)[0], label, cell * 0.26, bold=True)


def stack_label(stack: list[UnitView]) -> str:
    """The label under a square's frame: its top unit's and how many men or vehicles it has."""
    return f"{stack[0].label} {stack[0].count}"


STRIKE = QColor(40, 90, 230)  # an air strike's arrow (the air_support module)
STRIKE_LOST = QColor(120, 120, 120)  # ... of an aircraft shot down on that sortie


def draw_strike(geo: Painter, entry: tuple[int, int], square: tuple[int, int], lost: bool) -> None:
    """An air strike: a dashed arrow from the map edge the aircraft flew in from to the square it attacked, and a
    ring on that square."""
    colour = STRIKE_LOST if lost else STRIKE
    start, end = geo.centre(*entry), geo.centre(*square)
    geo.p.setPen(geo.pen(colour, 2.5, Qt.PenStyle.DashLine))
    geo.p.setBrush(Qt.BrushStyle.NoBrush)
    geo.p.drawLine(start, end)
    r = max(4.0, geo.cell * 0.6)
    geo.p.drawEllipse(end, r, r)
    d = end - start
    length = (d.x() ** 2 + d.y() ** 2) ** 0.5
    if length > 0:  # the arrowhead, where the line meets the ring
        ux, uy = d.x() / length, d.y() / length
        tip = end - QPointF(ux * r, uy * r)
        size = max(5.0, geo.cell * 0.5)
        left = tip - QPointF(ux * size - uy * size / 2, uy * size + ux * size / 2)
        right = tip - QPointF(ux * size + uy * size / 2, uy * size - ux * size / 2)
        geo.p.setPen(geo.pen(colour, 2.5))
        geo.p.setBrush(colour)
        geo.p.drawPolygon(QPolygonF([tip, left, right]))
