"""The Properties dock's game size (the points module, docs/rules.md 16.4), pytest-qt: shown while the module is on,
the ruleset's sizes with their points, and each choice one undo step on the scenario."""

from __future__ import annotations

from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from test_modules_qt import click, scroll_to


def test_the_game_size_shows_with_the_points_module_and_is_one_undo_step(qtbot, window, pack_copy):
    path = pack_copy / "scenarios" / "kasserine.yaml"
    window.open_path(path)
    window.resize(1600, 1000)
    window.show()
    qtbot.waitExposed(window)
    document, page = window.current_tab().document, window.properties.general
    assert not page.form.isRowVisible(page.game_size)
    box = page.modules.boxes["points"]
    scroll_to(qtbot, box)
    click(qtbot, box)
    qtbot.waitUntil(lambda: page.form.isRowVisible(page.game_size))
    sizes = [page.game_size.itemText(i) for i in range(page.game_size.count())]
    assert sizes == [
        "none",
        "squad (100-350 points)",
        "platoon (351-750 points)",
        "company (751-1250 points)",
        "battalion (1251 or more points)",
    ]
    steps = document.undo.count()
    page.game_size.setCurrentIndex(page.game_size.findData("company"))
    assert document.model.scenario.game_size == "company" and document.undo.count() == steps + 1
    document.save()
    assert "game_size: company" in path.read_text()
    menu_action(window, "Edit", "Undo").trigger()
    qtbot.waitUntil(lambda: page.game_size.currentText() == "none")
    assert document.model.scenario.game_size is None
