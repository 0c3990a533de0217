"""Orders (docs/rules.md 5): what a player may tell a unit in the orders phase, and their immediate effects.

An order is a small frozen record; `apply_order` checks it against the state, changes the unit and returns the
events. Orders that take time to act (moves, bombardments) get the command-control delay (5.6).
"""

from __future__ import annotations

from functools import singledispatch

from tacforge.engine.cached_dataclass import dataclass

from ..model.content import Content
from ..rules.geometry import chebyshev
from . import events as ev
from .air_calls import why_not_called
from .command import Sees, bombard_delay, order_delay, position
from .state import GameState, Mission, UnitState

FACINGS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


class OrderError(ValueError):
    """An order the rules do not allow; the message says why."""


@dataclass(frozen=True)
class Move:
    unit: str
    square: tuple[int, int]
    speed: int | None = None


@dataclass(frozen=True)
class Advance:
    """All-units mode: the formation HQ moves to the square, the others keep their place relative to it."""

    side: str
    letter: str
    square: tuple[int, int]
    speed: int | None = None


@dataclass(frozen=True)
class AllUnits:
    """All-units mode (5.2 'Z'): facing, speed, range or cancel for every unit of a formation. Impossible once the
    formation HQ is destroyed (5.3)."""

    side: str
    letter: str
    action: str  # face | speed | range | cancel
    value: int | str | None = None


@dataclass(frozen=True)
class SetSpeed:
    unit: str
    speed: int


@dataclass(frozen=True)
class SetRange:
    unit: str
    range: int


@dataclass(frozen=True)
class Face:
    unit: str
    facing: str


@dataclass(frozen=True)
class Bombard:
    unit: str  # the artillery
    spotter: str
    square: tuple[int, int]


@dataclass(frozen=True)
class Priority:
    unit: str
    target: str


@dataclass(frozen=True)
class Embark:
    unit: str  # the carrier
    passenger: str  # a unit id, or "<side>:<letter>*" for the whole formation


@dataclass(frozen=True)
class Disembark:
    unit: str  # a carrier unloads all; a passenger unloads itself


@dataclass(frozen=True)
class Cancel:
    unit: str


Order = Move | Advance | AllUnits | SetSpeed | SetRange | Face | Bombard | Priority | Embark | Disembark | Cancel
PER_UNIT = {"face": Face, "speed": SetSpeed, "range": SetRange}


def _unit(state: GameState, uid: str) -> UnitState:
    unit = state.units.get(uid)
    if unit is None or not unit.alive:
        raise OrderError(f"no unit {uid}")
    if unit.arrival is not None:
        raise OrderError(f"{unit.label} has not arrived yet (due from turn {unit.arrival.turn})")
    if unit.exited:
        raise OrderError(f"{unit.label} has left the map")
    if unit.routed:
        raise OrderError(f"{unit.label} is routed and takes no orders")
    return unit


def _clamp(square: tuple[int, int], width: int, height: int) -> tuple[int, int]:
    return min(max(square[0], 0), width - 1), min(max(square[1], 0), height - 1)


def _set_objective(unit: UnitState, square: tuple[int, int], speed: int | None, delay: int, state: GameState) -> list:
    if len(unit.objectives) >= 2:
        unit.objectives[1] = square  # a new objective replaces the second (5.3)
    else:
        unit.objectives.append(square)
    unit.speed = unit.weapon.sp if speed is None else max(0, min(speed, unit.weapon.sp))
    unit.delay = delay  # delays are not cumulative: the new one replaces the old (5.3)
    return [
        ev.OrderGiven(state.turn, state.pulse, unit.uid, "move", f"{square[0]},{square[1]} speed {unit.speed}", delay)
    ]


def apply_order(order: Order, state: GameState, content: Content, sees: Sees, size: tuple[int, int]) -> list:
    """Carry out one order; raise OrderError if the rules forbid it. Each kind of order has its handler below,
    registered for its class."""
    return _apply(order, state, content, sees, size)


@singledispatch
def _apply(order, state: GameState, content: Content, sees: Sees, size: tuple[int, int]) -> list:
    raise OrderError(f"unknown order {order!r}")


@_apply.register
def _(order: Move, state: GameState, content: Content, sees: Sees, size: tuple[int, int]) -> list:
    unit = _unit(state, order.unit)
    if unit.offmap:
        raise OrderError("off-map artillery does not move")
    return _set_objective(
        unit, _clamp(order.square, *size), order.speed, order_delay(unit, state, content, sees), state
    )


def _formation_hq(state: GameState, side: str, letter: str) -> UnitState:
    hq = state.units.get(f"{side}:{letter}0")
    if hq is None or not hq.alive:
        raise OrderError(f"formation {letter} has lost its HQ: all-units orders are impossible (5.3)")
    return hq


@_apply.register
def _(order: Advance, state: GameState, content: Content, sees: Sees, size: tuple[int, int]) -> list:
    origin = position(_formation_hq(state, order.side, order.letter), state)
    out = []
    for unit in [
        u for u in state.side_units(order.side) if u.letter == order.letter and u.alive and not u.offmap and u.present
    ]:
        if unit.routed or unit.carrier is not None:
            continue
        here = position(unit, state)
        offset = (here[0] - origin[0], here[1] - origin[1]) if here and origin else (0, 0)
        target = _clamp((order.square[0] + offset[0], order.square[1] + offset[1]), *size)
        out += _set_objective(unit, target, order.speed, order_delay(unit, state, content, sees), state)
    return out


@_apply.register
def _(order: AllUnits, state: GameState, content: Content, sees: Sees, size: tuple[int, int]) -> list:
    _formation_hq(state, order.side, order.letter)
    if order.action not in (*PER_UNIT, "cancel"):
        raise OrderError(f"all-units orders are face, speed, range or cancel, not '{order.action}'")
    out = []
    for unit in sorted(state.side_units(order.side), key=lambda u: u.index):
        if unit.letter != order.letter or not unit.alive or unit.routed or unit.offmap or not unit.present:
            continue
        single = Cancel(unit.uid) if order.action == "cancel" else PER_UNIT[order.action](unit.uid, order.value)
        out += _apply(single, state, content, sees, size)
    return out


@_apply.register
def _(order: SetSpeed, state: GameState, content: Content, sees: Sees, size: tuple[int, int]) -> list:
    unit = _unit(state, order.unit)
    unit.speed = max(0, min(order.speed, unit.weapon.sp))
    return [ev.OrderGiven(state.turn, state.pulse, unit.uid, "speed", str(unit.speed), 0)]


@_apply.register
def _(order: SetRange, state: GameState, content: Content, sees: Sees, size: tuple[int, int]) -> list:
    unit = _unit(state, order.unit)
    unit.range_limit = max(0, min(order.range, unit.weapon.mr))
    return [ev.OrderGiven(state.turn, state.pulse, unit.uid, "range", str(unit.range_limit), 0)]


@_apply.register
def _(order: Face, state: GameState, content: Content, sees: Sees, size: tuple[int, int]) -> list:
    unit = _unit(state, order.unit)
    if order.facing not in FACINGS:
        raise OrderError(f"facing must be one of {', '.join(FACINGS)}")
    unit.facing = order.facing
    return [ev.OrderGiven(state.turn, state.pulse, unit.uid, "facing", order.facing, 0)]


@_apply.register
def _(order: Bombard, state: GameState, content: Content, sees: Sees, size: tuple[int, int]) -> list:
    if order.unit in state.aircraft:  # an aircraft's sortie (docs/rules.md 16.7)
        aircraft = state.units[order.unit]  # (one shot down is not a unit _unit finds)
        reason = why_not_called(aircraft, _unit(state, order.spotter), order.square, state, sees)
        if reason is not None:
            raise OrderError(reason)
    return _bombard(order, state, content)


@_apply.register
def _(order: Priority, state: GameState, content: Content, sees: Sees, size: tuple[int, int]) -> list:
    unit, target = _unit(state, order.unit), state.units.get(order.target)
    if target is None or not target.alive or target.side == unit.side:
        raise OrderError(f"{order.target} is not an enemy unit")
    unit.priority = target.uid
    here, there = position(unit, state), position(target, state)
    if here and there and chebyshev(here, there) > unit.range_limit:
        unit.range_limit = min(chebyshev(here, there), unit.weapon.mr)
    return [ev.OrderGiven(state.turn, state.pulse, unit.uid, "priority", target.uid, 0)]


@_apply.register
def _(order: Embark, state: GameState, content: Content, sees: Sees, size: tuple[int, int]) -> list:
    return _embark(order, state, content, sees)


@_apply.register
def _(order: Disembark, state: GameState, content: Content, sees: Sees, size: tuple[int, int]) -> list:
    return disembark(_unit(state, order.unit), state, content, under_fire=False)


@_apply.register
def _(order: Cancel, state: GameState, content: Content, sees: Sees, size: tuple[int, int]) -> list:
    unit = _unit(state, order.unit)
    unit.objectives.clear()
    unit.mission = None
    unit.embark_queue.clear()
    unit.pulses_at_target = 0
    unit.mp = 0
    unit.delay += content.parameters.command.cancel_delay
    return [ev.OrderGiven(state.turn, state.pulse, unit.uid, "cancel", "", unit.delay)]


def can_bombard(unit: UnitState, content: Content) -> bool:
    cls = content.unit_classes.get(unit.weapon.unit_class)
    return bool(cls and cls.bombard) or unit.weapon.indirect_mr is not None


def bombard_range(unit: UnitState) -> int:
    return unit.weapon.indirect_mr if unit.weapon.indirect_mr is not None else unit.weapon.mr


def _bombard(order: Bombard, state: GameState, content: Content) -> list:
    artillery, spotter = _unit(state, order.unit), _unit(state, order.spotter)
    if artillery.side != spotter.side:
        raise OrderError("the spotter must be on the same side")
    if not can_bombard(artillery, content):
        raise OrderError(f"{artillery.weapon.name} cannot bombard")
    here = position(artillery, state)
    if here is not None and chebyshev(here, order.square) > bombard_range(artillery):
        raise OrderError(f"{order.square} is beyond {artillery.weapon.name}'s range of {bombard_range(artillery)}")
    if artillery.carrier is not None:
        raise OrderError("a gun cannot fire while it is carried")
    delay, pulses = bombard_delay(artillery, spotter, content), content.parameters.command.bombard_mission_pulses
    if artillery.uid in state.aircraft:  # a sortie: its own delay, one pulse a pass (16.7)
        delay, pulses = content.parameters.air_support.air_call_delay, artillery.weapon.passes
    artillery.mission = Mission(order.square, spotter.uid, delay, pulses)
    artillery.range_limit = 0  # bombarding sets the direct-fire range to 0 (5.4)
    artillery.target = None
    return [ev.BombardmentRequested(state.turn, state.pulse, artillery.uid, spotter.uid, order.square, delay)]


def transport_cost(unit: UnitState, content: Content) -> int:
    """The transport points the whole unit takes (0 if it cannot be carried)."""
    return (content.transport_cost(unit.weapon) or 0) * unit.count


def spare_capacity(carrier: UnitState, state: GameState, content: Content) -> int:
    used = sum(transport_cost(state.units[p], content) for p in carrier.passengers if state.units[p].alive)
    return content.parameters.units.transport_capacity_per_vehicle * carrier.count - used


def _embark(order: Embark, state: GameState, content: Content, sees: Sees) -> list:
    carrier = _unit(state, order.unit)
    if order.passenger.endswith("*"):
        side, letter = order.passenger[:-1].split(":")
        if letter != carrier.letter:
            raise OrderError("a carrier loads a whole formation only if it belongs to it (5.4)")
        wanted = sorted(
            (
                u
                for u in state.side_units(side)
                if u.letter == letter
                and u.uid != carrier.uid
                and u.alive
                and u.carrier is None
                and content.can_carry(carrier.weapon, u.weapon)
            ),
            key=lambda u: u.index,
        )
    else:
        wanted = [_unit(state, order.passenger)]
    out = []
    for passenger in wanted:
        if passenger.side != carrier.side or not content.can_carry(carrier.weapon, passenger.weapon):
            raise OrderError(f"{carrier.weapon.name} cannot carry {passenger.weapon.name}")
        if passenger.pos == carrier.pos:
            out += embark(carrier, passenger, state, content)
        elif passenger.uid not in carrier.embark_queue:
            carrier.embark_queue.append(passenger.uid)
            out.append(ev.OrderGiven(state.turn, state.pulse, carrier.uid, "embark", passenger.uid, 0))
    if carrier.embark_queue:
        carrier.objectives[:] = []
        carrier.speed = carrier.speed or carrier.weapon.sp
        carrier.delay = order_delay(carrier, state, content, sees)
    return out


def embark(carrier: UnitState, passenger: UnitState, state: GameState, content: Content) -> list:
    """The passenger, on the carrier's square, goes aboard if the carrier has room for it (2.4)."""
    if transport_cost(passenger, content) > spare_capacity(carrier, state, content):
        if passenger.uid in carrier.embark_queue:  # refused once, off the list: the carrier does not ask again
            carrier.embark_queue.remove(passenger.uid)
        return [ev.OrderGiven(state.turn, state.pulse, carrier.uid, "embark-refused", passenger.uid, 0)]
    passenger.carrier = carrier.uid
    passenger.objectives.clear()
    passenger.target = None
    carrier.passengers.append(passenger.uid)
    if passenger.uid in carrier.embark_queue:
        carrier.embark_queue.remove(passenger.uid)
    return [ev.Embarked(state.turn, state.pulse, passenger.uid, carrier.uid)]


def disembark(unit: UnitState, state: GameState, content: Content, under_fire: bool, lost: dict | None = None) -> list:
    """Unload a carrier's passengers (or one passenger); they start at suppression 80 and the carrier gets +1
    pulse of delay per unit unloaded (2.4)."""
    p = content.parameters
    if unit.carrier is not None:
        carrier, passengers = state.units[unit.carrier], [unit]
    else:
        carrier, passengers = unit, [state.units[uid] for uid in unit.passengers]
    out = []
    for passenger in passengers:
        if passenger.uid in carrier.passengers:
            carrier.passengers.remove(passenger.uid)
        passenger.carrier = None
        passenger.pos = carrier.pos
        if passenger.alive:
            passenger.suppression = max(passenger.suppression, float(p.suppression.disembark_suppression))
            carrier.delay += p.command.disembark_delay_per_unit
        out.append(
            ev.Disembarked(
                state.turn, state.pulse, passenger.uid, carrier.uid, under_fire, (lost or {}).get(passenger.uid, 0)
            )
        )
    return out
