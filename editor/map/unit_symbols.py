"""Painting a scenario on the map: units as NATO-style frames (APP-6 in spirit: X infantry, oval armour, diagonal
recon, dot artillery, inverted V anti-tank, wheels transport, a staff for an HQ, a dashed frame for a unit still to
arrive) in their side's colour with a facing tick, the formation letter and index, and a badge with the number of
units on a stacked square; typed objectives with their kind and points; the reinforcements' entry edges and squares.

A frame is rendered once per look and size (cached) and blitted, so a whole order of battle paints in one pass in a
fraction of a millisecond (tests/benchmarks/bench_editor_map.py)."""

from __future__ import annotations

from functools import lru_cache

from PyQt6.QtCore import QPointF, QRectF, Qt
from PyQt6.QtGui import QColor, QImage, QPainter, QPen

from tacforge.engine.rules.los import FACING_VECTORS, facing_index

from ..common.unit_marks import EntryMark, UnitMark, stacks
from .label_layout import Box, around_mark, objective_labels
from .overlays import OBJECTIVE, Painter, Squares, side_colour

SYMBOL_MIN = 10  # pixels per square from which frames show their symbol (below: a plain block of colour)
LABEL_MIN = 18  # ... and from which the label under the frame shows
SELECTED = QColor(255, 220, 0)
REFUSED = QColor(220, 20, 60)
KIND_MARK = {"capture": "C", "hold": "H", "exit": "X", "destroy": "D"}


def _frame_size(cell: int) -> tuple[int, int, int]:
    """Width and height of a frame, and the margin round it in its image (room for tick, badge and staff)."""
    return max(4, round(cell * 0.8)), max(3, round(cell * 0.56)), max(3, round(cell * 0.3))


@lru_cache(maxsize=512)
def frame_image(
    symbol: str,
    vehicle: bool,
    hq: bool,
    rgba: int,
    cell: int,
    dashed: bool,
    ghost: bool,
    facing: str | None = None,
    stacked: int = 1,
) -> QImage:
    """One unit look at `cell` pixels per square: its frame (at the margin's offset) with the HQ staff below it,
    the facing tick and the badge of a stack of `stacked` units; rendered once, then blitted."""
    w, h, m = _frame_size(cell)
    image = QImage(w + 2 * m, h + 2 * m, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    colour = QColor.fromRgba(rgba)
    fill = QColor(
        colour.red() + (255 - colour.red()) * 3 // 5,
        colour.green() + (255 - colour.green()) * 3 // 5,
        colour.blue() + (255 - colour.blue()) * 3 // 5,
        140 if ghost else 255,
    )
    ink = colour.darker(170)
    line = max(1.0, cell / 16)
    frame = QRectF(m, m, w, h)
    p.setBrush(fill)
    p.setPen(QPen(ink, line, Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine))
    p.drawRect(frame)
    if hq:
        p.setPen(QPen(ink, line))
        p.drawLine(QPointF(m + line / 2, m + h), QPointF(m + line / 2, m + h + m * 0.9))
    if cell >= SYMBOL_MIN:
        _symbol(p, symbol, vehicle, frame, QPen(ink, line))
        if facing:
            _facing_tick(p, frame, facing, cell)
        if stacked > 1:
            _badge(p, frame.topRight(), str(stacked), cell)
    p.end()
    return image


def _symbol(p: QPainter, symbol: str, vehicle: bool, r: QRectF, pen: QPen) -> None:
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    w, h = r.width(), r.height()
    if symbol == "infantry":
        p.drawLine(r.topLeft(), r.bottomRight())
        p.drawLine(r.bottomLeft(), r.topRight())
    elif symbol == "armour":
        p.drawRoundedRect(r.adjusted(w * 0.18, h * 0.25, -w * 0.18, -h * 0.25), h * 0.25, h * 0.25)
    elif symbol == "recon":
        p.drawLine(r.bottomLeft(), r.topRight())
    elif symbol == "artillery":
        p.setBrush(pen.color())
        p.drawEllipse(QPointF(r.center().x(), r.center().y() - (h * 0.1 if vehicle else 0)), h * 0.14, h * 0.14)
    elif symbol == "antitank":
        p.drawLine(r.bottomLeft(), QPointF(r.center().x(), r.top()))
        p.drawLine(QPointF(r.center().x(), r.top()), r.bottomRight())
    elif symbol == "transport":
        p.drawLine(QPointF(r.left() + w * 0.2, r.center().y()), QPointF(r.right() - w * 0.2, r.center().y()))
        for fx in (0.33, 0.67):
            p.drawEllipse(QPointF(r.left() + w * fx, r.bottom() - h * 0.25), h * 0.12, h * 0.12)
    else:
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, "?")
    if vehicle and symbol not in ("armour", "transport"):  # mounted: the track line of a mechanised unit
        p.drawRoundedRect(QRectF(r.left() + w * 0.3, r.bottom() - h * 0.28, w * 0.4, h * 0.2), h * 0.1, h * 0.1)


def draw_frame(geo: Painter, mark: UnitMark, square: tuple[int, int], ghost: bool = False, stacked: int = 1) -> QRectF:
    """A unit's frame on `square` (ghost: see-through; stacked: the badge of a stack); the frame's rectangle."""
    cell = int(geo.cell)
    image = frame_image(
        mark.symbol,
        mark.vehicle,
        mark.hq,
        side_colour(mark.side).rgba(),
        cell,
        mark.arrives is not None,
        ghost,
        mark.facing,
        stacked,
    )
    frame = frame_rect(geo, square)
    m = _frame_size(cell)[2]
    geo.p.drawImage(QPointF(frame.left() - m, frame.top() - m), image)
    return frame


def frame_rect(geo: Squares, square: tuple[int, int]) -> QRectF:
    """Where a unit's frame is drawn on `square` (a little above its middle, leaving room for its label)."""
    cell = int(geo.cell)
    w, h, _m = _frame_size(cell)
    centre = geo.centre(*square)
    return QRectF(round(centre.x() - w / 2), round(centre.y() - h / 2 - cell * 0.08), w, h)


def label_under(geo: Painter, square: tuple[int, int], text: str, hq: bool = False) -> tuple[QPointF, QRectF]:
    """Where the label of the unit on `square` goes, under its frame (right of an HQ's staff): its baseline and
    the rectangle it takes, which the map's other texts keep clear of (paint_view)."""
    frame, cell = frame_rect(geo, square), geo.cell
    at = QPointF(frame.left() + (cell * 0.1 if hq else 0), frame.bottom() + cell * 0.34)
    w, h = geo.text_size([text], cell * 0.26, bold=True)
    return at, QRectF(at.x() - 2, at.y() - geo.ascent(cell * 0.26, bold=True) - 2, w, h)


def unit_label_rects(geo: Painter, marks: list[UnitMark]) -> list[QRectF]:
    """The rectangles the units' labels take (zoomed in, where they show)."""
    if geo.cell < LABEL_MIN:
        return []
    return [label_under(geo, square, _label(stack[0]), stack[0].hq)[1] for square, stack in stacks(marks).items()]


def _label(mark: UnitMark) -> str:
    return mark.label + (f" T{mark.arrives}" if mark.arrives is not None else "")


def paint_units(geo: Painter, marks: list[UnitMark], selected=frozenset(), drag=None) -> None:
    """Each square's top unit (a carrier before its passengers), the stack's size, the selection, a drag."""
    p, cell = geo.p, geo.cell
    moving = drag.moves if drag is not None else {}
    for square, stack in stacks(marks).items():
        top = stack[0]
        if cell < 4:
            p.fillRect(geo.rect(*square, square[0] + 1, square[1] + 1), side_colour(top.side))
            continue
        frame = draw_frame(geo, top, square, any(m.key in moving for m in stack), len(stack))
        if any(m.key in selected for m in stack):
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(geo.pen(SELECTED, max(2.0, cell / 10)))
            p.drawRect(frame.adjusted(-2, -2, 2, 2))
        if cell >= LABEL_MIN:
            label = _label(top)
            geo.text(label_under(geo, square, label, top.hq)[0], label, cell * 0.26, bold=True)
    if drag is not None:
        _paint_drag(geo, marks, drag)


def _facing_tick(p: QPainter, frame: QRectF, facing: str, cell: int) -> None:
    dx, dy = FACING_VECTORS[facing_index(facing)]
    c = frame.center()
    start = QPointF(c.x() + dx * frame.width() / 2, c.y() + dy * frame.height() / 2)
    length = cell * 0.22
    norm = (dx * dx + dy * dy) ** 0.5
    p.setPen(QPen(QColor(20, 20, 20), max(1.5, cell / 12)))
    p.drawLine(start, QPointF(start.x() + dx / norm * length, start.y() + dy / norm * length))


def _badge(p: QPainter, at: QPointF, text: str, cell: int) -> None:
    r = max(5.0, cell * 0.17)
    p.setPen(QPen(QColor(255, 255, 255), 1.2))
    p.setBrush(QColor(30, 30, 30))
    p.drawEllipse(at, r, r)
    p.setPen(QColor(255, 255, 255))
    font = p.font()
    font.setPointSizeF(max(5.0, r * 0.95))
    font.setBold(True)
    p.setFont(font)
    p.drawText(QRectF(at.x() - r, at.y() - r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, text)


def _paint_drag(geo: Painter, marks: list[UnitMark], drag) -> None:
    """Where the dragged units would land (ghosts ringed green) and the squares of those that cannot move (red)."""
    by_key = {m.key: m for m in marks}
    geo.p.setBrush(Qt.BrushStyle.NoBrush)
    for key, square in drag.moves.items():
        mark = by_key.get(key)
        if mark is None:
            continue
        draw_frame(geo, mark, square, ghost=True)
        geo.p.setPen(geo.pen(QColor(40, 200, 90), 2))
        geo.p.drawRect(geo.rect(square[0], square[1], square[0] + 1, square[1] + 1))
    geo.p.setPen(geo.pen(REFUSED, 2.5))
    for key in drag.refused:
        mark = by_key.get(key)
        if mark is None:
            continue
        x, y = mark.square[0] + drag.delta[0], mark.square[1] + drag.delta[1]
        r = geo.rect(x + 0.15, y + 0.15, x + 0.85, y + 0.85)
        geo.p.drawLine(r.topLeft(), r.bottomRight())
        geo.p.drawLine(r.bottomLeft(), r.topRight())


def _objective_discs(geo: Squares, objectives):
    """Per square holding typed objectives: its label (label_layout.py), the centre of a disc per objective
    (touching, centred on the square) and their radius."""
    cell = geo.cell
    for here in objective_labels(objectives):
        centre, count = geo.centre(*here.square), len(here.marks)
        r = max(4.0, cell * 0.3) if count == 1 else max(3.5, cell * 0.24)
        first = centre.x() - r * (count - 1)
        yield here, [QPointF(first + 2 * r * i, centre.y()) for i in range(count)], r


def objective_disc_rects(geo: Squares, objectives) -> list[QRectF]:
    """Where the objectives' discs are drawn: the map's texts keep clear of them."""
    out = []
    for _here, discs, r in _objective_discs(geo, objectives):
        out.append(QRectF(discs[0].x() - r, discs[0].y() - r, 2 * r * len(discs), 2 * r))
    return out


def paint_objectives(geo: Painter, objectives) -> None:
    """Typed objectives on squares: a gold disc with the kind's letter per objective (side by side where a square
    holds several), and (zoomed in) their names and points beside the discs, a line each (label_layout.py)."""
    p, cell = geo.p, geo.cell
    for here, discs, r in _objective_discs(geo, objectives):
        for (kind, side), disc in zip(here.marks, discs, strict=True):
            p.setPen(geo.pen(side_colour(side), 2.5))
            p.setBrush(OBJECTIVE)
            p.drawEllipse(disc, r, r)
            if cell >= SYMBOL_MIN:
                geo.text(
                    QPointF(disc.x() - r * 0.45, disc.y() + r * 0.45),
                    KIND_MARK.get(kind, "?"),
                    r * 1.1,
                    QColor(60, 40, 0),
                    QColor(0, 0, 0, 0),
                    bold=True,
                )
        if cell < LABEL_MIN:
            continue
        lines = list(here.lines)
        w, h = geo.text_size(lines, 8.5, bold=True)
        mark = Box(discs[0].x() - r - 2, discs[0].y() - r, 2 * r * len(discs) + 4, 2 * r)
        centre = QPointF(mark.x + mark.w / 2, mark.y + mark.h / 2)
        geo.place(lines, around_mark(mark, w, h, gap=0), 8.5, QColor(90, 60, 0), True, mark=(centre, mark.w / 2))


def paint_entries(geo: Painter, entries: list[EntryMark], width: int, height: int) -> None:
    """A band of the side's colour along each entry edge, boxes on the squares they enter by (listed, or the
    edge's squares they try first: its middle), and beside those boxes, towards the map's inside, who comes when."""
    p = geo.p
    for entry in sorted(entries, key=lambda e: e.edge not in ("north", "south")):  # the labels with less room first
        colour, text = side_colour(entry.side, 110), f"{entry.side} reinforcements: {entry.label}"
        if entry.edge is not None:
            band = {
                "west": (0, 0, 0.35, height),
                "east": (width - 0.35, 0, width, height),
                "north": (0, 0, width, 0.35),
                "south": (0, height - 0.35, width, height),
            }[entry.edge]
            p.fillRect(geo.rect(*band), colour)
        squares = entry.squares or entry.first
        p.setPen(geo.pen(side_colour(entry.side), 2))
        p.setBrush(colour)
        for x, y in squares:
            p.drawRect(geo.rect(x + 0.1, y + 0.1, x + 0.9, y + 0.9))
        if not squares:  # an edge of a map the content does not know: its middle
            middle = {"west": (0, height // 2), "east": (width - 1, height // 2), "north": (width // 2, 0)}
            squares = (middle.get(entry.edge or "", (width // 2, height - 1)),)
        xs, ys = [x for x, _ in squares], [y for _, y in squares]
        text_width = geo.text_width(text, 8.5, bold=True)
        if entry.edge == "west":
            left, base = max(xs) + 1.2, min(ys) + 0.8
        elif entry.edge == "east":
            left, base = min(xs) - 0.2 - (text_width + 4) / geo.cell, min(ys) + 0.8
        elif entry.edge == "south":
            left, base = min(xs), min(ys) - 0.3
        else:  # the north edge, or listed squares: under them
            left, base = min(xs), max(ys) + 1.8
        anchor = QPointF(geo.o.x() + left * geo.cell, geo.o.y() + base * geo.cell)
        across = entry.edge in ("north", "south")  # a label by the north or south edge stays by it (else left out)
        geo.label(anchor, text, 8.5, side_colour(entry.side), True, entry.edge == "south", 6 if across else 50)
