"""The current tool as a Qt-free state machine: press / move / release on cells -> edits and events.

The map view only turns mouse events into cell coordinates and calls these; what each tool does lives in its
class (builtin.py, registered in registry.py) and is tested without widgets (napari's mouse bindings, Tiled's
AbstractTool). Edits are returned, never applied: the caller pushes them (the shell's undo stack applies them).
Other outcomes are queued in `events` as (name, payload): ("picked", (type, level)), ("selection", rect or None),
("los", (x, y)), ("stroke_end", None), and the scenario tools' (scenario_tools.py).
"""

from __future__ import annotations

import numpy as np

from ...grid.edits import CellEdit
from . import clipboard as clip_ops
from . import scenario_tools  # noqa: F401 (registers the scenario tools)
from .builtin import as_list
from .clipboard import Clipboard
from .registry import PRESETS, TOOL_CLASSES, Tool, tool_class

TOOLS = tuple(TOOL_CLASSES)
OPTION_ALIASES = {"terrain": "type"}


class ToolController:
    def __init__(self, model) -> None:
        self.model = model
        self.options: dict[str, dict] = {
            tool_id: dict(cls.defaults) for tool_id, cls in TOOL_CLASSES.items() if cls.defaults
        }
        self.events: list[tuple[str, object]] = []
        self.clipboard: Clipboard | None = None
        self.selection: tuple[int, int, int, int] | None = None
        self.preview: np.ndarray | None = None  # bool mask of the rubber band / line / paste outline
        # a scenario's units on the map (common/unit_marks.py UnitMark), the selected ones' keys, the rules a
        # move obeys (keys, delta) -> (moves, refused), set by the scenario's tab (None: no moves), and a drag
        self.units: list = []
        self.selected_units: frozenset = frozenset()
        self.unit_rules = None
        self.unit_drag = None
        self.tools: dict[str, Tool] = {tool_id: cls(self) for tool_id, cls in TOOL_CLASSES.items()}
        self.tool = "pointer"

    @property
    def current(self) -> Tool:
        return self.tools[self.tool]

    # -- configuration -----------------------------------------------------------------------------------------
    def set_tool(self, name: str, **options) -> None:
        """Make tool `name` current (or a preset: "raise", "lower", "set_level", "objective") with options; an
        unknown tool, or an option the tool does not have, raises ValueError."""
        preset = PRESETS.get(name)
        if preset is not None:
            name, options = preset.tool, {**preset.options, **options}
        tool = self.tools[tool_class(name).id]
        options = {OPTION_ALIASES.get(k, k): v for k, v in options.items()}
        unknown = sorted(set(options) - set(tool.defaults))
        if unknown:
            raise ValueError(f"tool {name!r} has no option {', '.join(unknown)}")
        self.cancel()
        self.tool = name
        for key, value in options.items():
            tool.options[key] = tool.checked(key, value)

    def set_options(self, **options) -> None:
        """Set options on every tool that has them, so the palette's terrain ("type", alias "terrain") and level
        reach the brush, rectangle and fill alike (the line tool takes only road or river; a level of 0 or a
        slope level means "keep the ground's level"). ValueError for an option no tool has."""
        for key, value in options.items():
            key = OPTION_ALIASES.get(key, key)
            having = [tool for tool in self.tools.values() if key in tool.defaults]
            if not having:
                raise ValueError(f"no tool has an option {key!r}")
            for tool in having:
                if tool.accepts(key, value):
                    tool.options[key] = tool.checked(key, value)

    def option(self, key: str, default=None):
        return self.options.get(self.tool, {}).get(key, default)

    def cancel(self) -> None:
        """Forget a press in progress (Escape, or a tool change)."""
        self.current.cancel()
        self.preview = None

    def take_events(self) -> list[tuple[str, object]]:
        events, self.events = self.events, []
        return events

    # -- input -------------------------------------------------------------------------------------------------
    def press(self, x: int, y: int, *, shift: bool = False) -> list[CellEdit]:
        return self.current.press(x, y, shift=shift)

    def move(self, x: int, y: int) -> list[CellEdit]:
        return self.current.move(x, y)

    def release(self, x: int, y: int) -> list[CellEdit]:
        return self.current.release(x, y)

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
        return as_list(edit)

    def transform_clipboard(self, rotate: int = 0, flip: str | None = None) -> None:
        """Rotate the clipboard clockwise by `rotate` degrees and/or flip it ("h" or "v")."""
        if self.clipboard is None:
            return
        if rotate:
            self.clipboard = self.clipboard.rotated(rotate)
        if flip:
            self.clipboard = self.clipboard.flipped(horizontal=flip.lower().startswith("h"))
