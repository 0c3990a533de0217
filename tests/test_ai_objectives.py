"""The computer player and the scenario's typed objectives (engine/ai/objectives.py). The fixture
(tests/data/engine-features, scenario 'objectives', see test_objectives.py) gives the Allies a capture objective at
15,10 (farm), a hold objective at 6,11 (crossing, where their rifles A2 stand) and a destroy objective on the German
StuG A2 at 23,11."""

from dataclasses import replace
from types import MappingProxyType

import pytest
from engine_features import fixture_content, new_battle

from tacforge.engine.ai import ComputerPlayer, play_out
from tacforge.engine.ai.knowledge import Picture
from tacforge.engine.ai.objectives import destroy_orders, detachments
from tacforge.engine.packs import load_packs
from tacforge.engine.sim import orders as o
from tacforge.engine.sim.battle import Battle


@pytest.fixture
def battle():
    b = new_battle(fixture_content(), "objectives")
    b.start()
    return b


def allied_units(battle):
    return sorted((u for u in battle.state.side_units("allied")), key=lambda u: u.index)


def test_a_unit_is_sent_to_the_capture_objective_and_the_one_on_the_hold_objective_stays(battle):
    pic = Picture(battle, "allied")
    sent = {square: unit.uid for unit, square in detachments(pic, allied_units(battle))}
    assert sent == {(15, 10): "allied:A1", (6, 11): "allied:A2"}  # the HQ A0 is never sent
    orders = ComputerPlayer().orders(battle, "allied")
    assert o.Move("allied:A1", (15, 10)) in orders
    assert not [order for order in orders if getattr(order, "unit", None) == "allied:A2" and isinstance(order, o.Move)]


def test_a_captured_objective_is_left(battle):
    battle.state.captured.add("farm")
    pic = Picture(battle, "allied")
    assert [square for _, square in detachments(pic, allied_units(battle))] == [(6, 11)]  # the crossing


def test_units_that_see_the_named_enemy_in_range_and_can_hurt_it_fire_at_it_first(battle):
    assert destroy_orders(Picture(battle, "allied"), allied_units(battle)) == []  # not seen yet
    battle.state.units["allied:A1"].pos = (15, 11)  # 8 squares from the StuG, within the Sherman's 10
    battle.state.units["allied:A2"].pos = (21, 11)  # rifles cannot hurt it
    battle.seen_by_side["allied"].add("german:A2")
    assert destroy_orders(Picture(battle, "allied"), allied_units(battle)) == [o.Priority("allied:A1", "german:A2")]


def test_the_attackers_take_kasserines_objectives():
    """Before the computer player knew typed objectives, 12 games of Kasserine earned the Germans none of them. The
    doctrine is what is tested, so the scenario's AI plans (which send the groups where history went) are left out."""
    packs = load_packs(env={}, include_user_dir=False)
    scenario = next(s for s in packs.packs["western"].docs.scenarios if s.id == "western:kasserine")
    assert scenario.ai_plans  # (the test would prove nothing if the plans were not there to leave out)
    battle = Battle(packs.content("western"), replace(scenario, ai_plans=MappingProxyType({})), seed=0)
    player = ComputerPlayer()
    play_out(battle, {side: player for side in battle.state.sides})
    captured = {e.objective for e in battle.events if e.kind == "objective_captured"}
    assert captured == {"hamra_crest", "hill_812", "bou_chebka_pass"}


def test_a_unit_outside_the_area_heads_off_the_exit_edge_only_when_the_turns_left_just_suffice(battle):
    battle.state.captured.add("farm")  # the Sherman A1 is free
    sherman = battle.state.units["allied:A1"]
    sherman.pos = (26, 4)  # outside the objective area, 3 squares from the east edge: under a turn away
    pic = Picture(battle, "allied")
    assert (sherman, (29, 4)) not in detachments(pic, allied_units(battle))  # turn 1 of 6: it fights on
    battle.state.turn = battle.state.last_turn
    pic = Picture(battle, "allied")
    assert (sherman, (29, 4)) in detachments(pic, allied_units(battle))
    assert o.Move("allied:A1", (29, 4)) in ComputerPlayer().orders(battle, "allied")
    sherman.pos = (16, 10)  # in the objective area, where it scores at the end: it stays
    assert not [u for u, _ in detachments(Picture(battle, "allied"), allied_units(battle)) if u is sherman]
