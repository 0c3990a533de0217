"""The Order of battle dock in the main window (pytest-qt): it shows the current scenario's forces, adds from a
template, edits a cell, copies a formation to the other side, and each edit is one step of the tab's history."""

from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import Qt


def open_scenario(window, pack_copy):
    window.open_path(pack_copy / "scenarios" / "bocage_crossroads.yaml")
    return window.room_docks["oob"], window.current_tab().document


def texts(dock, parent=None):
    model = dock.model
    rows = range(model.rowCount(parent) if parent is not None else model.rowCount())
    return [model.index(r, 0, parent).data() if parent is not None else model.index(r, 0).data() for r in rows]


def select(dock, key):
    dock._select(key)
    assert dock.selection() == key


def test_the_dock_shows_both_sides_and_the_budget(qtbot, window, pack_copy):
    dock, _ = open_scenario(window, pack_copy)
    assert len(texts(dock)) == 2 and texts(dock) == ["Allied: Task Force Harlan", "German: Kampfgruppe Brandt"]
    first_side = dock.model.index(0, 0)
    assert [t.split()[0] for t in texts(dock, first_side)] == ["A", "B", "C", "D", "E"]
    assert "0 of 110 SP" in dock.budget.text()
    assert "handicap 1 / 2 / 3 / 4 / 5" in dock.handicap.text()


def test_add_from_template_edit_a_count_and_undo_each_in_one_step(qtbot, window, pack_copy):
    dock, document = open_scenario(window, pack_copy)
    select(dock, ("allied", 0, None))
    index = dock.templates.findData("westcopy:us_tank_company_sherman")
    assert index >= 0
    dock.templates.setCurrentIndex(index)
    steps = document.undo.count()
    dock.add_template.click()
    assert document.undo.count() == steps + 1
    assert "31 of 110 SP" in dock.budget.text()
    assert texts(dock, dock.model.index(0, 0))[-1].startswith("F  U.S. Medium Tank Company")
    formation = dock.model.index(5, 0, dock.model.index(0, 0))
    count = dock.model.itemFromIndex(dock.model.index(1, 2, formation))
    count.setText("4")
    qtbot.waitUntil(lambda: document.model.scenario.force("allied").formations[5].units[1].count == 4)
    assert document.undo.count() == steps + 2
    document.undo.undo()
    document.undo.undo()
    assert "0 of 110 SP" in dock.budget.text()
    assert len(document.model.scenario.force("allied").formations) == 5


def test_copy_a_formation_and_paste_it_to_the_other_side(qtbot, window, pack_copy):
    dock, document = open_scenario(window, pack_copy)
    german = len(document.model.scenario.force("german").formations)
    select(dock, ("allied", 3, None))
    dock.findChild(type(dock.add_template), "copy").click()
    select(dock, ("german", 0, None))
    dock.findChild(type(dock.add_template), "paste").click()
    formations = document.model.scenario.force("german").formations
    assert len(formations) == german + 1 and formations[-1].name == "Tank Destroyer Platoon"
    select(dock, ("german", german, None))
    dock.findChild(type(dock.add_template), "delete").click()
    assert len(document.model.scenario.force("german").formations) == german


def test_screenshot_of_the_dock(qtbot, window, pack_copy, tmp_path):
    dock, _ = open_scenario(window, pack_copy)
    window.resize(1600, 1000)
    window.show()
    qtbot.waitExposed(window)
    path = tmp_path / "oob_dock.png"
    assert dock.grab().save(str(path))
    assert path.stat().st_size > 0


def drag_event(kind, view, mime, square):
    from PyQt6.QtCore import QPointF
    from PyQt6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent

    o, cell = view.origin(), view.cell
    pos = QPointF(o.x() + (square[0] + 0.5) * cell, o.y() + (square[1] + 0.5) * cell)
    buttons, modifiers = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    action = Qt.DropAction.CopyAction
    if kind in ("enter", "move"):
        event_type = QDragEnterEvent if kind == "enter" else QDragMoveEvent
        return event_type(pos.toPoint(), action, mime, buttons, modifiers)
    return QDropEvent(pos, action, mime, buttons, modifiers)


def test_dropping_a_formation_from_the_tree_on_the_map_places_it_in_one_undo_step(qtbot, window, pack_copy):
    from PyQt6.QtWidgets import QApplication

    dock, document = open_scenario(window, pack_copy)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    view = window.current_tab().view
    tank_destroyers = dock.model.index(3, 0, dock.model.index(0, 0))  # allied D
    mime = dock.model.mimeData([tank_destroyers])
    steps = document.undo.count()
    # as a real drag: Qt delivers moves and the drop only to the widget that accepted the drag's entry
    QApplication.sendEvent(view.viewport(), drag_event("enter", view, mime, (40, 30)))
    QApplication.sendEvent(view.viewport(), drag_event("move", view, mime, (40, 30)))
    assert "beyond the allied start line" in window.status.text()
    QApplication.sendEvent(view.viewport(), drag_event("drop", view, mime, (6, 8)))
    assert document.undo.count() == steps + 1
    at = [u.at for u in document.model.scenario.force("allied").formations[3].units]
    assert at[0] == (6, 8) and all(abs(x - 6) <= 1 and abs(y - 8) <= 1 for x, y in at)
    document.undo.undo()
    assert [u.at for u in document.model.scenario.force("allied").formations[3].units] == [(15, 22), (15, 20), (14, 24)]


def test_a_units_starting_speed_and_target_range_are_edited_in_the_tree(qtbot, window, pack_copy):
    dock, document = open_scenario(window, pack_copy)
    platoon = dock.model.index(1, 0, dock.model.index(1, 0, dock.model.index(0, 0)))  # allied B1, five Shermans
    speed = dock.model.itemFromIndex(platoon.siblingAtColumn(6))
    reach = dock.model.itemFromIndex(platoon.siblingAtColumn(7))
    assert (speed.text(), reach.text()) == ("0", "10")  # the defaults: halted, the Sherman's MR
    speed.setText("6")
    qtbot.waitUntil(lambda: document.model.scenario.force("allied").formations[1].units[1].speed == 6)
    reach = dock.model.itemFromIndex(dock.model.index(1, 7, dock.model.index(1, 0, dock.model.index(0, 0))))
    reach.setText("x")  # not a number: refused, the file's value shown again
    qtbot.wait(50)
    assert document.model.scenario.force("allied").formations[1].units[1].target_range is None
    document.undo.undo()
    assert document.model.scenario.force("allied").formations[1].units[1].speed is None
