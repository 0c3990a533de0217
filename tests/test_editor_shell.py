"""Wiring of the editor shell (pytest-qt): open, edit through the undo stack, save cleanly, recover, issues."""

import pytest
from editor_fixtures import no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)

from tacforge.editor.map.tools.paint import brush
from tacforge.editor.shell import recovery


def test_open_paint_undo_save_keeps_the_file_clean(window, pack_copy):
    scenario = pack_copy / "scenarios" / "bocage_crossroads.yaml"
    map_file = pack_copy / "maps" / "bocage_crossroads.yaml"
    before_map, before_scenario = map_file.read_bytes(), scenario.read_bytes()
    tab = window.open_path(scenario)
    doc = tab.map_document
    assert doc.model.width == 60 and not doc.dirty
    original = doc.model.codes.copy()
    doc.push_edit(brush(doc.model, 40, 10, "town", size=2))
    assert doc.dirty and (doc.model.codes != original).any()
    doc.undo.undo()
    assert (doc.model.codes == original).all() and not doc.dirty
    doc.undo.redo()
    window.save_all()
    saved = map_file.read_text()
    assert saved.splitlines()[0] == before_map.decode().splitlines()[0]  # comments and $schema line kept
    changed = [
        i for i, (a, b) in enumerate(zip(saved.splitlines(), before_map.decode().splitlines(), strict=True)) if a != b
    ]
    assert changed and all(i >= 9 for i in changed)  # only map rows changed
    assert scenario.read_bytes() == before_scenario  # untouched documents are not rewritten


def test_unedited_save_changes_no_byte(window, pack_copy):
    scenario = pack_copy / "scenarios" / "bocage_crossroads.yaml"
    before = scenario.read_bytes()
    tab = window.open_path(scenario)
    tab.document.save()
    assert scenario.read_bytes() == before


def test_scenario_value_edit_and_undo(window, pack_copy):
    scenario = pack_copy / "scenarios" / "bocage_crossroads.yaml"
    tab = window.open_path(scenario)
    doc = tab.document
    doc.set_value(("turns",), 25, "Change game length")
    assert doc.text() != doc.saved_text and "turns: 25" in doc.text()
    doc.undo.undo()
    assert doc.text() == doc.saved_text


def test_failed_save_keeps_old_file(window, pack_copy, monkeypatch):
    import os

    from tacforge.editor.document.documents import SaveFailed

    scenario = pack_copy / "scenarios" / "bocage_crossroads.yaml"
    before = scenario.read_bytes()
    doc = window.open_path(scenario).document
    doc.set_value(("turns",), 25, "Change game length")
    monkeypatch.setattr(os, "replace", lambda *a: (_ for _ in ()).throw(OSError(28, "No space left on device")))
    with pytest.raises(SaveFailed, match="previous file is unchanged"):
        doc.save()
    assert scenario.read_bytes() == before and doc.dirty


def test_autosave_and_recovery(window, pack_copy):
    scenario = pack_copy / "scenarios" / "bocage_crossroads.yaml"
    doc = window.open_path(scenario).document
    doc.set_value(("turns",), 27, "Change game length")
    window.autosave()
    pending = recovery.pending()
    assert [p[0] for p in pending] == [scenario.resolve()]
    assert "turns: 27" in pending[0][1].read_text()
    window.save_all()
    assert recovery.pending() == []


def test_live_issues_and_jump(window, pack_copy, qtbot):
    scenario = pack_copy / "scenarios" / "bocage_crossroads.yaml"
    tab = window.open_path(scenario)
    doc = tab.document
    doc.set_value(("period",), 1, "Change period")  # Panthers and M4/76s do not exist in period 1
    window.validator.schedule()
    qtbot.waitUntil(lambda: window.issues.topLevelItemCount() > 0, timeout=10000)
    issues = [window.issues.topLevelItem(i).data(0, 256) for i in range(window.issues.topLevelItemCount())]
    assert any(i.code == "scenario.period-unavailable" for i in issues)
    target = next(i for i in issues if i.code == "scenario.period-unavailable")
    window.jump_to_issue(target)  # centres the view on the unit; must not raise
    assert window.current_tab() is tab


def test_new_map_is_valid_and_opens(window, pack_copy):
    from tacforge.editor.shell.workspace import write_new_map

    content = window.workspace.content_for(pack_copy / "pack.yaml")[0]
    path = write_new_map(pack_copy, "fresh", "Fresh", 60, 60, content)
    window.workspace.reload()
    pack = window.workspace.pack_of(path)
    assert not [i.format() for i in pack.issues.items if i.file == path]
    tab = window.open_path(path)
    assert tab is not None and tab.map_document.model.width == 60
    assert path.read_text().startswith("# yaml-language-server: $schema=")


def test_view_menu_actions_reach_the_map_view(window, pack_copy):
    tab = window.open_path(pack_copy / "scenarios" / "bocage_crossroads.yaml")
    [view_menu] = [a.menu() for a in window.menuBar().actions() if a.text() == "&View"]
    actions = {a.text(): a for a in view_menu.actions()}
    assert tab.view.grid_visible
    actions["Grid"].trigger()
    assert not tab.view.grid_visible and not actions["Grid"].isChecked()
    actions["Grid"].trigger()
    assert tab.view.grid_visible
    start = tab.view.cell
    actions["Zoom in"].trigger()
    zoomed_in = tab.view.cell
    assert zoomed_in > start
    actions["Zoom out"].trigger()
    assert tab.view.cell < zoomed_in
