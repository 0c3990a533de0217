"""Names and weapons in the Order of battle dock, as a designer uses them (pytest-qt, real keys and clicks): a
side's force, a formation or a unit renamed in place by F2, a double-click or the context menu's Rename (one undo
step each, the row never folded); Add unit asks for a name, a weapon (with completion) and a count; the weapon cell
and the off-map batteries' weapon cell are typed with the weapon picker; Ctrl+A selects one side's rows only; the
Arrives form never moves the rows under the pointer."""

import pytest
from editor_fixtures import answer_unit_dialogs, menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401
from PyQt6.QtCore import Qt
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QLineEdit

from tacforge.editor.common.weapon_picker import WeaponPicker, weapon_choices, weapon_for_text
from tacforge.editor.scenario.oob_rows import ROLE, walk


@pytest.fixture
def oob(window, pack_copy, qtbot):
    window.resize(1600, 1000)
    window.show()
    qtbot.waitExposed(window)
    window.open_path(pack_copy / "scenarios" / "bocage_crossroads.yaml")
    dock = window.room_docks["oob"]
    qtbot.waitUntil(lambda: dock.tree.isVisible())
    return dock, window.current_tab().document


def index_of(dock, key, column=0):
    model = dock.model
    for top in range(model.rowCount()):
        for item in walk(model.item(top)):
            if item.data(ROLE) == key:
                return item.index().siblingAtColumn(column)
    raise AssertionError(f"no row {key}")


def point(dock, index):
    dock.tree.scrollTo(index)
    return dock.tree.visualRect(index).center()


def click(dock, index):
    QTest.mouseClick(
        dock.tree.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point(dock, index)
    )


def double_click(dock, index):
    """As the window system gives a double-click: press and release, then the double-click event (QTest's
    mouseDClick on a widget sends the last alone)."""
    click(dock, index)
    QTest.mouseDClick(
        dock.tree.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point(dock, index)
    )


def open_editor(dock, index) -> QLineEdit:
    editor = dock.tree.indexWidget(index)
    assert isinstance(editor, QLineEdit), "no editor opened on the row"
    return editor


def type_and_enter(editor, text):
    editor.selectAll()
    QTest.keyClicks(editor, text)
    QTest.keyClick(editor, Qt.Key.Key_Return)


def formation(document, side, row):
    return document.model.scenario.force(side).formations[row]


def test_f2_renames_a_formation_in_one_undo_step(oob, qtbot, window):
    dock, document = oob
    old = formation(document, "allied", 1).name
    click(dock, index_of(dock, ("allied", 1, None)))
    assert dock.selection() == ("allied", 1, None)
    steps = document.undo.count()
    QTest.keyClick(dock.tree, Qt.Key.Key_F2)
    editor = open_editor(dock, index_of(dock, ("allied", 1, None)))
    assert editor.text() == old  # the name alone, not the row's "B  name  (price)"
    type_and_enter(editor, "Baker Company")
    qtbot.waitUntil(lambda: formation(document, "allied", 1).name == "Baker Company")
    assert document.undo.count() == steps + 1
    assert "Baker Company" in index_of(dock, ("allied", 1, None)).data()
    menu_action(window, "Edit", "Undo").trigger()
    assert formation(document, "allied", 1).name == old


def test_f2_on_a_sides_row_renames_its_force_in_one_undo_step(oob, qtbot, window):
    dock, document = oob
    old = document.model.scenario.force("german").name
    click(dock, index_of(dock, ("german", None, None)))
    steps = document.undo.count()
    QTest.keyClick(dock.tree, Qt.Key.Key_F2)
    editor = open_editor(dock, index_of(dock, ("german", None, None)))
    assert editor.text() == old  # the force's name alone, not the row's "German: name"
    type_and_enter(editor, "Kampfgruppe Heintz")
    qtbot.waitUntil(lambda: document.model.scenario.force("german").name == "Kampfgruppe Heintz")
    assert document.undo.count() == steps + 1
    assert index_of(dock, ("german", None, None)).data().endswith(": Kampfgruppe Heintz")
    menu_action(window, "Edit", "Undo").trigger()
    assert document.model.scenario.force("german").name == old


def test_a_double_click_renames_a_unit_and_never_folds_its_formation(oob, qtbot):
    dock, document = oob
    parent = index_of(dock, ("allied", 1, None))
    assert dock.tree.isExpanded(parent)
    unit = index_of(dock, ("allied", 1, 1))
    double_click(dock, unit)
    type_and_enter(open_editor(dock, unit), "1st Troop")
    qtbot.waitUntil(lambda: formation(document, "allied", 1).units[1].name == "1st Troop")
    assert document.value("forces", "allied", "formations", 1, "units", 1, "name") == "1st Troop"
    parent = index_of(dock, ("allied", 1, None))
    assert dock.tree.isExpanded(parent)
    # a double-click on a formation row's empty cell neither edits nor folds it
    double_click(dock, parent.siblingAtColumn(4))
    assert dock.tree.isExpanded(index_of(dock, ("allied", 1, None)))


def test_the_context_menus_rename_and_an_emptied_name_removes_the_key(oob, qtbot):
    dock, document = oob
    click(dock, index_of(dock, ("german", 1, 0)))
    rename = next(a for a in dock.tree.actions() if a.text() == "Rename")
    assert dock.tree.contextMenuPolicy() == Qt.ContextMenuPolicy.ActionsContextMenu
    rename.trigger()
    editor = open_editor(dock, index_of(dock, ("german", 1, 0)))
    editor.selectAll()
    QTest.keyClick(editor, Qt.Key.Key_Delete)
    QTest.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: formation(document, "german", 1).units[0].name == "")
    assert "name" not in document.value("forces", "german", "formations", 1, "units", 0)


def test_add_unit_asks_a_name_a_weapon_by_alias_and_a_count(oob, qtbot, monkeypatch):
    dock, document = oob
    click(dock, index_of(dock, ("allied", 1, None)))
    before = len(formation(document, "allied", 1).units)
    steps = document.undo.count()
    answer_unit_dialogs(monkeypatch, [("Recce section", "M4 Sherman", 2)])
    dock.findChild(type(dock.add_template), "add_unit").click()
    units = formation(document, "allied", 1).units
    assert len(units) == before + 1 and document.undo.count() == steps + 1
    assert (units[-1].name, units[-1].weapon, units[-1].count) == ("Recce section", "sherman", 2)
    # a weapon the pack does not know keeps the dialog open with the reason, and adds nothing
    answer_unit_dialogs(monkeypatch, [("", "Tiger tank", 1)])
    dock.findChild(type(dock.add_template), "add_unit").click()
    assert len(formation(document, "allied", 1).units) == before + 1


def test_the_picker_completes_by_name_alias_or_id_for_the_side_and_period(oob, qtbot):
    dock, document = oob
    content = document.content
    allied, german = content.side_nationalities("allied"), content.side_nationalities("german")
    period = document.model.scenario.period
    offered = {w.local_id for w in weapon_choices(content, german, period)}
    assert "pz_ivh" in offered and "sherman" not in offered
    assert "pz_ivh" not in {w.local_id for w in weapon_choices(content, allied, period)}
    early = {w.local_id for w in weapon_choices(content, german, 1)}
    assert "pz_ivh" not in early  # fielded from period 2
    picker = WeaponPicker()
    qtbot.addWidget(picker)
    picker.set_choices(content, german, period)
    picker.show()
    QTest.keyClicks(picker, "ausf. h")  # part of an alias
    popup = picker.completer().popup()
    assert popup.isVisible()
    found = [picker.completer().completionModel().index(r, 0).data() for r in range(popup.model().rowCount())]
    assert any("pz_ivh" in text for text in found)
    QTest.keyClick(popup, Qt.Key.Key_Down)
    QTest.keyClick(popup, Qt.Key.Key_Return)
    assert picker.weapon() is not None and picker.weapon().local_id in {
        t.split("  ·  ")[1].split(",")[0] for t in found
    }
    assert weapon_for_text(content, "PZ-IVH", german).local_id == "pz_ivh"


def test_the_weapon_cell_is_typed_with_the_picker_and_writes_the_id(oob, qtbot):
    dock, document = oob
    cell = index_of(dock, ("allied", 1, 1), column=1)
    double_click(dock, cell)
    editor = dock.tree.indexWidget(cell)
    assert isinstance(editor, WeaponPicker)
    assert all(w.fielded_by(document.content.side_nationalities("allied")) for w in editor.choices)
    editor.completer().popup().hide()
    type_and_enter(editor, "M4 Sherman")  # an alias: the file gets the id
    qtbot.waitUntil(lambda: formation(document, "allied", 1).units[1].weapon == "sherman")


def test_the_batteries_weapon_cell_uses_the_picker(window, pack_copy, qtbot):
    window.resize(1600, 1000)
    window.show()
    window.open_path(pack_copy / "scenarios" / "bocage_crossroads.yaml")
    page = window.properties.sides
    document = window.current_tab().document
    page.battery_side.setCurrentIndex(page.battery_side.findData("german"))
    page.add_battery.click()
    delegate = page.batteries.itemDelegateForColumn(1)
    editor = delegate.createEditor(page.batteries.viewport(), None, page.batteries.model().index(0, 1))
    assert isinstance(editor, WeaponPicker)
    assert editor.choices and all(w.fielded_by(document.content.side_nationalities("german")) for w in editor.choices)
    page.batteries.setCurrentCell(0, 1)
    page.batteries.editItem(page.batteries.item(0, 1))
    picker = page.batteries.indexWidget(page.batteries.model().index(0, 1))
    assert isinstance(picker, WeaponPicker)
    type_and_enter(picker, "PZ-IVH")
    qtbot.waitUntil(lambda: document.model.scenario.offmap_artillery[0].weapon == "pz_ivh")


def test_ctrl_a_selects_the_current_sides_rows_only(oob, qtbot):
    dock, document = oob
    click(dock, index_of(dock, ("german", 1, 0)))
    QTest.keyClick(dock.tree, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    keys = {dock.model.itemFromIndex(i).data(ROLE) for i in dock.tree.selectionModel().selectedRows(0)}
    assert keys and {k[0] for k in keys} == {"german"}
    german = document.model.scenario.force("german")
    assert len([k for k in keys if k[2] is not None]) == sum(len(f.units) for f in german.formations)
    assert {k[0] for k in dock.units_selected.keys} == {"german"}  # the map selects the same units


def test_the_arrives_form_never_moves_the_rows_under_the_pointer(oob, qtbot):
    dock, _ = oob
    assert dock.arrival.isVisible()  # shown before anything is selected (disabled), not appearing on a click
    assert not dock.arrival.isEnabled()
    target = index_of(dock, ("allied", 2, 0))
    dock.tree.scrollTo(target)  # wholly in view whatever height the window's toolbars leave the dock
    before = dock.tree.visualRect(target)
    click(dock, index_of(dock, ("allied", 1, None)))
    assert dock.arrival.isEnabled()
    assert dock.tree.visualRect(index_of(dock, ("allied", 2, 0))) == before
    QTest.mouseClick(dock.tree.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, before.center())
    assert dock.selection() == ("allied", 2, 0)  # the next click lands on the row that was under the pointer


def test_the_properties_dock_names_the_selected_formation_and_unit(oob, qtbot, window):
    dock, document = oob
    names = window.properties.sides.selected
    assert not names.unit_name.isEnabled() and not names.formation_name.isEnabled()
    click(dock, index_of(dock, ("german", 1, 0)))
    assert names.unit_name.isEnabled() and names.formation_name.text() == formation(document, "german", 1).name
    steps = document.undo.count()
    names.unit_name.setFocus()
    type_and_enter(names.unit_name, "Wittmann's Tiger")
    qtbot.waitUntil(lambda: formation(document, "german", 1).units[0].name == "Wittmann's Tiger")
    assert document.undo.count() == steps + 1
    click(dock, index_of(dock, ("german", 1, None)))  # a formation's row: its units, so the formation's name
    assert not names.unit_name.isEnabled() and names.formation_name.isEnabled()
    names.formation_name.setFocus()
    type_and_enter(names.formation_name, "2. Kompanie")
    qtbot.waitUntil(lambda: formation(document, "german", 1).name == "2. Kompanie")
    assert "2. Kompanie" in index_of(dock, ("german", 1, None)).data()  # the tree follows


def test_the_weapon_cell_shows_the_weapons_name_and_its_editor_the_id(oob, qtbot):
    """Issue 28: a designer reads "M4A3 Sherman", not `sherman`; the id stays in the tooltip and the editor, and an
    editor closed unchanged edits nothing."""
    dock, document = oob
    unit = formation(document, "allied", 1).units[1]
    weapon = document.content.resolve_weapon(unit.weapon, document.content.side_nationalities("allied"))
    assert weapon.name != unit.weapon  # (a name the id is not)
    cell = index_of(dock, ("allied", 1, 1), column=1)
    assert cell.data() == weapon.name
    assert cell.data(Qt.ItemDataRole.ToolTipRole) == unit.weapon
    steps = document.undo.count()
    double_click(dock, cell)
    editor = dock.tree.indexWidget(cell)
    assert isinstance(editor, WeaponPicker) and editor.text() == unit.weapon  # the reference as the file writes it
    editor.completer().popup().hide()
    QTest.keyClick(editor, Qt.Key.Key_Return)  # closed unchanged
    qtbot.wait(50)
    assert document.undo.count() == steps and formation(document, "allied", 1).units[1].weapon == unit.weapon
    cell = index_of(dock, ("allied", 1, 1), column=1)
    double_click(dock, cell)
    editor = dock.tree.indexWidget(cell)
    editor.completer().popup().hide()
    type_and_enter(editor, "PZ-IVH")  # an alias: the file gets the id, the cell the name
    qtbot.waitUntil(lambda: formation(document, "allied", 1).units[1].weapon == "pz_ivh")
    assert document.undo.count() == steps + 1
    pz = document.content.resolve_weapon("pz_ivh")
    qtbot.waitUntil(lambda: index_of(dock, ("allied", 1, 1), column=1).data() == pz.name)
    assert index_of(dock, ("allied", 1, 1), column=1).data(Qt.ItemDataRole.ToolTipRole) == "pz_ivh"
