"""Place names clicked onto a map with Map > Place name (pytest-qt, the real menu action and mouse): building
Villers-Bocage in the editor found no way to name the town, the hill or the roads' ends on a map short of writing
its `labels:` by hand. A click asks the name; the same square clicked again renames or (emptied) removes it; each
is one step of Edit > Undo and is drawn on the map."""

from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from test_map_units_qt import drag, open_scenario


def test_a_place_is_named_renamed_and_unnamed_on_the_map_one_undo_step_each(qtbot, window, pack_copy):
    tab, document = open_scenario(qtbot, window, pack_copy)
    map_document = tab.map_document
    before = map_document.model.labels
    answers, offered = iter(["Point 213", "Point 213 (Montbrocq)", ""]), []

    def ask(_parent, square, old):
        offered.append((square, old))
        return next(answers)

    tab.ask_place_name = ask
    menu_action(window, "Map", "Place name").trigger()
    steps = document.undo.count()  # (the tab's one history: the scenario and its map)
    drag(tab.view, (22, 31), (22, 31))
    assert map_document.model.labels == (*before, ("Point 213", 22, 31))
    assert "- text: Point 213\n    at: [22, 31]" in map_document.text()
    drag(tab.view, (22, 31), (22, 31))  # the name offered, changed
    assert map_document.model.labels[-1] == ("Point 213 (Montbrocq)", 22, 31)
    drag(tab.view, (22, 31), (22, 31))  # emptied: no name there
    assert map_document.model.labels == before
    assert offered == [((22, 31), ""), ((22, 31), "Point 213"), ((22, 31), "Point 213 (Montbrocq)")]
    assert document.undo.count() == steps + 3
    undo = menu_action(window, "Edit", "Undo")
    undo.trigger()
    assert map_document.model.labels[-1] == ("Point 213 (Montbrocq)", 22, 31)
    for _ in range(2):
        undo.trigger()
    assert map_document.model.labels == before and "Point 213" not in map_document.text()
