"""Typed objectives (scenario `objectives:`): each kind scored with hand-computed points, hidden objectives, the
victory report and saves. The fixture (tests/data/engine-features, scenario 'objectives') holds one of each:
farm (capture, allied, 60 at 15,10), copse (hold every turn, german, 5 at 23,9, hidden), crossing (hold at the end,
allied, 40 at 6,11), breakout (exit east, allied, 25 a unit), guns (destroy german A2, allied, 80)."""

import pytest
from engine_features import fixture_content, new_battle

from tacforge.engine.cli.turn_text import final_report, objective_lines, result_json
from tacforge.engine.sim import orders as o
from tacforge.engine.sim.objectives import end_of_turn
from tacforge.engine.sim.savegame import load, save


@pytest.fixture(scope="module")
def content():
    return fixture_content()


@pytest.fixture
def battle(content):
    b = new_battle(content, "objectives")
    b.start()
    return b


def earned(battle):
    return {s.id: s.earned for s in battle.result().objectives}


def put(battle, uid, square):
    battle.state.units[uid].pos = square


def test_at_the_start_only_the_held_squares_count(battle):
    # allied A2 stands on the crossing, german A1 in the copse (but a turn has yet to end for every-turn holds)
    assert earned(battle) == {"farm": 0, "copse": 0, "crossing": 40, "breakout": 0, "guns": 0}


def test_capture_is_kept_once_taken(battle):
    put(battle, "allied:A1", (15, 10))
    end_of_turn(battle)
    assert earned(battle)["farm"] == 60
    assert [(e.objective, e.side, e.points) for e in battle.events if e.kind == "objective_captured"] == [
        ("farm", "allied", 60)
    ]
    put(battle, "allied:A1", (10, 10))
    put(battle, "german:A0", (15, 10))
    end_of_turn(battle)
    assert earned(battle)["farm"] == 60
    assert sum(1 for e in battle.events if e.kind == "objective_captured") == 1


def test_a_contested_square_is_not_captured(battle):
    put(battle, "allied:A1", (15, 10))
    put(battle, "german:A0", (15, 10))
    end_of_turn(battle)
    assert earned(battle)["farm"] == 0


def test_hold_every_turn_counts_each_turn_held_alone(battle):
    end_of_turn(battle)
    end_of_turn(battle)
    assert earned(battle)["copse"] == 2 * 5
    put(battle, "allied:A0", (23, 9))  # contested: this turn does not count
    end_of_turn(battle)
    assert earned(battle)["copse"] == 2 * 5


def test_hold_at_the_end_counts_only_who_holds_it_now(battle):
    put(battle, "allied:A2", (7, 11))
    assert earned(battle)["crossing"] == 0
    put(battle, "allied:A2", (6, 11))
    assert earned(battle)["crossing"] == 40


def test_exit_takes_units_off_the_map_for_points(battle):
    put(battle, "allied:A1", (29, 5))
    put(battle, "allied:A0", (28, 0))  # on the north edge, not the east one: it stays
    end_of_turn(battle)
    tanks = battle.state.units["allied:A1"]
    assert tanks.exited and tanks.pos is None and not tanks.on_map
    assert earned(battle)["breakout"] == 25
    assert [(e.unit, tuple(e.at), e.objective) for e in battle.events if e.kind == "exited"] == [
        ("allied:A1", (29, 5), "breakout")
    ]
    assert battle.orders_phase({"allied": [o.Move("allied:A1", (20, 5), None)]}) == ["allied: A1 has left the map"]
    put(battle, "allied:A0", (29, 0))
    end_of_turn(battle)
    assert earned(battle)["breakout"] == 2 * 25


def test_destroy_scores_when_the_named_unit_has_no_weapons_left(battle):
    guns = battle.state.units["german:A2"]
    guns.count = 1
    assert earned(battle)["guns"] == 0
    guns.count = 0
    assert earned(battle)["guns"] == 80


def test_typed_points_add_to_the_total_and_are_never_doubled(battle):
    put(battle, "allied:A1", (15, 10))
    end_of_turn(battle)  # farm 60, copse 5; the crossing is held (40)
    battle.state.units["german:A2"].count = 0  # guns 80
    battle.state.attackers = ("allied",)  # as if an allied assault: the German defender's points are doubled
    scores = battle.result().scores
    assert scores["allied"].typed_objectives == 60 + 40 + 80
    assert scores["german"].typed_objectives == 5
    allied, german = scores["allied"], scores["german"]
    assert allied.total == allied.kills + allied.objective + allied.bonus + 180
    assert german.doubled and german.kills == german.objective == german.bonus == 0 and german.total == 5


def test_hidden_objectives_are_shown_to_their_side_only(battle):
    scores = battle.result().objectives
    allied = "\n".join(objective_lines(battle, scores, "allied"))
    german = "\n".join(objective_lines(battle, scores, "german"))
    assert "The copse" not in allied and "The farm" in allied
    assert "The copse" in german and "The farm" in german
    assert "The copse" in "\n".join(objective_lines(battle, scores))


def test_the_victory_report_names_the_objectives(battle):
    put(battle, "allied:A1", (15, 10))
    end_of_turn(battle)
    result = battle.result()
    report = final_report(battle, result)
    assert "The farm" in report and "The assault guns" in report
    rows = {
        r["id"]: (r["name"], r["kind"], r["side"], r["points"], r["earned"])
        for r in result_json(battle, result)["objectives"]
    }
    assert rows["farm"] == ("The farm", "capture", "allied", 60, 60)
    assert rows["copse"] == ("The copse", "hold", "german", 5, 5)


def test_objective_progress_survives_save_and_reload(battle, content, tmp_path):
    put(battle, "allied:A1", (15, 10))
    put(battle, "allied:A0", (29, 3))
    end_of_turn(battle)
    end_of_turn(battle)
    save(battle, tmp_path / "save.json")
    again, _ = load(tmp_path / "save.json", content)
    assert again.state.captured == {"farm"}
    assert again.state.held_turns == {"copse": 2}
    assert again.state.exits == {"breakout": 1} and again.state.units["allied:A0"].exited
    assert earned(again) == earned(battle)


def test_a_scenario_without_objectives_reports_none(bundled):
    content = bundled.content("western")
    plain = new_battle(content, "bocage_crossroads")
    result = plain.result()
    assert result.objectives == () and "objectives" not in result_json(plain, result)
    assert all(s.typed_objectives == 0 for s in result.scores.values())
