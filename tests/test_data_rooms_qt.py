"""The data rooms in the main window (pytest-qt): a parameter edited in the form and undone from the Edit menu, a
terrain type's cover changed and the palette following, a code deleted after "used in N maps", a timeline drag as
one undo step, the manifest's requirement check as it is typed, and a scenario's overrides in their dock."""

import re

from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import QPointF, Qt
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QMessageBox

from tacforge.editor.data.manifest_form import REQ_ID, REQ_STATUS, ManifestTab
from tacforge.editor.data.parameters_room import RulesTab
from tacforge.editor.data.periods_room import PeriodsTab
from tacforge.editor.data.terrain_room import TerrainTab


def open_kind(window, pack_id, kind):
    return window.open_path(window.workspace.pack_file(pack_id, kind))


def test_edit_a_parameter_in_the_form_then_undo_from_the_edit_menu(window):
    tab = open_kind(window, "westcopy", "rules")
    assert isinstance(tab, RulesTab)
    editor, label = tab.form.editors["pulses_per_turn"], tab.form.labels["pulses_per_turn"]
    assert editor.text() == "4" and "●" not in label.text()
    editor.selectAll()
    QTest.keyClicks(editor, "6")
    QTest.keyClick(editor, Qt.Key.Key_Return)
    assert tab.document.model.parameters.time_space.pulses_per_turn == 6
    assert "●" in label.text() and "core has 4" in label.toolTip()
    undo = menu_action(window, "Edit", "Undo")
    assert "pulses_per_turn" in undo.text()
    undo.trigger()
    assert tab.document.model.parameters.time_space.pulses_per_turn == 4 and not tab.document.dirty
    assert editor.text() == "4" and "●" not in label.text()
    menu_action(window, "Edit", "Redo").trigger()
    assert editor.text() == "6"


def test_out_of_range_parameter_is_refused_with_its_range(window):
    tab = open_kind(window, "westcopy", "rules")
    tab.form.edit("accuracy_divisor", "0")
    assert "> 0" in tab.form.status.text() and not tab.document.dirty


def palette_tooltip(window, code: int) -> str:
    codes = window.terrain_palette.codes
    items = [codes.topLevelItem(i) for i in range(codes.topLevelItemCount())]
    return next(item for item in items if item.text(0) == str(code)).toolTip(2)


def test_changing_a_terrain_types_cover_updates_the_palette_at_once(window):
    tab = open_kind(window, "core", "terrain")
    assert isinstance(tab, TerrainTab)
    assert "Woods" in palette_tooltip(window, 9) and "; cover," in palette_tooltip(window, 9)
    model = tab.types_model
    row = next(i for i, t in enumerate(model.entries) if t.id == "core:woods")
    cover = next(c for c, col in enumerate(model.columns) if col.path == ("cover",))
    assert model.setData(model.index(row, cover), Qt.CheckState.Unchecked.value, Qt.ItemDataRole.CheckStateRole)
    assert tab.document.model.terrain_types[row].cover is False
    assert "no cover" in palette_tooltip(window, 9)
    menu_action(window, "Edit", "Undo").trigger()
    assert tab.document.model.terrain_types[row].cover is True and "; cover," in palette_tooltip(window, 9)


def test_out_of_range_movement_cost_is_refused(window):
    tab = open_kind(window, "core", "terrain")
    model = tab.types_model
    foot = next(c for c, col in enumerate(model.columns) if col.path == ("movement", "foot"))
    assert not model.setData(model.index(0, foot), "0")
    assert "at least 1" in tab.status.text() and not tab.document.dirty


def test_deleting_a_code_says_how_many_maps_use_it_and_undo_puts_it_back(window, monkeypatch):
    tab = open_kind(window, "core", "terrain")
    asked = []

    def answer(reply):
        return staticmethod(lambda _parent, _title, text, *a, **k: asked.append(text) or reply)

    row = next(i for i, c in enumerate(tab.document.model.terrain_codes) if c.code == 0)
    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.No))
    assert not tab.delete_code(row)
    # the copy's maps and every shipped map, the copy's listed first
    assert re.search(r"used in \d+ maps \(westcopy:bocage_crossroads", asked[0])
    assert tab.codes_model.rowCount() == 62
    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Yes))
    assert tab.delete_code(row)
    assert tab.codes_model.rowCount() == 61 and tab.document.model.terrain_codes[0].code == 1
    menu_action(window, "Edit", "Undo").trigger()
    assert tab.codes_model.rowCount() == 62 and tab.document.model.terrain_codes[row].code == 0


def sherman_bar(tab):
    return next(b for b in tab.timeline.bars if b.weapon.local_id == "sherman")


def test_each_timeline_drag_is_one_undo_step(window):
    tab = open_kind(window, "westcopy", "periods")
    assert isinstance(tab, PeriodsTab)
    bar = sherman_bar(tab)
    weapons = tab.weapons_document
    before = weapons.text()
    tab.timeline.preview(bar, (1, 4))  # while the mouse moves: drawn, not written
    tab.timeline.preview(bar, (1, 3))
    assert not weapons.dirty
    tab.timeline.finish_drag(bar, 1, 3)  # the release
    bar = sherman_bar(tab)
    assert bar.last == 3
    tab.timeline.finish_drag(bar, 1, 2)
    assert weapons.model.weapons[bar.entry].periods[1] == 2
    undo = menu_action(window, "Edit", "Undo")
    undo.trigger()
    assert weapons.model.weapons[bar.entry].periods[1] == 3  # only the second drag was taken back
    undo.trigger()
    assert weapons.text() == before and not weapons.dirty


def test_dragging_a_bar_end_with_the_mouse_changes_the_years(window, qtbot):
    tab = open_kind(window, "westcopy", "periods")
    window.show()
    qtbot.waitExposed(window)
    plot, bar = tab.timeline, sherman_bar(tab)
    assert (bar.first, bar.last) == (1, 5)
    plot.getPlotItem().getViewBox().setYRange(bar.row - 3, bar.row + 3, padding=0)  # the bar in view
    QTest.qWait(20)

    def pixel(x, y):
        return plot.mapFromScene(plot.getPlotItem().getViewBox().mapViewToScene(QPointF(x, y)))

    viewport, start, end = plot.viewport(), pixel(5.5, bar.row), pixel(3.5, bar.row)  # last end from 5 to 3
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for step in range(1, 9):
        QTest.mouseMove(viewport, start + (end - start) * (step / 8))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    assert tab.weapons_document.model.weapons[bar.entry].periods == (1, 3)
    assert tab.history.count() == 1


def test_editing_a_command_delay_in_the_periods_table(window):
    tab = open_kind(window, "westcopy", "periods")
    model = tab.periods_model
    column = next(c for c, col in enumerate(model.columns) if col.title == "allied out of command")
    assert model.setData(model.index(0, column), 9)
    assert tab.document.model.periods[0].delays("allied") == (3, 9)
    assert not model.setData(model.index(0, column), 100)  # the schema's maximum is 99
    assert "at most 99" in tab.status.text()


def test_manifest_checks_a_requirement_as_it_is_typed(window):
    tab = open_kind(window, "westcopy", "pack")
    assert isinstance(tab, ManifestTab)
    assert tab.requires.item(0, REQ_STATUS).text() == "found, version in range"
    tab.requires.item(0, REQ_ID).setText("coer")
    assert "did you mean 'core'?" in tab.requires.item(0, REQ_STATUS).text()
    assert dict(tab.document.value("requires")) == {"coer": ">=1.0,<2"}  # written: the schema accepts it
    menu_action(window, "Edit", "Undo").trigger()
    assert dict(tab.document.value("requires")) == {"core": ">=1.0,<2"} and not tab.document.dirty
    tab.fields["version"].setText("one")
    tab.fields["version"].textEdited.emit("one")
    assert "not a version number" in tab.problems["version"].text()


def test_scenario_parameters_dock_shows_overrides_against_the_pack(window, pack_copy):
    window.open_path(pack_copy / "scenarios" / "bocage_crossroads.yaml")
    dock = window.room_docks["scenario_parameters"]
    assert dock.form is not None
    field = dock.form.editors["stacking_limit"]
    field.selectAll()
    QTest.keyClicks(field, "3")
    QTest.keyClick(field, Qt.Key.Key_Return)
    assert "pack westcopy has 2" in dock.form.labels["stacking_limit"].toolTip()
    assert window.current_tab().document.model.parameters.units.stacking_limit == 3


def issue_codes(window) -> set[str]:
    items = (window.issues.topLevelItem(i) for i in range(window.issues.topLevelItemCount()))
    return {item.data(0, Qt.ItemDataRole.UserRole).code for item in items}


def test_issues_appear_and_clear_as_a_drag_is_made_and_undone(window, qtbot):
    tab = open_kind(window, "westcopy", "periods")
    tab.timeline.finish_drag(sherman_bar(tab), 0, 5)  # no Shermans before 1945: the period-4 scenario breaks
    qtbot.waitUntil(lambda: "scenario.period-unavailable" in issue_codes(window), timeout=10000)
    menu_action(window, "Edit", "Undo").trigger()
    qtbot.waitUntil(lambda: "scenario.period-unavailable" not in issue_codes(window), timeout=10000)
