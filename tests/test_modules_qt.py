"""The Properties dock's module switches (docs/rules.md 16): one box per entry of MODULES; a click turns the module on
in the scenario as one undo step, saved as `modules: [...]`; undo turns it off again and the box follows."""

from __future__ import annotations

from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import QPoint, Qt
from PyQt6.QtWidgets import QScrollArea

from tacforge.engine.model.modules import MODULES


def scroll_to(qtbot, box) -> None:
    """Scroll the Properties form to the box and wait until it shows."""
    area = box.parentWidget()
    while not isinstance(area, QScrollArea):
        area = area.parentWidget()
    area.ensureWidgetVisible(box)
    qtbot.waitUntil(box.isVisible)


def click(qtbot, box) -> None:
    """A click on the box's tick mark (the box is as wide as the form; its middle may lie past its text)."""
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))


def test_clicking_a_module_box_turns_the_module_on_as_one_undo_step(qtbot, window, pack_copy):
    path = pack_copy / "scenarios" / "kasserine.yaml"  # (Bocage Crossroads turns the battle rating on)
    assert "modules:" not in path.read_text()
    window.open_path(path)
    window.resize(1600, 1000)
    window.show()
    qtbot.waitExposed(window)
    document, page = window.current_tab().document, window.properties.general
    assert list(page.modules.boxes) == list(MODULES)
    box = page.modules.boxes["battle_rating"]
    scroll_to(qtbot, box)
    steps = document.undo.count()
    click(qtbot, box)
    qtbot.waitUntil(lambda: document.model.scenario.modules == ("battle_rating",))
    assert document.undo.count() == steps + 1 and box.isChecked()

    points = page.modules.boxes["points"]
    click(qtbot, points)
    qtbot.waitUntil(lambda: document.model.scenario.modules == ("battle_rating", "points"))
    document.save()
    assert "modules: [battle_rating, points]" in path.read_text()

    assert document.undo.count() == steps + 2  # each click its own step
    menu_action(window, "Edit", "Undo").trigger()
    qtbot.waitUntil(lambda: document.model.scenario.modules == ("battle_rating",))
    assert not points.isChecked() and box.isChecked()
    click(qtbot, box)  # the last one off takes the key with it
    qtbot.waitUntil(lambda: document.model.scenario.modules == ())
    assert document.value("modules", default=None) is None
