"""Issue 27, the map (pytest-qt, in the main window): painting an area keeps roads and rivers, the tool-options bar
(brush size and shape, the elevation tool's Set level, the line of sight's visibility), the map toolbars only on
tabs with a map. Each test drives the real action, toolbar control or mouse drag and checks the document."""

from __future__ import annotations

import numpy as np
import pytest
from editor_fixtures import no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import QEvent, QPointF, Qt
from PyQt6.QtGui import QMouseEvent
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QApplication

from tacforge.editor.map.tools.paint import LINES
from tacforge.editor.map.tools.shapes import brush_mask
from tacforge.engine.mapping.autotile import TYPES

LEFT, NONE = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton


@pytest.fixture
def map_tab(qtbot, window, pack_copy):
    tab = window.open_path(pack_copy / "maps" / "bocage_crossroads.yaml")
    window.resize(1600, 1000)
    window.show()
    qtbot.waitExposed(window)
    return tab


def tool_action(window, text: str):
    return next(a for a in window.tool_actions.values() if a.text() == text)


def mouse(view, kind, square, button=LEFT, buttons=LEFT) -> None:
    o, c = view.origin(), view.cell
    pos = QPointF(o.x() + (square[0] + 0.5) * c, o.y() + (square[1] + 0.5) * c)
    event = QMouseEvent(kind, pos, view.viewport().mapToGlobal(pos), button, buttons, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view.viewport(), event)


def drag(view, squares) -> None:
    """Press on the first square, move through the others, release on the last: one stroke of the mouse."""
    mouse(view, QEvent.Type.MouseButtonPress, squares[0])
    for square in squares[1:]:
        mouse(view, QEvent.Type.MouseMove, square, NONE, LEFT)
    mouse(view, QEvent.Type.MouseButtonRelease, squares[-1], LEFT, NONE)


def type_in(spin, text: str) -> None:
    """Type a new value into a spin box as a user does: select what is there, type, Enter."""
    spin.setFocus()
    spin.selectAll()
    QTest.keyClicks(spin, text)
    QTest.keyClick(spin, Qt.Key.Key_Return)


def choose(combo, data) -> None:
    """Pick an entry of a combo box with the keyboard (the popup's Up/Down keys go through `activated`)."""
    combo.setFocus()
    target = combo.findData(data)
    while combo.currentIndex() != target:
        QTest.keyClick(combo, Qt.Key.Key_Down if combo.currentIndex() < target else Qt.Key.Key_Up)


def test_painting_broken_ground_keeps_roads_and_rivers_in_one_undo_step(qtbot, window, map_tab):
    document, view = map_tab.map_document, map_tab.view
    tool_action(window, "Brush").trigger()
    palette = window.terrain_palette.types
    broken = next(
        palette.item(i) for i in range(palette.count()) if palette.item(i).data(Qt.ItemDataRole.UserRole) == "broken"
    )
    QTest.mouseClick(palette.viewport(), LEFT, pos=palette.visualItemRect(broken).center())
    type_in(window.tool_options.editors["size"], "3")
    keep = window.tool_options.editors["keep_lines"]
    assert keep.isChecked() and keep.isVisibleTo(window)  # on by default, shown for the brush
    row = [(x, 2) for x in range(12, 40)]
    before = document.model.types.copy()
    lines_before = np.isin(before, LINES)
    assert lines_before[1:4, 12:40].sum() >= 6  # the two roads and the river cross these rows
    steps = document.undo.count()
    drag(view, row)
    after = document.model.types
    assert document.undo.count() == steps + 1  # the whole stroke is one undo step
    assert (after[lines_before] == before[lines_before]).all()  # every road, river and bridge square kept
    area = ~lines_before[1:4, 12:40]
    assert (after[1:4, 12:40][area] == TYPES.index("broken")).all()
    document.undo.undo()
    assert (document.model.types == before).all()

    QTest.mouseClick(keep, LEFT, pos=keep.rect().center())  # off: the brush paints over the lines too
    assert not keep.isChecked()
    drag(view, row)
    assert (document.model.types[1:4, 12:40] == TYPES.index("broken")).all()


def test_the_brush_options_are_in_the_bar_not_a_dialog(qtbot, window, map_tab):
    document, view = map_tab.map_document, map_tab.view
    assert not any("Brush size" in a.text() for a in window.menuBar().actions()[3].menu().actions())
    tool_action(window, "Brush").trigger()
    bar = window.tool_options
    shown = {key for key, action in bar._actions.items() if action.isVisible()}
    assert shown == {"size", "shape", "keep_lines"}
    type_in(bar.editors["size"], "5")
    choose(bar.editors["shape"], "round")
    assert view.controller.options["brush"]["size"] == 5 and view.controller.options["brush"]["shape"] == "round"
    before = document.model.types.copy()
    drag(view, [(45, 50)])
    painted = brush_mask(before.shape, 45, 50, 5, "round") & ~np.isin(before, LINES)
    assert painted[48:53, 43:48].sum() + np.isin(before, LINES)[48:53, 43:48].sum() == 21  # 25 less the corners
    after = document.model.types
    assert (after[painted] == TYPES.index("woods")).all() and (after[~painted] == before[~painted]).all()
    assert view.controller.options["elevation"]["size"] == 3  # the brush's size is not the elevation tool's


def test_set_level_mode_sets_level_three_however_often_a_drag_passes(qtbot, window, map_tab):
    document, view = map_tab.map_document, map_tab.view
    tool_action(window, "Raise ground").trigger()
    bar = window.tool_options
    assert bar.editors["mode"].currentData() == "raise" and not bar.editors["level"].isEnabled()
    choose(bar.editors["mode"], "set")
    assert bar.editors["level"].isEnabled()
    choose(bar.editors["level"], 3)
    type_in(bar.editors["size"], "3")
    square = [(x, 52) for x in range(44, 52)]
    back = list(reversed(square))
    assert document.model.levels[45:60, 38:58].max() == 1  # flat ground to start with
    steps = document.undo.count()
    drag(view, square + back + square)  # to and fro: every square under the brush passed three times
    levels = document.model.levels
    assert document.undo.count() == steps + 1
    assert (levels[51:54, 45:51] == 3).all() and levels[45:60, 38:58].max() == 3  # set to 3: never raised on to 5
    drag(view, square)  # a second stroke over it: still 3, and nothing to undo
    assert document.model.levels[51:54, 45:51].max() == 3 and document.undo.count() == steps + 1


def test_line_of_sight_uses_the_scenarios_visibility_and_shows_its_options(qtbot, window, pack_copy):
    tab = window.open_path(pack_copy / "scenarios" / "bocage_crossroads.yaml")  # visibility: 12
    window.resize(1600, 1000)
    window.show()
    qtbot.waitExposed(window)
    view = tab.view
    tool_action(window, "Line of sight").trigger()
    bar = window.tool_options
    visibility = bar.editors["visibility"]
    qtbot.waitUntil(lambda: visibility.isVisibleTo(window))  # (the toolbar lays itself out when events run)
    assert visibility.text() == "scenario's (12)"
    mouse(view, QEvent.Type.MouseButtonPress, (30, 30))
    mouse(view, QEvent.Type.MouseButtonRelease, (30, 30), LEFT, NONE)
    assert view._los is not None and view._los[2] == 12  # not the pack's greatest visibility
    reach = np.argwhere(view.los_mask)
    assert np.abs(reach - [30, 30]).max() <= 12
    type_in(visibility, "5")
    assert view._los[2] == 5 and np.abs(np.argwhere(view.los_mask) - [30, 30]).max() <= 5
    type_in(bar.editors["height"], "2")
    assert view._los[1] == 2


def test_the_map_toolbars_show_on_map_tabs_only(qtbot, window, map_tab, pack_copy):
    assert window.map_toolbar.isVisible() and window.tool_options.isVisible()
    window.open_path(pack_copy / "weapons.yaml")
    assert not window.map_toolbar.isVisible() and not window.tool_options.isVisible()
    assert window.toolbar.isVisible()  # the playtest's buttons stay
    window.tabs.setCurrentIndex(0)
    assert window.map_toolbar.isVisible() and window.tool_options.isVisible()


def test_one_raise_drag_with_a_three_wide_brush_raises_each_square_one_step(qtbot, window, map_tab):
    document, view = map_tab.map_document, map_tab.view
    tool_action(window, "Raise ground").trigger()
    bar = window.tool_options
    type_in(bar.editors["size"], "3")
    assert bar.editors["mode"].currentData() == "raise" and view.controller.options["elevation"]["size"] == 3
    before = document.model.levels.copy()
    assert before[45:60, 38:58].max() == 1  # flat ground at level 1
    square = [(x, 52) for x in range(44, 52)]
    drag(view, square + list(reversed(square)) + square + [(x, 53) for x in range(44, 52)])
    levels = document.model.levels
    assert (levels[51:54, 45:51] == 3).all()  # one plateau step: 1 to 3
    assert levels[40:65, 33:63].max() == 3  # never on to 5, however often the brush passed a square
