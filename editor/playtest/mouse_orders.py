"""What the battle window's mouse and keys mean as engine orders (engine/sim/orders.py, the types the text player
gives): a selection of units, or a whole formation, and a square, a value or another unit. Qt-free.

A selection that is exactly the units of one formation, its HQ included, gets the all-units orders (5.2 'Z'): the
formation advances keeping its shape, and speed, range, facing and cancel apply to every member."""

from __future__ import annotations

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.sim import orders as o
from tacforge.engine.sim.command import bombard_delay

from .frames import Frame, UnitView


def formation_of(frame: Frame, unit: UnitView) -> set[str]:
    """The units of `unit`'s formation that are in the battle and alive (what a formation select picks)."""
    letter = unit.label[:1]
    return {
        u.uid
        for u in frame.units.values()
        if u.side == unit.side and u.label[:1] == letter and u.alive and not u.offmap
    }


def whole_formation(frame: Frame, selected: set[str]) -> tuple[str, str] | None:
    """(side, letter) when the selection is exactly one formation with its HQ; None otherwise."""
    units = [frame.units[uid] for uid in selected if uid in frame.units]
    if not units or len({(u.side, u.label[:1]) for u in units}) != 1:
        return None
    first = units[0]
    has_hq = any(u.label[1:] == "0" for u in units)
    return (first.side, first.label[:1]) if has_hq and set(selected) == formation_of(frame, first) else None


def move(frame: Frame, selected: set[str], square: tuple[int, int], speed: int | None = None) -> list[o.Order]:
    formation = whole_formation(frame, selected)
    if formation is not None and len(selected) > 1:
        return [o.Advance(*formation, square, speed)]
    return [o.Move(uid, square, speed) for uid in sorted(selected)]


def set_value(frame: Frame, selected: set[str], action: str, value) -> list[o.Order]:
    """speed | range | face | cancel for the selection (value: None for cancel)."""
    formation = whole_formation(frame, selected)
    if formation is not None and len(selected) > 1:
        return [o.AllUnits(*formation, action, value)]
    if action == "cancel":
        return [o.Cancel(uid) for uid in sorted(selected)]
    return [o.PER_UNIT[action](uid, value) for uid in sorted(selected)]


def priority(selected: set[str], enemy: UnitView) -> list[o.Order]:
    return [o.Priority(uid, enemy.uid) for uid in sorted(selected)]


def embark(carrier: str, passenger: UnitView, whole: bool) -> o.Order:
    """The carrier loads the unit, or with `whole` the unit's whole formation."""
    return o.Embark(carrier, f"{passenger.side}:{passenger.label[:1]}*" if whole else passenger.uid)


@dataclass(frozen=True)
class Battery:
    uid: str
    label: str
    weapon: str
    delay: int  # pulses before its fire lands, with this spotter

    @property
    def text(self) -> str:
        return f"{self.label} {self.weapon} (delay {self.delay} pulses)"


def batteries(battle, spotter_uid: str) -> list[Battery]:
    """The artillery of the spotter's side that may bombard, each with its delay for this spotter, shortest first."""
    state = battle.state
    spotter = state.units[spotter_uid]
    found = [
        Battery(u.uid, u.label, u.weapon.name, bombard_delay(u, spotter, battle.content))
        for u in state.side_units(spotter.side)
        if u.alive and u.present and not u.routed and o.can_bombard(u, battle.content)
    ]
    return sorted(found, key=lambda b: (b.delay, b.label))
