"""The weapons room in the editor (pytest-qt): a cell edited through the view's editor and undone from the Edit
menu, a bulk edit of the selected rows as one step, the plots redrawn while a value is typed, replace everywhere
as one step across files, and the saved file changed only where it was edited."""

import pytest
from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import Qt

from tacforge.editor.common.checked_edit import CheckedLineEdit
from tacforge.editor.data.weapon_columns import columns
from tacforge.editor.data.weapon_edits import apply_change, replace_weapon
from tacforge.editor.data.weapon_plots import infantry_targets
from tacforge.editor.data.weapons_room import WeaponsTab
from tacforge.editor.data.weapons_table import bulk_set

FA = [c.key for c in columns()].index("fa")


@pytest.fixture
def room(window, pack_copy, qtbot) -> WeaponsTab:
    window.show()
    qtbot.waitExposed(window)
    opened = window.open_path(pack_copy / "weapons.yaml")
    assert isinstance(opened, WeaponsTab)
    return opened


def cell(room, weapon_id, column=FA):
    row = room.table.index_of(weapon_id)
    return room.proxy.mapFromSource(room.model.index(row, column))


def type_into_cell(room, qtbot, index, text):
    """Open the cell's editor as a double click does and type `text` over its value; returns the editor."""
    room.table_view.setCurrentIndex(index)
    room.table_view.edit(index)
    editor = room.table_view.findChild(CheckedLineEdit)
    assert editor is not None and editor.isVisible()
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    return editor


def test_a_cell_edited_through_its_editor_undoes_from_the_edit_menu(room, qtbot):
    index = cell(room, "westcopy:sherman")
    editor = type_into_cell(room, qtbot, index, "13")
    qtbot.keyClick(editor, Qt.Key.Key_Return)  # the delegate commits in a queued call
    qtbot.waitUntil(lambda: room.table.by_id("westcopy:sherman").fa == 13)
    assert index.data() == "13" and room.document.dirty
    undo = menu_action(room.window(), "Edit", "Undo")
    assert "FA = 13" in undo.text()
    undo.trigger()
    assert room.table.by_id("westcopy:sherman").fa == 11 and not room.document.dirty
    assert index.data() == "11"


def test_a_bulk_edit_is_one_undo_step_that_restores_the_file_exactly(room):
    original = room.document.text()
    ids = ["westcopy:stuart", "westcopy:sherman", "westcopy:pershing"]
    apply_change(room.document, bulk_set(room.table, ids, "fa", 12), "westcopy")
    assert [room.table.by_id(i).fa for i in ids] == [12, 12, 12]
    assert room.history.count() == 1
    room.history.undo()
    assert [room.table.by_id(i).fa for i in ids] == [7, 11, 14]
    assert room.document.text() == original and not room.document.dirty


def test_editing_a_cell_of_a_selection_sets_every_selected_row_in_one_step(room):
    room.nations.setCurrentIndex(next(i for i in range(room.nations.count()) if room.nations.tabData(i) == "us"))
    for weapon_id in ("westcopy:stuart", "westcopy:sherman"):
        room.table_view.selectionModel().select(
            cell(room, weapon_id),
            room.table_view.selectionModel().SelectionFlag.Select | room.table_view.selectionModel().SelectionFlag.Rows,
        )
    assert room.proxy.setData(cell(room, "westcopy:sherman"), "9")
    fa = lambda weapon_id: room.table.by_id(weapon_id).fa  # noqa: E731 (the model is new after every edit)
    assert (fa("westcopy:stuart"), fa("westcopy:sherman")) == (9, 9)
    assert room.history.count() == 1
    room.history.undo()
    assert (fa("westcopy:stuart"), fa("westcopy:sherman")) == (7, 11)


def test_the_plots_redraw_while_a_value_is_typed(room, qtbot):
    sherman = "westcopy:sherman"
    room.table_view.selectRow(cell(room, sherman).row())
    kills = room.plots.kills
    committed = [[p.kills for p in points] for _, points in kills.drawn]
    assert committed and kills.inputs.draft is None
    type_into_cell(room, qtbot, cell(room, sherman, [c.key for c in columns()].index("mp")), "18")
    assert kills.inputs.draft is not None and kills.inputs.draft.mp == 18
    assert room.table.by_id(sherman).mp == 9  # not committed yet
    typed = [[p.kills for p in points] for _, points in kills.drawn]
    assert typed != committed and all(sum(a) >= sum(b) for a, b in zip(typed, committed, strict=True))
    dashed = [list(ghost.getData()[1]) for ghost in kills._ghosts]
    assert [[float(k) for k in row] for row in committed] == dashed  # the committed values, under the draft


def test_replace_everywhere_is_one_step_across_the_table_and_the_scenario(room):
    scenario = room.document.pack_folder / "scenarios" / "bocage_crossroads.yaml"
    replace_weapon(room.document, room.table, "westcopy:sherman", "westcopy:grant", room.open_file)
    assert room.table.by_id("westcopy:sherman") is None
    scenario_doc = room.window().workspace.find_open(scenario)
    assert scenario_doc.dirty and "sherman" not in scenario_doc.text().split("units:", 1)[1].split("\n", 40)[1]
    assert room.history.count() == 1
    menu_action(room.window(), "Edit", "Undo").trigger()
    assert room.table.by_id("westcopy:sherman") is not None
    assert not scenario_doc.dirty and not room.document.dirty
    assert scenario_doc.text() == scenario.read_text()


def test_saving_writes_only_the_edited_value_and_an_unedited_table_saves_unchanged(room):
    path = room.document.path
    original = path.read_text()
    assert room.document.text() == original
    room.document.sync_data()
    from tacforge.engine.yamlio import dump_roundtrip

    assert dump_roundtrip(room.document.data) == original  # the writer changes nothing it was not asked to
    assert room.proxy.setData(cell(room, "westcopy:sherman"), "13")
    room.document.save()
    changed = [(a, b) for a, b in zip(original.splitlines(), path.read_text().splitlines(), strict=True) if a != b]
    assert changed == [("    fa: 11", "    fa: 13")]
    assert len(original.splitlines()) == len(path.read_text().splitlines())


def test_a_variant_is_written_as_a_new_entry_that_validates(room, pack_copy):
    from tacforge.engine.packs import load_packs

    room.table_view.selectRow(cell(room, "westcopy:sherman").row())
    room.clone()
    variant = room.table.by_id("westcopy:sherman_variant")
    assert variant is not None and room.current_weapon() == variant
    room.document.save()
    packs = load_packs([pack_copy], env={}, include_user_dir=False, use_cache=False)
    assert [i.format() for i in packs.packs["westcopy"].issues.items if i.is_error] == []
    assert packs.content("westcopy").weapons["westcopy:sherman_variant"].fa == 11


def test_a_variant_with_more_front_armour_is_hit_less_while_the_value_is_typed(room, qtbot):
    """The issue's walk-through: clone the Sherman, type 2 more front armour, see its matchups change at once."""
    room.table_view.selectRow(cell(room, "westcopy:sherman").row())
    room.clone()
    kills = room.plots.kills
    kills.direction.setCurrentText(kills.FIRED_AT)
    assert kills.others(kills.inputs), "German guns are chosen to fire at it"
    committed = [sum(p.kill_probability for p in points) for _, points in kills.drawn]
    type_into_cell(room, qtbot, cell(room, "westcopy:sherman_variant"), "13")
    typed = [sum(p.kill_probability for p in points) for _, points in kills.drawn]
    assert len(typed) == len(committed) and all(t < c for t, c in zip(typed, committed, strict=True))
    assert room.table.by_id("westcopy:sherman_variant").fa == 11  # still only typed


def test_a_csv_import_is_previewed_and_applied_as_one_undo_step(room, tmp_path):
    from tacforge.editor.data.weapons_csv import export_csv

    text = export_csv(room.table.decoded(), "westcopy").replace("stuart,Stuart,", "stuart,Stuart M5,", 1)
    csv_file = tmp_path / "weapons.csv"
    csv_file.write_text(text)
    seen = []
    preview = room.import_csv(csv_file, confirm=lambda p: seen.append(p.summary()) or True)
    assert seen == ["0 added, 1 changed, 0 removed"] and preview.errors == []
    assert room.table.by_id("westcopy:stuart").name == "Stuart M5" and room.history.count() == 1
    room.history.undo()
    assert room.table.by_id("westcopy:stuart").name == "Stuart" and not room.document.dirty


def test_the_heat_map_and_suppression_plots_draw_when_shown(room):
    room.table_view.selectRow(cell(room, "westcopy:sherman").row())
    assert room.plots.heat.map is None  # hidden tabs wait until they are shown
    room.plots.setCurrentWidget(room.plots.heat)
    heat = room.plots.heat.map
    assert heat is not None and heat.range == 4
    assert "Sherman" in [f.name for f in heat.firers] and all("german" in t.nationalities for t in heat.targets)
    room.plots.setCurrentWidget(room.plots.suppression)
    suppression = room.plots.suppression
    infantry = {w.name for w in infantry_targets(room.table.content, suppression.inputs.pool)}
    labels = [label for label, _ in suppression.drawn]
    assert labels and set(labels) <= infantry


def test_jumping_to_an_issue_selects_its_weapon(room):
    from tacforge.engine.issues import error

    room.nations.setCurrentIndex(0)
    room.jump_to(error("schema.maximum", "too much", file=room.document.path, path=("weapons", 3, "fa")))
    assert room.current_weapon().id == "westcopy:sherman"


def test_a_plot_tab_is_made_when_first_chosen_and_drawn_at_once(room):
    plots = room.plots
    assert plots.tabText(1) == "Heat map" and not plots.widget(1).findChildren(type(plots.kills.plot))
    room.table_view.selectRow(cell(room, "westcopy:sherman").row())
    plots.setCurrentIndex(1)  # as a click on the tab does
    assert plots.currentIndex() == 1 and plots.widget(1) is plots.heat
    assert plots.heat.map is not None and plots.tabText(1) == "Heat map"


def test_a_weapons_tabletop_points_are_a_column_edited_as_one_undo_step(room, qtbot):
    """The points module (docs/rules.md 16.4): each weapon's tabletop points are a column of the table (shown from
    the header's column chooser), typed into like any value and saved in weapons.yaml."""
    points = [c.key for c in room.model.columns].index("points")
    room.table_view.showColumn(room.proxy.mapFromSource(room.model.index(0, points)).column())
    index = cell(room, "westcopy:sherman", points)
    assert index.data() == "39"  # 20 x its selection-point value, as scripts/tabletop_points.py derives it
    editor = type_into_cell(room, qtbot, index, "45")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: room.table.by_id("westcopy:sherman").points == 45)
    assert "points: 45" in room.document.text() and "Points = 45" in menu_action(room.window(), "Edit", "Undo").text()
