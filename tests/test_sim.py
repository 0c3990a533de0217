"""The battle loop: determinism, save and reload, orders, movement, command control and the computer player."""

import json
import random

import pytest

from tacforge.engine.ai import ComputerPlayer, PassivePlayer
from tacforge.engine.sim import orders as o
from tacforge.engine.sim.battle import Battle
from tacforge.engine.sim.initial_state import handicap_factor, scaled_count
from tacforge.engine.sim.savegame import SaveError, events_jsonl, load, save

SCENARIOS = [("western", "bocage_crossroads"), ("eastern", "steppe_village")]


def battle(bundled, pack="western", scenario="bocage_crossroads", seed=1, **kw):
    content = bundled.content(pack)
    return Battle(content, content.scenario(scenario), seed=seed, **kw)


def play(b, players=None, until=None):
    players = players or {side: ComputerPlayer() for side in b.state.sides}
    while not b.over and (until is None or b.state.turn <= until):
        b.orders_phase({side: players[side].orders(b, side) for side in b.state.sides})
        b.combat_phase()
    return b


@pytest.mark.parametrize("pack,scenario", SCENARIOS)
def test_same_seed_same_event_log(bundled, pack, scenario):
    one = events_jsonl(play(battle(bundled, pack, scenario, seed=4, turns=8)).events)
    two = events_jsonl(play(battle(bundled, pack, scenario, seed=4, turns=8)).events)
    other = events_jsonl(play(battle(bundled, pack, scenario, seed=5, turns=8)).events)
    assert one == two
    assert one != other


@pytest.mark.parametrize("pack,scenario", SCENARIOS)
def test_save_and_reload_gives_the_same_log(bundled, pack, scenario, tmp_path):
    whole = events_jsonl(play(battle(bundled, pack, scenario, seed=9, turns=10)).events)
    first = play(battle(bundled, pack, scenario, seed=9, turns=10), until=4)
    save(first, tmp_path / "game.json")
    again, earlier = load(tmp_path / "game.json", bundled.content(pack))
    assert events_jsonl(earlier) + events_jsonl(play(again).events) == whole


def test_corrupt_and_mismatched_saves(bundled, tmp_path):
    b = play(battle(bundled, turns=2), until=1)
    path = tmp_path / "game.json"
    save(b, path)
    json.loads(path.read_text())  # a person can read it
    with pytest.raises(SaveError, match="tacforge save"):
        (tmp_path / "bad.json").write_text("{not json")
        load(tmp_path / "bad.json", bundled.content("western"))
    with pytest.raises(SaveError, match="pack 'western'"):
        load(path, bundled.content("eastern"))
    body = json.loads(path.read_text())
    body["units"][0].pop("count")
    (tmp_path / "damaged.json").write_text(json.dumps(body))
    with pytest.raises(SaveError, match="damaged"):
        load(tmp_path / "damaged.json", bundled.content("western"))


@pytest.mark.parametrize("pack,scenario", SCENARIOS)
@pytest.mark.parametrize("ai_side", [0, 1])
def test_computer_beats_a_passive_opponent(bundled, pack, scenario, ai_side):
    wins = 0
    for seed in range(10):
        b = battle(bundled, pack, scenario, seed=seed)
        sides = b.state.sides
        players = {sides[ai_side]: ComputerPlayer(), sides[1 - ai_side]: PassivePlayer()}
        result = play(b, players).result()
        wins += result.winner == sides[ai_side] and result.result == "decisive"
    assert wins >= 9


@pytest.mark.parametrize("pack,scenario", SCENARIOS)
def test_computer_against_computer_makes_contact(bundled, pack, scenario):
    b = play(battle(bundled, pack, scenario, seed=3))
    kinds = {e.kind for e in b.events}
    assert {"spotted", "fired", "killed", "moved"} <= kinds
    firing_sides = {b.state.units[e.unit].side for e in b.events if e.kind == "fired"}
    assert firing_sides == set(b.state.sides)


def test_objectives_and_delays(bundled):
    b = battle(bundled)
    b.start()
    unit = b.state.units["allied:B1"]
    inside = b.state.delays["allied"][0]
    b.orders_phase({"allied": [o.Move(unit.uid, (20, 20)), o.Move(unit.uid, (21, 21)), o.Move(unit.uid, (22, 22))]})
    assert unit.objectives == [(20, 20), (22, 22)]  # a third objective replaces the second (5.3)
    assert unit.delay == inside  # not cumulative
    b.orders_phase({"allied": [o.Cancel(unit.uid)]})
    assert unit.objectives == [] and unit.delay == inside + 1


def test_bombard_delays(bundled):
    b = battle(bundled)
    b.start()
    state = b.state
    mortar = next(u for u in state.side_units("allied") if u.weapon.unit_class in ("mortar", "sp_mortar"))
    hq = state.units[f"allied:{mortar.letter}0"]
    other = next(u for u in state.side_units("allied") if u.letter != mortar.letter and not u.is_hq)
    target = (mortar.pos[0] + 8, mortar.pos[1])
    assert b.orders_phase({"allied": [o.Bombard(mortar.uid, hq.uid, target)]}) == []
    assert mortar.mission.starts_in == 2 and mortar.range_limit == 0  # HQ of the same formation (5.4 case 1)
    assert b.orders_phase({"allied": [o.Bombard(mortar.uid, other.uid, target)]}) == []
    # another formation's unit spots: 6 if the battery belongs to the command HQ's formation, else 8
    assert mortar.mission.starts_in == (6 if mortar.letter == "A" else 8)
    far = (mortar.pos[0] + mortar.weapon.mr + 1, mortar.pos[1])
    assert "beyond" in b.orders_phase({"allied": [o.Bombard(mortar.uid, hq.uid, far)]})[0]


def test_disembark_suppresses_and_delays(bundled):
    b = battle(bundled)
    b.start()
    carrier = next(u for u in b.state.units.values() if u.passengers)
    riders = list(carrier.passengers)
    before = carrier.delay
    b.orders_phase({carrier.side: [o.Disembark(carrier.uid)]})
    assert carrier.passengers == []
    assert all(b.state.units[r].suppression == 80 and b.state.units[r].carrier is None for r in riders)
    assert carrier.delay == before + len(riders)


def test_handicap():
    assert scaled_count(30, handicap_factor.__globals__["Fraction"](1, 2)) == 15
    assert scaled_count(5, handicap_factor.__globals__["Fraction"](3, 4)) == 4  # 3.75 -> 4
    assert scaled_count(1, handicap_factor.__globals__["Fraction"](1, 2)) == 1  # never below 1


def test_handicap_applies_to_the_right_side(bundled):
    even = battle(bundled, handicap=3).state
    weak = battle(bundled, handicap=1).state
    assert sum(u.count for u in weak.side_units("german")) < sum(u.count for u in even.side_units("german"))
    assert sum(u.count for u in weak.side_units("allied")) == sum(u.count for u in even.side_units("allied"))


def test_movement_costs_and_carry_over(bundled):
    b = battle(bundled)
    b.start()
    unit = b.state.units["allied:B1"]
    field = b.field(unit)
    unit.objectives = [(unit.pos[0] + 10, unit.pos[1])]
    unit.speed = 5
    start = unit.pos
    assert start == (14, 29)
    assert (field.next_step(start, unit.objectives[0]), field.cost((15, 30))) == ((15, 30), 7)  # a Sherman in bocage
    b._move(unit)
    # 5 points cannot pay for a square costing 7: the unit waits and keeps its points
    assert unit.pos == start and unit.mp == 5
    b._move(unit)
    # the next pulse's 5 points are added: 10 pay for the square and 3 are carried over
    assert unit.pos == (15, 30) and unit.mp == 3


def test_trucks_cannot_enter_rivers(bundled):
    content = bundled.content("western")
    b = battle(bundled)
    river = {c.code for c in content.terrain_codes.values() if content.terrain_type(c.type).id == "core:river"}
    truck = next(u for u in b.state.units.values() if u.weapon.unit_class == "truck")
    field = b.field(truck)
    ys, xs = (b.map.codes == min(river)).nonzero()
    assert field.cost((int(xs[0]), int(ys[0]))) >= 1 << 20


def test_all_units_mode(bundled):
    b = battle(bundled)
    b.start()
    assert b.orders_phase({"allied": [o.AllUnits("allied", "B", "range", 3)]}) == []
    assert {u.range_limit for u in b.state.side_units("allied") if u.letter == "B"} == {3}
    b.state.units["allied:B0"].count = 0
    refused = b.orders_phase({"allied": [o.AllUnits("allied", "B", "face", "E")]})
    assert "lost its HQ" in refused[0]


@pytest.mark.parametrize(
    "pack,scenario,extra", [("western", "bocage_crossroads", 10), ("eastern", "steppe_village", None)]
)
def test_continuing_after_the_end(bundled, pack, scenario, extra):
    b = play(
        battle(bundled, pack, scenario, turns=2), players={s: PassivePlayer() for s in ("allied", "german", "soviet")}
    )
    assert b.over and b.state.turn == 2
    result = b.continue_after_end()
    assert not b.over and b.state.turn == 3
    if extra is None:
        assert result is None and b.state.last_turn > 10**6  # KG: the computer never ends it again
    else:
        assert result == b.state.last_turn == 2 + extra  # BG: turns 3-12, ten more


def test_ending_early(bundled):
    b = battle(bundled, turns=5)
    b.start()
    result = b.end_now()
    assert b.over and result.label == "Draw" and b.events[-1].final


def test_close_combat_mode_is_for_armour_and_infantry(bundled):
    """6.14: an armoured vehicle or infantry unit moving at range 0 heads for a firer within 3 squares; a truck,
    which has no weapon and so always range 0, keeps driving where it was sent."""
    from tacforge.engine.sim.combat import resolve_attack

    b = battle(bundled)
    b.start()
    state = b.state
    truck = next(u for u in state.units.values() if u.weapon.unit_class == "truck")
    rifles = next(u for u in state.units.values() if u.weapon.unit_class in ("rifle", "smg"))
    b.orders_phase({rifles.side: [o.Disembark(rifles.uid)]})
    for target in (truck, rifles):
        firer = next(u for u in state.units.values() if u.side != target.side and u.weapon.unit_class == "tank")
        target.objectives, target.speed, target.range_limit = [(0, 0)], target.weapon.sp, 0
        target.count = 99  # survives the shot
        target.pos = (firer.pos[0] + 2, firer.pos[1])
        b.moving = {target.uid}
        resolve_attack(firer, target, 2, b)
        target.firer_pos = firer.pos
    assert truck.objectives == [(0, 0)]
    assert rifles.objectives[0] == rifles.firer_pos


def test_a_unit_starts_with_the_speed_and_target_range_its_scenario_gives(bundled):
    import dataclasses

    content = bundled.content("western")
    scenario = content.scenario("bocage_crossroads")
    force = scenario.force("allied")
    first = force.formations[1]  # the tank company: B0 is a Sherman (SP 12, MR 10 in this pack)
    units = (dataclasses.replace(first.units[0], speed=5, target_range=4),) + first.units[1:]
    forces = tuple(
        dataclasses.replace(f, formations=(f.formations[0], dataclasses.replace(first, units=units), *f.formations[2:]))
        if f is force
        else f
        for f in scenario.forces
    )
    state = Battle(content, dataclasses.replace(scenario, forces=forces), seed=1).state
    assert (state.units["allied:B0"].speed, state.units["allied:B0"].range_limit) == (5, 4)
    assert (state.units["allied:B1"].speed, state.units["allied:B1"].range_limit) == (
        0,
        state.units["allied:B1"].weapon.mr,
    )


def test_the_movement_phase_counts_each_squares_units_as_they_move_and_embark(bundled):
    """crowded() reads a count of each side's units on the map per square during the movement phase, kept up move
    by move: after every Moved and Embarked event it equals a count made afresh, also when a truck drives to its
    infantry and takes it on board (which takes the infantry off the map)."""
    from tacforge.engine.sim import events as ev
    from tacforge.engine.sim.move_resolution import count_stacks

    b = battle(bundled)
    b.start()
    state = b.state
    truck = next(u for u in state.units.values() if u.weapon.unit_class == "truck" and u.passengers)
    b.orders_phase({truck.side: [o.Disembark(truck.uid)]})
    riders = [u for u in state.units.values() if u.pos == truck.pos and u.uid != truck.uid and u.side == truck.side]
    truck.pos = (truck.pos[0] + 3, truck.pos[1])  # away from them, so that it has to drive back to load them
    b.orders_phase({truck.side: [o.Embark(truck.uid, riders[0].uid)]})
    truck.delay = 0
    checked = []

    def check(event):
        if isinstance(event, (ev.Moved, ev.Embarked)) and b.stacks is not None:
            assert min(b.stacks.values()) >= 0, event
            assert {k: n for k, n in b.stacks.items() if n} == count_stacks(state.units.values()), event
            checked.append(type(event).__name__)

    b.listeners.append(check)
    for _ in range(3):
        b.orders_phase({})
        b.combat_phase()
    assert "Embarked" in checked and "Moved" in checked
    assert riders[0].carrier == truck.uid
