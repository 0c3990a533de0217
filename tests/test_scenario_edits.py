"""The Properties dock's edits without widgets (editor/scenario/scenario_edits.py, objective_edits.py,
arrival_edits.py): which value goes to which path of the file, defaults from the pack's rules and period table,
the date checked against the period, each edit one undo step that undoes exactly, and the saved file valid."""

from datetime import date

import pytest
from editor_fixtures import pack_copy  # noqa: F401 (fixture)

from tacforge.editor.document import MISSING
from tacforge.editor.scenario import arrival_edits as arr
from tacforge.editor.scenario import objective_edits as obj
from tacforge.editor.scenario import scenario_edits as edits
from tacforge.editor.shell.workspace import Workspace
from tacforge.engine.validation import schemas


@pytest.fixture
def document(pack_copy, qapp):  # noqa: F811
    return Workspace([pack_copy]).open(pack_copy / "scenarios" / "bocage_crossroads.yaml")


def one_step(document, edit):
    """`edit` is one undo step, and undoing it gives back the file exactly."""
    before, steps = document.text(), document.undo.count()
    edit()
    assert document.undo.count() == steps + 1
    after = document.text()
    assert after != before
    document.undo.undo()
    assert document.text() == before
    document.undo.redo()
    return after


def schema_errors(document):
    from tacforge.editor.document.models import schema_view

    return [i for i in schemas.validate("scenario", schema_view(document.data), document.path) if i.is_error]


def test_a_side_value_goes_into_its_mapping_and_clearing_the_last_removes_the_key(document):
    assert document.value("command_delays") is None  # bocage_crossroads plays the period's delays
    text = one_step(document, lambda: edits.set_side_value(document, "command_delays", "german", 3))
    assert "command_delays: {german: 3}" in text
    assert dict(document.model.scenario.command_delays) == {"german": 3}
    edits.set_side_value(document, "command_delays", "allied", 5)
    assert dict(document.model.scenario.command_delays) == {"german": 3, "allied": 5}
    one_step(document, lambda: edits.set_side_value(document, "command_delays", "german", MISSING))
    assert dict(document.model.scenario.command_delays) == {"allied": 5}
    edits.set_side_value(document, "command_delays", "allied", MISSING)
    assert document.value("command_delays") is None and "command_delays" not in document.text()
    assert not edits.set_side_value(document, "start_lines", "allied", 15)  # the file says so already: no step


def test_the_command_delay_default_is_the_period_tables(document):
    period = document.content.periods[4]
    assert edits.period_command_delay(document.content, 4, "allied") == period.delays("allied")[0] == 2
    assert edits.period_command_delay(document.content, 99, "allied") is None


def test_the_date_is_written_as_text_and_checked_against_the_period(document):
    period = document.content.periods[4]  # Late 1944: 1944-07-01 to 1944-12-31
    assert edits.date_warning(period, date(1944, 7, 29)) == ""
    assert edits.date_warning(period, date(1945, 2, 1)) == "1945-02-01 is outside period 4 (1944-07-01 to 1944-12-31)"
    assert edits.date_warning(period, None) == "" and edits.date_warning(None, date(1945, 2, 1)) == ""
    original = document.text()
    text = one_step(document, lambda: edits.set_date(document, date(1944, 8, 2)))
    assert 'date: "1944-08-02"' in text and document.model.scenario.date == date(1944, 8, 2)
    edits.set_date(document, None)  # a second change of the same value: merged into the same undo step
    assert document.model.scenario.date is None and "date:" not in document.text()
    document.undo.undo()
    assert document.model.scenario.date == date(1944, 7, 29) and document.text() == original


def test_the_objective_area_centre_and_scalar_values(document):
    text = one_step(document, lambda: edits.set_objective_center(document, (25, 33)))
    assert "objective: {center: [25, 33]}" in text
    edits.set_objective_center(document, None)
    assert document.model.scenario.objective_center is None
    one_step(document, lambda: edits.set_scalar(document, "visibility", "random", "Change visibility"))
    assert document.model.scenario.visibility == "random"


def test_victory_bands_are_the_packs_with_the_winning_side_named(document):
    rows = edits.victory_band_rows(document.content)
    assert rows[0] == ("≥ 2", "decisive (Allied)")
    assert ("≥ 0.92", "draw") in rows
    assert rows[-1] == ("≥ 0", "decisive (German)")


def test_briefings_preview_the_text_tacforge_play_prints(document):
    from tacforge.engine.cli.turn_text import opening_text

    edits.set_briefing(document, "german", "Hold the bridge.\nDo not retreat.")
    assert "side_briefings:\n  german: |-\n    Hold the bridge.\n    Do not retreat." in document.text()
    scenario = document.model.scenario
    assert scenario.side_briefing("german") == "Hold the bridge.\nDo not retreat."
    german = edits.briefing_preview(document.content, scenario, "german", 20, 12)
    allied = edits.briefing_preview(document.content, scenario, "allied", 20, 12)
    opening = opening_text(scenario, document.content.ruleset, 20, 12)
    assert german == opening + "\n\nGerman briefing:\nHold the bridge.\nDo not retreat."
    assert allied == opening and "Hold the bridge" not in allied
    assert opening.startswith(
        "Bocage Crossroads (westcopy:bocage_crossroads): Meeting Engagement, 20 turns, "
        "visibility 12\n\nAllied: The breakout"
    )
    edits.set_briefing(document, "german", "  ")
    assert document.value("side_briefings") is None


def test_off_map_batteries_are_added_edited_and_removed_per_side(document):
    def add(side, weapon, count):
        edits.add_side_row(document, "offmap_artillery", side, {"weapon": weapon, "count": count})

    text = one_step(document, lambda: add("german", "h_art", 1))
    assert "offmap_artillery:\n  german:\n    - {weapon: h_art, count: 1}" in text
    add("german", "m_art", 2)
    add("allied", "m_art", 3)
    one_step(document, lambda: edits.set_side_row_value(document, "offmap_artillery", "german", 1, "count", 4))
    batteries = document.model.scenario.offmap_artillery
    assert [(b.side, b.weapon, b.count) for b in batteries] == [
        ("german", "h_art", 1),
        ("german", "m_art", 4),
        ("allied", "m_art", 3),
    ]
    one_step(document, lambda: edits.remove_side_row(document, "offmap_artillery", "german", 0))
    edits.remove_side_row(document, "offmap_artillery", "german", 0)
    assert [b.side for b in document.model.scenario.offmap_artillery] == ["allied"]
    edits.remove_side_row(document, "offmap_artillery", "allied", 0)
    assert document.value("offmap_artillery") is None


def test_add_objective_at_a_square_is_one_step_and_valid(document):
    row = obj.add_objective_at(document, "allied", (31, 29), points=50, name="The bridge")
    assert row == 0
    objective = document.model.scenario.objectives[0]
    assert (objective.id, objective.kind, objective.side, objective.points, objective.at, objective.name) == (
        "capture_1",
        "capture",
        "allied",
        50,
        (31, 29),
        "The bridge",
    )
    assert (
        "objectives:\n  - {id: capture_1, name: The bridge, kind: capture, side: allied, points: 50, at: [31, 29]}"
        in document.text()
    )
    one_step(document, lambda: obj.add_objective_at(document, "german", (30, 30)))
    assert document.model.scenario.objectives[1].points == 1  # the schema's least, for the designer to type
    assert document.model.scenario.objectives[1].id == "capture_2"
    assert not schema_errors(document)


def test_changing_the_kind_sets_where_the_new_kind_needs_to_be(document):
    obj.add_objective_at(document, "allied", (31, 29), points=50)
    obj.set_objective_value(document, 0, "every_turn", True)
    one_step(document, lambda: obj.set_objective_value(document, 0, "kind", "exit"))
    objective = document.model.scenario.objectives[0]
    assert (objective.kind, objective.at, objective.edge, objective.every_turn) == ("exit", None, "east", False)
    obj.set_objective_value(document, 0, "kind", "destroy")
    objective = document.model.scenario.objectives[0]
    assert (objective.unit, objective.edge) == ("A0", None)  # the German force's first unit
    obj.set_objective_value(document, 0, "kind", "hold")
    assert document.model.scenario.objectives[0].at == (30, 30)  # the objective area's centre
    assert not schema_errors(document)
    one_step(document, lambda: obj.remove_objective(document, 0))
    assert document.value("objectives") is None


def test_where_is_read_as_each_kind_needs_it():
    assert obj.parse_where("capture", " 12, 30 ") == ("at", (12, 30))
    assert obj.parse_where("exit", "East") == ("edge", "east")
    assert obj.parse_where("destroy", "b1") == ("unit", "B1")
    for kind, text in (("hold", "12"), ("hold", "1,2; 3,4"), ("exit", "up"), ("destroy", "B12")):
        with pytest.raises(ValueError):
            obj.parse_where(kind, text)
    assert obj.where_keys() == {"capture": "at", "hold": "at", "exit": "edge", "destroy": "unit"}


def test_an_arrival_keeps_only_what_differs_from_the_defaults(document):
    path = arr.arrival_path("allied", 1, None)
    text = one_step(document, lambda: arr.set_arrival(document, "allied", 1, None, arr.ArrivalValues(6, 6)))
    assert "    arrives: {turn: 6}" in text
    assert document.model.scenario.force("allied").formations[1].arrives.turn == 6
    arr.set_arrival(document, "allied", 1, None, arr.ArrivalValues(6, 9, 0.5, "south"))
    assert dict(document.value(*path)) == {"turn": 6, "last_turn": 9, "chance": 0.5, "edge": "south"}
    arr.set_arrival(document, "allied", 1, 2, arr.ArrivalValues(8, 8, 1.0, None, ((1, 20), (1, 21))))
    unit = document.model.scenario.force("allied").formations[1].units[2]
    assert unit.arrives.squares == ((1, 20), (1, 21)) and unit.arrives.edge is None
    assert "arrives: {turn: 8, squares: [[1, 20], [1, 21]]}" in document.text()
    assert not schema_errors(document)
    one_step(document, lambda: arr.set_arrival(document, "allied", 1, None, None))
    assert document.value(*path) is None
    assert not arr.set_arrival(document, "allied", 1, None, None)


def test_squares_are_read_from_text():
    assert arr.parse_squares("1,20; 1,21\n2 22") == ((1, 20), (1, 21), (2, 22))
    assert arr.squares_text(((1, 20), (1, 21))) == "1,20; 1,21"
    with pytest.raises(ValueError, match="'x1' is not a square"):
        arr.parse_squares("1,2; x1")
    assert arr.ArrivalValues.first() == arr.ArrivalValues(1, 1)


def test_the_order_of_battle_labels_an_arrival_in_a_few_words():
    from tacforge.engine.model import Arrival

    assert arr.arrival_label(None) == ""
    assert arr.arrival_label(Arrival(6, 6)) == "arrives turn 6"
    assert arr.arrival_label(Arrival(6, 8, 0.5)) == "arrives turns 6-8"
