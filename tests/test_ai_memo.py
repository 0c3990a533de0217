"""The computer player remembers values it works out from the rules data (expected kills, strike values, how far a
unit drives in a turn) for the battles to come; an edited copy of the content (the editor's playtest after a change
to a tank's armour or to the map) must not be answered from what was remembered of the pack before the edit, or the
same seed would play a different game depending on what the program had played first."""

from dataclasses import replace

from tacforge.engine.ai.rates import indirect_rate, kill_rate
from tacforge.engine.ai.terrain import squares_per_turn
from tacforge.engine.sim.battle import Battle


def _armour_and_gun(battle):
    units = battle.state.units.values()
    tank = next(u for u in units if battle.unit_class(u).armoured and u.weapon.fa > 0)
    gun = next(u for u in units if u.side != tank.side and u.weapon.mp > 0 and u.weapon.mr >= 2)
    return tank, gun


def test_expected_kills_follow_an_edit_of_the_targets_armour(bundled):
    content = bundled.content("western")
    scenario = content.scenario("bocage_crossroads")
    battle = Battle(content, scenario, seed=1)
    tank, gun = _armour_and_gun(battle)
    before = kill_rate(battle, gun, tank.weapon, 2, 1)
    tougher = replace(tank.weapon, fa=tank.weapon.fa * 4, ba=tank.weapon.ba * 4)
    edited = replace(content, weapons={**content.weapons, tougher.id: tougher})
    again = Battle(edited, scenario, seed=1)
    after = kill_rate(again, again.state.units[gun.uid], tougher, 2, 1)
    assert before > 0 and after < before
    shells = next(u for u in again.state.units.values() if again.unit_class(u).indirect_only)  # a mortar
    assert indirect_rate(again, shells, again.state.units[tank.uid], False) < indirect_rate(
        battle, battle.state.units[shells.uid], tank, False
    )


def test_a_units_pace_follows_an_edit_of_the_map(bundled):
    content = bundled.content("western")
    scenario = content.scenario("bocage_crossroads")
    battle = Battle(content, scenario, seed=1)
    tank, _ = _armour_and_gun(battle)
    before = squares_per_turn(battle, tank)
    game_map = content.map(scenario.map)
    slowest = max(
        (
            c
            for c in content.terrain_codes.values()
            if (t := content.terrain_type(c.type)) is not None and (t.cost("armoured") or 0) > 0
        ),
        key=lambda c: content.terrain_type(c.type).cost("armoured"),
    )
    heavy = replace(game_map, cells=bytes([slowest.code]) * len(game_map.cells))  # the same map id, repainted
    edited = replace(content, maps={**content.maps, game_map.id: heavy})
    again = Battle(edited, scenario, seed=1)
    assert squares_per_turn(again, again.state.units[tank.uid]) < before


def test_the_battles_of_a_scenario_with_its_own_parameters_share_one_copy_of_the_content(bundled):
    """A scenario's parameter overrides make a copy of the content (Content.for_scenario); its battles share that
    copy, and so what is remembered with it, instead of starting afresh each game of a balance run."""
    from tacforge.engine.model.parameters import PARAMETER_FIELDS

    content = bundled.content("western")
    key = next(iter(PARAMETER_FIELDS))
    group, found = PARAMETER_FIELDS[key]
    value = getattr(getattr(content.parameters, group), found.name)
    scenario = replace(content.scenario("bocage_crossroads"), parameters=((key, value),))
    first, second = Battle(content, scenario, seed=1), Battle(content, scenario, seed=2)
    assert first.content is second.content and first.content is not content
    other = replace(scenario, parameters=((key, value + 1),))
    assert Battle(content, other, seed=1).content is not first.content
