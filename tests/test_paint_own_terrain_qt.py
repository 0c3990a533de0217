"""A terrain type the pack adds in the terrain room is painted on its map (issue 27: a Western designer wanted bocage
hedgerows). In the main window: Bocage added with the terrain room's buttons and saved, then chosen in the terrain
palette, brushed onto the map with a mouse drag as one undo step, undone and redone from the Edit menu, saved with
File > Save; the pack then validates and the scenario on that map plays (the command line, as a user runs it)."""

import pytest
from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import Qt
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QInputDialog, QPushButton
from test_map_tool_options_qt import drag

from tacforge.engine.cli import main as tacforge_main
from tacforge.engine.packs import load_packs

LEFT = Qt.MouseButton.LeftButton
SETTINGS = {"cover": Qt.CheckState.Checked.value, "los": "woods"}
COSTS = {"armoured": "30", "truck": "40", "foot": "20"}


@pytest.fixture
def own_terrain(pack_copy):
    """The pack with a terrain file of its own, empty, beside the core's (made before the window reads the pack)."""
    (pack_copy / "terrain.yaml").write_text(
        "# yaml-language-server: $schema=schemas/terrain.schema.json\nterrain_types: []\nterrain_codes: []\n"
    )
    return pack_copy


def click_button(tab, text: str) -> None:
    button = next(b for b in tab.findChildren(QPushButton) if b.text() == text)
    QTest.mouseClick(button, LEFT)


def add_bocage(window, monkeypatch):
    tab = window.open_path(window.workspace.pack_file("westcopy", "terrain"))
    monkeypatch.setattr(QInputDialog, "getText", staticmethod(lambda *a, **k: ("bocage", True)))
    click_button(tab, "Add terrain type…")
    model = tab.types_model
    for c, column in enumerate(model.columns):  # cover, sight and costs set in the table's cells
        key = column.path[-1]
        if key in SETTINGS:
            role = Qt.ItemDataRole.CheckStateRole if column.kind == "bool" else Qt.ItemDataRole.EditRole
            assert model.setData(model.index(0, c), SETTINGS[key], role)
        elif column.path[0] == "movement" and key in COSTS:
            assert model.setData(model.index(0, c), COSTS[key])
    monkeypatch.setattr(QInputDialog, "getItem", staticmethod(lambda *a, **k: ("bocage", True)))
    click_button(tab, "Add terrain code…")
    code = tab.document.model.terrain_codes[-1]
    menu_action(window, "File", "Save").trigger()
    assert not tab.document.dirty
    return code.code


def test_a_terrain_type_added_in_the_terrain_room_is_painted_saved_validated_and_played(
    own_terrain, window, qtbot, monkeypatch
):
    window.resize(1600, 1000)
    window.show()
    qtbot.waitExposed(window)
    code = add_bocage(window, monkeypatch)
    scenario = own_terrain / "scenarios" / "bocage_crossroads.yaml"
    tab = window.open_path(scenario)
    document, view = tab.map_document, tab.view

    palette = window.terrain_palette.types
    item = next(
        palette.item(i) for i in range(palette.count()) if palette.item(i).data(Qt.ItemDataRole.UserRole) == "bocage"
    )
    assert item.text() == "Bocage" and "of the pack's own" in item.toolTip()
    next(a for a in window.map_toolbar.actions() if a.text() == "Brush").trigger()
    palette.scrollToItem(item)
    QTest.mouseClick(palette.viewport(), LEFT, pos=palette.visualItemRect(item).center())
    model = document.model
    x0, row = next(  # six squares of clear ground in a row
        (x, y)
        for y in range(model.height)
        for x in range(model.width - 6)
        if all(model.type_at(x + i, y) == "clear" for i in range(6))
    )
    squares = [(x0 + i, row) for i in range(6)]
    before = model.codes.copy()
    drag(view, squares)
    assert all(model.codes[row, x] == code and model.type_at(x, row) == "bocage" for x, _ in squares)
    assert document.dirty and tab.history.count() == 1
    undo = menu_action(window, "Edit", "Undo")
    assert undo.text().replace("&", "").startswith("Undo Paint Bocage")
    undo.trigger()
    assert (model.codes == before).all()
    menu_action(window, "Edit", "Redo").trigger()
    assert all(model.codes[row, x] == code for x, _ in squares)
    menu_action(window, "File", "Save").trigger()
    qtbot.waitUntil(lambda: not document.dirty)

    saved = load_packs([str(own_terrain)]).content("westcopy").map(document.model.map_id)
    assert all(saved.code_at(x, row) == code for x, _ in squares)
    assert tacforge_main(["validate", str(own_terrain)]) == 0
    assert tacforge_main(["play", str(scenario), "--seed", "1", "--turns", "2", "--quiet"]) == 0
