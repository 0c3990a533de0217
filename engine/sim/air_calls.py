"""The air_support module's aircraft and who may call them (docs/rules.md 16.6, 16.7, 16.9): the scenario's aircraft
as off-map units, and why a sortie cannot be flown or called now. Kept apart from air_support.py, which flies the
sorties through the bombardment pipeline, so that the orders (and the computer player) can ask without importing it.
"""

from __future__ import annotations

from ..model import Scenario
from ..model.content import Content
from .command import Sees, position
from .state import AircraftStatus, GameState, UnitState

STORM, OVERCAST = "storm", "overcast"


def is_aircraft(unit: UnitState, content: Content) -> bool:
    cls = content.unit_classes.get(unit.weapon.unit_class)
    return bool(cls and cls.aircraft)


def aircraft_units(scenario: Scenario, content: Content) -> list[tuple[UnitState, AircraftStatus] | str]:
    """The scenario's aircraft as off-map units of formation A (as off-map batteries are), one sortie a round of
    ammunition; a text instead of a pair names an aircraft that cannot be resolved."""
    out: list[tuple[UnitState, AircraftStatus] | str] = []
    numbers: dict[str, int] = {}
    for entry in scenario.air_support:
        n = numbers[entry.side] = numbers.get(entry.side, 0) + 1  # AIR1, AIR2, ... on each side
        weapon = content.resolve_weapon(entry.aircraft, content.side_nationalities(entry.side))
        if weapon is None:
            out.append(f"air support: unknown aircraft '{entry.aircraft}'")
            continue
        unit = UnitState(
            uid=f"{entry.side}:AIR{n}",
            side=entry.side,
            letter="A",
            index=30 + n,
            weapon=weapon,
            count=1,
            name=entry.name or weapon.name,
            initial_count=1,
            offmap=True,
            range_limit=0,
            ammo=entry.sorties,
        )
        out.append((unit, AircraftStatus(entry.arrival)))
    return out


def why_grounded(aircraft: UnitState, state: GameState) -> str | None:
    """Why the aircraft cannot fly a sortie now, whoever calls it, or None."""
    status = state.aircraft.get(aircraft.uid)
    if status is None:
        return f"{aircraft.name} is not an aircraft of this battle"
    if state.weather == STORM:
        return "the storm grounds every aircraft"
    if not aircraft.alive:
        return f"{aircraft.name} was shot down"
    if status.returned:
        return f"{aircraft.name} has returned to base"
    if aircraft.ammo <= 0:
        return f"{aircraft.name} has flown all its sorties"
    if state.turn < status.arrival:
        return f"{aircraft.name} may be called from turn {status.arrival}"
    return None


def is_air_observer(unit: UnitState) -> bool:
    """An air observer: the packs field no forward air observer teams, so a formation's HQ (unit 0), which holds its
    radio, is one (16.7)."""
    return unit.is_hq and not unit.offmap


def why_not_called(aircraft: UnitState, caller: UnitState, square, state: GameState, sees: Sees) -> str | None:
    """Why `caller` cannot call `aircraft` on `square` now, or None (16.7, 16.9)."""
    reason = why_grounded(aircraft, state)
    if reason is not None:
        return reason
    if state.weather == OVERCAST:
        here = position(caller, state)
        if not (is_air_observer(caller) and here is not None and sees(here, square)):
            return "under overcast only an air observer (a formation HQ) that sees the square may call aircraft"
    return None
