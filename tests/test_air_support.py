"""The air_support module (docs/rules.md 16.6-16.10): aircraft built from a scenario's `air_support:` only with the
module on, sorties called with the bombard order and refused before arrival, in a storm or (under overcast) without
an air observer, flown through the bombardment pipeline, anti-aircraft fire shooting them down, the battle counters
this draws, the computer calling aircraft, `tacforge new --modules air_support`, a save and load, and the text of
`tacforge play`. The bundled Eastern Steppe Village turns the module on (a Soviet Il-2 with PTAB, a German Stuka)."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import shutil

import pytest

from tacforge.editor.playtest.air_strikes import air_strikes
from tacforge.editor.playtest.log_lines import log_line
from tacforge.engine.ai import ComputerPlayer, play_out
from tacforge.engine.cli import main
from tacforge.engine.cli.turn_text import turn_summary
from tacforge.engine.packs.scenario_lookup import find_scenario
from tacforge.engine.sim import events as ev
from tacforge.engine.sim import orders as o
from tacforge.engine.sim import savegame
from tacforge.engine.sim.battle import Battle

SCENARIO = "eastern:steppe_village"
SOVIET_AIR, GERMAN_AIR = "soviet:AIR1", "german:AIR1"
NO_DRIFT = (("air_drift_observed", 0), ("air_drift_unobserved", 0))


def _battle(seed=5, turns=12, parameters=(), **changes) -> Battle:
    content, scenario = find_scenario(SCENARIO, [])
    arrive_now = tuple(dataclasses.replace(a, arrival=1) for a in scenario.air_support)
    changes = {"air_support": arrive_now, "parameters": scenario.parameters + tuple(parameters), **changes}
    return Battle(content, dataclasses.replace(scenario, **changes), seed=seed, turns=turns)


def _halftrack_square(battle: Battle) -> tuple[int, int]:
    """A German halftrack's square: a target with a unit that fires back (halftracks have a pintle MG)."""
    return next(u.pos for u in battle.state.units.values() if u.side == "german" and u.weapon.local_id == "halftrack")


def test_the_bundled_scenario_turns_the_module_on_and_makes_one_aircraft_a_side():
    content, scenario = find_scenario(SCENARIO, [])
    assert "air_support" in scenario.modules and scenario.weather == "clear"
    battle = Battle(content, scenario, seed=1)
    soviet, german = battle.state.units[SOVIET_AIR], battle.state.units[GERMAN_AIR]
    assert (soviet.weapon.local_id, soviet.ammo, soviet.offmap) == ("il_2_ptab", 2, True)
    assert german.weapon.local_id == "ju_87d" and german.weapon.bombs and german.weapon.dive_bomber
    assert battle.state.aircraft[SOVIET_AIR].arrival == 2 and battle.state.aircraft[GERMAN_AIR].arrival == 3


def test_without_the_module_the_scenario_has_no_aircraft_and_the_validator_says_so(tmp_path, capsys):
    battle = _battle(modules=())
    assert not battle.state.aircraft and battle.air is None
    assert not any(uid.endswith("AIR1") for uid in battle.state.units)
    content, scenario = find_scenario(SCENARIO, [])
    folder = tmp_path / "pack"
    shutil.copytree(scenario.source.file.parent.parent, folder)
    path = folder / "scenarios" / "steppe_village.yaml"
    path.write_text(path.read_text().replace("modules: [air_support]\n", ""))
    main(["validate", str(path)])
    out = capsys.readouterr().out
    assert "scenario.air-support-off" in out and "steppe_village.yaml:" in out


def test_a_sortie_is_refused_before_its_turn_in_a_storm_and_under_overcast_without_an_observer():
    content, scenario = find_scenario(SCENARIO, [])
    battle = Battle(content, scenario, seed=5)  # the Soviet aircraft may be called from turn 2
    square = _halftrack_square(battle)
    refused = battle.orders_phase({"soviet": [o.Bombard(SOVIET_AIR, "soviet:B1", square)]})
    assert refused == ["soviet: Shturmovik Flight may be called from turn 2"]
    storm = _battle(weather="storm")
    refused = storm.orders_phase({"soviet": [o.Bombard(SOVIET_AIR, "soviet:B1", square)]})
    assert refused == ["soviet: the storm grounds every aircraft"]
    calls = [order for order in ComputerPlayer().orders(storm, "soviet") if isinstance(order, o.Bombard)]
    assert not any(order.unit in storm.state.aircraft for order in calls)
    overcast = _battle(weather="overcast")
    refused = overcast.orders_phase({"soviet": [o.Bombard(SOVIET_AIR, "soviet:B1", square)]})
    assert "only an air observer" in refused[0]
    hq = overcast.state.units["soviet:B0"]  # an HQ: it sees the square next to its own
    beside = (hq.pos[0] - 1, hq.pos[1])
    assert overcast.orders_phase({"soviet": [o.Bombard(SOVIET_AIR, "soviet:B0", beside)]}) == []


def test_a_sortie_attacks_every_enemy_in_the_square_after_the_call_delay():
    battle = _battle(parameters=NO_DRIFT + (("aa_pin_chance", 0),))
    square = _halftrack_square(battle)
    assert battle.orders_phase({"soviet": [o.Bombard(SOVIET_AIR, "soviet:A0", square)]}) == []
    assert battle.state.units[SOVIET_AIR].mission.starts_in == battle.params.air_support.air_call_delay
    battle.combat_phase()
    attacks = [e for e in battle.events if isinstance(e, ev.AirAttack)]
    assert len(attacks) == 1  # the PTAB Il-2 makes one pass
    attack = attacks[0]
    assert attack.pulse == battle.params.air_support.air_call_delay + 1
    assert (attack.square, attack.aimed_at, attack.side, attack.caller) == (square, square, "soviet", "soviet:A0")
    assert attack.entry == (battle.map.width - 1, square[1])  # the Soviet home edge is the east
    shots = [e for e in battle.events if isinstance(e, ev.Fired) and e.unit == SOVIET_AIR]
    assert attack.attacked >= 1 and len(shots) == attack.attacked
    assert battle.state.units[SOVIET_AIR].ammo == 1 and battle.state.units[SOVIET_AIR].mission is None


def test_flak_shoots_an_aircraft_down_and_the_battle_rating_draws_its_counters():
    certain = NO_DRIFT + (("aa_pin_chance", 1), ("aa_damage_chance", 1))
    battle = _battle(parameters=certain, modules=("air_support", "battle_rating"))
    square = _halftrack_square(battle)
    battle.orders_phase({"soviet": [o.Bombard(SOVIET_AIR, "soviet:A0", square)]})
    battle.combat_phase()
    lost = [e for e in battle.events if isinstance(e, ev.AircraftLost)]
    assert len(lost) == 1 and lost[0].unit == SOVIET_AIR and lost[0].side == "soviet"
    flak = [e for e in battle.events if isinstance(e, ev.AntiAircraftFire)]
    assert flak[-1].pinned and flak[-1].hits_left == 0
    assert not battle.state.units[SOVIET_AIR].alive
    counters = [(e.side, e.cause) for e in battle.events if isinstance(e, ev.BattleCounter)]
    assert counters.count(("soviet", "aircraft_lost")) == 2  # two counters for an aircraft shot down (16.8)
    assert counters.count(("german", "air_attack")) == 1  # the first air attack on the German units
    battle.start()
    refused = battle.orders_phase({"soviet": [o.Bombard(SOVIET_AIR, "soviet:A0", square)]})
    assert refused == ["soviet: Shturmovik Flight was shot down"]


def test_a_pinned_aircraft_breaks_off_its_passes():
    content, scenario = find_scenario(SCENARIO, [])
    il_2 = dataclasses.replace(scenario.air_support[0], aircraft="il_2", arrival=1)  # two passes
    battle = Battle(
        content,
        dataclasses.replace(
            scenario,
            air_support=(il_2,),
            parameters=scenario.parameters + (("aa_pin_chance", 1), ("aa_damage_chance", 0)),
        ),
        seed=5,
    )
    square = _halftrack_square(battle)
    battle.orders_phase({"soviet": [o.Bombard(SOVIET_AIR, "soviet:A0", square)]})
    battle.combat_phase()
    assert len([e for e in battle.events if isinstance(e, ev.AirAttack)]) == 1  # the second pass never came
    flak = [e for e in battle.events if isinstance(e, ev.AntiAircraftFire)]
    assert len(flak) == 1 and flak[0].pinned and flak[0].hits == 0 and battle.state.units[SOVIET_AIR].alive


def test_the_computer_calls_its_aircraft_and_the_turn_lines_tell_of_it():
    battle = _battle(seed=5, turns=6)
    player = ComputerPlayer()
    play_out(battle, {side: player for side in battle.state.sides})
    attacks = [e for e in battle.events if isinstance(e, ev.AirAttack)]
    assert {e.side for e in attacks} == {"soviet", "german"}
    assert all(e.unit in battle.state.aircraft for e in attacks)
    turn = attacks[0].turn
    assert "air attack:" in turn_summary(battle, battle.events, turn)
    line, _ = log_line(attacks[0], lambda uid: uid, lambda side: side)
    assert "from the air" in line
    strikes = air_strikes(battle.events, turn, len(battle.events))  # what the battle window draws
    assert (attacks[0].entry, attacks[0].square) in [(entry, square) for entry, square, _ in strikes]


def test_the_same_seed_flies_the_same_sorties_and_a_saved_game_keeps_its_aircraft(tmp_path):
    def played(turns):
        battle = _battle(seed=9, turns=turns)
        player = ComputerPlayer()
        play_out(battle, {side: player for side in battle.state.sides})
        return battle

    first, second = played(5), played(5)
    assert [e.to_dict() for e in first.events] == [e.to_dict() for e in second.events]
    battle = _battle(seed=9, turns=5)
    for _ in range(4):
        battle.start()
        battle.orders_phase({s: ComputerPlayer().orders(battle, s) for s in battle.state.sides})
        battle.combat_phase()
    path = tmp_path / "game.json"
    savegame.save(battle, path)
    content, scenario = find_scenario(SCENARIO, [])
    loaded, _ = savegame.load(path, content, battle.scenario)
    assert loaded.state.aircraft == battle.state.aircraft
    assert loaded.state.units[SOVIET_AIR].ammo == battle.state.units[SOVIET_AIR].ammo
    assert loaded.air is not None


def test_new_gives_each_side_an_aircraft_of_its_period(tmp_path):
    folder = tmp_path / "air"
    command = ["new", "--pack", "eastern", "--type", "meeting", "--period", "5", "--size", "small", "--seed", "3"]
    with contextlib.redirect_stdout(io.StringIO()):
        assert main([*command, "--modules", "air_support", "-o", str(folder)]) == 0
    text = (folder / "scenarios" / "meeting-p5-s3.yaml").read_text()
    assert "modules: [air_support]" in text
    _, scenario = find_scenario("air:meeting-p5-s3", [str(folder)])
    assert {(a.side, a.aircraft, a.sorties, a.arrival) for a in scenario.air_support} == {
        ("soviet", "il_2", 2, 3),
        ("german", "ju_87d", 2, 3),
    }


@pytest.mark.parametrize("pack", ["eastern", "western"])
def test_calc_rates_an_aircraft_like_any_weapon(pack, capsys):
    firer = "Ju 87D Stuka"
    assert main(["calc", "kills", "--pack", pack, "--firer", firer, "--target", "rifle", "--range", "99"]) == 0
    assert "expected kills" in capsys.readouterr().out


def test_air_strikes_are_those_of_the_frames_turn_with_the_aircraft_lost():
    attack = ev.AirAttack(3, 2, SOVIET_AIR, "soviet", "Il-2", (20, 27), (20, 27), (59, 27), "soviet:A0", False, 2)
    other_turn = dataclasses.replace(attack, turn=2, square=(5, 5))
    lost = ev.AircraftLost(3, 2, SOVIET_AIR, "soviet", "Il-2", "german:A2")
    events = [other_turn, attack, lost]
    assert air_strikes(events, 3, 2) == [((59, 27), (20, 27), False)]  # the loss comes after the frame
    assert air_strikes(events, 3, 3) == [((59, 27), (20, 27), True)]
    assert air_strikes(events, 2, 3) == [((59, 27), (5, 5), False)]


def test_the_weapons_rooms_plots_take_an_aircraft_like_an_off_map_battery():
    from tacforge.editor.data.weapon_columns import column
    from tacforge.editor.data.weapon_plots import FireSettings, range_series

    content, _ = find_scenario(SCENARIO, [])
    stuka = content.resolve_weapon("ju_87d", ["german"])
    for target in ("T-34/76C", "rifle"):
        series = range_series(content, stuka, content.resolve_weapon(target, ["soviet", "any"]), FireSettings(pulses=4))
        assert series.problem == "" and len(series.points) == stuka.mr + 1 and series.points[-1].kills > 0
    assert column("hits").kind == "int" and column("dive_bomber").kind == "bool" and column("aa_rolls").maximum == 2


@pytest.mark.parametrize(
    ("aircraft", "code"),
    [("t34_76c", "scenario.not-aircraft"), ("ju_87gg", "ref.unknown-weapon"), ("ju_87g", None)],
)
def test_the_validator_names_an_aircraft_that_cannot_fly_here(aircraft, code, tmp_path, capsys):
    _, scenario = find_scenario(SCENARIO, [])
    folder = tmp_path / "pack"
    shutil.copytree(scenario.source.file.parent.parent, folder)
    path = folder / "scenarios" / "steppe_village.yaml"
    path.write_text(path.read_text().replace("aircraft: ju_87d", f"aircraft: {aircraft}"))
    line = next(i for i, text in enumerate(path.read_text().splitlines(), 1) if f"aircraft: {aircraft}" in text)
    status = main(["validate", str(path)])
    out = capsys.readouterr().out
    if code is None:  # the Ju 87G flies from period 5, the scenario's
        assert status == 0, out
    else:
        assert status == 1 and code in out and f"steppe_village.yaml:{line}" in out


def test_an_aircraft_is_not_an_off_map_battery():
    content, _ = find_scenario(SCENARIO, [])
    assert not content.is_offmap(content.resolve_weapon("ju_87d", ["german"]))
    assert content.is_offmap(content.resolve_weapon("H-ART", ["german"]))
