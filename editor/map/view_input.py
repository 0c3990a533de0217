"""The map view's mouse and keyboard handling: squares under the cursor go to the tool controller; middle- or
right-drag pans, and with a tool that drags the objective (the pointer) a drag inside the objective area moves it."""

from __future__ import annotations

from PyQt6.QtCore import Qt

from .overlays import mask_image

PAN_BUTTONS = (Qt.MouseButton.MiddleButton, Qt.MouseButton.RightButton)


def mouse_press(view, event) -> None:
    if view.model is None:
        return
    if view.marked is not None:  # the designer has found the square
        view.marked = None
        view.viewport().update()
    if event.button() in PAN_BUTTONS:
        view._pan = (event.position(), view.horizontalScrollBar().value(), view.verticalScrollBar().value())
        view.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        return
    if event.button() != Qt.MouseButton.LeftButton:
        return
    if view.picking:  # anywhere, on the map or off it: a scan may reach beyond the map
        view.setFocus()
        view.pointPicked.emit(*view.map_point_at(event.position()))
        return
    x, y = view.cell_at(event.position())
    if not view.model.contains(x, y):
        return
    view.setFocus()
    rect = view.overlays.objective_rect()
    if view.controller.current.drags_objective:
        if rect is not None and rect[0] <= x < rect[2] and rect[1] <= y < rect[3]:
            cx, cy = view.overlays.objective_center
            view._drag = ((x - cx, y - cy), (cx, cy))
        return
    shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
    view._pressed = True
    view._after_tool(view.controller.press(x, y, shift=shift))


def mouse_move(view, event) -> None:
    if view.model is None:
        return
    if view._pan is not None:
        start, h, v = view._pan
        delta = event.position() - start
        view.horizontalScrollBar().setValue(round(h - delta.x()))
        view.verticalScrollBar().setValue(round(v - delta.y()))
        return
    x, y = view.cell_at(event.position())
    if (x, y) != view._hover:
        view._hover = (x, y)
        if view.model.contains(x, y):
            view.cellHovered.emit(x, y)
        if view._drag is not None:
            (dx, dy), _ = view._drag
            view._drag = ((dx, dy), (x - dx, y - dy))
            view.viewport().update()
        elif view._pressed or view.controller.current.follows_hover:
            view._after_tool(view.controller.move(x, y))
        else:
            view.viewport().update()


def mouse_release(view, event) -> None:
    if view.model is None:
        return
    if event.button() in PAN_BUTTONS and view._pan is not None:
        view._pan = None
        view.viewport().setCursor(view.tool_cursor())
        return
    if event.button() != Qt.MouseButton.LeftButton:
        return
    if view._drag is not None:
        _, (cx, cy) = view._drag
        view._drag = None
        if (cx, cy) != view.overlays.objective_center:
            view.overlays.objective_center = (cx, cy)
            view.objectiveMoved.emit(cx, cy)
        view.viewport().update()
        return
    if view._pressed:
        view._pressed = False
        x, y = view.cell_at(event.position())
        view._after_tool(view.controller.release(x, y))


def key_press(view, event) -> bool:
    """Zoom (+ / - / 0 to fit), pan (arrows; Shift for a page), Escape cancels the tool. True if handled."""
    key = event.key()
    page = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
    step = round(view.cell * (10 if page else 3))
    if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
        view.zoom_in()
    elif key in (Qt.Key.Key_Minus, Qt.Key.Key_Underscore):
        view.zoom_out()
    elif key == Qt.Key.Key_0:
        view.fit_to_window()
    elif key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
        bar = view.horizontalScrollBar()
        bar.setValue(bar.value() + (step if key == Qt.Key.Key_Right else -step))
    elif key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
        bar = view.verticalScrollBar()
        bar.setValue(bar.value() + (step if key == Qt.Key.Key_Down else -step))
    elif key == Qt.Key.Key_Escape and view.picking:
        view.pickingCancelled.emit()
    elif key == Qt.Key.Key_Escape:
        view._pressed = False
        view.controller.cancel()
        view._after_tool([])
    else:
        return False
    return True


def after_tool(view, edits) -> None:
    """A tool's results: its edits as editMade (the shell pushes them), its events as the view's signals, its
    preview mask as an image."""
    for edit in edits:
        view.editMade.emit(edit)
    for name, payload in view.controller.take_events():
        if name == "picked" and isinstance(payload, tuple):  # (type name, level)
            view.terrainPicked.emit(*payload)
        elif name == "selection":
            view.selectionChanged.emit(payload)
        elif name == "los":
            opts = view.controller.options.get("los", {})
            view.set_los(payload, height=opts.get("height", 0), visibility=opts.get("visibility"))
        elif name == "stroke_end":
            view.strokeFinished.emit()
        elif name == "units_selected":
            view.unitsSelected.emit(payload)
        elif name == "units_dragging":
            view.unitsDragging.emit(payload)
        elif name == "units_moved":
            view.unitsMoved.emit(payload)
        elif name == "entrench":
            view.entrenchmentStroke.emit(payload)
        elif name == "place_objective" and isinstance(payload, tuple):  # (x, y)
            view.objectivePlaced.emit(*payload)
        elif name == "place_name" and isinstance(payload, tuple):  # (x, y)
            view.placeNamed.emit(*payload)
        elif name == "plan_square" and isinstance(payload, tuple):  # (x, y)
            view.planSquarePicked.emit(*payload)
        elif name == "plan_area":
            view.planAreaDrawn.emit(payload)
    mask = view.controller.preview
    view._preview = None if mask is None or not mask.any() else mask_image(mask, (120, 210, 255, 120))
    view.viewport().update()
