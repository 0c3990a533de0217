"""A scenario's units, entrenchments and objectives on the map view of the main window (pytest-qt): dragging a unit
moves it in one undo step, a selection on the map is the Order of battle tree's and the other way round, a stroke of
the entrenchment tool and a click of the objective tool each make one undo step."""

from editor_fixtures import no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import QEvent, QPointF, Qt
from PyQt6.QtGui import QMouseEvent
from PyQt6.QtWidgets import QApplication

from tacforge.editor.scenario.map_marks import ObjectiveChoice, SquareObjective

LEFT, NONE = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
B1 = ("allied", 1, 1)  # bocage_crossroads: the allied 1st tank platoon, at 14,29 facing E


def open_scenario(qtbot, window, pack_copy):
    window.open_path(pack_copy / "scenarios" / "bocage_crossroads.yaml")
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    tab = window.current_tab()
    tab.view.set_zoom(20)
    tab.view.center_on(20, 30)
    return tab, tab.document


def mouse(view, kind, square, button=LEFT, buttons=LEFT, modifiers=Qt.KeyboardModifier.NoModifier):
    o, c = view.origin(), view.cell
    pos = QPointF(o.x() + (square[0] + 0.5) * c, o.y() + (square[1] + 0.5) * c)
    event = QMouseEvent(kind, pos, view.viewport().mapToGlobal(pos), button, buttons, modifiers)
    QApplication.sendEvent(view.viewport(), event)


def drag(view, start, end, modifiers=Qt.KeyboardModifier.NoModifier):
    mouse(view, QEvent.Type.MouseButtonPress, start, modifiers=modifiers)
    mouse(view, QEvent.Type.MouseMove, end, NONE, LEFT, modifiers)
    mouse(view, QEvent.Type.MouseButtonRelease, end, LEFT, NONE, modifiers)


def unit_at(document, key):
    side, formation, unit = key
    return document.model.scenario.force(side).formations[formation].units[unit].at


def tree_keys(dock):
    role = Qt.ItemDataRole.UserRole
    return {dock.model.itemFromIndex(i).data(role) for i in dock.tree.selectionModel().selectedRows(0)}


def test_dragging_a_unit_on_the_map_moves_it_and_undo_puts_it_back(qtbot, window, pack_copy):
    tab, document = open_scenario(qtbot, window, pack_copy)
    window._tool("units")
    steps = document.undo.count()
    drag(tab.view, (14, 29), (11, 30))
    assert unit_at(document, B1) == (11, 30)
    assert document.undo.count() == steps + 1
    document.undo.undo()
    assert unit_at(document, B1) == (14, 29)


def test_a_drag_beyond_the_start_line_snaps_back_to_the_friendly_side(qtbot, window, pack_copy):
    tab, document = open_scenario(qtbot, window, pack_copy)
    window._tool("units")
    mouse(tab.view, QEvent.Type.MouseButtonPress, (14, 29))
    mouse(tab.view, QEvent.Type.MouseMove, (19, 29), NONE, LEFT)
    landing = tab.view.controller.unit_drag.moves[B1]
    assert landing[0] <= 15  # shown while dragging: it would land at the line
    assert window.status.text() == f"move 1 unit(s) by +5,+0; nearest legal square: B1 to {landing[0]},{landing[1]}"
    mouse(tab.view, QEvent.Type.MouseButtonRelease, (19, 29), LEFT, NONE)
    assert unit_at(document, B1)[0] <= 15


def test_selecting_on_the_map_selects_in_the_tree_and_back(qtbot, window, pack_copy):
    tab, document = open_scenario(qtbot, window, pack_copy)
    dock = window.room_docks["oob"]
    window._tool("units")
    mouse(tab.view, QEvent.Type.MouseButtonPress, (14, 29))
    mouse(tab.view, QEvent.Type.MouseButtonRelease, (14, 29), LEFT, NONE)
    assert tree_keys(dock) == {B1}
    drag(tab.view, (12, 30), (14, 32))  # a rubber band from an empty square: B2 at 13,31 and B1 is outside
    assert tree_keys(dock) == {("allied", 1, 2)} == tab.view.controller.selected_units
    dock._select(("allied", 3, 1))  # the tree's row of D1
    assert tab.view.controller.selected_units == {("allied", 3, 1)}
    assert not tab.view.visible_cell_rect().contains(46.5, 23.5)
    dock._select(("german", 1, 1))  # German B1 at 46,23, out of view: the map scrolls to it
    assert tab.view.visible_cell_rect().contains(46.5, 23.5)


def test_an_entrenchment_stroke_and_an_objective_click_are_one_undo_step_each(qtbot, window, pack_copy):
    tab, document = open_scenario(qtbot, window, pack_copy)
    steps = document.undo.count()
    window._tool("entrench")
    drag(tab.view, (10, 30), (12, 30))
    assert dict(document.model.scenario.entrenchments) == {"allied": ((10, 30), (11, 30), (12, 30))}
    assert document.undo.count() == steps + 1
    asked = []
    answers = iter([ObjectiveChoice("add", SquareObjective("hold", "allied", 25)), ObjectiveChoice("remove", row=0)])
    tab.map_layer.ask_objective = lambda square, rows: asked.append((square, rows)) or next(answers)
    window._tool("place_objective")
    drag(tab.view, (20, 31), (20, 31))
    [objective] = document.model.scenario.objectives
    assert (objective.id, objective.kind, objective.side, objective.points, objective.at) == (
        "hold_1",
        "hold",
        "allied",
        25,
        (20, 31),
    )
    assert document.undo.count() == steps + 2
    drag(tab.view, (20, 31), (20, 31))  # the dialog, on the square holding it, chose to remove it
    assert asked == [((20, 31), []), ((20, 31), [0])]
    assert document.model.scenario.objectives == ()
    for _ in range(3):
        document.undo.undo()
    assert document.model.scenario.entrenchments == () and document.model.scenario.objectives == ()
