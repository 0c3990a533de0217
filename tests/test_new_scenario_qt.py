"""The New Scenario dialog, Save As and Duplicate (pytest-qt): fill the dialog, accept, and the files it writes
validate clean and open in a tab."""

import pytest
from editor_fixtures import fill_new_scenario, menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401
from PyQt6.QtWidgets import QDialog, QInputDialog

from tacforge.editor.shell.new_scenario_dialog import NewScenarioDialog
from tacforge.editor.shell.pack_places import user_packs_folder
from tacforge.engine.packs import load_packs


def errors_of(pack_dir, pack_id):
    return [i.format() for i in load_packs([pack_dir]).all_issues() if i.pack == pack_id and i.is_error]


def fill(dialog, scenario_id, map_source, destination=None):
    fill_new_scenario(dialog, scenario_id, "Hill 192", map_source, destination)


def test_the_dialog_writes_a_new_pack_with_a_generated_map_that_validates_clean(qtbot, window):
    dialog = NewScenarioDialog(window.workspace, window)
    qtbot.addWidget(dialog)
    installed = [dialog.destination.itemData(i) for i in range(dialog.destination.count())]
    assert not any("tacforge_western" in (d or "") for d in installed)  # a plugin's folder is never offered
    fill(dialog, "hill_192", "generated")
    dialog.accept()
    written = dialog.written
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert written.pack_dir == user_packs_folder() / "my_battles"
    assert written.map_path.is_file() and written.manifest_path.is_file()
    text = written.scenario_path.read_text()
    assert 'date: "1944-07-11"' in text and "force_type: us_infantry" in text and "size: small" in text
    assert errors_of(written.pack_dir, "my_battles") == []


def test_an_existing_map_of_the_pack_is_used_and_not_copied(qtbot, window, pack_copy):
    maps_before = sorted(p.name for p in (pack_copy / "maps").iterdir())
    dialog = NewScenarioDialog(window.workspace, window, current_pack=pack_copy)
    qtbot.addWidget(dialog)
    assert dialog.destination.currentData() == str(pack_copy.resolve())
    fill(dialog, "second_fight", "existing", str(pack_copy.resolve()))
    dialog.existing_map.setCurrentIndex(dialog.existing_map.findText("bocage_crossroads"))
    dialog.auto_select.setChecked(False)
    dialog.accept()
    assert "map: bocage_crossroads" in dialog.written.scenario_path.read_text()
    assert sorted(p.name for p in (pack_copy / "maps").iterdir()) == maps_before
    assert errors_of(pack_copy, "westcopy") == []


def test_a_bad_id_keeps_the_dialog_open(qtbot, window):
    dialog = NewScenarioDialog(window.workspace, window)
    qtbot.addWidget(dialog)
    fill(dialog, "Not An Id", "blank")
    dialog.accept()
    assert dialog.written is None and dialog.result() != QDialog.DialogCode.Accepted


def test_file_menu_new_scenario_opens_it_in_a_tab(qtbot, window, monkeypatch):
    def run(dialog):
        fill(dialog, "from_menu", "blank")
        dialog.accept()
        return dialog.result()

    monkeypatch.setattr(NewScenarioDialog, "exec", run)
    menu_action(window, "File", "New scenario").trigger()
    assert window.current_tab().document.path.name == "from_menu.yaml"
    assert window.current_tab().document.model.scenario.name == "Hill 192"


@pytest.mark.parametrize("move", [True, False])
def test_save_as_and_duplicate_write_a_copy_with_a_new_id(qtbot, window, pack_copy, monkeypatch, move):
    window.open_path(pack_copy / "scenarios" / "bocage_crossroads.yaml")
    document = window.current_tab().document
    document.set_value(("turns",), 17, "Change game length")
    monkeypatch.setattr(QInputDialog, "getText", staticmethod(lambda *a, **k: ("bocage_two", True)))
    menu_action(window, "File", "Save scenario as" if move else "Duplicate scenario").trigger()
    copy = pack_copy / "scenarios" / "bocage_two.yaml"
    text = copy.read_text()
    assert "id: bocage_two" in text and "turns: 17" in text
    original = (pack_copy / "scenarios" / "bocage_crossroads.yaml").read_text()
    assert "turns: 20" in original and "id: bocage_crossroads" in original
    assert window.current_tab().document.path == copy
    assert errors_of(pack_copy, "westcopy") == []


def test_new_scenario_goes_to_the_pack_open_when_it_is_writable(qtbot, window, pack_copy, monkeypatch):
    """File > New scenario offers the pack the designer has open (the Packs dock's choice, else the pack folder
    opened last), still with the choice of a new pack; an installed pack open in the current tab keeps the new
    pack as the default (the editor does not write into an installed pack)."""
    from editor_fixtures import WESTERN

    defaults = []

    def run(dialog):  # the designer accepts the destination offered
        defaults.append(dialog.destination.currentData())
        assert dialog.destination.findData(None) >= 0  # a new pack is still offered
        fill_new_scenario(dialog, f"hill_{len(defaults)}", "Hill", "blank", dialog.destination.currentData())
        dialog.accept()
        return dialog.result()

    monkeypatch.setattr(NewScenarioDialog, "exec", run)
    browser = window.browser
    mine = next(
        browser.topLevelItem(i)
        for i in range(browser.topLevelItemCount())
        if browser.topLevelItem(i).text(0) == "westcopy"
    )
    browser.setCurrentItem(mine.child(0))  # a file of the pack chosen in the Packs dock
    menu_action(window, "File", "New scenario").trigger()
    assert defaults == [str(pack_copy.resolve())]
    assert (pack_copy / "scenarios" / "hill_1.yaml").is_file()
    assert window.current_tab().document.path == pack_copy.resolve() / "scenarios" / "hill_1.yaml"
    window.open_path(WESTERN / "scenarios" / "bocage_crossroads.yaml")  # the installed pack's, in the current tab
    menu_action(window, "File", "New scenario").trigger()
    assert defaults[1] is None and window.current_tab().document.path.parent.parent.name == "my_battles"


def test_the_default_destination_is_the_first_pack_open_when_writable(pack_copy):
    from editor_fixtures import WESTERN

    from tacforge.editor.shell.pack_places import default_destination

    packs = load_packs([pack_copy])
    assert default_destination(packs, [None, pack_copy, WESTERN]) == pack_copy.resolve()
    assert default_destination(packs, [WESTERN, pack_copy]) is None  # the tab's installed pack decides
    assert default_destination(packs, [pack_copy / "scenarios"]) is None  # not a pack's folder
    assert default_destination(packs, [None, None]) is None
