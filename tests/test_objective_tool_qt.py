"""The map's Objective tool in the main window (pytest-qt), its dialog driven through its own widgets (only the
modal loop is replaced): a click on an empty square adds a named objective; a click on a square holding one opens
it to be changed, removed, or joined by another (a town square that is one side's capture and the other's hold);
each a single undo step, and a cancelled dialog changes nothing."""

import pytest
from editor_fixtures import no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QDialogButtonBox
from test_map_units_qt import drag, open_scenario

from tacforge.editor.scenario.objective_dialog import NEW, ObjectiveDialog

SQUARE = (20, 31)  # bocage_crossroads: between the start lines, no objective of its own


@pytest.fixture
def dialogs(monkeypatch):
    """Each ObjectiveDialog that opens is answered by the next function of the list (it works the dialog's widgets
    as a designer would); the dialogs seen are kept for the test to read."""
    answers, seen = [], []

    def run(dialog):
        dialog.show()  # as exec() does
        seen.append(dialog)
        answers.pop(0)(dialog)
        return dialog.result()

    monkeypatch.setattr(ObjectiveDialog, "exec", run)
    return answers, seen


def type_into(field, text):
    field.selectAll()
    QTest.keyClicks(field, text)


def press(dialog, button):
    dialog.findChild(QDialogButtonBox).button(button).click()


def test_a_second_objective_on_a_square_then_change_and_remove_each_one_undo_step(qtbot, window, pack_copy, dialogs):
    answers, seen = dialogs
    tab, document = open_scenario(qtbot, window, pack_copy)
    before, steps = document.text(), document.undo.count()
    window._tool("place_objective")

    def first(dialog):  # an empty square: a new objective, named
        assert not dialog.which.isVisible() and not dialog.remove.isEnabled() and not dialog.add_another.isVisible()
        type_into(dialog.name, "The crossroads")
        dialog.kind.setCurrentText("capture")
        dialog.side.setCurrentText("german")
        type_into(dialog.points, "40")
        press(dialog, QDialogButtonBox.StandardButton.Ok)

    def another(dialog):  # the square holds one: it comes up; "Add another here" makes a second
        assert dialog.which.isVisible() and dialog.name.text() == "The crossroads" and dialog.points.value() == 40
        dialog.add_another.click()
        assert dialog.which.currentData() == NEW and dialog.name.text() == "" and not dialog.remove.isEnabled()
        dialog.kind.setCurrentText("hold")
        dialog.side.setCurrentText("allied")
        type_into(dialog.points, "25")
        press(dialog, QDialogButtonBox.StandardButton.Ok)

    def change_first(dialog):  # the first one's points and name changed
        assert dialog.which.count() == 3  # both objectives and a new one
        type_into(dialog.points, "55")
        type_into(dialog.name, "Le Carrefour")
        press(dialog, QDialogButtonBox.StandardButton.Ok)

    def cancel(dialog):
        type_into(dialog.points, "99")
        press(dialog, QDialogButtonBox.StandardButton.Cancel)

    def remove_second(dialog):
        dialog.which.setCurrentIndex(1)
        assert dialog.kind.currentText() == "hold" and dialog.remove.isEnabled()
        dialog.remove.click()

    answers += [first, another, change_first, cancel, remove_second]
    for count in range(5):
        drag(tab.view, SQUARE, SQUARE)  # a click of the tool
        assert len(seen) == count + 1
        objectives = document.model.scenario.objectives
        if count == 0:
            assert [(o.id, o.name, o.kind, o.side, o.points, o.at) for o in objectives] == [
                ("capture_1", "The crossroads", "capture", "german", 40, SQUARE)
            ]
            assert "{id: capture_1, name: The crossroads, kind: capture, side: german, points: 40" in document.text()
        elif count == 1:
            assert [(o.id, o.kind, o.side, o.points, o.at) for o in objectives] == [
                ("capture_1", "capture", "german", 40, SQUARE),
                ("hold_1", "hold", "allied", 25, SQUARE),
            ]
        elif count in (2, 3):  # the cancelled dialog (3) changed nothing
            assert [(o.name, o.points) for o in objectives] == [("Le Carrefour", 55), ("", 25)]
        else:
            assert [o.id for o in objectives] == ["capture_1"]
    assert document.undo.count() == steps + 4  # add, add, change, remove: one step each, none for the cancel
    for _ in range(4):
        document.undo.undo()
    assert document.text() == before
    assert seen[0].windowTitle() == f"Objective on {SQUARE[0]},{SQUARE[1]}"
