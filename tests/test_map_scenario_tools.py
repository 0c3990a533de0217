"""The map side of scenarios without widgets: unit symbols from class traits, the units / entrenchment / objective
tools on the tool controller, the legality of a move on the map (start line, stacking, entry edges of
reinforcements), and the entrenchment and objective edits of the scenario document (one undo step each)."""

import dataclasses

import pytest
from editor_fixtures import pack_copy  # noqa: F401 (fixture)
from engine_features import fixture_content

from tacforge.editor.common.unit_marks import entry_marks, symbol_of, unit_marks
from tacforge.editor.grid.model import MapModel
from tacforge.editor.map.tools import ToolController
from tacforge.editor.map.tools.scenario_tools import UnitDrag
from tacforge.editor.scenario import map_marks, objective_edits
from tacforge.editor.scenario.placement import move_targets, snap
from tacforge.editor.shell.workspace import Workspace
from tacforge.engine.packs import load_packs

B1 = ("allied", 1, 1)  # bocage_crossroads: allied B1, 1st tank platoon at 14,29; the allied start line is column 15


@pytest.fixture(scope="module")
def western():
    return load_packs(env={}, include_user_dir=False).content("western")


@pytest.fixture
def document(pack_copy, qapp):  # noqa: F811
    return Workspace([pack_copy]).open(pack_copy / "scenarios" / "bocage_crossroads.yaml")


# -- symbols -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "class_id, symbol",
    [
        ("tank", "armour"),
        ("assault_gun", "armour"),
        ("tank_destroyer", "antitank"),
        ("at_gun", "antitank"),
        ("armoured_car", "recon"),
        ("truck", "transport"),
        ("carrier", "transport"),
        ("rifle", "infantry"),
        ("hmg", "infantry"),
        ("howitzer", "artillery"),
        ("mortar", "artillery"),
        ("sp_artillery", "artillery"),
    ],
)
def test_a_units_symbol_comes_from_its_class_traits(western, class_id, symbol):
    assert symbol_of(western.unit_classes[class_id]) == symbol


def test_a_class_without_a_known_role_falls_back_on_its_traits(western):
    tank = western.unit_classes["tank"]
    assert symbol_of(dataclasses.replace(tank, role="made_up")) == "armour"
    assert symbol_of(dataclasses.replace(western.unit_classes["howitzer"], role=None)) == "artillery"
    assert symbol_of(None) == "unknown"


def test_the_marks_of_bocage_crossroads(western):
    marks = unit_marks(western, western.scenario("bocage_crossroads"))
    by_label = {(m.side, m.label): m for m in marks}
    assert len(marks) == 23 + 23  # every unit of both sides has a square
    tanks = by_label[("allied", "B1")]
    assert (tanks.key, tanks.square, tanks.symbol, tanks.vehicle, tanks.hq, tanks.count, tanks.facing) == (
        B1,
        (14, 29),
        "armour",
        True,
        False,
        5,
        "E",
    )
    assert by_label[("allied", "B0")].hq and by_label[("german", "C1")].passenger
    assert marks.index(by_label[("german", "C1")]) > marks.index(by_label[("german", "C5")])  # carriers first


# -- tools ---------------------------------------------------------------------------------------------------------
@pytest.fixture
def controller(western):
    tools = ToolController(MapModel.blank(western, 60, 60))
    tools.units = unit_marks(western, western.scenario("bocage_crossroads"))
    return tools


def keys_on(controller, square):
    return {m.key for m in controller.units if m.square == square}


def test_a_click_selects_the_squares_units_and_shift_toggles(controller):
    controller.set_tool("units")
    a1, d1 = keys_on(controller, (12, 16)), keys_on(controller, (15, 20))
    assert len(a1) == len(d1) == 1
    controller.press(12, 16)
    controller.release(12, 16)
    assert controller.selected_units == a1 and controller.take_events() == [("units_selected", a1)]
    controller.press(15, 20, shift=True)
    controller.release(15, 20)
    assert controller.selected_units == a1 | d1
    controller.press(12, 16, shift=True)
    controller.release(12, 16)
    assert controller.selected_units == d1
    controller.press(30, 5)  # an empty square: a band that catches nothing
    controller.release(30, 5)
    assert controller.selected_units == frozenset()


def test_a_rubber_band_catches_the_units_inside_it(controller):
    controller.set_tool("units")
    controller.press(11, 14)
    controller.move(16, 17)
    assert controller.preview.sum() == 6 * 4
    controller.release(16, 17)
    assert {m.label for m in controller.units if m.key in controller.selected_units} == {"A1"}
    assert controller.preview is None


def test_dragging_the_selection_asks_the_rules_and_reports_the_move_at_release(controller):
    asked = []

    def rules(keys, delta):
        asked.append((keys, delta))
        return {key: (1, 1) for key in keys}, {}

    controller.unit_rules = rules
    controller.set_tool("units")
    controller.press(12, 16)
    controller.move(13, 18)
    selected = controller.selected_units
    assert controller.unit_drag == UnitDrag((1, 2), {key: (1, 1) for key in selected}, {})
    controller.release(14, 18)
    assert asked[-1] == (selected, (2, 2))
    assert controller.take_events()[-1] == ("units_moved", UnitDrag((2, 2), {key: (1, 1) for key in selected}, {}))
    assert controller.unit_drag is None


def test_an_entrenchment_stroke_is_one_event_with_each_square_once(controller):
    controller.set_tool("entrench")
    controller.press(2, 2)
    controller.move(5, 2)
    controller.move(2, 2)  # back over the same squares
    controller.release(2, 3)
    assert controller.take_events() == [("entrench", [(2, 2), (3, 2), (4, 2), (5, 2), (2, 3)])]
    assert controller.preview is None


def test_the_objective_tool_names_the_square_clicked(controller):
    controller.set_tool("place_objective")
    controller.press(4, 7)
    controller.press(70, 7)  # off the map: nothing
    assert controller.take_events() == [("place_objective", (4, 7))]


# -- legality of moves ---------------------------------------------------------------------------------------------
def test_a_move_keeps_to_the_friendly_side_of_the_start_line(western):
    scenario = western.scenario("bocage_crossroads")
    game_map = western.map(scenario.map)
    moves, refused = move_targets(western, scenario, game_map, [B1], (-3, 1))
    assert moves == {B1: (11, 30)} and refused == {}
    moves, refused = move_targets(western, scenario, game_map, [B1], (5, 0))  # to 19,29, beyond column 15
    assert refused == {} and moves[B1][0] <= 15 and abs(moves[B1][1] - 29) <= 1


def test_a_move_respects_the_stacking_limit_and_skips_passengers(western):
    scenario = western.scenario("bocage_crossroads")
    game_map = western.map(scenario.map)
    armored_infantry = [("allied", 2, row) for row in range(8)]  # C: C1-C4 ride in C5-C7
    moves, _ = move_targets(western, scenario, game_map, armored_infantry, (-2, 0))
    assert sorted(key[2] for key in moves) == [0, 5, 6, 7]
    limit = western.parameters.units.stacking_limit
    squares = list(moves.values())
    assert max(squares.count(sq) for sq in squares) <= limit


def test_a_reinforcement_moves_only_onto_its_entry_edge_or_squares():
    content = fixture_content()
    scenario = content.scenario("reinforcements")
    game_map = content.map(scenario.map)
    placed = dataclasses.replace(
        scenario,
        forces=tuple(
            dataclasses.replace(
                force,
                formations=tuple(
                    dataclasses.replace(f, units=tuple(dataclasses.replace(u, at=u.at or (0, 10)) for u in f.units))
                    for f in force.formations
                ),
            )
            for force in scenario.forces
        ),
    )
    tanks = ("allied", 1, 1)
    moves, refused = move_targets(content, placed, game_map, [tanks], (5, 0))  # 5,10: inland, not on the west edge
    assert refused == {} and moves[tanks][0] == 0
    assault_guns = ("german", 0, 3)  # on listed squares 24,10 / 29,10 / 29,11 only
    moves, refused = move_targets(content, placed, game_map, [assault_guns], (28, 0))  # from 0,10 to 28,10
    assert moves[assault_guns] in {(29, 10), (29, 11)} and refused == {}


def test_a_reinforcement_formation_dropped_from_the_tree_lands_on_its_entry_edge():
    content = fixture_content()
    scenario = content.scenario("reinforcements")
    placements, refused = snap(content, scenario, content.map(scenario.map), "allied", 1, [0, 1, 2], (5, 10))
    assert refused == [] and len(placements) == 3
    assert all(p.square[0] == 0 and abs(p.square[1] - 10) <= 2 for p in placements)  # the west edge, near the drop


def test_the_entry_marks_name_who_comes_when(western):
    content = fixture_content()
    marks = entry_marks(content, content.scenario("reinforcements"))
    assert [(m.side, m.edge, m.squares, m.label) for m in marks] == [
        ("allied", "west", (), "B T3"),
        ("german", None, ((24, 10), (29, 10), (29, 11)), "A3 T2-4"),
    ]
    assert entry_marks(western, western.scenario("bocage_crossroads")) == []


# -- entrenchments and objectives in the document ------------------------------------------------------------------
def test_an_entrenchment_stroke_entrenches_then_clears_in_one_undo_step_each(document):
    before, steps = document.text(), document.undo.count()
    assert map_marks.toggle_entrenchments(document, [(3, 4), (4, 4)]) == "Entrench 2 square(s) for allied"
    map_marks.toggle_entrenchments(document, [(50, 4)])  # beyond the German line: German
    assert dict(document.model.scenario.entrenchments) == {"allied": ((3, 4), (4, 4)), "german": ((50, 4),)}
    assert document.undo.count() == steps + 2
    map_marks.toggle_entrenchments(document, [(4, 4), (50, 4), (30, 30)])  # starts on one: clears the stroke
    assert dict(document.model.scenario.entrenchments) == {"allied": ((3, 4),)}
    map_marks.toggle_entrenchments(document, [(3, 4)])
    assert "entrenchments" not in document.text()
    for _ in range(4):
        document.undo.undo()
    assert document.text() == before


def test_the_objective_tool_s_choices_add_a_second_on_a_square_change_and_remove_one_undo_step_each(document):
    """map_marks.apply_choice, without the dialog: what the Objective tool's click does with the designer's answer."""
    choice, values = map_marks.ObjectiveChoice, map_marks.SquareObjective
    before, steps = document.text(), document.undo.count()
    map_marks.apply_choice(document, (20, 20), choice("add", values("capture", "german", 40, "The square")))
    said = map_marks.apply_choice(document, (20, 20), choice("add", values("hold", "allied", 25)))
    assert said == "objective hold_1: hold, 25 points for allied"
    assert map_marks.objectives_at(document.model.scenario, (20, 20)) == [0, 1]
    assert "  - {id: capture_1, name: The square, kind: capture, side: german, points: 40, at: [20, 20]}" in (
        document.text()
    )
    assert map_marks.apply_choice(document, (20, 20), choice("change", values("hold", "allied", 25), 1)) == (
        "objective hold_1 unchanged"
    )
    assert document.undo.count() == steps + 2  # nothing changed: no undo step
    # the kind, the points and the name at once, one step; a kind-made id follows the kind, as in the table
    map_marks.apply_choice(document, (20, 20), choice("change", values("capture", "allied", 30, "Mairie"), 1))
    changed = document.model.scenario.objectives[1]
    assert (changed.id, changed.kind, changed.points, changed.name, changed.at) == (
        "capture_2",
        "capture",
        30,
        "Mairie",
        (20, 20),
    )
    map_marks.apply_choice(document, (20, 20), choice("change", values("capture", "german", 40), 0))
    assert document.model.scenario.objectives[0].name == "" and "The square" not in document.text()
    assert map_marks.apply_choice(document, (20, 20), choice("remove", row=0)) == "removed objective capture_1"
    assert [o.id for o in document.model.scenario.objectives] == ["capture_2"]
    assert document.undo.count() == steps + 5
    with pytest.raises(ValueError):
        map_marks.apply_choice(document, (20, 20), choice("remove"))  # which one, not said
    for _ in range(5):
        document.undo.undo()
    assert document.text() == before


def test_an_objective_is_one_row_inserted_and_removed(document):
    before = document.text()
    assert objective_edits.add_objective(document, "capture", "allied", 10, ("at", (20, 20))) == 0
    assert objective_edits.add_objective(document, "hold", "german", 15, ("at", (21, 20))) == 1
    assert "  - {id: hold_1, kind: hold, side: german, points: 15, at: [21, 20]}" in document.text()
    assert map_marks.objective_at(document.model.scenario, (21, 20)) == 1
    objective_edits.remove_objective(document, 0)
    assert [o.id for o in document.model.scenario.objectives] == ["hold_1"]
    for _ in range(3):
        document.undo.undo()
    assert document.text() == before
