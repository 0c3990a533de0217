"""The editor's map tools, each a registered class (registry.py). Edits are returned, never applied; other outcomes
go to the controller's events as (name, payload): ("picked", (type, level)), ("selection", rect or None),
("los", (x, y)), ("stroke_end", None)."""

from __future__ import annotations

import itertools
from abc import ABC, abstractmethod

import numpy as np

from . import clipboard as clip_ops
from .elevation import elevation_mask
from .lines import line, line_cells_for
from .paint import eyedropper, flood_fill, paint_mask, rectangle
from .registry import Tool, ToolPreset, add_preset, register
from .shapes import brush_offsets, clip_mask, line_cells, rect_mask

_strokes = itertools.count(1)  # stroke ids: the edits of one stroke merge into one undo step


def as_list(edit) -> list:
    """A tool's result: the edit, or nothing when it changed no square."""
    return [edit] if edit is not None else []


@register
class PointerTool(Tool):
    id, name, cursor = "pointer", "Pointer", "arrow"
    drags_objective = True


class _StrokeTool(Tool, ABC):
    """Brush and elevation: a press starts a stroke, every square the drag passes gets a dab, release ends it."""

    def __init__(self, controller) -> None:
        super().__init__(controller)
        self._stroke: int | None = None
        self._last: tuple[int, int] | None = None
        self._touched: np.ndarray | None = None

    def press(self, x, y, *, shift=False):
        self._stroke, self._last = next(_strokes), (x, y)
        self._touched = np.zeros(self.model.types.shape, bool)
        return self._dab([(x, y)])

    def move(self, x, y):
        if self._stroke is None:
            return []
        cells = line_cells(self._last, (x, y))[1:]
        self._last = (x, y)
        return self._dab(cells) if cells else []

    def release(self, x, y):
        if self._stroke is None:
            return []
        out = self.move(x, y)
        self.controller.events.append(("stroke_end", None))
        self._stroke = self._last = self._touched = None
        return out

    def cancel(self):
        if self._stroke is not None:
            self.controller.events.append(("stroke_end", None))
        self._stroke = self._last = self._touched = None

    def _mask(self, centres: list[tuple[int, int]]) -> np.ndarray:
        off = brush_offsets(self.options["size"], self.options["shape"])
        xs = np.add.outer(np.array([c[0] for c in centres]), off[:, 0]).ravel()
        ys = np.add.outer(np.array([c[1] for c in centres]), off[:, 1]).ravel()
        return clip_mask(self.model.types.shape, xs, ys)

    @abstractmethod
    def _dab(self, centres) -> list:
        """The edits of one dab of the brush at each of the centres."""


@register
class BrushTool(_StrokeTool):
    id, name, shortcut = "brush", "Brush", "B"
    defaults = {"type": "woods", "size": 1, "shape": "square", "level": None, "keep_lines": True}

    def _dab(self, centres):
        o = self.options
        return as_list(
            paint_mask(
                self.model,
                self._mask(centres),
                o["type"],
                level=o["level"],
                stroke=self._stroke,
                keep_lines=o["keep_lines"],
            )
        )


@register
class ElevationTool(_StrokeTool):
    id, name = "elevation", "Elevation"
    defaults = {"mode": "raise", "level": 3, "size": 3, "shape": "round"}

    def checked(self, key, value):
        if key == "level":
            if value not in (1, 3, 5):
                raise ValueError(f"ground can be set to level 1, 3 or 5, not {value}")
            return value
        return super().checked(key, value)

    def accepts(self, key, value):
        # the palette's "keep the level" (0 or a slope level) does not change the level this tool sets
        return super().accepts(key, value) and not (key == "level" and value not in (1, 3, 5))

    def _dab(self, centres):
        o, mask = self.options, self._mask(centres)
        edit = elevation_mask(self.model, mask, o["mode"], level=o["level"], stroke=self._stroke, skip=self._touched)
        self._touched |= mask
        return as_list(edit)


class DragRectangleTool(Tool, ABC):
    """A press anchors a rectangle that follows the drag as the preview."""

    def __init__(self, controller) -> None:
        super().__init__(controller)
        self._anchor: tuple[int, int] | None = None

    def press(self, x, y, *, shift=False):
        self._anchor = (x, y)
        self.controller.preview = rect_mask(self.model.types.shape, (x, y), (x, y))
        return []

    def move(self, x, y):
        if self._anchor is not None:
            self.controller.preview = rect_mask(self.model.types.shape, self._anchor, (x, y))
        return []

    def release(self, x, y):
        anchor, self._anchor = self._anchor, None
        self.controller.preview = None
        return self.finish(anchor, (x, y)) if anchor is not None else []

    def cancel(self):
        self._anchor = None
        self.controller.preview = None

    @abstractmethod
    def finish(self, anchor, corner) -> list:
        """The edits of a rectangle dragged from anchor to corner."""


@register
class RectangleTool(DragRectangleTool):
    id, name, shortcut = "rectangle", "Rectangle", "R"
    defaults = {"type": "woods", "level": None, "keep_lines": True}

    def finish(self, anchor, corner):
        o = self.options
        return as_list(rectangle(self.model, anchor, corner, o["type"], level=o["level"], keep_lines=o["keep_lines"]))


@register
class FillTool(Tool):
    id, name, shortcut = "fill", "Fill", "F"
    defaults = {"type": "woods", "diagonal": False, "same_level": False, "level": None, "keep_lines": True}

    def press(self, x, y, *, shift=False):
        if not self.model.contains(x, y):
            return []
        o = self.options
        return as_list(
            flood_fill(
                self.model,
                x,
                y,
                o["type"],
                diagonal=o["diagonal"],
                same_level=o["same_level"],
                level=o["level"],
                keep_lines=o["keep_lines"],
            )
        )


@register
class LineTool(Tool):
    id, name, shortcut = "line", "Road/river line", "L"
    defaults = {"type": "road", "crossing": "bridge"}

    def __init__(self, controller) -> None:
        super().__init__(controller)
        self._anchor: tuple[int, int] | None = None
        self._end: tuple[int, int] | None = None  # where the last segment ended (Shift continues from there)
        self._stroke: int | None = None

    def checked(self, key, value):
        value = super().checked(key, value)
        if key == "type" and value not in ("road", "river"):
            raise ValueError(f"the line tool draws road or river, not {value!r}")
        return value

    def accepts(self, key, value):
        return super().accepts(key, value) and not (
            key == "type" and str(value).split(":")[-1] not in ("road", "river")
        )

    def press(self, x, y, *, shift=False):
        continuing = shift and self._end is not None
        self._anchor = self._end if continuing else (x, y)
        if not continuing:
            self._stroke = next(_strokes)
        self._preview(x, y)
        return []

    def move(self, x, y):
        if self._anchor is not None:
            self._preview(x, y)
        return []

    def release(self, x, y):
        if self._anchor is None:
            return []
        out = as_list(
            line(
                self.model,
                [self._anchor, (x, y)],
                self.options["type"],
                crossing=self.options["crossing"],
                stroke=self._stroke,
            )
        )
        self._end, self._anchor = (x, y), None
        self.controller.preview = None
        self.controller.events.append(("stroke_end", None))
        return out

    def cancel(self):
        self._anchor = None

    def _preview(self, x, y):
        cells = line_cells_for(self.model, [self._anchor, (x, y)], self.options["type"])
        self.controller.preview = clip_mask(
            self.model.types.shape, np.array([c[0] for c in cells], int), np.array([c[1] for c in cells], int)
        )


@register
class EyedropperTool(Tool):
    id, name, shortcut = "eyedropper", "Eyedropper", "I"

    def press(self, x, y, *, shift=False):
        if self.model.contains(x, y):
            self.controller.events.append(("picked", eyedropper(self.model, x, y)))
        return []


@register
class SelectTool(DragRectangleTool):
    id, name, shortcut = "select", "Select", "S"

    def finish(self, anchor, corner):
        rect = clip_ops.normalise_rect(self.model, anchor, corner)
        self.controller.selection = rect if rect[2] > rect[0] and rect[3] > rect[1] else None
        self.controller.events.append(("selection", self.controller.selection))
        return []


@register
class PasteTool(Tool):
    """The clipboard's outline follows the cursor; a click places it. The outline stays after a release."""

    id, name = "paste", "Paste"
    follows_hover = True

    def press(self, x, y, *, shift=False):
        clipboard = self.controller.clipboard
        return as_list(clip_ops.paste(self.model, clipboard, x, y)) if clipboard is not None else []

    def move(self, x, y):
        c = self.controller.clipboard
        if c is not None:
            self.controller.preview = rect_mask(self.model.types.shape, (x, y), (x + c.width - 1, y + c.height - 1))
        return []


@register
class LineOfSightTool(Tool):
    id, name, shortcut = "los", "Line of sight", "V"
    shows_sight = True
    defaults = {"height": 0, "visibility": None}

    def press(self, x, y, *, shift=False):
        if self.model.contains(x, y):
            self.controller.events.append(("los", (x, y)))
        return []


add_preset(ToolPreset("raise", "Raise ground", "E", "elevation", {"mode": "raise"}))
add_preset(ToolPreset("lower", "Lower ground", "Shift+E", "elevation", {"mode": "lower"}))
add_preset(ToolPreset("set_level", "Set ground level", "Ctrl+E", "elevation", {"mode": "set"}))
add_preset(ToolPreset("objective", "Move objective", "O", "pointer"))
