"""AI plans (issue 26, docs/rules.md 15.9): the fixture scenario 'plans' (tests/data/engine-features) holds the
issue's plan: the German tank section drives to the corner [22, 15] and holds; the grenadiers hold until the
trigger 'go' fires on turn 5, then cross the bridge at [16, 1] to [12, 1]. A second plan, 'frontal' (weight 1
against 3), sends the platoon straight at the copse; seed 2 draws 'flank', seed 1 'frontal'."""

import json
from dataclasses import replace
from types import MappingProxyType

import pytest
from engine_features import fixture_content, new_battle

from tacforge.engine.ai import ComputerPlayer, play_out
from tacforge.engine.ai.plans import draw_plan, side_plan
from tacforge.engine.ai.session import Session
from tacforge.engine.model import AiPlan, PlanGroup, PlanOrder
from tacforge.engine.sim.battle import Battle
from tacforge.engine.sim.savegame import events_jsonl, load, save

CORNER, BRIDGE, FAR_BANK = (22, 15), (16, 1), (12, 1)
FLANK_SEED, FRONTAL_SEED = 2, 1


@pytest.fixture(scope="module")
def content():
    return fixture_content()


@pytest.fixture(scope="module")
def played(content):
    battle = new_battle(content, "plans", seed=FLANK_SEED)
    return play_out(battle, {side: ComputerPlayer() for side in battle.state.sides})


def moves(battle, uid):
    return [e for e in battle.events if e.kind == "moved" and e.unit == uid]


def test_the_plan_is_recorded_at_the_start(content, played):
    plans = [e.to_dict() for e in played.events if e.kind == "plan"]
    assert plans == [{"kind": "plan", "turn": 1, "pulse": 0, "side": "german", "plan": "flank"}]
    other = new_battle(content, "plans", seed=FRONTAL_SEED)
    play_out(other, {side: ComputerPlayer() for side in other.state.sides})
    assert [(e.side, e.plan) for e in other.events if e.kind == "plan"] == [("german", "frontal")]
    assert played.events.index(next(e for e in played.events if e.kind == "plan")) < next(
        i for i, e in enumerate(played.events) if e.kind == "order"
    )


def test_the_trigger_fires_on_its_turn(played):
    fired = [(e.turn, e.side, e.trigger) for e in played.events if e.kind == "trigger"]
    assert fired == [(5, "german", "go")]


def test_the_tanks_reach_their_corner_and_hold(played):
    tanks = moves(played, "german:A1")
    assert tanks and tuple(tanks[-1].to) == CORNER
    arrived = max(e.turn for e in tanks)
    assert arrived < played.state.last_turn  # then held there, turn after turn, to the end
    assert played.state.units["german:A1"].pos == CORNER


def test_the_grenadiers_hold_then_cross_the_bridge_when_the_trigger_fires(played):
    grenadiers = moves(played, "german:A2")
    assert grenadiers and min(e.turn for e in grenadiers) > 5  # held east of the river until 'go' (and its delay)
    squares = [tuple(e.to) for e in grenadiers]
    assert BRIDGE in squares
    assert squares[-1] == FAR_BANK
    assert all(x >= BRIDGE[0] for x, _ in squares[: squares.index(BRIDGE)])  # over the bridge, not the river


def test_a_seed_replays_its_plan_and_the_weights_decide(content):
    scenario = content.scenario("plans")
    flank, frontal = scenario.ai_plans["german"]
    never = replace(flank, id="never", weight=0.0)
    plans = (flank, frontal, never)  # weights 3, 1, 0
    drawn = [draw_plan(plans, seed, "german").id for seed in range(400)]
    assert drawn == [draw_plan(plans, seed, "german").id for seed in range(400)]
    assert "never" not in drawn
    assert 0.65 < drawn.count("flank") / len(drawn) < 0.85  # 3 in 4 expected
    assert draw_plan((never,), 1, "german") is None


def test_no_plans_leave_the_battles_random_stream_alone(content):
    """The draw uses its own generator: with or without plans, the battle's stream is where it was."""
    scenario = content.scenario("plans")
    for ai_plans in (scenario.ai_plans, MappingProxyType({})):
        battle = Battle(content, replace(scenario, ai_plans=ai_plans), seed=4)
        battle.start()
        before = battle.state.rng.getstate()
        side_plan(battle, "german")
        side_plan(battle, "allied")
        assert battle.state.rng.getstate() == before
    assert battle.state.plans == {} and not [e for e in battle.events if e.kind == "plan"]


def test_a_side_played_by_a_human_draws_no_plan(content):
    battle = new_battle(content, "plans", seed=FLANK_SEED)
    session = Session(battle, {"allied": "computer", "german": "human"})
    assert session.begin_orders() == "german"
    assert not [e for e in battle.events if e.kind == "plan"]


def test_units_outside_the_groups_and_finished_groups_follow_the_doctrine(content):
    """The HQ is in no group: it fights by the doctrine (the attack of a pursuit). A group whose move is done and
    that says nothing more goes back to the doctrine too; with `then: hold` it stays."""
    scenario = content.scenario("plans")
    tanks_only = AiPlan("tanks", groups=(PlanGroup(("A1",), (PlanOrder("move", CORNER, "fast"),)),))
    held = AiPlan("held", groups=(PlanGroup(("A1",), (PlanOrder("move", CORNER, "fast"),), then="hold"),))
    ends = {}
    for plan in (tanks_only, held):
        battle = Battle(content, replace(scenario, ai_plans=MappingProxyType({"german": (plan,)})), seed=FLANK_SEED)
        play_out(battle, {side: ComputerPlayer() for side in battle.state.sides})
        assert moves(battle, "german:A0"), "the HQ, in no group, attacks by the doctrine"
        ends[plan.id] = battle.state.units["german:A1"].pos
    assert ends["held"] == CORNER
    assert ends["tanks"] != CORNER  # its move done, the doctrine sent it on toward the objective


@pytest.mark.parametrize("stop", [3, 6])
def test_save_and_reload_mid_battle_goes_on_with_the_plan(content, tmp_path, stop):
    whole = new_battle(content, "plans", seed=FLANK_SEED)
    play_out(whole, {side: ComputerPlayer() for side in whole.state.sides})
    first = new_battle(content, "plans", seed=FLANK_SEED)
    players = {side: ComputerPlayer() for side in first.state.sides}
    while first.state.turn <= stop:
        first.start()
        first.orders_phase({side: players[side].orders(first, side) for side in first.state.sides})
        first.combat_phase()
    path = tmp_path / "save.json"
    save(first, path)
    again, saved_events = load(path, content)
    assert again.state.plans == first.state.plans
    play_out(again, players)
    assert events_jsonl(saved_events) + events_jsonl(again.events) == events_jsonl(whole.events)


def test_the_cli_play_prints_the_plan_and_the_triggers(capsys):
    from engine_features import PACKS

    from tacforge.engine.cli import main

    argv = ["--pack-path", str(PACKS), "play", "features_fixtures:plans", "--seed", str(FLANK_SEED)]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    turn = {line.split(":")[0]: line for line in lines if line.startswith("Turn ")}
    plan = "German plan: 'flank' (Tanks to the corner, grenadiers over the bridge on turn 5)"
    assert turn["Turn  1"].endswith(plan)
    assert turn["Turn  5"].endswith("German plan: trigger 'go' fired")
    assert not [line for key, line in turn.items() if key not in ("Turn  1", "Turn  5") and "plan:" in line]
    assert lines[-1].startswith("German followed the AI plan 'flank'") and lines[-1].endswith("triggers fired: go")
    assert main([*argv, "--format", "json", "--quiet"]) == 0
    assert json.loads(capsys.readouterr().out)["plans"] == {"german": {"plan": "flank", "triggers": ["go"]}}
