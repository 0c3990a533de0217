"""Typed numbers step again as spin boxes did (issue 27), without their silent changes: Up and Down (Page Up and Page
Down by ten) step a number in the rules form and in a table cell, the wheel steps only a focused field, a step that
would leave the allowed range is not taken and the field says why, and what was stepped is written as one edit."""

from editor_fixtures import no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import QPoint, QPointF, Qt
from PyQt6.QtGui import QWheelEvent
from PyQt6.QtWidgets import QApplication

from tacforge.editor.common.checked_edit import REFUSED_STYLE, CheckedLineEdit
from tacforge.editor.data.weapon_columns import columns

FA = [c.key for c in columns()].index("fa")


def shown(window, qtbot):
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def wheel(widget, notches: int) -> None:
    """One turn of the mouse wheel over the middle of `widget`, as the window system sends it."""
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(
        centre,
        QPointF(widget.mapToGlobal(widget.rect().center())),
        QPoint(0, 0),
        QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def test_up_down_and_page_keys_step_a_rules_field_within_its_range(window, qtbot):
    shown(window, qtbot)
    tab = window.open_path(window.workspace.pack_file("westcopy", "rules"))
    field = tab.form.editors["pulses_per_turn"]  # 1-20, 4 in the pack
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    qtbot.keyClick(field, Qt.Key.Key_Up)
    qtbot.keyClick(field, Qt.Key.Key_Up)
    assert field.text() == "6"
    qtbot.keyClick(field, Qt.Key.Key_Down)
    qtbot.keyClick(field, Qt.Key.Key_PageUp)
    assert field.text() == "15"
    qtbot.keyClick(field, Qt.Key.Key_PageUp)  # 25 is above 20: not taken, and the field says why
    assert field.text() == "15" and field.styleSheet() == REFUSED_STYLE and "pulses_per_turn must be" in field.toolTip()
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert tab.document.model.parameters.time_space.pulses_per_turn == 15 and tab.history.count() == 1
    assert field.styleSheet() == ""


def test_a_decimal_steps_by_its_last_digit(window, qtbot):
    shown(window, qtbot)
    tab = window.open_path(window.workspace.pack_file("westcopy", "rules"))
    field = tab.form.editors["apf_first_halving_ratio"]
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, "1.25")
    qtbot.keyClick(field, Qt.Key.Key_Up)
    assert field.text() == "1.26"
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert tab.document.model.parameters.direct_fire.apf_first_halving_ratio == 1.26


def test_the_wheel_steps_only_a_focused_field(window, qtbot):
    shown(window, qtbot)
    tab = window.open_path(window.workspace.pack_file("westcopy", "rules"))
    field, other = tab.form.editors["pulses_per_turn"], tab.form.editors["pulse_seconds"]
    other.setFocus()
    qtbot.waitUntil(other.hasFocus)
    wheel(field, 2)  # the pointer over a field that has no focus: the form scrolls, the field stays
    assert field.text() == "4"
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    wheel(field, 2)
    wheel(field, -1)
    assert field.text() == "5"


def test_a_weapon_cell_steps_with_the_keys_and_is_written_once(window, pack_copy, qtbot):
    shown(window, qtbot)
    room = window.open_path(pack_copy / "weapons.yaml")
    index = room.proxy.mapFromSource(room.model.index(room.table.index_of("westcopy:sherman"), FA))
    room.table_view.setCurrentIndex(index)
    room.table_view.edit(index)
    editor = QApplication.focusWidget()
    assert isinstance(editor, CheckedLineEdit) and editor.text() == "11"
    for key in (Qt.Key.Key_Up, Qt.Key.Key_Up, Qt.Key.Key_Up, Qt.Key.Key_Down):
        qtbot.keyClick(editor, key)
    assert editor.text() == "13" and editor.isVisible()  # still editing the same cell
    qtbot.keyClick(editor, Qt.Key.Key_PageDown)
    qtbot.keyClick(editor, Qt.Key.Key_PageDown)  # -7 is below 0: not taken
    assert editor.text() == "3" and "at least 0" in editor.toolTip()
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: room.table.by_id("westcopy:sherman").fa == 3)
    assert room.history.count() == 1
