"""A new objective is named by its kind (pytest-qt, the Properties dock's Objectives table): an objective added
and then made an exit is `exit_1`, not `capture_1`; an id the designer typed stays."""

from editor_fixtures import no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)

from tacforge.editor.scenario.objectives_page import ID, KIND


def set_kind(page, row, kind):
    combo = page.table.cellWidget(row, KIND)
    combo.setCurrentIndex(combo.findData(kind))


def test_a_new_objectives_id_follows_its_kind_but_a_typed_id_stays(window, pack_copy, qtbot):
    window.open_path(pack_copy / "scenarios" / "bocage_crossroads.yaml")
    page, document = window.properties.objectives, window.current_tab().document
    page.add.click()
    page.add.click()
    assert [o.id for o in document.model.scenario.objectives] == ["capture_1", "capture_2"]
    steps = document.undo.count()
    set_kind(page, 1, "exit")
    qtbot.waitUntil(lambda: document.model.scenario.objectives[1].kind == "exit")
    assert document.model.scenario.objectives[1].id == "exit_1" and page.table.item(1, ID).text() == "exit_1"
    assert document.undo.count() == steps + 1  # kind, where and id: one step
    document.undo.undo()
    assert document.model.scenario.objectives[1].id == "capture_2"
    page.table.item(0, ID).setText("bridge")
    qtbot.waitUntil(lambda: document.model.scenario.objectives[0].id == "bridge")
    set_kind(page, 0, "destroy")
    qtbot.waitUntil(lambda: document.model.scenario.objectives[0].kind == "destroy")
    assert document.model.scenario.objectives[0].id == "bridge"
