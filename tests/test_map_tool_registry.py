"""Map tools as classes in a registry (Tiled's tools are the example), tested without widgets."""

from __future__ import annotations

import inspect

import pytest

from tacforge.editor.grid.model import MapModel
from tacforge.editor.map.tools import ToolController
from tacforge.editor.map.tools.paint import paint_mask
from tacforge.editor.map.tools.registry import (
    MENU,
    PRESETS,
    TOOL_CLASSES,
    TOOLBAR_GROUPS,
    Tool,
    menu_entries,
    register,
    toolbar_entries,
)
from tacforge.engine.mapping.autotile import TYPES
from tacforge.engine.packs import load_packs


@pytest.fixture(scope="module")
def content():
    return load_packs(env={}, include_user_dir=False).content("western")


def test_the_menu_lists_registered_tools_and_presets_with_distinct_shortcuts(content):
    entries = menu_entries()
    assert [e[0] for e in entries] == [
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
    ]
    shortcuts = [key for _id, _name, key in entries if key]
    assert len(shortcuts) == len(set(shortcuts)) == len(entries)
    controller = ToolController(MapModel.blank(content, 10, 10))
    for entry_id, _name, _key in entries:
        controller.set_tool(entry_id)
        expected = PRESETS[entry_id].tool if entry_id in PRESETS else entry_id
        assert controller.tool == expected and isinstance(controller.current, TOOL_CLASSES[expected])


def test_the_toolbar_offers_every_menu_tool_once_the_groups_under_one_button_each():
    entries = toolbar_entries()
    assert [tool for entry in entries for tool in entry] == list(MENU)
    assert [e for e in entries if len(e) > 1] == list(TOOLBAR_GROUPS)
    assert len(entries) == len(MENU) - sum(len(g) - 1 for g in TOOLBAR_GROUPS) == 14


def test_the_view_reads_what_a_tool_does_from_its_class(content):
    controller = ToolController(MapModel.blank(content, 10, 10))
    controller.set_tool("objective")
    assert controller.current.drags_objective and controller.current.cursor == "arrow"
    controller.set_tool("paste")
    assert controller.current.follows_hover and not controller.current.drags_objective
    controller.set_tool("los")
    assert controller.current.shows_sight and controller.current.cursor == "cross"


def test_a_new_tool_class_is_used_by_the_controller_once_registered(content):
    class StampTool(Tool):
        """Paints one town square per click."""

        id, name, shortcut = "stamp", "Stamp", "T"

        def press(self, x, y, *, shift=False):
            mask = self.model.types != self.model.types  # all False, the model's shape
            mask[y, x] = True
            return [paint_mask(self.model, mask, "town")]

    register(StampTool)
    try:
        model = MapModel.blank(content, 10, 10)
        controller = ToolController(model)
        controller.set_tool("stamp")
        [edit] = controller.press(3, 4)
        model.apply(edit)
        assert model.types[4, 3] == TYPES.index("town") and model.types[4, 4] != TYPES.index("town")
        with pytest.raises(ValueError, match="two tools"):
            register(StampTool)
    finally:
        TOOL_CLASSES.pop("stamp")


def test_a_tool_switch_ends_a_stroke_in_progress(content):
    controller = ToolController(MapModel.blank(content, 10, 10))
    controller.set_tool("brush", type="town", size=1)
    controller.press(2, 2)
    controller.set_tool("select")
    assert controller.take_events() == [("stroke_end", None)]


def test_the_stroke_and_rectangle_bases_are_abstract_and_every_registered_tool_is_whole(content):
    """A tool built on a base that leaves a step to it (a brush's dab, a rectangle's finish) cannot be made without
    that step: abc refuses it when the controller makes its tools, not on the first drag."""
    from tacforge.editor.map.tools import builtin

    class Halfway(builtin._StrokeTool):
        id, name = "halfway", "Halfway"

    controller = ToolController(MapModel.blank(content, 10, 10))
    with pytest.raises(TypeError, match="_dab"):
        Halfway(controller)
    assert inspect.isabstract(builtin.DragRectangleTool)
    assert [c for c in TOOL_CLASSES.values() if inspect.isabstract(c)] == []
