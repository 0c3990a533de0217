"""Turning a scenario into the state of a battle at turn 1: forces, handicap, visibility, delays, batteries."""

from __future__ import annotations

import random
from fractions import Fraction

from ..model import Scenario, unit_arrival
from ..model.content import Content
from ..model.modules import AIR_SUPPORT
from ..rules.suppression import suppression_cap
from .air_calls import aircraft_units
from .state import GameState, UnitState

EDGE_FACING = {"west": "E", "east": "W", "north": "S", "south": "N"}


class SetupError(Exception):
    """The scenario cannot be played; the message says why (validation reports the details)."""


def handicap_factor(content: Content, side: str, level: int) -> Fraction:
    """Strength multiplier for a side at handicap 1-5 (docs/rules.md 8.1, 13 U11)."""
    profile, p = content.known_ruleset, content.parameters
    # str() first: 0.75 is the exact decimal the designer wrote, not the nearest binary float
    strong, weak = (
        Fraction(str(p.handicap.handicap_strong_reduction)),
        Fraction(str(p.handicap.handicap_weak_reduction)),
    )
    if (level, side) in ((1, profile.handicap_low), (5, profile.handicap_high)):
        return strong
    if (level, side) in ((2, profile.handicap_low), (4, profile.handicap_high)):
        return weak
    return Fraction(1)


def scaled_count(count: int, factor: Fraction) -> int:
    """count x factor rounded half up, at least 1."""
    if factor == 1:
        return count
    scaled = count * factor
    return max(1, int(scaled + Fraction(1, 2)))


def command_delays(scenario: Scenario, content: Content, side: str, rng: random.Random) -> tuple[int, int]:
    """(in command, out of command) pulses for a side: the scenario's value or the period table, plus BG's random
    +1/+2 (docs/rules.md 4.3, 4.4, 13 U30)."""
    extra = content.parameters.command.out_of_command_extra_delay
    given = dict(scenario.command_delays).get(side)
    if given is not None:
        inside = given
    else:
        delays = content.periods[scenario.period].delays(side)
        if delays is None:
            raise SetupError(f"period {scenario.period} gives no command delays for '{side}'")
        inside = delays[0]
    if content.known_ruleset.flags.random_delay_increase and given is None:
        inside += rng.randrange(3)
    return inside, inside + extra


def build_state(
    scenario: Scenario, content: Content, seed: int, handicap: int | None = None, turns: int | None = None
) -> GameState:
    profile, p = content.ruleset, content.parameters
    if profile is None:
        raise SetupError(f"pack '{content.pack_id}' has no ruleset")
    battle = profile.battle_type(scenario.battle_type)
    if battle is None:
        raise SetupError(f"unknown battle type '{scenario.battle_type}'")
    rng = random.Random(seed)
    level = handicap if handicap is not None else scenario.handicap
    if isinstance(scenario.visibility, int):
        visibility = scenario.visibility
    else:
        visibility = rng.randint(p.spotting.visibility_min, p.spotting.visibility_max)
    sides = profile.side_ids()
    if len(sides) != 2:
        raise SetupError(f"ruleset '{profile.id}' has {len(sides)} sides; a battle has two")
    delays = {side: command_delays(scenario, content, side, rng) for side in sides}
    units: dict[str, UnitState] = {}
    ammo = p.units.starting_ammunition
    for force in scenario.forces:
        nats = content.side_nationalities(force.side)
        factor = handicap_factor(content, force.side, level)
        facing = EDGE_FACING.get(profile.known_side(force.side).home_edge, "N")
        for formation in force.formations:
            for unit in formation.units:
                weapon = content.resolve_weapon(unit.weapon, nats)
                if weapon is None:
                    raise SetupError(f"unit {formation.letter}{unit.index}: unknown weapon '{unit.weapon}'")
                siw = None
                if content.unit_class_of(weapon).carries_siw:
                    siw = content.resolve_weapon(unit.siw or profile.default_siw, nats)
                count = scaled_count(unit.count, factor)
                state = UnitState(
                    uid=f"{force.side}:{formation.letter}{unit.index}",
                    side=force.side,
                    letter=formation.letter,
                    index=unit.index,
                    weapon=weapon,
                    count=count,
                    name=unit.name or weapon.name,
                    initial_count=count,
                    pos=unit.at,
                    start_pos=unit.at,
                    facing=unit.facing or facing,
                    speed=unit.speed or 0,
                    range_limit=weapon.mr if unit.target_range is None else unit.target_range,
                    ammo=unit.ammunition if unit.ammunition is not None else ammo,
                    siw=siw,
                    arrival=unit_arrival(formation, unit),
                    # 0 unless pinned before the battle (docs/rules.md 16.5); never above what the unit can carry
                    suppression=float(
                        min(unit.suppression, suppression_cap(content.unit_class_of(weapon).armoured, p))
                    ),
                )
                if state.arrival is not None:
                    state.pos = state.start_pos = None  # it enters from its entry squares
                units[state.uid] = state
        for formation in force.formations:
            for unit in formation.units:
                if unit.carrier:
                    passenger = units[f"{force.side}:{formation.letter}{unit.index}"]
                    carrier = units.get(f"{force.side}:{unit.carrier}")
                    if carrier is not None:
                        passenger.carrier = carrier.uid
                        passenger.pos = carrier.pos
                        passenger.arrival = carrier.arrival  # passengers ride in with their carrier
                        carrier.passengers.append(passenger.uid)
    for n, battery in enumerate(scenario.offmap_artillery, 1):
        weapon = content.resolve_weapon(battery.weapon, content.side_nationalities(battery.side))
        if weapon is None:
            raise SetupError(f"off-map artillery: unknown weapon '{battery.weapon}'")
        count = scaled_count(battery.count, handicap_factor(content, battery.side, level))
        # off-map batteries count as part of the command HQ's formation for bombardment delays (4.9)
        state = UnitState(
            uid=f"{battery.side}:OM{n}",
            side=battery.side,
            letter="A",
            index=10 + n,
            weapon=weapon,
            count=count,
            name=battery.name or weapon.name,
            initial_count=count,
            offmap=True,
            range_limit=0,
            ammo=ammo,
        )
        units[state.uid] = state
    aircraft = {}
    if AIR_SUPPORT in scenario.modules:  # the air_support module's aircraft (docs/rules.md 16.6)
        for made in aircraft_units(scenario, content):
            if isinstance(made, str):
                raise SetupError(made)
            units[made[0].uid], aircraft[made[0].uid] = made
    attackers = tuple(battle.attackers)
    return GameState(
        pack=content.pack_id,
        scenario=scenario.id,
        seed=seed,
        sides=sides,
        attackers=attackers,
        units=units,
        visibility=visibility,
        delays=delays,
        last_turn=content.game_length(scenario, turns),
        rng=rng,
        objective_center=scenario.objective_center,
        start_lines=dict(scenario.start_lines),
        starting_vp=dict(scenario.starting_vp),
        unused_sp=dict(scenario.unused_selection_points),
        kill_vp={side: 0 for side in sides},
        entrenchments={sq for _, squares in scenario.entrenchments for sq in squares},
        objectives=scenario.objectives,
        modules=scenario.modules,
        weather=scenario.weather,
        aircraft=aircraft,
    )
