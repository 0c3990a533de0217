"""New Scenario as a designer fills it (pytest-qt, typed keys and clicked buttons): a date typed in any common form
shows as ISO; the pack's folder is chosen; a blank map asks its size and the generator's controls are disabled
for it; and what is written is true (a blank map is not called random, the new pack's description does not
promise random maps, no file names an absolute path) with the user's normal permissions. The briefing it writes
warns in the issues list once the scenario no longer matches it."""

import os
import stat
from datetime import date

import pytest
from editor_fixtures import fill_new_scenario, menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401
from PyQt6.QtCore import QPoint, Qt
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QDialog, QFileDialog

from tacforge.editor.common.date_field import parse_date
from tacforge.editor.shell.new_scenario_dialog import NewScenarioDialog
from tacforge.engine.packs import load_packs


@pytest.fixture
def dialog(qtbot, window):
    made = NewScenarioDialog(window.workspace, window)
    qtbot.addWidget(made)
    made.show()
    qtbot.waitExposed(made)
    return made


@pytest.fixture
def umask_022():
    old = os.umask(0o022)
    yield
    os.umask(old)


def radio(dialog, source):
    return next(b for b in dialog.map_choice.buttons() if b.objectName() == source)


def type_date(dialog, text):
    field = dialog.date
    field.setFocus()
    field.selectAll()
    QTest.keyClicks(field, text)
    QTest.keyClick(field, Qt.Key.Key_Return)  # shows the date read as ISO; the dialog stays open


@pytest.mark.parametrize("typed", ["13061944", "1944-06-13", "13/06/1944", "13.06.44"])
def test_a_typed_date_is_read_day_first_and_shown_as_iso(dialog, typed):
    fill_new_scenario(dialog, "villers", "Villers-Bocage", "generated")
    period = next(n for n, p in sorted(dialog.content().periods.items()) if p.contains(date(1944, 6, 13)))
    dialog.period.setCurrentIndex(dialog.period.findData(period))
    type_date(dialog, typed)
    assert dialog.date.text() == "1944-06-13" and dialog.date.date() == date(1944, 6, 13)
    assert dialog.date.problem == ""
    # Return on a date typed otherwise shows what was read and keeps the dialog open; on ISO it is the OK
    assert (dialog.written is None) == (typed != "1944-06-13")


def test_month_first_locales_read_the_same_digits_and_nonsense_is_refused_with_the_form():
    assert parse_date("13061944", "M/d/yy") == date(1944, 6, 13)  # no month 13 carried into 1945
    assert parse_date("6/13/44", "M/d/yy") == date(1944, 6, 13)
    assert parse_date("19440613", "dd/MM/yyyy") == date(1944, 6, 13)
    with pytest.raises(ValueError, match="1944-06-13"):
        parse_date("June", "dd/MM/yyyy")


def test_a_date_outside_the_period_keeps_the_dialog_open(dialog):
    fill_new_scenario(dialog, "villers", "Villers-Bocage", "generated")
    type_date(dialog, "1939-09-01")
    dialog.accept()
    assert dialog.written is None and dialog.result() != QDialog.DialogCode.Accepted
    assert "outside" in dialog.date.problem


def test_a_blank_map_asks_its_size_and_the_generator_is_disabled_for_it(dialog, qtbot, umask_022):
    fill_new_scenario(dialog, "villers", "Villers-Bocage", "generated")
    assert dialog.generated_controls.isEnabled() and not dialog.blank_size.isEnabled()
    button = radio(dialog, "blank")
    QTest.mouseClick(button, Qt.MouseButton.LeftButton, pos=QPoint(8, button.height() // 2))  # on its circle
    assert radio(dialog, "blank").isChecked()
    assert not dialog.generated_controls.isEnabled() and dialog.blank_size.isEnabled()
    for spin, value in ((dialog.map_width, "44"), (dialog.map_height, "32")):
        spin.setFocus()
        spin.selectAll()
        QTest.keyClicks(spin, value)
    dialog.accept()
    written = dialog.written
    assert written is not None
    game_map = load_packs([written.pack_dir]).content("my_battles").map("villers")
    assert (game_map.width, game_map.height) == (44, 32)
    map_text = written.map_path.read_text()
    assert "Random map" not in map_text and "drawn by hand in the editor" in map_text
    manifest = written.manifest_path.read_text()
    assert "random maps" not in manifest.lower()
    for path in (written.map_path, written.scenario_path, written.manifest_path):
        text = path.read_text()
        assert str(written.pack_dir) not in text and str(written.pack_dir.resolve()) not in text, path
        assert stat.S_IMODE(path.stat().st_mode) == 0o644, path


def test_the_pack_folder_is_chosen_new_or_existing(dialog, monkeypatch, tmp_path, pack_copy):
    elsewhere = tmp_path / "campaigns"
    elsewhere.mkdir()
    fill_new_scenario(dialog, "villers", "Villers-Bocage", "generated")
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(elsewhere)))
    QTest.mouseClick(dialog.choose_folder, Qt.MouseButton.LeftButton)
    assert dialog.destination.currentData() is None and str(elsewhere) in dialog.destination.currentText()
    dialog.accept()
    assert dialog.written.pack_dir == elsewhere / "my_battles"
    # a folder inside a pack of the designer's: the scenario goes into that pack
    again = NewScenarioDialog(dialog.workspace, dialog.parent())
    fill_new_scenario(again, "second", "Second", "generated")
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(pack_copy / "maps")))
    QTest.mouseClick(again.choose_folder, Qt.MouseButton.LeftButton)
    assert again.destination.currentData() == str(pack_copy.resolve())


def test_the_briefing_written_warns_when_the_scenario_changes_under_it(dialog, window, qtbot):
    fill_new_scenario(dialog, "villers", "Villers-Bocage", "generated")
    dialog.accept()
    written = dialog.written

    def stale():
        return [i.message for i in load_packs([written.pack_dir]).all_issues() if i.code == "scenario.briefing-stale"]

    assert stale() == []
    window.open_path(written.scenario_path)
    document = window.current_tab().document
    turns = window.properties.general.turns
    turns.setValue(turns.value() + 3)  # the Properties dock's Turns
    qtbot.waitUntil(lambda: document.dirty)
    menu_action(window, "File", "Save").trigger()
    assert any("the battle lasts" in m for m in stale())
    qtbot.waitUntil(  # and the issues dock shows it
        lambda: (
            "scenario.briefing-stale"
            in {window.issues.topLevelItem(i).text(3) for i in range(window.issues.topLevelItemCount())}
        )
    )
