"""The New Scenario dialog offers what `tacforge new` offers for the tabletop (docs/rules.md 16.4-16.10): the game
sizes with a points budget, the modules, the tabletop battle types; and refuses what the command line refuses, with
the same words (pytest-qt, driving the real widgets)."""

from editor_fixtures import fill_new_scenario, no_dialogs, pack_copy, settings, window  # noqa: F401
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QDialog, QMessageBox

from tacforge.editor.shell.new_scenario_dialog import NewScenarioDialog
from tacforge.engine.packs import load_packs
from tacforge.engine.packs.scenario_lookup import find_scenario


def company_game(qtbot, window, scenario_id: str, points: str) -> NewScenarioDialog:
    """A Western counter-attack of period 4 at the company size, `points` typed into the budget, with the battle
    rating and air support ticked, as a designer fills it."""
    dialog = NewScenarioDialog(window.workspace, window)
    qtbot.addWidget(dialog)
    fill_new_scenario(dialog, scenario_id, "Company game", "generated", seed=4)
    dialog.battle_type.setCurrentIndex(dialog.battle_type.findData("counter-attack"))
    dialog.battle_size.setCurrentIndex(dialog.battle_size.findData("company"))
    dialog.points.lineEdit().selectAll()
    QTest.keyClicks(dialog.points.lineEdit(), points)
    for module in ("battle_rating", "air_support"):
        dialog.modules[module].click()
    return dialog


def test_the_sizes_are_the_manuals_and_the_rulesets_game_sizes_and_points_go_with_a_game_size(qtbot, window):
    dialog = NewScenarioDialog(window.workspace, window)
    qtbot.addWidget(dialog)
    dialog.front.setCurrentIndex(dialog.front.findData("western"))
    sizes = [dialog.battle_size.itemData(i) for i in range(dialog.battle_size.count())]
    assert sizes == ["large", "small", "squad", "platoon", "company", "battalion"]
    assert dialog.battle_size.itemText(4) == "company (751-1250 points)"
    types = {dialog.battle_type.itemData(i) for i in range(dialog.battle_type.count())}
    assert {"meeting", "counter-attack", "flanking-attack", "defence-line", "high-ground"} <= types
    assert list(dialog.modules) == ["battle_rating", "points", "air_support"]
    assert not dialog.points.isEnabled() and dialog.modules["points"].isEnabled()
    dialog.battle_size.setCurrentIndex(dialog.battle_size.findData("platoon"))
    assert dialog.points.isEnabled() and dialog.points.specialValueText() == "standard (500)"
    assert dialog.modules["points"].isChecked() and not dialog.modules["points"].isEnabled()  # bought with points
    dialog.battle_size.setCurrentIndex(dialog.battle_size.findData("large"))
    assert not dialog.modules["points"].isChecked() and dialog.modules["points"].isEnabled()


def test_a_company_game_bought_with_points_and_the_modules_is_written_and_plays(qtbot, window):
    dialog = company_game(qtbot, window, "company_game", "1000")
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    written = dialog.written
    text = written.scenario_path.read_text()
    assert "game_size: company" in text and "points: {allied: 1000, german: 1000}" in text
    assert "modules: [battle_rating, points, air_support]" in text and "air_support:" in text
    assert "battle_type: counter-attack" in text and "size: small" not in text
    issues = [i.format() for i in load_packs([written.pack_dir]).all_issues() if i.pack == written.pack_id]
    assert issues == []
    _content, scenario = find_scenario(f"{written.pack_id}:company_game", [str(written.pack_dir)])
    assert {a.side for a in scenario.air_support} == {"allied", "german"}


def test_points_outside_the_size_are_refused_with_the_command_lines_words(qtbot, window, monkeypatch):
    said = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda _parent, _title, text: said.append(text)))
    dialog = company_game(qtbot, window, "too_few", "700")
    dialog.accept()
    assert dialog.written is None and dialog.result() != QDialog.DialogCode.Accepted
    assert said == [
        "a company-sized game is bought with 751-1250 points, not 700; change the points or the size"
    ]  # the builder's check, which `tacforge new --size company --points 700` prints too
