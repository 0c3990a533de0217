"""The weapon table as a spreadsheet, driven as a user drives it (pytest-qt): the header's column chooser kept in
the settings, Ctrl+C and Ctrl+V of blocks of cells, Ctrl+D, Adjust numbers, renaming an id in its cell (and its
uses in the scenarios) as one undo step, and the Compare, By range and Shooting range dialogs from the toolbar,
and the heat map's colour scale and hover text."""

import pytest
from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import QItemSelection, QItemSelectionModel, QPointF, Qt
from PyQt6.QtGui import QContextMenuEvent, QGuiApplication
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QApplication, QInputDialog, QLineEdit

from tacforge.editor.data.weapon_columns import all_columns
from tacforge.editor.data.weapon_range_view import OUT_OF_RANGE, half_up
from tacforge.editor.data.weapon_sheet_view import HIDDEN_KEY
from tacforge.editor.data.weapons_room import WeaponsTab
from tacforge.engine.balance.duel import duel_many

KEYS = [c.key for c in all_columns()]
CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def room(window, pack_copy, qtbot) -> WeaponsTab:
    window.show()
    qtbot.waitExposed(window)
    opened = window.open_path(pack_copy / "weapons.yaml")
    assert isinstance(opened, WeaponsTab)
    window.activateWindow()
    opened.nations.setCurrentIndex(opened.nations.count() - 1)  # "All"
    return opened


def cell(room, weapon_id, key):
    return room.proxy.mapFromSource(room.model.index(room.table.index_of(f"westcopy:{weapon_id}"), KEYS.index(key)))


def choose(room, top_left, bottom_right):
    """Choose a block of cells as a drag over them does."""
    view = room.table_view
    view.setFocus()  # the table's own shortcuts (Ctrl+D, Ctrl+Shift+A) act where it has the focus
    view.setCurrentIndex(top_left)
    view.selectionModel().select(
        QItemSelection(top_left, bottom_right), QItemSelectionModel.SelectionFlag.ClearAndSelect
    )


def fa(room, weapon_id):
    return room.table.by_id(f"westcopy:{weapon_id}").fa


def test_the_header_menu_hides_a_column_and_the_next_table_remembers(room, window, qtbot):
    header = room.table_view.horizontalHeader()
    assert header.isSectionHidden(KEYS.index("description")) and not header.isSectionHidden(KEYS.index("id"))
    at = header.viewport().rect().center()
    QApplication.sendEvent(  # a right click on the header, as the window system reports it
        header.viewport(), QContextMenuEvent(QContextMenuEvent.Reason.Mouse, at, header.viewport().mapToGlobal(at))
    )
    menu = room.sheet.menu
    assert menu.isVisible()
    action = next(a for a in menu.actions() if a.data() == "aliases")
    assert action.isChecked()
    action.trigger()  # unticks it
    menu.close()
    assert header.isSectionHidden(KEYS.index("aliases"))
    assert "aliases" in window.settings.value(HIDDEN_KEY)
    window.close_tab(window.tabs.indexOf(room))
    again = window.open_path(room.document.path)
    qtbot.waitUntil(lambda: again.table_view.horizontalHeader().isSectionHidden(KEYS.index("aliases")))


def test_ctrl_c_copies_a_block_and_ctrl_v_pastes_it_as_one_undo_step(room, qtbot):
    view = room.table_view
    choose(room, cell(room, "stuart", "fa"), cell(room, "stuart", "ba"))
    qtbot.keyClick(view, Qt.Key.Key_C, CTRL)
    assert QGuiApplication.clipboard().text() == "7\t2\n"
    QGuiApplication.clipboard().setText("12\t5\n13\t6\n")  # two rows from a spreadsheet
    choose(room, cell(room, "stuart", "fa"), cell(room, "stuart", "fa"))
    below = room.table.weapons[room.proxy.mapToSource(room.proxy.index(cell(room, "stuart", "fa").row() + 1, 0)).row()]
    before = room.history.count()
    qtbot.keyClick(view, Qt.Key.Key_V, CTRL)
    assert (fa(room, "stuart"), room.table.by_id("westcopy:stuart").ba) == (12, 5)
    assert room.table.by_id(below.id).fa in (13, below.fa) and room.document.dirty
    assert room.history.count() == before + 1
    menu_action(room.window(), "Edit", "Undo").trigger()
    assert (fa(room, "stuart"), room.table.by_id("westcopy:stuart").ba) == (7, 2)
    assert not room.document.dirty


def test_a_paste_that_does_not_fit_says_why_and_changes_nothing(room, qtbot):
    QGuiApplication.clipboard().setText("12\tabc\n")
    choose(room, cell(room, "stuart", "fa"), cell(room, "stuart", "fa"))
    qtbot.keyClick(room.table_view, Qt.Key.Key_V, CTRL)
    assert "BA must be a whole number, not 'abc'" in room.message.text()
    assert fa(room, "stuart") == 7 and not room.document.dirty


def test_ctrl_d_fills_down_as_one_undo_step(room, qtbot):
    room.text_filter.setText("sherman")
    rows = [room.proxy.mapToSource(room.proxy.index(r, 0)).row() for r in range(room.proxy.rowCount())]
    first = room.table.weapons[rows[0]]
    assert len(rows) >= 2 and len({room.table.weapons[r].fa for r in rows}) > 1
    choose(room, room.proxy.index(0, KEYS.index("fa")), room.proxy.index(len(rows) - 1, KEYS.index("fa")))
    qtbot.keyClick(room.table_view, Qt.Key.Key_D, CTRL)
    assert {room.table.weapons[r].fa for r in rows} == {first.fa}
    assert room.history.count() == 1
    room.history.undo()
    assert not room.document.dirty


def test_adjust_numbers_adds_one_to_the_chosen_cells(room, qtbot, monkeypatch):
    monkeypatch.setattr(QInputDialog, "getText", staticmethod(lambda *a, **k: ("+1", True)))
    choose(room, cell(room, "stuart", "fa"), cell(room, "stuart", "ba"))
    qtbot.keyClick(room.table_view, Qt.Key.Key_A, CTRL | SHIFT)
    stuart = room.table.by_id("westcopy:stuart")
    assert (stuart.fa, stuart.ba) == (8, 3) and room.history.count() == 1
    assert "+1" in menu_action(room.window(), "Edit", "Undo").text()


@pytest.fixture
def alias_use(pack_copy):
    """One unit of Bocage Crossroads names the Sherman by its alias M4 (written before the pack is opened)."""
    path = pack_copy / "scenarios" / "bocage_crossroads.yaml"
    text = path.read_text()
    assert "name: Company HQ" in text
    path.write_text(
        text.replace("weapon: sherman, count: 1, name: Company HQ", "weapon: M4, count: 1, name: Company HQ")
    )
    return path


def test_renaming_an_id_in_its_cell_renames_the_scenarios_uses_in_one_undo_step(alias_use, room, qtbot):
    index = cell(room, "sherman", "id")
    room.table_view.setCurrentIndex(index)
    room.table_view.edit(index)
    editor = room.table_view.findChild(QLineEdit)
    editor.selectAll()
    qtbot.keyClicks(editor, "m4a1")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: room.table.by_id("westcopy:m4a1") is not None)
    scenario_path = room.document.pack_folder / "scenarios" / "bocage_crossroads.yaml"
    scenario = room.window().workspace.find_open(scenario_path)
    assert scenario.dirty and "weapon: m4a1" in scenario.text() and "weapon: sherman" not in scenario.text()
    assert "weapon: M4, count: 1, name: Company HQ" in scenario.text()  # a use by alias still finds it
    assert room.history.count() == 1 and "rename sherman to m4a1" in room.message.text() + room.history.text(0)
    menu_action(room.window(), "Edit", "Undo").trigger()
    assert room.table.by_id("westcopy:sherman") is not None
    assert scenario.text() == scenario_path.read_text() and not scenario.dirty


def test_a_taken_id_is_refused_with_a_message(room):
    assert room.proxy.setData(cell(room, "sherman", "id"), "stuart")
    assert "taken" in room.message.text() and room.table.by_id("westcopy:sherman") is not None
    assert not room.document.dirty


def test_compare_shows_the_two_chosen_weapons_with_the_differences_marked(room):
    view = room.table_view
    view.selectionModel().select(cell(room, "sherman", "name"), QItemSelectionModel.SelectionFlag.ClearAndSelect)
    view.selectionModel().select(cell(room, "stuart", "name"), QItemSelectionModel.SelectionFlag.Select)
    room.compare_action.trigger()
    dialog = room.compare_dialog
    assert dialog.isVisible()
    names = {dialog.table.horizontalHeaderItem(1).text(), dialog.table.horizontalHeaderItem(2).text()}
    assert names == {"Sherman", "Stuart"}
    row = KEYS.index("fa")
    assert dialog.table.item(row, 0).text() == "FA" and dialog.table.item(row, 1).font().bold()
    same = KEYS.index("class")
    assert dialog.table.item(same, 1).text() == "tank" and not dialog.table.item(same, 1).font().bold()


def test_by_range_shows_calcs_numbers_for_the_selected_weapon(room):
    room.table_view.selectRow(cell(room, "sherman", "name").row())
    room.range_table_action.trigger()
    dialog = room.range_dialog
    assert dialog.table.columnCount() == len(dialog.ranges) and dialog.ranges[0] == 0
    assert dialog.ranges[-1] == room.table.by_id("westcopy:sherman").mr
    for i, row in enumerate(dialog.rows):
        for j, c in enumerate(row.cells):
            shown = dialog.table.item(i, j).text()
            assert shown == (OUT_OF_RANGE if c is None else half_up(c.kill_probability))
    dialog.measure.setCurrentIndex(2)  # penetration
    first = dialog.rows[0].cells[0]
    assert dialog.table.item(0, 0).text() == half_up(first.apf)
    dialog.direction.setCurrentIndex(1)  # is fired at by: one row per enemy weapon
    sherman = room.table.by_id("westcopy:sherman")
    assert dialog.rows and all(row.weapon.fielded_by({"german"}) for row in dialog.rows)
    assert [dialog.table.verticalHeaderItem(i).text() for i in range(len(dialog.rows))] == [
        row.weapon.name for row in dialog.rows
    ]
    assert dialog.title.text().startswith(f"at {sherman.name} (front armour {sherman.fa})")


def test_the_shooting_range_duels_the_two_weapons_with_the_engines_rules(room, qtbot):
    room.table_view.selectRow(cell(room, "sherman", "name").row())
    room.shooting_range_action.trigger()
    dialog = room.shooting_range
    dialog.runs.setValue(60)
    dialog.range.setValue(5)
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    summary = dialog.summary
    assert summary is not None and summary.setup.a.id == "westcopy:sherman"
    expected = duel_many(room.inputs().content, summary.setup, 60, dialog.seed.value())
    assert summary.results == expected.results  # seeded: the dialog's numbers are the engine's
    bars = [i for i in dialog.plot.getPlotItem().items if i.__class__.__name__ == "BarGraphItem"]
    assert bars and sum(sum(b.opts["height"]) for b in bars) == sum(n for o, n in summary.counts.items() if o != "draw")
    assert f"{len(summary.results)} duels" in dialog.text.text()


def test_the_heat_map_has_a_colour_scale_and_says_the_value_under_the_pointer(room, qtbot):
    room.table_view.selectRow(cell(room, "sherman", "name").row())
    room.plots.setCurrentIndex(1)
    heat = room.plots.heat
    qtbot.waitUntil(lambda: heat.map is not None)
    assert tuple(heat.reading.bar.levels()) == pytest.approx(tuple(heat.image.getLevels()))
    assert heat.reading.bar.levels()[1] > 0
    qtbot.wait(100)  # laid out and ranged
    scene_point = heat.plot.getPlotItem().vb.mapViewToScene(QPointF(0.5, 0.5))
    QTest.mouseMove(heat.plot.viewport(), heat.plot.mapFromScene(scene_point))  # the pointer over the first cell
    qtbot.waitUntil(heat.reading.hover.isVisible)
    k = heat.map.kills[0][0]
    assert heat.reading.hover.isVisible()
    assert heat.map.firers[0].name in heat.reading.hover.toPlainText()
    assert ("out of range" if k is None else f"{k:.3f}") in heat.reading.hover.toPlainText()
    QApplication.processEvents()


def edit_cell(room, qtbot, index, text):
    """Double-click's editor on the cell, `text` typed over its value and Return pressed."""
    room.table_view.setCurrentIndex(index)
    room.table_view.edit(index)
    editor = QApplication.focusWidget()  # (an earlier cell's editor may not be deleted yet)
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    qtbot.keyClick(editor, Qt.Key.Key_Backspace)
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)


def test_the_added_columns_are_edited_in_their_cells_and_written_as_the_files_write_them(room, qtbot):
    edit_cell(room, qtbot, cell(room, "stuart", "aliases"), "STUART; M3 Stuart; Honey")
    qtbot.waitUntil(lambda: "Honey" in room.table.by_id("westcopy:stuart").aliases)
    edit_cell(room, qtbot, cell(room, "stuart", "kill_vp"), "3")
    qtbot.waitUntil(lambda: room.table.by_id("westcopy:stuart").kill_vp == 3)
    stuart = lambda: room.document.text().split("id: stuart\n", 1)[1].split("- id:", 1)[0]  # noqa: E731 (its entry)
    assert "aliases: [STUART, M3 Stuart, Honey]" in stuart() and "kill_vp: 3" in stuart()
    edit_cell(room, qtbot, cell(room, "stuart", "kill_vp"), "")  # a blank leaves the key out again
    qtbot.waitUntil(lambda: room.table.by_id("westcopy:stuart").kill_vp is None)
    assert "kill_vp" not in stuart()
    assert room.history.count() == 3
    edit_cell(room, qtbot, cell(room, "stuart", "nationality"), "US")
    assert "lower-case" in room.message.text() and room.history.count() == 3


def test_the_tables_context_menu_holds_the_sheets_actions_and_they_act(room):
    view = room.table_view
    assert view.contextMenuPolicy() == Qt.ContextMenuPolicy.ActionsContextMenu
    texts = [a.text() for a in view.actions() if not a.isSeparator()]
    assert texts == [
        "Copy cells",
        "Paste cells",
        "Fill down",
        "Adjust numbers…",
        "Compare…",
        "By range…",
        "Shooting range…",
    ]
    choose(room, cell(room, "sherman", "mr"), cell(room, "sherman", "ss"))
    next(a for a in view.actions() if a.text() == "Copy cells").trigger()
    assert QGuiApplication.clipboard().text() == "10\t9\t4\n"
    choose(room, cell(room, "stuart", "mr"), cell(room, "stuart", "mr"))
    next(a for a in view.actions() if a.text() == "Paste cells").trigger()
    stuart = room.table.by_id("westcopy:stuart")
    assert (stuart.mr, stuart.mp, stuart.ss) == (10, 9, 4) and room.history.count() == 1
