"""Reinforcements (scenario `arrives:`): units that enter the battle after it started.

At the start of each turn, before orders, every group that is due rolls once (with the battle's generator) whether it
comes this turn; a group is a formation's units that share one arrival (a whole formation arriving together), or a
single unit with its own. Passengers ride in with their carrier. Each unit takes the first entry square, in the order
the scenario lists them (an edge: from its middle outwards), that it can enter, that no enemy holds and where the
stacking rule leaves room; a unit that finds none waits for the next turn, when it comes for certain once its last
turn has passed.
"""

from __future__ import annotations

from ..model import Scenario, unit_arrival
from . import events as ev
from .battle_view import BattleView
from .move_resolution import crowded
from .pathing import IMPASSABLE
from .state import UnitState


def reinforcement_uids(scenario: Scenario) -> list[str]:
    """The scenario's reinforcements, with the passengers that ride in with them, as unit ids."""
    out = []
    for force in scenario.forces:
        late = {f"{f.letter}{u.index}" for f in force.formations for u in f.units if unit_arrival(f, u) is not None}
        out += [
            f"{force.side}:{f.letter}{u.index}"
            for f in force.formations
            for u in f.units
            if f"{f.letter}{u.index}" in late or u.carrier in late
        ]
    return out


def arrival_report(battle: BattleView) -> dict[str, dict[str, list[str]]]:
    """Per side: the labels of its reinforcements that have arrived and of those still to come."""
    out: dict[str, dict[str, list[str]]] = {side: {"arrived": [], "waiting": []} for side in battle.state.sides}
    for uid in reinforcement_uids(battle.scenario):
        unit = battle.state.units.get(uid)
        if unit is not None:
            out[unit.side]["waiting" if unit.arrival is not None else "arrived"].append(unit.label)
    return out


def any_pending(battle: BattleView) -> bool:
    return any(u.arrival is not None for u in battle.state.units.values())


def bring_in(battle: BattleView) -> None:
    state = battle.state
    groups: dict[tuple, list[UnitState]] = {}
    for unit in sorted(state.units.values(), key=lambda u: u.uid):
        arrival = unit.arrival
        if arrival is None or unit.carrier is not None or not unit.alive or state.turn < arrival.turn:
            continue
        groups.setdefault((unit.side, unit.letter, arrival), []).append(unit)
    for (side, _letter, arrival), units in groups.items():
        # a certain arrival draws no number, so a scenario's other random numbers stay as they were
        if arrival.chance < 1 and state.turn < arrival.last_turn and state.rng.random() >= arrival.chance:
            continue
        squares = arrival.entry_squares(battle.map, battle.ruleset.known_side(side).home_edge)
        for unit in sorted(units, key=lambda u: u.index):
            square = _entry_square(unit, squares, battle)
            if square is not None:
                _enter(unit, square, battle)


def _entry_square(unit: UnitState, squares: list[tuple[int, int]], battle: BattleView) -> tuple[int, int] | None:
    field = battle.field(unit)
    enemy_squares = {u.pos for u in battle.enemies_on_map(unit.side)}
    for square in squares:
        if field.cost(square) < IMPASSABLE and square not in enemy_squares and not crowded(square, unit, battle):
            return square
    return None


def _enter(unit: UnitState, square: tuple[int, int], battle: BattleView) -> None:
    state = battle.state
    for member in [unit] + [state.units[uid] for uid in unit.passengers]:
        member.arrival = None
        member.pos = member.start_pos = square
        battle.emit(ev.Arrived(state.turn, 0, member.uid, square))
