"""The computer player and the scenario's typed objectives (`objectives:`, scored by engine/sim/objectives.py).

The doctrine of the manuals is about the rules' objective area; typed objectives are points beside it that a
designer adds, and a playtest or a balance run means little if the computer ignores them. So, for its own side's
objectives only (the enemy's may be hidden from it):

* capture (until taken) and hold: one unit is detached to the square and stays there. The unit already there, else
  the one already on its way, else the one that can get there soonest by its movement costs; a unit that dies is
  replaced on the next turn. Not an HQ, not artillery, nothing unarmed, neither a carrier with its load nor a
  passenger.
* destroy: while the side has the named enemy in sight, every unit that can hurt it and has it in line of sight and
  range fires at it first (a Priority order).
* exit: not played yet: leaving the map takes units out of the fight, and when that pays depends on the battle;
  the units fight for the area as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..sim import orders as o
from ..sim.command import chebyshev
from .knowledge import Picture
from .tactics import go, hold

if TYPE_CHECKING:
    from ..model import Objective
    from ..sim.state import UnitState

UNREACHABLE = 1 << 40  # MovementField.distance_to's value where the goal cannot be reached


def open_squares(pic: Picture) -> list["Objective"]:
    """The side's capture objectives not yet taken and its hold objectives, in the scenario's order."""
    state = pic.state
    return [obj for obj in state.objectives if obj.side == pic.side and obj.at is not None
            and (obj.kind == "hold" or (obj.kind == "capture" and obj.id not in state.captured))]


def can_take(pic: Picture, unit: "UnitState") -> bool:
    """Whether the unit may be sent to take and keep a square."""
    cls = pic.battle.unit_class(unit)
    if unit.routed or unit.pos is None or unit.carrier is not None or unit.passengers or unit.is_hq:
        return False  # a carrier stays with the infantry it carries, which its formation's plan unloads
    return unit.weapon.sp > 0 and unit.weapon.mr > 0 and not cls.bombard


def _soonest(pic: Picture, units: list["UnitState"], square: tuple[int, int]) -> "UnitState | None":
    """The unit that reaches the square in the fewest pulses (its movement cost over its speed), the first in
    the list on a tie; None if none can reach it."""
    best, best_time = None, None
    for unit in units:
        cost = int(pic.battle.field(unit).distance_to(square)[unit.pos[1], unit.pos[0]])
        if cost >= UNREACHABLE:
            continue
        time = cost / unit.weapon.sp
        if best_time is None or time < best_time:
            best, best_time = unit, time
    return best


def detachments(pic: Picture, units: list["UnitState"]) -> list[tuple["Objective", "UnitState"]]:
    """The unit sent to each open capture or hold objective (from `units`, in order), at most one each."""
    free = [u for u in units if can_take(pic, u)]
    out = []
    for objective in open_squares(pic):
        there = [u for u in free if u.pos == objective.at]
        going = [u for u in free if u.objectives and u.objectives[-1] == objective.at]
        unit = (there or going or [None])[0] or _soonest(pic, free, objective.at)
        if unit is not None:
            out.append((objective, unit))
            free.remove(unit)
    return out


def detachment_orders(pic: Picture, sent: list[tuple["Objective", "UnitState"]]) -> list:
    """Drive to the objective, then stop and fight there."""
    out = []
    for objective, unit in sent:
        out += hold(pic, unit) if unit.pos == objective.at else go(pic, unit, objective.at)
    return out


def destroy_orders(pic: Picture, units: list["UnitState"]) -> list:
    """Priority on each enemy a destroy objective of the side names, for the units that see it in range."""
    state, out = pic.state, []
    known = {e.uid for e in pic.known}
    for objective in state.objectives:
        if objective.side != pic.side or objective.kind != "destroy":
            continue
        target = state.unit(pic.enemy, objective.unit)
        if target is None or not target.alive or target.uid not in known:
            continue
        armoured = pic.battle.unit_class(target).armoured
        for unit in units:
            if unit.routed or unit.pos is None or unit.priority == target.uid or not pic.dangerous_to(unit, armoured):
                continue
            if chebyshev(unit.pos, target.pos) <= unit.weapon.mr and pic.battle.sees(unit.pos, target.pos):
                out.append(o.Priority(unit.uid, target.uid))
    return out
