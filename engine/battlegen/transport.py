"""Loading a formation into its own vehicles (docs/rules.md 2.4): each vehicle carries 10 transport points; rifle
and SMG men cost 1, HMGs 2, mortars 3 or 5, guns 10 (unit class or weapon data); every vehicle carries infantry,
only trucks and weapons with `carries: all` (halftracks) carry guns and mortars.

A transport unit that carries several units is split, while the formation has indexes to spare, into one vehicle
group per passenger unit ("1st Platoon transport"), so that each platoon rides and dismounts on its own square.
"""

from __future__ import annotations

import math

from ..model.content import Content
from .forces import FormationDraft, UnitDraft, is_transport_weapon


def _points(content: Content, unit: UnitDraft) -> int | None:
    cost = content.transport_cost(unit.weapon)
    return None if cost is None else cost * unit.count


def _rider_points(content: Content, unit: UnitDraft) -> int:
    """The transport points of a unit that rides: one of passengers_of."""
    points = _points(content, unit)
    if points is None:
        raise ValueError(f"{unit.weapon.name} has no transport cost: it cannot ride")
    return points


def is_transport(content: Content, unit: UnitDraft) -> bool:
    return is_transport_weapon(content, unit.weapon) and content.carries(unit.weapon) != "none"


def passengers_of(content: Content, formation: FormationDraft) -> list[UnitDraft]:
    """Units that may ride: infantry, mortars and guns (anything with a transport cost that is not a vehicle)."""
    out = []
    for unit in formation.units:
        cls = content.unit_classes.get(unit.weapon.unit_class)
        if cls is not None and not cls.vehicle and _points(content, unit) is not None:
            out.append(unit)
    return out


def load(content: Content, formation: FormationDraft) -> None:
    """Put the formation's passengers into its transport units, within capacity; who does not fit walks."""
    capacity = content.parameters.units.transport_capacity_per_vehicle
    vehicles = [u for u in formation.units if is_transport(content, u)]
    room = {id(v): capacity * v.count for v in vehicles}
    loads: dict[int, list[UnitDraft]] = {id(v): [] for v in vehicles}
    riders = passengers_of(content, formation)
    # guns and mortars first (only 'all' carriers take them), then infantry, each largest first
    riders.sort(
        key=lambda u: (bool(content.unit_classes[u.weapon.unit_class].infantry), -_rider_points(content, u), u.index)
    )
    for unit in riders:
        infantry = content.unit_classes[unit.weapon.unit_class].infantry
        need = _rider_points(content, unit)
        fits = [v for v in vehicles if room[id(v)] >= need and (infantry or content.carries(v.weapon) == "all")]
        if not fits:
            continue
        # the tightest fit keeps big vehicles free for big loads
        vehicle = min(fits, key=lambda v: (room[id(v)], v.index))
        room[id(vehicle)] -= need
        loads[id(vehicle)].append(unit)
    _split(content, formation, vehicles, loads, capacity)


def _split(content: Content, formation: FormationDraft, vehicles, loads, capacity: int) -> None:
    max_units = content.parameters.units.max_units_per_formation
    for vehicle in vehicles:
        riders = sorted(loads[id(vehicle)], key=lambda u: u.index)
        needs = [max(1, math.ceil(_rider_points(content, u) / capacity)) for u in riders]
        spare = max_units - (len(formation.units) - 1)
        if len(riders) > 1 and sum(needs) <= vehicle.count and len(riders) - 1 <= spare:
            needs[-1] += vehicle.count - sum(needs)
            used = {u.index for u in formation.units}
            vehicle.count = needs[0]
            vehicle.name = f"{riders[0].name or riders[0].weapon.name} transport"
            groups = [vehicle]
            for rider, count in zip(riders[1:], needs[1:], strict=True):
                index = min(i for i in range(1, max_units + 1) if i not in used)
                used.add(index)
                group = UnitDraft(index, vehicle.weapon, count, f"{rider.name or rider.weapon.name} transport")
                formation.units.append(group)
                groups.append(group)
            for rider, group in zip(riders, groups, strict=True):
                rider.carrier = f"{formation.letter}{group.index}"
        else:
            for rider in riders:
                rider.carrier = f"{formation.letter}{vehicle.index}"
    formation.units.sort(key=lambda u: u.index)


def unload(content: Content, formation: FormationDraft) -> None:
    for unit in formation.units:
        unit.carrier = None


def load_report(content: Content, formation: FormationDraft) -> dict[str, tuple[int, int]]:
    """Carrier id -> (transport points aboard, capacity): for tests and the designer's summary."""
    capacity = content.parameters.units.transport_capacity_per_vehicle
    by_id = {f"{formation.letter}{u.index}": u for u in formation.units}
    out: dict[str, tuple[int, int]] = {}
    for unit in formation.units:
        if unit.carrier:
            used, cap = out.get(unit.carrier, (0, capacity * by_id[unit.carrier].count))
            out[unit.carrier] = (used + _rider_points(content, unit), cap)
    return out
