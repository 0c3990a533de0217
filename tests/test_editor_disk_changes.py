"""A file changed on disk by another program (pytest-qt, a real QFileSystemWatcher): unmodified documents are
reloaded and re-validated, a modified one is replaced only when the designer agrees (the question is
monkeypatched), and the editor's own saves ask nothing."""

import pytest
from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtWidgets import QMessageBox

WAIT = 10_000


@pytest.fixture
def scenario(pack_copy):
    return pack_copy / "scenarios" / "bocage_crossroads.yaml"


def edit_on_disk(path, old: str, new: str) -> None:
    """What a text editor does: write the file with one line changed."""
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def answer(monkeypatch, button):
    asked = []

    def question(*args, **kwargs):
        asked.append(args[2] if len(args) > 2 else "")
        return button

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    return asked


def issue_codes(window):
    return {window.issues.topLevelItem(i).data(0, 256).code for i in range(window.issues.topLevelItemCount())}


def test_an_unmodified_scenario_is_reloaded_and_undo_takes_the_reload_back(window, scenario, qtbot):
    tab = window.open_path(scenario)
    edit_on_disk(scenario, "turns: 20", "turns: 30")
    qtbot.waitUntil(lambda: tab.document.value("turns") == 30, timeout=WAIT)
    assert not tab.document.dirty and window.properties.turns.value() == 30
    assert tab.document.text() == scenario.read_text()
    menu_action(window, "Edit", "Undo").trigger()
    assert tab.document.value("turns") == 20 and tab.document.dirty


def test_a_fix_made_on_disk_clears_its_issue(window, scenario, qtbot):
    window.open_path(scenario)
    edit_on_disk(scenario, "period: 4", "period: 1")  # Panthers and M4/76s do not exist in period 1
    qtbot.waitUntil(lambda: "scenario.period-unavailable" in issue_codes(window), timeout=WAIT)
    edit_on_disk(scenario, "period: 1", "period: 4")
    qtbot.waitUntil(lambda: "scenario.period-unavailable" not in issue_codes(window), timeout=WAIT)
    assert window.current_tab().document.value("period") == 4


def first_square_changed(map_text: str) -> str:
    """The map file with its top-left square turned to woods (or to clear ground if it is woods)."""
    lines = map_text.splitlines()
    first_row = next(i for i, line in enumerate(lines) if line.lstrip().startswith("- "))
    row = lines[first_row]
    at = row.index("- ") + 2 + (row[row.index("- ") + 2] in "'\"")  # the first square's glyph
    lines[first_row] = row[:at] + ("w" if row[at] != "w" else ".") + row[at + 1 :]
    return "\n".join(lines) + "\n"


def test_a_map_changed_on_disk_is_repainted(window, pack_copy, qtbot):
    map_file = pack_copy / "maps" / "bocage_crossroads.yaml"
    tab = window.open_path(pack_copy / "scenarios" / "bocage_crossroads.yaml")
    model = tab.map_document.model
    before = model.codes.copy()
    map_file.write_text(first_square_changed(map_file.read_text()))
    qtbot.waitUntil(lambda: (model.codes != before).any(), timeout=WAIT)
    assert not tab.map_document.dirty and (model.codes[1:] == before[1:]).all()


def test_a_recovery_copy_of_a_map_is_restored_as_one_step(window, pack_copy):
    from tacforge.editor.shell.restore import restore_text

    map_file = pack_copy / "maps" / "bocage_crossroads.yaml"
    tab = window.open_path(pack_copy / "scenarios" / "bocage_crossroads.yaml")
    model = tab.map_document.model
    before = model.codes.copy()
    assert restore_text(tab, map_file, first_square_changed(map_file.read_text()))
    assert model.codes[0, 0] != before[0, 0] and tab.map_document.dirty and tab.history.count() == 1
    menu_action(window, "Edit", "Undo").trigger()
    assert (model.codes == before).all() and not tab.map_document.dirty


def test_a_modified_document_is_kept_when_the_designer_says_no(window, scenario, qtbot, monkeypatch):
    asked = answer(monkeypatch, QMessageBox.StandardButton.No)
    tab = window.open_path(scenario)
    window.properties.turns.setValue(25)
    edit_on_disk(scenario, "turns: 20", "turns: 30")
    qtbot.waitUntil(lambda: bool(asked), timeout=WAIT)
    assert "bocage_crossroads.yaml" in asked[0]
    assert tab.document.value("turns") == 25 and tab.document.dirty


def test_a_modified_document_is_reloaded_when_the_designer_says_yes(window, scenario, qtbot, monkeypatch):
    answer(monkeypatch, QMessageBox.StandardButton.Yes)
    tab = window.open_path(scenario)
    window.properties.turns.setValue(25)
    edit_on_disk(scenario, "turns: 20", "turns: 30")
    qtbot.waitUntil(lambda: tab.document.value("turns") == 30, timeout=WAIT)
    assert not tab.document.dirty
    menu_action(window, "Edit", "Undo").trigger()
    assert tab.document.value("turns") == 25  # the designer's edit is not lost


def test_the_editors_own_save_asks_nothing(window, scenario, qtbot, monkeypatch):
    asked = answer(monkeypatch, QMessageBox.StandardButton.No)
    tab = window.open_path(scenario)
    window.properties.turns.setValue(25)
    window.save_current()
    window.properties.turns.setValue(26)
    qtbot.wait(800)  # the watcher has reported the save by now
    assert asked == [] and tab.document.value("turns") == 26 and tab.history.count() == 2
