"""The editor's Edit menu and history, used as a designer does (pytest-qt): Undo and Redo in the menu and on
Ctrl+Z / Ctrl+Shift+Z, one history per tab, typing a number is one step, the Properties dock follows undo, and
closing the last tab leaves a working window."""

from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import QEvent, QPoint, Qt
from PyQt6.QtWidgets import QApplication

from tacforge.editor.map.tools.paint import brush

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


def scenario_path(pack):
    return pack / "scenarios" / "bocage_crossroads.yaml"


def second_scenario(pack):
    """Another scenario on the same map, as packs often have."""
    path = pack / "scenarios" / "second.yaml"
    path.write_text(scenario_path(pack).read_text().replace("id: bocage_crossroads", "id: second"))
    return path


def shown(window, qtbot):
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def test_edit_menu_undo_and_redo_take_back_a_properties_edit(window, pack_copy):
    tab = window.open_path(scenario_path(pack_copy))
    undo, redo = menu_action(window, "Edit", "Undo"), menu_action(window, "Edit", "Redo")
    assert not undo.isEnabled() and not redo.isEnabled()
    window.properties.turns.setValue(25)
    assert tab.document.value("turns") == 25 and tab.document.dirty
    assert undo.isEnabled() and "Change game length" in undo.text()
    undo.trigger()
    assert tab.document.value("turns") == 20 and not tab.document.dirty
    assert redo.isEnabled()
    redo.trigger()
    assert tab.document.value("turns") == 25


def test_ctrl_z_and_ctrl_shift_z_undo_and_redo_a_brush_stroke(window, pack_copy, qtbot):
    shown(window, qtbot)
    tab = window.open_path(scenario_path(pack_copy))
    model = tab.map_document.model
    before = model.codes.copy()
    tab.view.editMade.emit(brush(model, 40, 10, "town", size=2))
    painted = model.codes.copy()
    assert (painted != before).any()
    tab.view.setFocus()
    qtbot.keyClick(tab.view, Qt.Key.Key_Z, CTRL)
    assert (model.codes == before).all()
    qtbot.keyClick(tab.view, Qt.Key.Key_Z, CTRL | SHIFT)
    assert (model.codes == painted).all()


def test_typing_16_in_a_field_is_one_undo_step_and_the_dock_follows_undo(window, pack_copy, qtbot):
    tab = window.open_path(scenario_path(pack_copy))
    turns = window.properties.turns
    turns.selectAll()
    qtbot.keyClicks(turns, "16")  # valueChanged fires for "1" and for "16"
    assert tab.document.value("turns") == 16
    assert tab.history.count() == 1
    menu_action(window, "Edit", "Undo").trigger()
    assert tab.document.value("turns") == 20
    assert turns.value() == 20  # the dock shows the document, not what was typed


def test_editing_a_field_back_to_its_value_leaves_no_step(window, pack_copy):
    tab = window.open_path(scenario_path(pack_copy))
    window.properties.turns.setValue(21)
    window.properties.turns.setValue(20)
    assert tab.history.count() == 0 and not tab.document.dirty


def test_an_edit_after_saving_is_its_own_step(window, pack_copy):
    tab = window.open_path(scenario_path(pack_copy))
    window.properties.turns.setValue(25)
    window.save_current()
    window.properties.turns.setValue(26)
    assert tab.history.count() == 2 and tab.document.dirty
    tab.history.undo()
    assert tab.document.value("turns") == 25 and not tab.document.dirty


def test_one_history_per_tab_with_scenario_and_map_edits_in_order(window, pack_copy):
    tab = window.open_path(scenario_path(pack_copy))
    model = tab.map_document.model
    before = model.codes.copy()
    window.properties.turns.setValue(25)
    tab.view.editMade.emit(brush(model, 40, 10, "town", size=2))
    assert window.history.stack() is tab.history
    steps = [tab.history.text(i) for i in range(tab.history.count())]
    assert len(steps) == 2 and "scenario" in steps[0] and "map" in steps[1]
    undo = menu_action(window, "Edit", "Undo")
    undo.trigger()
    assert (model.codes == before).all() and tab.document.value("turns") == 25
    assert not tab.map_document.dirty and tab.document.dirty
    undo.trigger()
    assert tab.document.value("turns") == 20 and not tab.document.dirty


def test_undo_never_reaches_into_another_tab(window, pack_copy):
    from tacforge.editor.shell.workspace import write_new_map

    first = window.open_path(scenario_path(pack_copy))
    window.properties.turns.setValue(25)
    content = window.workspace.content_for(pack_copy / "pack.yaml")[0]
    fresh = write_new_map(pack_copy, "fresh", "Fresh", 20, 20, content)
    window.workspace.reload()
    other = window.open_path(fresh)
    assert window.current_tab() is other and window.history.stack() is other.history
    undo = menu_action(window, "Edit", "Undo")
    assert not undo.isEnabled()
    undo.trigger()
    assert first.document.value("turns") == 25
    window.tabs.setCurrentWidget(first)
    assert window.history.stack() is first.history and undo.isEnabled()


def test_tabs_showing_one_map_share_its_history_and_undo_names_the_file(window, pack_copy):
    first = window.open_path(scenario_path(pack_copy))
    window.properties.turns.setValue(25)
    second = window.open_path(second_scenario(pack_copy))
    assert second is not first and second.map_document is first.map_document
    assert second.history is first.history  # map edits from either tab must undo in the order they were made
    assert "scenario bocage_crossroads" in menu_action(window, "Edit", "Undo").text()


def test_closing_the_last_tab_leaves_a_working_window(window, pack_copy, qtbot):
    shown(window, qtbot)
    window.open_path(scenario_path(pack_copy))
    menu_action(window, "File", "Close tab").trigger()
    assert window.tabs.count() == 0
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)  # the tab and its map view are gone
    window.minimap.repaint()  # painting from a deleted view raised RuntimeError
    qtbot.mouseClick(window.minimap, Qt.MouseButton.LeftButton, pos=QPoint(50, 50))
    assert not menu_action(window, "Edit", "Undo").isEnabled()
    assert window.properties.fields.isHidden()  # no greyed values of the closed scenario
