"""Typed objectives (scenario `objectives:`), kept up at the end of every turn; victory.py adds up their points.

capture: taken when a unit of the side ends a turn on the square with no enemy on it; kept from then on.
hold: the side alone on the square (at the end of the battle, or at the end of each turn with every_turn).
exit: the side's units that end a turn on the edge leave the map, each worth the points.
destroy: the named enemy unit has no weapons left.
"""

from __future__ import annotations

from tacforge.engine.cached_dataclass import dataclass

from ..model import Objective
from . import events as ev
from .battle_view import BattleView
from .state import GameState


@dataclass(frozen=True)
class ObjectiveScore:
    """One objective in the victory report: what it is worth and what its side has earned from it so far."""

    id: str
    name: str
    kind: str
    side: str
    points: int
    earned: int
    hidden: bool


def holder(state: GameState, square: tuple[int, int]) -> str | None:
    """The one side with units on the square, or None (empty, or both sides there)."""
    sides = {u.side for u in state.units.values() if u.on_map and u.pos == square}
    return sides.pop() if len(sides) == 1 else None


def end_of_turn(battle: BattleView) -> None:
    state = battle.state
    for objective in state.objectives:
        if objective.kind == "capture" and objective.id not in state.captured:
            if holder(state, objective.square) == objective.side:
                state.captured.add(objective.id)
                battle.emit(
                    ev.ObjectiveCaptured(state.turn, state.pulse, objective.id, objective.side, objective.points)
                )
        elif objective.kind == "hold" and objective.every_turn:
            if holder(state, objective.square) == objective.side:
                state.held_turns[objective.id] = state.held_turns.get(objective.id, 0) + 1
        elif objective.kind == "exit":
            _exit(objective, battle)


def _exit(objective: Objective, battle: BattleView) -> None:
    state = battle.state
    leaving = sorted(
        (u for u in state.side_units(objective.side) if u.on_map and battle.map.on_edge(u.square, objective.exit_edge)),
        key=lambda u: u.uid,
    )
    for unit in leaving:
        square = unit.square
        for member in [unit] + [state.units[uid] for uid in unit.passengers]:
            if not member.alive:
                continue
            member.exited = True
            member.pos = None
            member.objectives.clear()
            state.exits[objective.id] = state.exits.get(objective.id, 0) + 1
            battle.emit(ev.Exited(state.turn, state.pulse, member.uid, square, objective.id))


def earned(objective: Objective, state: GameState) -> int:
    """The points the objective's side has from it now."""
    if objective.kind == "capture":
        return objective.points if objective.id in state.captured else 0
    if objective.kind == "hold":
        if objective.every_turn:
            return objective.points * state.held_turns.get(objective.id, 0)
        return objective.points if holder(state, objective.square) == objective.side else 0
    if objective.kind == "exit":
        return objective.points * state.exits.get(objective.id, 0)
    target = state.unit(state.enemy_of(objective.side), objective.target_unit)
    return objective.points if target is not None and not target.alive else 0


def objective_scores(state: GameState) -> tuple[ObjectiveScore, ...]:
    return tuple(
        ObjectiveScore(o.id, o.name or o.id, o.kind, o.side, o.points, earned(o, state), o.hidden)
        for o in state.objectives
    )
