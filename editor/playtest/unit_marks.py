"""How the battle window draws a unit: one small function, kept apart so that the editor's unit symbols can replace
it. A box in the side's colour with a class figure (armour: an oval, infantry: a cross, artillery: a dot, others
their class's initial), a tick for the facing, a bar for suppression, a red R when routed, the label and count."""

from __future__ import annotations

from PyQt6.QtCore import QPointF, Qt
from PyQt6.QtGui import QColor

from ..map.overlays import Painter, side_colour
from .frames import UnitView

FACING_VECTORS = {"N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1), "S": (0, 1), "SW": (-1, 1), "W": (-1, 0),
                  "NW": (-1, -1)}


def draw_unit(geo: Painter, unit: UnitView, unit_class, slot: int = 0, selected: bool = False) -> None:
    """`slot`: its place in the stack on its square (each one shifted a little, so a stack shows as one)."""
    p, cell = geo.p, geo.cell
    x, y = unit.pos
    shift = min(slot, 3) * .08
    box = geo.rect(x + .12 + shift, y + .2 - shift, x + .88 + shift, y + .8 - shift)
    faded = unit.carried or unit.routed
    p.setPen(geo.pen(QColor(255, 220, 0) if selected else QColor(255, 255, 255), 3 if selected else 1.2))
    p.setBrush(side_colour(unit.side, 150 if faded else 255))
    p.drawRect(box)
    if cell >= 10:
        _figure(geo, box, unit_class)
        dx, dy = FACING_VECTORS.get(unit.facing, (0, 0))
        c = box.center()
        p.setPen(geo.pen(QColor(255, 255, 255), max(1.5, cell / 12)))
        p.drawLine(c, c + QPointF(dx * cell * .5, dy * cell * .5))
    if unit.suppression > 0:
        share = min(1.0, unit.suppression / 100)
        p.fillRect(geo.rect(x + .12 + shift, y + .82 - shift, x + .12 + shift + .76 * share, y + .92 - shift),
                   QColor(230, 120, 0) if share < .5 else QColor(220, 20, 20))
    if unit.routed and cell >= 10:
        geo.text(geo.centre(x, y) + QPointF(cell * .3, -cell * .25), "R", cell * .35, QColor(220, 0, 0), bold=True)
    if cell >= 20 and slot == 0:
        geo.text(box.bottomLeft() + QPointF(0, cell * .42), f"{unit.label} {unit.count}", cell * .26)


def _figure(geo: Painter, box, unit_class) -> None:
    p = geo.p
    inner = box.adjusted(box.width() * .2, box.height() * .22, -box.width() * .2, -box.height() * .22)
    p.setPen(geo.pen(QColor(255, 255, 255), max(1.0, geo.cell / 16)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    if unit_class is None:
        return
    if unit_class.vehicle and unit_class.armoured:
        p.drawEllipse(inner)
    elif unit_class.infantry:
        p.drawLine(inner.topLeft(), inner.bottomRight())
        p.drawLine(inner.topRight(), inner.bottomLeft())
    elif unit_class.artillery:
        p.setBrush(QColor(255, 255, 255))
        r = min(inner.width(), inner.height()) * .3
        p.drawEllipse(inner.center(), r, r)
    else:
        geo.text(inner.bottomLeft(), unit_class.name[:1], geo.cell * .3, QColor(255, 255, 255), QColor(0, 0, 0, 0))
