"""Command control (docs/rules.md 2.2, 4.3, 5.3, 5.4): whether a unit is in command and the delays that follow."""

from __future__ import annotations

from collections.abc import Callable

from ..model.content import Content
from ..rules.geometry import chebyshev
from .state import GameState, UnitState

Sees = Callable[[tuple[int, int], tuple[int, int]], bool]


def position(unit: UnitState, state: GameState) -> tuple[int, int] | None:
    if unit.carrier is not None:
        carrier = state.units.get(unit.carrier)
        return carrier.pos if carrier else None
    return unit.pos


def square_of(unit: UnitState, state: GameState) -> tuple[int, int]:
    """`position` of a unit known to be on the map, on its own or in its carrier (a target, a spotted enemy)."""
    square = position(unit, state)
    if square is None:
        raise ValueError(f"unit {unit.uid} is on no square")
    return square


def formation_hq(unit: UnitState, state: GameState) -> UnitState | None:
    hq = state.units.get(f"{unit.side}:{unit.letter}0")
    return hq if hq is not None and hq.alive else None


def command_hq(side: str, state: GameState) -> UnitState | None:
    hq = state.units.get(f"{side}:A0")
    return hq if hq is not None and hq.alive else None


def in_command(unit: UnitState, state: GameState, content: Content, sees: Sees) -> bool:
    """An unbroken chain from the unit to the command HQ: a unit within 10 squares of its formation HQ (5 if it
    cannot see it), a formation HQ anywhere while the command HQ exists."""
    if unit.offmap:
        return command_hq(unit.side, state) is not None
    top = command_hq(unit.side, state)
    if top is None:
        return False
    if unit.is_hq:
        return True
    hq = formation_hq(unit, state)
    if hq is None:
        return False
    here, there = position(unit, state), position(hq, state)
    if here is None or there is None:
        return False
    distance = chebyshev(here, there)
    if distance <= content.parameters.command.command_radius_unseen:
        return True
    return distance <= content.parameters.command.command_radius and sees(here, there)


def order_delay(unit: UnitState, state: GameState, content: Content, sees: Sees) -> int:
    inside, outside = state.delays[unit.side]
    return inside if in_command(unit, state, content, sees) else outside


def bombard_delay(artillery: UnitState, spotter: UnitState, content: Content) -> int:
    """Pulses before a mission fires, by how the spotter and the battery are related; the shortest case applies."""
    p = content.parameters
    cases = [p.command.bombard_delay_other]
    same = artillery.letter == spotter.letter and not artillery.offmap
    if same and spotter.is_hq:
        cases.append(p.command.bombard_delay_hq_same_formation)
    if same:
        cases.append(p.command.bombard_delay_same_formation)
    if artillery.letter == "A" or artillery.offmap:
        cases.append(p.command.bombard_delay_command_formation)
    return min(cases)
