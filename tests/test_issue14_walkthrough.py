"""Issue 14's "Done when", as a designer does it in the window `make run` opens (pytest-qt, offscreen), without
touching a YAML file: a new scenario on a generated map, an American and a German company from templates and
formations built by hand within budget, dragged onto the map, an American tank platoon arriving on turn 6, two
capture objectives, both briefings, Save; then `tacforge validate` accepts the pack and `tacforge play` plays it
with the platoon arriving and the objectives scored."""

from __future__ import annotations

import json
from datetime import date

import pytest
from editor_fixtures import (  # noqa: F401
    answer_unit_dialogs,
    fill_new_scenario,
    make_run_window,
    menu_action,
    no_dialogs,
    settings,
)
from PyQt6.QtCore import QPointF, Qt
from PyQt6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QApplication

from tacforge.editor.scenario.map_marks import ObjectiveChoice, SquareObjective
from tacforge.editor.shell.new_scenario_dialog import NewScenarioDialog
from tacforge.editor.shell.pack_places import user_packs_folder
from tacforge.engine.cli import main as tacforge_main

SHERMAN_COMPANY = "western:us_tank_company_sherman"
GRENADIER_COMPANY = "western:ger_panzergrenadier_company"


@pytest.fixture
def window(make_run_window):  # noqa: F811
    return make_run_window


def new_scenario(window, monkeypatch):
    def run(dialog):
        fill_new_scenario(
            dialog,
            "hill_112",
            "Hill 112",
            "generated",
            day=date(1944, 7, 10),
            forces={"allied": "us_armour", "german": "panzer"},
            seed=7,
        )  # a new pack in the user's folder
        dialog.auto_select.setChecked(False)  # the designer builds both forces
        dialog.accept()
        return dialog.result()

    monkeypatch.setattr(NewScenarioDialog, "exec", run)
    menu_action(window, "File", "New scenario").trigger()
    tab = window.current_tab()
    document = next(d for d in tab.documents() if d.kind == "scenario")
    assert document.path == user_packs_folder() / "my_battles" / "scenarios" / "hill_112.yaml"
    return tab, document


def add_from_template(dock, side, template):
    dock._select((side, None, None))
    dock.templates.setCurrentIndex(dock.templates.findData(template))
    assert dock.templates.currentData() == template
    dock.add_template.click()


def add_by_hand(dock, monkeypatch, side, name, weapon, count, more):
    """Add formation… (name, HQ weapon, count), then Add unit… for each (weapon, count) of `more`."""
    answer_unit_dialogs(monkeypatch, [(name, weapon, count)] + [("", w, c) for w, c in more])
    dock._select((side, None, None))
    dock.findChild(type(dock.add_template), "add_formation").click()
    row = len(dock.document.model.scenario.force(side).formations) - 1
    for _ in more:
        dock._select((side, row, None))
        dock.findChild(type(dock.add_template), "add_unit").click()
    return row


def drop_on_map(view, mime, square):
    o, cell = view.origin(), view.cell
    pos = QPointF(o.x() + (square[0] + 0.5) * cell, o.y() + (square[1] + 0.5) * cell)
    buttons, modifiers, action = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, Qt.DropAction.CopyAction
    for event in (
        QDragEnterEvent(pos.toPoint(), action, mime, buttons, modifiers),
        QDragMoveEvent(pos.toPoint(), action, mime, buttons, modifiers),
        QDropEvent(pos, action, mime, buttons, modifiers),
    ):
        QApplication.sendEvent(view.viewport(), event)


def home_square(document, side, row):
    """A square well inside `side`'s half: a few columns behind its start line, one band of rows per formation."""
    scenario, ruleset = document.model.scenario, document.content.ruleset
    line = dict(scenario.start_lines)[side]
    west = ruleset.side(side).home_edge == "west"
    x = line - 4 if west else line + 4
    return x, 4 + 5 * row


def type_into(editor, text):
    editor.setFocus()
    QTest.keyClick(editor, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)  # over New Scenario's starter text
    QTest.keyClicks(editor, text)
    editor.clearFocus()  # leaving the box writes it: one undo step


def test_a_scenario_built_in_the_editor_validates_and_plays(window, qtbot, monkeypatch, tmp_path):
    tab, document = new_scenario(window, monkeypatch)
    dock = window.room_docks["oob"]
    assert dock.document is document

    # both orders of battle: a company from a template each, and formations by hand
    add_from_template(dock, "allied", SHERMAN_COMPANY)
    add_from_template(dock, "german", GRENADIER_COMPANY)
    add_by_hand(dock, monkeypatch, "german", "Panzer Platoon", "pz_ivh", 1, [("pz_ivh", 3)])
    reserve = add_by_hand(dock, monkeypatch, "allied", "Reserve Tank Platoon", "sherman", 1, [("sherman", 4)])
    forces = {f.side: f for f in document.model.scenario.forces}
    assert [f.name for f in forces["german"].formations][-2:] == [
        "Panzergrenadier Company (SdKfz 251)",
        "Panzer Platoon",
    ]  # after the command HQ
    assert len(forces["allied"].formations[reserve].units) == 2
    unused = dict(document.model.scenario.unused_selection_points)
    for order in dock.orders():
        assert order.budget is not None and 0 < order.spent <= order.budget, order
        assert unused[order.side] == order.budget - order.spent  # the rules score what is left unspent

    # the reserve platoon arrives on turn 6 (the Arrives form under the tree)
    dock._select(("allied", reserve, None))
    dock.arrival.reinforcement.setChecked(True)
    dock.arrival.turn.setValue(6)
    arrival = document.model.scenario.force("allied").formations[reserve].arrives
    assert (arrival.turn, arrival.last_turn) == (6, 6)

    # drag every formation that starts on the map into place
    view = tab.view
    for side, force in ((f.side, f) for f in document.model.scenario.forces):
        for row, formation in enumerate(force.formations):
            if formation.arrives is None:
                side_index = [
                    dock.model.index(i, 0)
                    for i in range(dock.model.rowCount())
                    if dock.model.index(i, 0).data(Qt.ItemDataRole.UserRole) == (side, None, None)
                ][0]
                index = dock.model.index(row, 0, side_index)
                drop_on_map(view, dock.model.mimeData([index]), home_square(document, side, row))
    scenario = document.model.scenario
    for force in scenario.forces:
        for formation in force.formations:
            placed = [u.at is not None for u in formation.units]
            assert all(placed) if formation.arrives is None else not any(placed), formation.name

    # two capture objectives for the Americans, placed with the map's objective tool
    capture = ObjectiveChoice("add", SquareObjective("capture", "allied", 40))
    tab.map_layer.ask_objective = lambda _square, _rows: capture
    window._tool("place_objective")
    held = scenario.force("allied").formations[0].units[1].at  # where a tank platoon stands: taken on turn 1
    centre = scenario.objective_center
    for square in (held, centre):
        view.viewport().setFocus()
        press_release(view, square)
    objectives = document.model.scenario.objectives
    assert [(o.kind, o.side, o.at) for o in objectives] == [("capture", "allied", held), ("capture", "allied", centre)]

    # both briefings, in the Properties dock's Briefing tab
    briefing = window.room_docks["properties"].briefing
    type_into(briefing.common, "Hill 112 overlooks the Odon valley.")
    type_into(briefing.side_editors["allied"], "Take the hill; a platoon of Shermans comes up on turn 6.")
    type_into(briefing.side_editors["german"], "Hold the crest until dark.")
    scenario = document.model.scenario
    assert scenario.briefing.strip() == "Hill 112 overlooks the Odon valley."
    assert scenario.side_briefing("german") == "Hold the crest until dark."

    menu_action(window, "File", "Save").trigger()
    assert not document.dirty
    pack = document.path.parents[1]

    # the command line accepts it and plays it: the platoon arrives, the objectives are scored
    assert tacforge_main(["validate", str(pack)]) == 0
    log = tmp_path / "hill_112.jsonl"
    assert tacforge_main(["play", str(document.path), "--seed", "3", "--quiet", "--log", str(log)]) == 0
    events = [json.loads(line) for line in log.read_text().splitlines()[1:]]  # the first line is the record header
    reserve_letter = scenario.force("allied").formations[reserve].letter
    arrived = [e for e in events if e["kind"] == "arrived" and e["unit"].startswith(f"allied:{reserve_letter}")]
    assert len(arrived) == 2 and all(e["turn"] == 6 for e in arrived)
    captured = [e for e in events if e["kind"] == "objective_captured"]
    assert captured and captured[0]["objective"] == objectives[0].id and captured[0]["turn"] == 1


def press_release(view, square):
    from PyQt6.QtCore import QEvent
    from PyQt6.QtGui import QMouseEvent

    o, c = view.origin(), view.cell
    pos = QPointF(o.x() + (square[0] + 0.5) * c, o.y() + (square[1] + 0.5) * c)
    left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
    for kind, button, buttons in (
        (QEvent.Type.MouseButtonPress, left, left),
        (QEvent.Type.MouseButtonRelease, left, none),
    ):
        QApplication.sendEvent(
            view.viewport(),
            QMouseEvent(kind, pos, view.viewport().mapToGlobal(pos), button, buttons, Qt.KeyboardModifier.NoModifier),
        )
