"""Reinforcements (scenario `arrives:`): arrival turns and squares, blocked entry squares, orders before arrival,
the computer player using them, save and reload, and the golden event logs of the fixture battles."""

import pytest
from engine_features import GOLDEN_GAMES, fixture_content, golden_path, new_battle, played_log

from tacforge.engine.ai import ComputerPlayer, PassivePlayer, play_out
from tacforge.engine.balance.games import play_game
from tacforge.engine.cli.turn_text import final_report, result_json
from tacforge.engine.sim import orders as o
from tacforge.engine.sim.savegame import events_jsonl, load, save


@pytest.fixture(scope="module")
def content():
    return fixture_content()


def arrivals(battle):
    return [(e.turn, e.unit, tuple(e.at)) for e in battle.events if e.kind == "arrived"]


def passive(battle, until=None):
    players = {side: PassivePlayer() for side in battle.state.sides}
    while not battle.over and (until is None or battle.state.turn <= until):
        battle.start()
        battle.orders_phase({side: players[side].orders(battle, side) for side in battle.state.sides})
        battle.combat_phase()
    return battle


@pytest.mark.parametrize("scenario,seed", GOLDEN_GAMES)
def test_golden_event_log(content, scenario, seed):
    assert played_log(content, scenario, seed) == golden_path(scenario, seed).read_text(encoding="utf-8")


def test_reinforcements_wait_off_the_map_until_their_turn(content):
    battle = new_battle(content, "reinforcements")
    tank = battle.state.units["allied:B1"]
    assert tank.pos is None and not tank.on_map and not tank.present
    passive(battle, until=2)
    assert battle.state.turn == 3  # turn 3 has begun: the platoon is on the map before the orders
    # the west edge of a 20-row map from its middle outwards: rows 9, 10, ...; the stacking limit is 2 a square
    assert [a for a in arrivals(battle) if a[1].startswith("allied")] == [
        (3, "allied:B0", (0, 9)),
        (3, "allied:B1", (0, 9)),
        (3, "allied:B2", (0, 10)),
    ]
    assert tank.on_map and tank.start_pos == (0, 9) and tank.facing == "E"


def test_a_chance_arrival_comes_by_its_last_turn_at_the_latest(content):
    turns = set()
    for seed in range(1, 9):
        battle = passive(new_battle(content, "reinforcements", seed))
        came = [turn for turn, uid, _ in arrivals(battle) if uid == "german:A3"]
        assert len(came) == 1 and 2 <= came[0] <= 4
        turns.add(came[0])
    assert turns == {2, 3, 4}  # the draw decides: over these seeds, every turn of the window


def test_blocked_entry_squares_are_skipped_in_order(content):
    battle = new_battle(content, "reinforcements", seed=3)  # the assault guns come on turn 4
    rifles, hmg = battle.state.units["allied:A1"], battle.state.units["allied:A2"]
    rifles.pos, hmg.pos = (24, 10), (29, 10)  # the enemy holds the first two listed squares
    battle.state.units["german:A0"].pos = (20, 0)  # out of the way
    passive(battle, until=3)
    assert [a for a in arrivals(battle) if a[1] == "german:A3"] == [(4, "german:A3", (29, 11))]


def test_no_free_entry_square_means_waiting_for_the_next_turn(content):
    battle = new_battle(content, "reinforcements", seed=1)  # the assault guns are due on turn 2
    held = [(24, 10), (29, 10), (29, 11)]
    for uid, square in zip(("allied:A0", "allied:A1", "allied:A2"), held, strict=True):
        battle.state.units[uid].pos = square
    battle.state.units["german:A0"].pos = (20, 0)
    passive(battle, until=1)
    assert battle.state.units["german:A3"].arrival is not None  # every entry square held: it waits
    battle.state.units["allied:A2"].pos = (5, 5)
    passive(battle, until=3)
    # turn 3 draws again (it is not yet its last turn); whatever the draw, it has come by turn 4, its last
    came = [a for a in arrivals(battle) if a[1] == "german:A3"]
    assert len(came) == 1 and came[0][0] in (3, 4) and came[0][2] == (29, 11)


def test_orders_to_a_unit_not_yet_arrived_are_refused(content):
    battle = new_battle(content, "reinforcements")
    battle.start()
    refused = battle.orders_phase({"allied": [o.Move("allied:B1", (10, 10), None), o.Move("allied:A1", (9, 9), None)]})
    assert refused == ["allied: B1 has not arrived yet (due from turn 3)"]
    passive(battle, until=2)
    assert battle.orders_phase({"allied": [o.Move("allied:B1", (10, 10), None)]}) == []


def test_the_computer_player_moves_the_reinforcements(content):
    battle = new_battle(content, "reinforcements")
    play_out(battle, {side: ComputerPlayer() for side in battle.state.sides})
    orders = {e.unit for e in battle.events if e.kind == "order" and e.order == "move"}
    assert {"allied:B0", "allied:B1", "allied:B2"} <= orders
    assert battle.state.units["allied:B1"].pos != (0, 9)


@pytest.mark.parametrize("stop", [1, 2, 3])
def test_save_and_reload_mid_battle_gives_the_same_log(content, tmp_path, stop):
    """Saved before the arrivals (pending ones saved and restored), and after them."""
    whole = new_battle(content, "reinforcements", seed=3)
    play_out(whole, {side: ComputerPlayer() for side in whole.state.sides})
    first = new_battle(content, "reinforcements", seed=3)
    players = {side: ComputerPlayer() for side in first.state.sides}
    while first.state.turn <= stop:
        first.start()
        first.orders_phase({side: players[side].orders(first, side) for side in first.state.sides})
        first.combat_phase()
    path = tmp_path / "save.json"
    save(first, path)
    again, saved_events = load(path, content)
    play_out(again, players)
    assert events_jsonl(saved_events) + events_jsonl(again.events) == events_jsonl(whole.events)


def test_reports_name_the_arrivals(content):
    battle = new_battle(content, "reinforcements", seed=1)
    passive(battle, until=1)  # turn 2 has begun: the assault guns are in, the tanks still to come
    result = battle.result()
    report = result_json(battle, result)["reinforcements"]
    assert report == {
        "allied": {"arrived": [], "waiting": ["B0", "B1", "B2"]},
        "german": {"arrived": ["A3"], "waiting": []},
    }
    assert "Allied reinforcements: arrived none; never came: B0, B1, B2" in final_report(battle, result)


def test_a_scenario_without_reinforcements_reports_none(bundled):
    content = bundled.content("western")
    battle = new_battle(content, "bocage_crossroads")
    assert "reinforcements" not in result_json(battle, battle.result())


def test_batch_summaries_count_the_arrivals(content):
    game = play_game(content, content.scenario("reinforcements"), index=0, seed=1)
    assert game.sides["allied"].arrived == 3 and game.sides["german"].arrived == 1
