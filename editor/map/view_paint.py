"""The map view's paint pass (kept apart from the widget's event handling): terrain picture (with a traced image
under or over it), LOS highlight, tool preview, grid, scenario overlays (entry edges, objectives, an AI plan's
routes, units, and what a subclass adds: a battle's units), every text over them (the place names included, laid out
together by label_layout.py), the marked square, selection and the brush outline, in that order."""

from __future__ import annotations

import math

from PyQt6.QtCore import QPointF, QRectF, Qt
from PyQt6.QtGui import QColor, QPainter

from .overlays import Painter
from .plan_paint import paint_plan, plan_disc_rects
from .trace import paint_control_points, paint_trace
from .unit_symbols import objective_disc_rects, paint_entries, paint_objectives, paint_units, unit_label_rects

DETAIL_MIN = 8  # pixels per square from which symbols show
BACKGROUND = QColor(105, 108, 112)


def visible_cells(view) -> tuple[int, int, int, int]:
    r = view.visible_cell_rect()
    m = view.model
    return (
        max(0, math.floor(r.left())),
        max(0, math.floor(r.top())),
        min(m.width, math.ceil(r.right())),
        min(m.height, math.ceil(r.bottom())),
    )


def paint_view(view, p: QPainter, clip) -> None:
    model, cell, origin = view.model, view.cell, view.origin()
    p.fillRect(clip, BACKGROUND)
    x0, y0, x1, y1 = visible_cells(view)
    if x1 <= x0 or y1 <= y0:
        return
    geo = Painter(p, cell, origin)
    geo.bounds = geo.rect(0, 0, model.width, model.height)
    trace = view.trace  # (Trace, its QImage) or None
    if trace is not None and not trace[0].over:  # the scan under the terrain, which lets it show through
        paint_trace(p, origin, cell, trace[0], trace[1], 1.0)
        p.setOpacity(1.0 - trace[0].opacity)
    if cell >= DETAIL_MIN and view.symbols_visible:
        image, bx, by = view.picture.detail(int(cell), x0, y0, x1, y1, grid=view.grid_visible)
        p.drawImage(QPointF(round(origin.x() + bx * cell), round(origin.y() + by * cell)), image)
    else:
        p.drawImage(geo.rect(x0, y0, x1, y1), view.picture.overview, QRectF(x0, y0, x1 - x0, y1 - y0))
    p.setOpacity(1.0)
    if trace is not None and trace[0].over:
        paint_trace(p, origin, cell, trace[0], trace[1], trace[0].opacity)
    if view._los is not None:
        origin_sq, lift, visibility, _, image = view._los
        geo.los(origin_sq, visibility, image, model.width, model.height, lift)
    if view._preview is not None:
        geo.image(view._preview, model.width, model.height)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    overlays = view.overlays
    for rect in [
        *objective_disc_rects(geo, overlays.objectives),
        *plan_disc_rects(geo, view.plan_marks),
        *unit_label_rects(geo, overlays.units),
    ]:
        geo.keep_clear(rect)  # before the first text is placed, so that none hides a mark's number or a unit's label
    for rect in view.marks_kept_clear(geo):
        geo.keep_clear(rect)
    geo.labels(model.labels)
    drag = view._drag[1] if view._drag else None
    geo.overlays(overlays, model.width, model.height, drag)
    paint_entries(geo, overlays.entries, model.width, model.height)
    paint_objectives(geo, overlays.objectives)
    paint_plan(geo, view.plan_marks)
    paint_units(geo, overlays.units, view.controller.selected_units, view.controller.unit_drag)
    view.paint_over(geo)
    geo.draw_labels()
    # where the texts went, laid out so that none covers another (and those left out for want of room)
    view.labels_placed, view.label_texts, view.place_names = geo.labels_placed, geo.label_texts, geo.place_names
    view.labels_left_out, view.place_name_texts = geo.layout.left_out, geo.place_name_texts
    view.plan_arrows, view.labels_backed = geo.arrows, geo.backed
    view.kept_clear = [QRectF(*box) for box in geo.layout.kept_clear]
    if trace is not None and view.trace_marks:
        paint_control_points(geo, trace[0], view.trace_pending)
    if view.marked is not None:
        geo.mark(*view.marked)
    selection = view.controller.selection
    if selection is not None and view.controller.tool in ("select", "paste"):
        geo.selection(selection)
    _hover_outline(view, geo)
    p.setPen(geo.pen(QColor(30, 30, 30), 1))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(geo.rect(0, 0, model.width, model.height))


def _hover_outline(view, geo: Painter) -> None:
    """The squares the current tool would touch under the cursor."""
    if view._hover is None or view._pan is not None:
        return
    tool, opts = view.controller.tool, view.controller.options.get(view.controller.tool, {})
    if tool in ("pointer", "select", "units") or (tool == "paste" and view.controller.clipboard is not None):
        return
    x, y = view._hover
    size = int(opts.get("size", 1)) if tool in ("brush", "elevation") else 1
    lo = -(size // 2)
    rect = geo.rect(x + lo, y + lo, x + lo + size, y + lo + size)
    round_brush = opts.get("shape") == "round" and size > 2
    for colour, width in ((QColor(255, 255, 255, 220), 3), (QColor(0, 0, 0, 220), 1.2)):
        geo.p.setPen(geo.pen(colour, width))
        geo.p.setBrush(Qt.BrushStyle.NoBrush)
        geo.p.drawEllipse(rect) if round_brush else geo.p.drawRect(rect)
