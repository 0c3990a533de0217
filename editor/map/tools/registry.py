"""The map tools as classes in a registry (Tiled's AbstractTool is the example): each has an id, a name, a
shortcut, a cursor and option defaults, and turns press / move / release on grid cells into edits and events.

Tools are Qt-free. A tool reads and writes the state the tools share (`ToolState`: the model, the clipboard, the
selection, the preview mask, the events queue) through the `ToolController` that holds one instance of each; the
map view asks the controller's current tool what it does (its cursor, whether a drag moves the objective, whether
the preview follows the cursor) instead of comparing names. Presets are menu entries that select a tool with
options set ("Raise ground" is the elevation tool in raise mode).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import Any, ClassVar, Protocol

import numpy as np

from tacforge.engine.cached_dataclass import dataclass

from .clipboard import Clipboard
from .paint import type_index


class ToolState(Protocol):
    """The state the tools share, which the controller holds (controller.py ToolController, which imports this
    module): the map, each tool's options, the events queue, the clipboard and the selection, the preview mask,
    and a scenario's units on the map with the rules a move obeys and the drag in progress."""

    model: Any  # grid/model.py MapModel
    options: dict[str, dict]
    events: list[tuple[str, object]]
    clipboard: Clipboard | None
    selection: tuple[int, int, int, int] | None
    preview: np.ndarray | None
    units: list
    selected_units: frozenset
    unit_rules: Any
    unit_drag: Any


TOOL_CLASSES: dict[str, type[Tool]] = {}  # id -> class, in registration (menu) order


def register(cls: type[Tool]) -> type[Tool]:
    if cls.id in TOOL_CLASSES:
        raise ValueError(f"two tools with the id {cls.id!r}")
    TOOL_CLASSES[cls.id] = cls
    return cls


class Tool:
    id: ClassVar[str]
    name: ClassVar[str]
    shortcut: ClassVar[str | None] = None
    cursor: ClassVar[str] = "cross"  # "cross" or "arrow"
    defaults: ClassVar[Mapping[str, Any]] = {}
    drags_objective: ClassVar[bool] = False  # a press inside the objective area moves it (the pointer)
    follows_hover: ClassVar[bool] = False  # `move` is called without a press (the paste outline follows the cursor)
    shows_sight: ClassVar[bool] = False  # the view's line-of-sight shading belongs to this tool

    def __init__(self, controller: ToolState):
        self.controller = controller

    @property
    def model(self):
        return self.controller.model

    @property
    def options(self) -> dict:
        return self.controller.options.setdefault(self.id, dict(self.defaults))

    def checked(self, key: str, value):
        """The option value this tool keeps, or ValueError."""
        if key == "type":
            type_index(value, self.model)  # the map knows the pack's own types
            return str(value).split(":")[-1]
        if key == "level":
            return value if value in (1, 3, 5) else None  # 0, None or a slope level: keep the ground's level
        if key == "size" and not 1 <= int(value) <= 9:
            raise ValueError(f"brush size must be 1-9, not {value}")
        return value

    def accepts(self, key: str, value) -> bool:
        """Whether a palette-wide option (set on every tool that has the key) applies to this tool."""
        return key in self.defaults

    def press(self, x: int, y: int, *, shift: bool = False) -> list:
        return []

    def move(self, x: int, y: int) -> list:
        return []

    def release(self, x: int, y: int) -> list:
        return []

    def cancel(self) -> None:
        """Forget a press in progress (Escape, or a tool change)."""


@dataclass(frozen=True)
class ToolPreset:
    """A menu entry: the tool `tool` with `options` set."""

    id: str
    name: str
    shortcut: str | None
    tool: str
    options: Mapping[str, Any] = field(default_factory=dict)


def tool_class(tool_id: str) -> type[Tool]:
    found = TOOL_CLASSES.get(tool_id)
    if found is None:
        raise ValueError(f"unknown tool {tool_id!r}; expected one of {', '.join([*TOOL_CLASSES, *PRESETS])}")
    return found


PRESETS: dict[str, ToolPreset] = {}


def add_preset(preset: ToolPreset) -> None:
    PRESETS[preset.id] = preset


def menu_entries() -> list[tuple[str, str, str | None]]:
    """(id, name, shortcut) of each tool and preset for the Map menu and toolbar, in the order of MENU."""
    out = []
    for entry_id in MENU:
        entry = PRESETS.get(entry_id) or TOOL_CLASSES[entry_id]
        out.append((entry_id, entry.name, entry.shortcut))
    return out


# What the Map menu and the toolbar offer, in order (tools not listed are reached otherwise: paste by Edit > Paste,
# the pointer by the objective preset).
MENU = (
    "brush",
    "rectangle",
    "fill",
    "line",
    "raise",
    "lower",
    "set_level",
    "eyedropper",
    "select",
    "los",
    "objective",
    "units",
    "entrench",
    "place_objective",
    "place_name",
    "plan_waypoint",
    "trigger_area",
)
# Tools that share one toolbar button, as a paint program groups its tools: the button shows the one last chosen,
# its arrow offers the others. Seventeen buttons side by side do not fit a window 1280 pixels wide (the overflow
# arrow hid the last ones); the ground's three ways and the AI plan's two tools are each used as one task.
TOOLBAR_GROUPS = (("raise", "lower", "set_level"), ("plan_waypoint", "trigger_area"))


def toolbar_entries() -> list[tuple[str, ...]]:
    """The toolbar's buttons in the order of MENU: each the ids of the tools it offers (one, or a group's)."""
    out: list[tuple[str, ...]] = []
    for entry_id in MENU:
        group = next((g for g in TOOLBAR_GROUPS if entry_id in g), (entry_id,))
        if group not in out:
            out.append(group)
    return out
