"""The import profile in the terrain room (pytest-qt), as a designer uses it: opened from the terrain room's button
or from the pack, a rule's tags typed into their cell, rules added, moved and deleted with the buttons, the elevation
thresholds typed into their boxes; each edit one undo step from the Edit menu, saved round trip (comments and flow
style kept) and valid by the schema. Also the terrain room's Add terrain type / Add terrain code."""

import pytest
from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import QPoint, Qt
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QApplication, QInputDialog, QLineEdit, QPushButton

from tacforge.editor.data.profile_room import ProfileTab
from tacforge.editor.data.terrain_room import TerrainTab
from tacforge.engine.validation.schemas import validate
from tacforge.engine.yamlio import load_fast


@pytest.fixture
def shown(window, qtbot):
    """The window on screen (offscreen): clicks and keys reach only widgets that are shown."""
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def profile_tab(shown, pack_copy) -> ProfileTab:
    tab = shown.open_path(pack_copy / "import_profile.yaml")
    assert isinstance(tab, ProfileTab)
    return tab


def click(tab, name_or_text: str) -> None:
    button = next(b for b in tab.findChildren(QPushButton) if name_or_text in (b.objectName(), b.text()))
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)


def select_row(tab: ProfileTab, row: int) -> None:
    index = tab.rules_model.index(row, 0)
    rect = tab.rules_view.visualRect(index)
    QTest.mouseClick(tab.rules_view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def type_into_cell(window, qtbot, view, row: int, column: int, text: str) -> None:
    """Double-click the cell, replace its text, press Tab to the next cell: as a designer edits a cell."""
    index = view.model().index(row, column)
    view.scrollTo(index)
    centre = view.visualRect(index).center()
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    QTest.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    editor = QApplication.focusWidget()  # the cell's editor, which the double click opened
    assert isinstance(editor, QLineEdit) and editor.parent() is view.viewport()
    editor.selectAll()
    QTest.keyClicks(editor, text)
    QTest.keyClick(editor, Qt.Key.Key_Tab)


def tags_column(tab: ProfileTab) -> int:
    return next(c for c, col in enumerate(tab.rules_model.columns) if col.kind == "tags")


def test_the_profile_opens_as_a_table_of_rules_and_the_thresholds(profile_tab):
    model = profile_tab.rules_model
    assert model.rowCount() == 6
    assert model.index(0, 0).data() == "river"
    assert model.index(1, tags_column(profile_tab)).data().startswith("highway=trunk,primary,secondary")
    assert profile_tab.method.currentText() == "quantiles"
    assert [box.value() for box in profile_tab.thresholds] == [0.6, 0.9]


def test_typing_a_rules_tags_is_one_undo_step_saved_in_flow_style(window, qtbot, profile_tab, pack_copy):
    path = pack_copy / "import_profile.yaml"
    before = path.read_text()
    type_into_cell(
        window, qtbot, profile_tab.rules_view, 4, tags_column(profile_tab), "landuse=forest; natural=wood,scrub"
    )
    rule = profile_tab.document.model.features[4]
    assert dict(rule.match.tags) == {"landuse": ("forest",), "natural": ("wood", "scrub")}
    menu_action(window, "File", "Save").trigger()
    after = path.read_text()
    assert "    match: {landuse: [forest], natural: [wood, scrub]}\n" in after
    # only that line changed: the comments, the folded description and every other flow list are as they were
    changed = [(a, b) for a, b in zip(before.splitlines(), after.splitlines(), strict=True) if a != b]
    assert len(changed) == 1 and "natural: [wood]}" in changed[0][0]
    assert validate("import_profile", load_fast(path).data, path) == []
    menu_action(window, "Edit", "Undo").trigger()
    assert profile_tab.document.text() == before


def test_tags_that_are_not_key_value_are_refused_with_how_to_write_them(window, qtbot, profile_tab):
    type_into_cell(window, qtbot, profile_tab.rules_view, 0, tags_column(profile_tab), "waterway river")
    assert "not key=value" in profile_tab.status.text() and "highway=primary" in profile_tab.status.text()
    assert not profile_tab.document.dirty


def test_a_priority_outside_the_schema_is_refused(profile_tab):
    model = profile_tab.rules_model
    priority = next(c for c, col in enumerate(model.columns) if col.title == "Priority")
    assert not model.setData(model.index(0, priority), "5000")
    assert "at most 1000" in profile_tab.status.text() and not profile_tab.document.dirty


def test_add_move_and_delete_rules_each_one_undo_step(window, profile_tab, pack_copy):
    document = profile_tab.document
    before = document.text()
    select_row(profile_tab, 1)
    click(profile_tab, "add_rule")
    terrains = [r.terrain for r in document.model.features]
    assert terrains == ["river", "road", "broken", "road", "town", "woods", "broken"]
    assert document.model.features[2].priority == 0
    assert "  - terrain: broken\n    priority: 0\n    match: {landuse: [quarry]}\n" in document.text()
    click(profile_tab, "move_up")  # the new rule, still selected, goes above the road rule
    assert [r.terrain for r in document.model.features][:3] == ["river", "broken", "road"]
    click(profile_tab, "move_up")
    click(profile_tab, "move_up")  # already at the top: nothing to do, no undo step
    assert [r.terrain for r in document.model.features][:2] == ["broken", "river"]
    assert document.undo.count() == 3
    click(profile_tab, "delete_rule")
    assert len(document.model.features) == 6 and document.model.features[0].terrain == "river"
    undo = menu_action(window, "Edit", "Undo")
    assert "Delete import rule" in undo.text()
    undo.trigger()
    assert document.model.features[0].terrain == "broken"
    undo = menu_action(window, "Edit", "Undo")
    assert "Move import rule up" in undo.text()
    undo.trigger()
    undo.trigger()
    undo.trigger()
    assert document.text() == before and not document.dirty


def test_the_last_rule_cannot_be_deleted(profile_tab):
    document = profile_tab.document
    for _ in range(5):
        select_row(profile_tab, 0)
        click(profile_tab, "delete_rule")
    assert len(document.model.features) == 1
    select_row(profile_tab, 0)
    click(profile_tab, "delete_rule")
    assert len(document.model.features) == 1 and "at least one rule" in profile_tab.status.text()


def test_thresholds_typed_into_their_boxes(window, profile_tab, pack_copy):
    high = profile_tab.thresholds[1]
    high.lineEdit().selectAll()
    QTest.keyClicks(high.lineEdit(), "0.95")
    QTest.keyClick(high.lineEdit(), Qt.Key.Key_Return)
    assert profile_tab.document.model.elevation.thresholds == (0.6, 0.95)
    low = profile_tab.thresholds[0]
    low.lineEdit().selectAll()
    QTest.keyClicks(low.lineEdit(), "0.97")  # above the second: refused, the box shows 0.6 again
    QTest.keyClick(low.lineEdit(), Qt.Key.Key_Return)
    assert "must be lower than the second" in profile_tab.status.text()
    assert profile_tab.document.model.elevation.thresholds == (0.6, 0.95) and low.value() == 0.6
    menu_action(window, "File", "Save").trigger()
    assert "  thresholds: [0.6, 0.95]\n" in (pack_copy / "import_profile.yaml").read_text()


def test_the_terrain_rooms_button_opens_the_packs_profile(window, shown):
    terrain = window.open_path(window.workspace.pack_file("core", "terrain"))
    assert isinstance(terrain, TerrainTab)
    click(terrain, "Import profile…")
    tab = window.current_tab()
    assert isinstance(tab, ProfileTab) and tab.document.path.name == "import_profile.yaml"
    assert tab.document.path.parent == terrain.document.path.parent


def test_double_clicking_the_profile_in_the_pack_browser_opens_it(window, shown, pack_copy):
    browser = window.browser
    items = browser.findItems(
        "OpenStreetMap and elevation rules", Qt.MatchFlag.MatchRecursive | Qt.MatchFlag.MatchExactly
    )
    item = next(i for i in items if i.parent().parent().text(0) == "westcopy")
    item.parent().parent().setExpanded(True)
    item.parent().setExpanded(True)
    browser.scrollToItem(item)
    rect = browser.visualItemRect(item)
    position = QPoint(rect.left() + 8, rect.center().y())  # on the name, however wide the column
    QTest.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=position)
    QTest.mouseDClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=position)
    tab = window.current_tab()
    assert isinstance(tab, ProfileTab) and tab.document.path == (pack_copy / "import_profile.yaml").resolve()


# -- the terrain room: new types and codes ---------------------------------------------------------------------------
def answer_text(monkeypatch, text: str) -> None:
    monkeypatch.setattr(QInputDialog, "getText", staticmethod(lambda *a, **k: (text, True)))


def palette_names(window) -> list[str]:
    codes = window.terrain_palette.codes
    return [codes.topLevelItem(i).text(2) for i in range(codes.topLevelItemCount())]


def test_add_a_terrain_type_and_a_code_of_it_shown_in_the_palette_at_once(window, shown, monkeypatch):
    tab = window.open_path(window.workspace.pack_file("core", "terrain"))
    document = tab.document
    before = document.text()
    woods = next(i for i, t in enumerate(document.model.terrain_types) if t.id == "core:woods")
    tab.types_view.selectRow(woods)
    answer_text(monkeypatch, "bocage")
    click(tab, "Add terrain type…")
    bocage = document.model.terrain_types[woods + 1]
    assert bocage.id == "core:bocage" and bocage.name == "Bocage" and bocage.cover and bocage.los == "woods"
    monkeypatch.setattr(QInputDialog, "getItem", staticmethod(lambda *a, **k: ("bocage", True)))
    click(tab, "Add terrain code…")
    code = document.model.terrain_codes[-1]
    assert (code.code, str(code.type), code.level) == (62, "bocage", 1)
    assert '  - {code: 62, type: bocage, level: 1, variant: 1, glyph: "' in document.text()
    assert "Bocage" in palette_names(window)
    codes = window.terrain_palette.codes
    item = next(
        codes.topLevelItem(i) for i in range(codes.topLevelItemCount()) if codes.topLevelItem(i).text(0) == "62"
    )
    chosen = []
    window.terrain_palette.typeChosen.connect(chosen.append)
    codes.scrollToItem(item)
    QTest.mouseClick(codes.viewport(), Qt.MouseButton.LeftButton, pos=codes.visualItemRect(item).center())
    assert chosen == ["bocage"]  # the brushes paint it (tests/test_paint_own_terrain_qt.py)
    woods_code = next(
        codes.topLevelItem(i) for i in range(codes.topLevelItemCount()) if codes.topLevelItem(i).text(0) == "9"
    )
    codes.scrollToItem(woods_code)
    QTest.mouseClick(codes.viewport(), Qt.MouseButton.LeftButton, pos=codes.visualItemRect(woods_code).center())
    assert chosen == ["bocage", "woods"]  # (the same click on a built-in code chooses its type)
    undo = menu_action(window, "Edit", "Undo")
    assert "Add terrain code 62" in undo.text()
    undo.trigger()
    assert "Bocage" not in palette_names(window)
    menu_action(window, "Edit", "Undo").trigger()
    assert document.text() == before and not document.dirty


def test_a_terrain_type_id_taken_or_malformed_is_refused(window, shown, monkeypatch):
    tab = window.open_path(window.workspace.pack_file("core", "terrain"))
    answer_text(monkeypatch, "woods")
    click(tab, "Add terrain type…")
    assert "already a terrain type 'woods'" in tab.status.text() and not tab.document.dirty
    answer_text(monkeypatch, "Bocage Hedges")
    click(tab, "Add terrain type…")
    assert "does not match" in tab.status.text() and not tab.document.dirty
