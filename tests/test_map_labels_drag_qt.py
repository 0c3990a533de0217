"""Issue 27, the map (pytest-qt, in the main window): the scenario's labels (start lines, reinforcements, the objective
area) never cover one another; a unit dragged from the Order of battle shows a compact marker and the status bar
names that unit, and the drop places it."""

from __future__ import annotations

from editor_fixtures import no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import QEvent, QPointF, Qt
from PyQt6.QtGui import QDrag, QDragEnterEvent, QDragMoveEvent, QDropEvent, QMouseEvent
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QApplication


def shown(qtbot, window, path):
    tab = window.open_path(path)
    window.resize(1600, 1000)
    window.show()
    qtbot.waitExposed(window)
    return tab


def press(widget, kind, pos: QPointF, button=Qt.MouseButton.NoButton) -> None:
    """A mouse event with the left button held, as a drag sends them."""
    global_pos = QPointF(widget.mapToGlobal(pos))
    event = QMouseEvent(kind, pos, global_pos, button, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, event)


def test_start_line_and_reinforcement_labels_do_not_overlap(qtbot, window, pack_copy):
    tab = shown(qtbot, window, pack_copy / "scenarios" / "celles.yaml")  # start lines at columns 9 and 13
    view = tab.view
    view.viewport().grab()  # a paint pass lays the labels out
    boxes = view.labels_placed
    assert len(boxes) >= 4  # two start lines, the objective area, the reinforcements' edge
    for i, a in enumerate(boxes):
        assert not any(a.intersects(b) for b in boxes[i + 1 :]), (a, boxes)
        assert not any(a.intersects(name) for name in view.place_names)
    assert view.place_names  # (Celles names its villages)
    allied, german = boxes[0], boxes[1]
    assert german.left() < allied.right()  # side by side they would have covered each other...
    assert german.top() >= allied.bottom()  # ...so the second went down a line
    for zoom in (6.0, 20.0):  # and at other zooms
        view.set_zoom(zoom)
        view.viewport().grab()
        boxes = view.labels_placed
        assert all(not a.intersects(b) for i, a in enumerate(boxes) for b in [*boxes[i + 1 :], *view.place_names])


def test_dragging_a_unit_shows_its_marker_and_names_it_in_the_status_bar(qtbot, window, pack_copy, monkeypatch):
    tab = shown(qtbot, window, pack_copy / "scenarios" / "bocage_crossroads.yaml")
    dock, document, view = window.room_docks["oob"], tab.document, tab.view
    tree = dock.tree
    started: list[QDrag] = []
    monkeypatch.setattr(QDrag, "exec", lambda drag, *args: started.append(drag) or Qt.DropAction.IgnoreAction)
    formation = dock.model.index(3, 0, dock.model.index(0, 0))  # allied D, the tank destroyers
    unit = dock.model.index(2, 0, formation)  # its D2
    tree.expand(formation)
    tree.scrollTo(unit)
    at = tree.visualRect(unit).center()
    QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=at)  # select the row, then drag it away
    qtbot.wait(QApplication.doubleClickInterval() + 50)  # (two clicks in a row would be a double-click)
    tree.scrollTo(unit)
    at = tree.visualRect(unit).center()  # (the selection shows the Arrives form under the tree, which may reflow)
    press(tree.viewport(), QEvent.Type.MouseButtonPress, QPointF(at), Qt.MouseButton.LeftButton)
    for step in range(1, 6):
        press(tree.viewport(), QEvent.Type.MouseMove, QPointF(at.x() + step * 10, at.y() + step * 4))
    assert len(started) == 1
    drag = started[0]
    marker = drag.pixmap()
    assert marker.width() <= 64 and marker.height() <= 32  # a unit's marker, not the tree's row
    assert tree.visualRect(unit).width() > 2 * marker.width()
    label = f"D{document.model.scenario.force('allied').formations[3].units[2].index}"

    mime, action = drag.mimeData(), Qt.DropAction.CopyAction
    buttons, modifiers = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    o, cell = view.origin(), view.cell
    pos = QPointF(o.x() + 6.5 * cell, o.y() + 8.5 * cell)
    QApplication.sendEvent(view.viewport(), QDragEnterEvent(pos.toPoint(), action, mime, buttons, modifiers))
    QApplication.sendEvent(view.viewport(), QDragMoveEvent(pos.toPoint(), action, mime, buttons, modifiers))
    assert window.status.text() == f"6,8: place {label} here"  # the unit dragged, not its formation
    QApplication.sendEvent(view.viewport(), QDropEvent(pos, action, mime, buttons, modifiers))
    assert document.model.scenario.force("allied").formations[3].units[2].at == (6, 8)
