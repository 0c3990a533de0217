"""Typed numbers in the stats rooms mean what was typed (issue 27), driven through the real editors with the keyboard:
a value outside the schema's range or not a number is refused with a visible message in the cell (the editor stays
open, marked red, its tooltip naming the range) and is never altered into another value; Ctrl+Z and Ctrl+Shift+Z in
the rules form work while a field has focus; two edits of one terrain cell with an undone edit between them stay two
undo steps."""

import pytest
from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import QApplication

from tacforge.editor.common.checked_edit import REFUSED_STYLE, CheckedLineEdit
from tacforge.editor.data.weapon_columns import columns

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier
FA = [c.key for c in columns()].index("fa")


def shown(window, qtbot):
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def open_kind(window, pack_id, kind):
    return window.open_path(window.workspace.pack_file(pack_id, kind))


def open_editor(view, index) -> CheckedLineEdit:
    view.setCurrentIndex(index)
    view.edit(index)
    editors = [e for e in view.findChildren(CheckedLineEdit) if e.isVisible()]  # (a closed one awaits deletion)
    assert len(editors) == 1
    return editors[0]


def type_and_press(qtbot, editor, text, key=Qt.Key.Key_Return) -> None:
    editor.selectAll()
    qtbot.keyClick(editor, Qt.Key.Key_Backspace)
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, key)


@pytest.mark.parametrize(
    ("typed", "said"),
    [("-5", "at least 0, not -5"), ("9999", "at most 255, not 9999"), ("abc", "a whole number, not 'abc'")],
)
def test_a_weapon_cell_refuses_what_the_schema_does_not_allow_and_keeps_it_as_typed(
    window, pack_copy, qtbot, typed, said
):
    shown(window, qtbot)
    room = window.open_path(pack_copy / "weapons.yaml")
    row = room.table.index_of("westcopy:sherman")
    index = room.proxy.mapFromSource(room.model.index(row, FA))
    editor = open_editor(room.table_view, index)
    for key in (Qt.Key.Key_Return, Qt.Key.Key_Tab):
        type_and_press(qtbot, editor, typed, key)
        qtbot.wait(20)  # a commit would be a queued call
        assert editor.isVisible() and editor.text() == typed  # still open, nothing dropped or clamped
        assert editor.styleSheet() == REFUSED_STYLE and said in editor.toolTip()
        assert said in room.message.text()
        assert room.table.by_id("westcopy:sherman").fa == 11 and not room.document.dirty
    type_and_press(qtbot, editor, "16")  # a value in range is written as typed
    qtbot.waitUntil(lambda: room.table.by_id("westcopy:sherman").fa == 16)
    assert room.history.count() == 1


def test_a_terrain_cost_of_0_is_refused_in_the_cell_and_empty_means_cannot_enter(window, qtbot):
    shown(window, qtbot)
    tab = open_kind(window, "core", "terrain")
    model = tab.types_model
    row = next(i for i, t in enumerate(model.entries) if t.id == "core:woods")
    foot = next(c for c, col in enumerate(model.columns) if col.path == ("movement", "foot"))
    before = model.entries[row].cost("foot")
    editor = open_editor(tab.types_view, model.index(row, foot))
    for typed, said in (("0", "at least 1, not 0"), ("-2", "at least 1, not -2"), ("x", "whole number, not 'x'")):
        type_and_press(qtbot, editor, typed)
        qtbot.wait(20)
        assert editor.isVisible() and editor.text() == typed and said in editor.toolTip()
        assert said in tab.status.text() and not tab.document.dirty
    assert tab.document.model.terrain_types[row].cost("foot") == before
    type_and_press(qtbot, editor, "")  # an empty cell: the class cannot enter
    qtbot.waitUntil(lambda: tab.document.model.terrain_types[row].cost("foot") is None)


def test_a_rules_divisor_of_0_is_refused_and_kept_as_typed(window, qtbot):
    shown(window, qtbot)
    tab = open_kind(window, "westcopy", "rules")
    field = tab.form.editors["accuracy_divisor"]
    before = field.text()
    for typed in ("0", "-3", "many"):
        field.setFocus()
        type_and_press(qtbot, field, typed)
        assert field.text() == typed and field.styleSheet() == REFUSED_STYLE
        assert "accuracy_divisor must be" in field.toolTip() and "accuracy_divisor must be" in tab.form.status.text()
        assert not tab.document.dirty
    type_and_press(qtbot, field, before)
    assert field.styleSheet() == "" and not tab.document.dirty


def test_ctrl_z_and_ctrl_shift_z_in_the_rules_form_while_a_field_has_focus(window, qtbot):
    shown(window, qtbot)
    tab = open_kind(window, "westcopy", "rules")
    field = tab.form.editors["pulses_per_turn"]
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    type_and_press(qtbot, field, "6")
    assert tab.document.model.parameters.time_space.pulses_per_turn == 6 and field.hasFocus()
    qtbot.keyClick(field, Qt.Key.Key_Z, CTRL)
    assert tab.document.model.parameters.time_space.pulses_per_turn == 4 and not tab.document.dirty
    assert field.text() == "4"
    qtbot.keyClick(field, Qt.Key.Key_Z, CTRL | SHIFT)
    assert tab.document.model.parameters.time_space.pulses_per_turn == 6 and field.text() == "6"


def test_two_edits_of_a_terrain_cell_with_an_undo_between_them_stay_two_steps(window, qtbot):
    shown(window, qtbot)
    tab = open_kind(window, "core", "terrain")
    model, view = tab.types_model, tab.types_view
    row = next(i for i, t in enumerate(model.entries) if t.id == "core:woods")
    foot = next(c for c, col in enumerate(model.columns) if col.path == ("movement", "foot"))
    level = next(c for c, col in enumerate(model.columns) if col.path[0] == "movement" and c != foot)

    def foot_cost():
        return tab.document.model.terrain_types[row].cost("foot")

    first = foot_cost()
    type_and_press(qtbot, open_editor(view, model.index(row, foot)), "5")
    qtbot.waitUntil(lambda: foot_cost() == 5)
    type_and_press(qtbot, open_editor(view, model.index(row, level)), "7")
    qtbot.waitUntil(lambda: tab.history.count() == 2)
    undo = menu_action(window, "Edit", "Undo")
    undo.trigger()  # the other cell's edit is taken back
    type_and_press(qtbot, open_editor(view, model.index(row, foot)), "6")
    qtbot.waitUntil(lambda: foot_cost() == 6)
    assert tab.history.count() == 2  # foot 5, then foot 6: not merged into one step
    undo.trigger()
    assert foot_cost() == 5  # the value between the two edits is still there
    undo.trigger()
    assert foot_cost() == first and not tab.document.dirty


def test_consecutive_edits_of_one_terrain_cell_still_merge(window, qtbot):
    """Two edits of a cell with nothing undone between are one step, as before (the merge the fix keeps)."""
    shown(window, qtbot)
    tab = open_kind(window, "core", "terrain")
    model, view = tab.types_model, tab.types_view
    row = next(i for i, t in enumerate(model.entries) if t.id == "core:woods")
    foot = next(c for c, col in enumerate(model.columns) if col.path == ("movement", "foot"))
    first = tab.document.model.terrain_types[row].cost("foot")
    for typed in ("5", "6"):
        type_and_press(qtbot, open_editor(view, model.index(row, foot)), typed)
        qtbot.waitUntil(lambda t=typed: tab.document.model.terrain_types[row].cost("foot") == int(t))
    assert tab.history.count() == 1
    menu_action(window, "Edit", "Undo").trigger()
    assert tab.document.model.terrain_types[row].cost("foot") == first


def test_fires_as_is_typed_with_the_weapon_picker_by_name(window, pack_copy, qtbot):
    from tacforge.editor.common.weapon_picker import WeaponPicker
    from tacforge.editor.data.weapon_columns import all_columns

    shown(window, qtbot)
    room = window.open_path(pack_copy / "weapons.yaml")
    row = room.table.index_of("westcopy:m20_ac")
    fires_as = [c.key for c in all_columns()].index("fires_as")
    index = room.proxy.mapFromSource(room.model.index(row, fires_as))
    room.table_view.setCurrentIndex(index)
    room.table_view.edit(index)  # (as a double click or F2 does)
    picker = next(e for e in room.table_view.findChildren(WeaponPicker) if e.isVisible())
    assert picker.text() == "hmg"
    picker.selectAll()
    qtbot.keyClicks(picker, "greyhound")  # part of the name: a plain text cell would keep "greyhound"
    popup = picker.completer().popup()
    qtbot.waitUntil(popup.isVisible)
    qtbot.keyClick(popup, Qt.Key.Key_Down)
    qtbot.keyClick(popup, Qt.Key.Key_Return)
    assert picker.text().startswith("M8 Greyhound")
    qtbot.keyClick(picker, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: room.table.by_id("westcopy:m20_ac").fires_as == "m8_ac")  # the id, as the file writes it
    assert room.history.count() == 1
