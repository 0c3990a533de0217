"""Map > Name and description… (pytest-qt, the real menu action): building Villers-Bocage in the editor found that
a map's name and description could not be changed, so a map made with a scenario kept the scenario's name and had
nowhere to say where its ground came from. Both are set in one undo step; an emptied name keeps the old one."""

from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from test_map_units_qt import open_scenario


def test_the_map_is_renamed_and_described_in_one_undo_step(qtbot, window, pack_copy):
    tab, document = open_scenario(qtbot, window, pack_copy)
    map_document = tab.map_document
    old_name = map_document.model.name
    offered, answers = [], iter([("Bocage south of St-Lô", "Drawn by hand from the 1947 map sheet."), ("", "")])

    def ask(_parent, name, description):
        offered.append((name, description))
        return next(answers)

    tab.ask_map_details = ask
    action = menu_action(window, "Map", "Name and description…")

    steps = document.undo.count()
    action.trigger()
    assert map_document.model.name == "Bocage south of St-Lô"
    assert map_document.model.description == "Drawn by hand from the 1947 map sheet."
    assert "Drawn by hand from the 1947 map sheet." in map_document.text()  # (in the old value's folded style)
    assert document.undo.count() == steps + 1 and offered[0][0] == old_name
    action.trigger()  # an emptied name keeps the name; an emptied description removes it
    assert map_document.model.name == "Bocage south of St-Lô" and "description:" not in map_document.text()
    assert map_document.model.description == ""
    assert offered[1] == ("Bocage south of St-Lô", "Drawn by hand from the 1947 map sheet.")
    undo = menu_action(window, "Edit", "Undo")
    undo.trigger()
    undo.trigger()
    assert map_document.model.name == old_name and "Drawn by hand" not in map_document.text()
    assert map_document.model.description.startswith("Norman bocage")
