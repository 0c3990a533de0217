"""The current tool as a Qt-free state machine: press / move / release on cells -> edits and events.

The map view only turns mouse events into cell coordinates and calls these; everything a tool decides lives
here and is tested without widgets (napari's mouse bindings, Tiled's AbstractTool). Edits are returned, never
applied: the caller pushes them (the shell's undo stack applies them). Other outcomes are queued in `events`
as (name, payload): ("picked", (type, level)), ("selection", rect or None), ("los", (x, y)), ("stroke_end", None).
"""

from __future__ import annotations

import itertools

import numpy as np

from . import clipboard as clip_ops
from .clipboard import Clipboard
from .edits import CellEdit
from .elevation import elevation_mask
from .lines import line, line_cells_for
from .paint import eyedropper, flood_fill, paint_mask, rectangle, type_index
from .shapes import brush_offsets, clip_mask, line_cells, rect_mask

TOOLS = ("pointer", "brush", "rectangle", "fill", "line", "elevation", "eyedropper", "select", "paste", "los")
DEFAULTS = {
    "brush": {"type": "woods", "size": 1, "shape": "square", "level": None},
    "rectangle": {"type": "woods", "level": None},
    "fill": {"type": "woods", "diagonal": False, "same_level": False, "level": None},
    "line": {"type": "road", "crossing": "bridge"},
    "elevation": {"mode": "raise", "level": 3, "size": 3, "shape": "round"},
    "los": {"height": 0, "visibility": None},
}
TOOL_ALIASES = {"raise": ("elevation", {"mode": "raise"}), "lower": ("elevation", {"mode": "lower"}),
                "set_level": ("elevation", {"mode": "set"}), "objective": ("pointer", {})}
OPTION_ALIASES = {"terrain": "type"}
_strokes = itertools.count(1)


def _checked(tool: str, key: str, value):
    """The option value a tool keeps, or ValueError."""
    if key == "type":
        type_index(value)
        if tool == "line" and str(value).split(":")[-1] not in ("road", "river"):
            raise ValueError(f"the line tool draws road or river, not {value!r}")
        return str(value).split(":")[-1]
    if key == "level":
        if tool == "elevation":
            if value not in (1, 3, 5):
                raise ValueError(f"ground can be set to level 1, 3 or 5, not {value}")
            return value
        return value if value in (1, 3, 5) else None  # 0, None or a slope level: keep the ground's level
    if key == "size" and not 1 <= int(value) <= 9:
        raise ValueError(f"brush size must be 1-9, not {value}")
    return value


class ToolController:
    def __init__(self, model):
        self.model = model
        self.tool = "pointer"
        self.options: dict[str, dict] = {name: dict(opts) for name, opts in DEFAULTS.items()}
        self.events: list[tuple[str, object]] = []
        self.clipboard: Clipboard | None = None
        self.selection: tuple[int, int, int, int] | None = None
        self.preview: np.ndarray | None = None  # bool mask of the rubber band / line / paste outline
        self._stroke: int | None = None
        self._anchor: tuple[int, int] | None = None
        self._last: tuple[int, int] | None = None
        self._line_end: tuple[int, int] | None = None  # where the last line segment ended (Shift continues)
        self._line_stroke: int | None = None
        self._touched: np.ndarray | None = None

    # -- configuration -----------------------------------------------------------------------------------------
    def set_tool(self, name: str, **options) -> None:
        """Make `name` the current tool (or an alias: "raise", "lower", "set_level", "objective") with options;
        an option the tool does not have raises ValueError."""
        if name in TOOL_ALIASES:
            name, preset = TOOL_ALIASES[name]
            options = {**preset, **options}
        if name not in TOOLS:
            raise ValueError(f"unknown tool {name!r}; expected one of {', '.join(TOOLS + tuple(TOOL_ALIASES))}")
        options = {OPTION_ALIASES.get(k, k): v for k, v in options.items()}
        unknown = sorted(set(options) - set(DEFAULTS.get(name, {})))
        if unknown:
            raise ValueError(f"tool {name!r} has no option {', '.join(unknown)}")
        self.cancel()
        self.tool = name
        for key, value in options.items():
            self.options[name][key] = _checked(name, key, value)

    def set_options(self, **options) -> None:
        """Set options on every tool that has them, so the palette's terrain ("type", alias "terrain") and level
        reach the brush, rectangle and fill alike (the line tool takes only road or river; a level of 0 or a
        slope level means "keep the ground's level"). ValueError for an option no tool has."""
        for key, value in options.items():
            key = OPTION_ALIASES.get(key, key)
            tools = [t for t in DEFAULTS if key in DEFAULTS[t]]
            if not tools:
                raise ValueError(f"no tool has an option {key!r}")
            for tool in tools:
                if key == "level" and tool == "elevation" and value not in (1, 3, 5):
                    continue  # the palette's "keep the level" does not change the level the tool sets
                if key == "type" and tool == "line" and str(value).split(":")[-1] not in ("road", "river"):
                    continue
                self.options[tool][key] = _checked(tool, key, value)

    def option(self, key: str, default=None):
        return self.options.get(self.tool, {}).get(key, default)

    def cancel(self) -> None:
        """Forget a press in progress (Escape, or a tool change)."""
        if self._stroke is not None and self.tool in ("brush", "elevation"):
            self.events.append(("stroke_end", None))
        self._stroke = self._anchor = self._last = self._touched = None
        self.preview = None

    def take_events(self) -> list[tuple[str, object]]:
        events, self.events = self.events, []
        return events

    # -- input -------------------------------------------------------------------------------------------------
    def press(self, x: int, y: int, *, shift: bool = False) -> list[CellEdit]:
        t, o = self.tool, self.options.get(self.tool, {})
        if t in ("brush", "elevation"):
            self._stroke, self._last = next(_strokes), (x, y)
            self._touched = np.zeros(self.model.types.shape, bool)
            return self._dab([(x, y)])
        if t in ("rectangle", "select"):
            self._anchor = (x, y)
            self.preview = rect_mask(self.model.types.shape, (x, y), (x, y))
        elif t == "line":
            continuing = shift and self._line_end is not None
            self._anchor = self._line_end if continuing else (x, y)
            self._stroke = self._line_stroke if continuing else next(_strokes)
            self._line_stroke = self._stroke
            self._preview_line(x, y)
        elif t == "fill" and self.model.contains(x, y):
            return _some(flood_fill(self.model, x, y, o["type"], diagonal=o["diagonal"],
                                    same_level=o["same_level"], level=o["level"]))
        elif t == "eyedropper" and self.model.contains(x, y):
            self.events.append(("picked", eyedropper(self.model, x, y)))
        elif t == "paste" and self.clipboard is not None:
            return _some(clip_ops.paste(self.model, self.clipboard, x, y))
        elif t == "los" and self.model.contains(x, y):
            self.events.append(("los", (x, y)))
        return []

    def move(self, x: int, y: int) -> list[CellEdit]:
        t = self.tool
        if t in ("brush", "elevation") and self._stroke is not None:
            cells = line_cells(self._last, (x, y))[1:]
            self._last = (x, y)
            return self._dab(cells) if cells else []
        if t in ("rectangle", "select") and self._anchor is not None:
            self.preview = rect_mask(self.model.types.shape, self._anchor, (x, y))
        elif t == "line" and self._anchor is not None:
            self._preview_line(x, y)
        elif t == "paste" and self.clipboard is not None:
            c = self.clipboard
            self.preview = rect_mask(self.model.types.shape, (x, y), (x + c.width - 1, y + c.height - 1))
        return []

    def release(self, x: int, y: int) -> list[CellEdit]:
        t, o = self.tool, self.options.get(self.tool, {})
        out: list[CellEdit] = []
        if t in ("brush", "elevation") and self._stroke is not None:
            out = self.move(x, y)
            self.events.append(("stroke_end", None))
        elif t == "rectangle" and self._anchor is not None:
            out = _some(rectangle(self.model, self._anchor, (x, y), o["type"], level=o["level"]))
        elif t == "select" and self._anchor is not None:
            rect = clip_ops.normalise_rect(self.model, self._anchor, (x, y))
            self.selection = rect if rect[2] > rect[0] and rect[3] > rect[1] else None
            self.events.append(("selection", self.selection))
        elif t == "line" and self._anchor is not None:
            out = _some(line(self.model, [self._anchor, (x, y)], o["type"], crossing=o["crossing"],
                             stroke=self._stroke))
            self._line_end = (x, y)
            self.events.append(("stroke_end", None))
        self._stroke = self._anchor = self._last = self._touched = None
        if t != "paste":
            self.preview = None
        return out

    # -- clipboard ---------------------------------------------------------------------------------------------
    def copy(self) -> bool:
        if self.selection is None:
            return False
        self.clipboard = clip_ops.copy(self.model, self.selection)
        return True

    def cut(self) -> list[CellEdit]:
        if self.selection is None:
            return []
        self.clipboard, edit = clip_ops.cut(self.model, self.selection)
        return _some(edit)

    def transform_clipboard(self, rotate: int = 0, flip: str | None = None) -> None:
        """Rotate the clipboard clockwise by `rotate` degrees and/or flip it ("h" or "v")."""
        if self.clipboard is None:
            return
        if rotate:
            self.clipboard = self.clipboard.rotated(rotate)
        if flip:
            self.clipboard = self.clipboard.flipped(horizontal=flip.lower().startswith("h"))

    # -- helpers -----------------------------------------------------------------------------------------------
    def _dab(self, centres: list[tuple[int, int]]) -> list[CellEdit]:
        o = self.options[self.tool]
        off = brush_offsets(o["size"], o["shape"])
        xs = np.add.outer(np.array([c[0] for c in centres]), off[:, 0]).ravel()
        ys = np.add.outer(np.array([c[1] for c in centres]), off[:, 1]).ravel()
        mask = clip_mask(self.model.types.shape, xs, ys)
        if self.tool == "brush":
            edit = paint_mask(self.model, mask, o["type"], level=o["level"], stroke=self._stroke)
        else:
            edit = elevation_mask(self.model, mask, o["mode"], level=o["level"], stroke=self._stroke,
                                  skip=self._touched)
            self._touched |= mask
        return _some(edit)

    def _preview_line(self, x: int, y: int) -> None:
        cells = line_cells_for(self.model, [self._anchor, (x, y)], self.options["line"]["type"])
        self.preview = clip_mask(self.model.types.shape, np.array([c[0] for c in cells], int),
                                 np.array([c[1] for c in cells], int))


def _some(edit) -> list[CellEdit]:
    return [edit] if edit is not None else []
