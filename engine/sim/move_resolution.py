"""A unit's movement at the end of a pulse (docs/rules.md 6.10, 6.11, 13 U19, U24)."""

from __future__ import annotations

from ..rules import suppression as rs
from . import events as ev
from .battle_view import BattleView
from .state import UnitState

HEADINGS = {
    (0, -1): "N",
    (1, -1): "NE",
    (1, 0): "E",
    (1, 1): "SE",
    (0, 1): "S",
    (-1, 1): "SW",
    (-1, 0): "W",
    (-1, -1): "NW",
}


def home_square(unit: UnitState, battle: BattleView) -> tuple[int, int]:
    return battle.map.edge_square(unit.square, battle.ruleset.known_side(unit.side).home_edge)


def _goal(unit: UnitState, battle: BattleView) -> tuple[int, int] | None:
    state = battle.state
    if unit.routed:
        return home_square(unit, battle)
    while unit.embark_queue:
        passenger = state.units.get(unit.embark_queue[0])
        if passenger is None or not passenger.alive or passenger.carrier is not None:
            unit.embark_queue.pop(0)
            continue
        if passenger.pos == unit.pos:
            battle.embark(unit, passenger)
            continue
        return passenger.pos
    return unit.objectives[0] if unit.objectives else None


def crowded(square: tuple[int, int], unit: UnitState, battle: BattleView) -> bool:
    """Whether the stacking limit keeps the unit out of the square: as many other units of its side stand there."""
    if not battle.flags.stacking:
        return False
    limit = battle.params.units.stacking_limit
    if limit <= 0:
        return True
    stacks = battle.stacks
    if stacks is not None:  # the movement phase keeps the count
        return stacks.get((unit.side, square), 0) - (unit.pos == square and unit.on_map) >= limit
    side, friends = unit.side, 0
    for u in battle.state.units.values():
        if u.pos == square and u.side == side and u.uid != unit.uid and u.on_map:  # the square rules out most
            friends += 1
            if friends >= limit:
                return True
    return False


Stacks = dict[tuple, int]  # (side, square) -> units


def count_stacks(units) -> Stacks:
    """How many units on the map stand on each square, per side: {(side, square): count}. A plain dict, not a
    Counter: Counter defines __delitem__ in Python, so every `stacks[key] -= 1` on one goes through a Python-level
    lookup of dict.__setitem__ (about 700 instructions where a dict's store takes a few dozen)."""
    stacks: Stacks = {}
    for u in units:
        if u.count > 0 and not u.offmap and u.carrier is None and u.pos is not None:  # u.on_map, written out
            key = (u.side, u.pos)
            stacks[key] = stacks.get(key, 0) + 1
    return stacks


def step_unit(unit: UnitState, battle: BattleView) -> None:
    if unit.fired and not unit.routed:
        unit.mp = 0
        return  # units that fired do not move (7.10)
    if not unit.routed and (unit.delay > 0 or rs.is_pinned(unit.suppression, battle.params)):
        return
    goal = _goal(unit, battle)
    if goal is None:
        unit.mp = 0
        return
    speed = unit.weapon.sp if unit.routed else unit.speed
    if speed <= 0:
        return
    field = battle.field(unit)
    unit.mp += speed
    # the unit's square is kept in `here` (unit.square is a property call), and the counts by square as they are
    start = here = unit.square
    spent, side, stacks = 0, unit.side, battle.stacks
    while True:
        if here == goal:
            if unit.routed:
                unit.mp = 0
                break
            if unit.embark_queue:
                goal = _goal(unit, battle)
                if goal is None:
                    break
                continue
            if unit.objectives:
                unit.objectives.pop(0)
            goal = _goal(unit, battle)
            if goal is None:
                unit.mp = 0
                break
            continue
        nxt = field.next_step(here, goal)
        if nxt is None:
            unit.objectives.clear()  # no way there: the order lapses
            unit.mp = 0
            break
        cost = field.cost(nxt)
        if cost > unit.mp or crowded(nxt, unit, battle):
            break
        unit.mp -= cost
        spent += cost
        unit.facing = HEADINGS[(nxt[0] - here[0], nxt[1] - here[1])]
        if stacks is not None:
            key = (side, here)
            stacks[key] = stacks.get(key, 0) - 1  # (as a Counter's -= would, were the square not counted)
            key = (side, nxt)
            stacks[key] = stacks.get(key, 0) + 1
        unit.pos = here = nxt
        for uid in unit.passengers:
            battle.state.units[uid].pos = nxt
    if here != start:
        battle.emit(ev.Moved(battle.state.turn, battle.state.pulse, unit.uid, start, here, spent))
