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
* exit: a unit outside the rules' objective area (where it would earn nothing at the end) heads for the edge when
  the turns left are just enough to get there (EXIT_MARGIN to spare); with its passengers, if it carries any,
  since they leave with it. Not an HQ. Leaving earlier would take it out of the fight.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.geometry import chebyshev
from ..sim import orders as o
from ..sim.pathing import UNREACHED
from .knowledge import Picture
from .tactics import go, hold
from .terrain import in_area, squares_per_turn

if TYPE_CHECKING:
    from ..model import Objective
    from ..sim.state import UnitState

EXIT_MARGIN = 2  # turns to spare on the way off the map: the pace is an estimate


def open_squares(pic: Picture) -> list[Objective]:
    """The side's capture objectives not yet taken and its hold objectives, in the scenario's order."""
    state = pic.state
    return [
        obj
        for obj in state.objectives
        if obj.side == pic.side
        and obj.at is not None
        and (obj.kind == "hold" or (obj.kind == "capture" and obj.id not in state.captured))
    ]


def can_take(pic: Picture, unit: UnitState) -> bool:
    """Whether the unit may be sent to take and keep a square."""
    cls = pic.battle.unit_class(unit)
    if unit.routed or unit.pos is None or unit.carrier is not None or unit.passengers or unit.is_hq:
        return False  # a carrier stays with the infantry it carries, which its formation's plan unloads
    return unit.weapon.sp > 0 and unit.weapon.mr > 0 and not cls.bombard


def _soonest(pic: Picture, units: list[UnitState], square: tuple[int, int]) -> UnitState | None:
    """The unit that reaches the square in the fewest pulses (its movement cost over its speed), the first in
    the list on a tie; None if none can reach it."""
    best, best_time = None, None
    for unit in units:
        x, y = unit.square
        cost = int(pic.battle.field(unit).distance_to(square)[y, x])
        if cost >= UNREACHED:
            continue
        time = cost / unit.weapon.sp
        if best_time is None or time < best_time:
            best, best_time = unit, time
    return best


def turns_to(pic: Picture, unit: UnitState, square: tuple[int, int]) -> float:
    """Turns the unit takes to the square at its typical pace (attack.py's estimate, by the median cost)."""
    pace = squares_per_turn(pic.battle, unit)
    return chebyshev(unit.square, square) / pace if pace > 0 else float("inf")


def leaving(pic: Picture, unit: UnitState, edge: str) -> bool:
    """Whether the unit should head off the map by `edge` now: it is outside the objective area (where it earns
    nothing at the end), on its way already, or the turns left are just enough for it to get there."""
    if unit.routed or unit.pos is None or unit.carrier is not None or unit.is_hq or unit.weapon.sp <= 0:
        return False
    square = pic.battle.map.edge_square(unit.pos, edge)
    if unit.objectives and unit.objectives[-1] == square:
        return True
    if in_area(pic.battle, unit.pos):
        return False
    turns_left = pic.state.last_turn - pic.state.turn + 1  # this one included
    return turns_left - EXIT_MARGIN <= turns_to(pic, unit, square) <= turns_left


def detachments(pic: Picture, units: list[UnitState]) -> list[tuple[UnitState, tuple[int, int]]]:
    """(unit, square) for the units sent away from their formations' plans (from `units`, in order): one to each
    open capture or hold objective, then those leaving by an exit objective's edge."""
    free = [u for u in units if can_take(pic, u)]
    out: list[tuple[UnitState, tuple[int, int]]] = []
    for objective in open_squares(pic):
        square = objective.square
        there = [u for u in free if u.pos == square]
        going = [u for u in free if u.objectives and u.objectives[-1] == square]
        unit = there[0] if there else going[0] if going else _soonest(pic, free, square)
        if unit is not None:
            out.append((unit, square))
            free.remove(unit)
    sent = {unit.uid for unit, _ in out}
    for objective in pic.state.objectives:
        if objective.side == pic.side and objective.kind == "exit":
            for unit in units:
                if unit.uid not in sent and leaving(pic, unit, objective.exit_edge):
                    out.append((unit, pic.battle.map.edge_square(unit.square, objective.exit_edge)))
                    sent.add(unit.uid)
    return out


def detachment_orders(pic: Picture, sent: list[tuple[UnitState, tuple[int, int]]]) -> list:
    """Drive to the square, then stop and fight there."""
    out: list[o.Order] = []
    for unit, square in sent:
        out += hold(pic, unit) if unit.pos == square else go(pic, unit, square)
    return out


def destroy_orders(pic: Picture, units: list[UnitState]) -> list:
    """Priority on each enemy a destroy objective of the side names, for the units that see it in range."""
    state = pic.state
    out: list[o.Order] = []
    known = {e.uid for e in pic.known}
    for objective in state.objectives:
        if objective.side != pic.side or objective.kind != "destroy":
            continue
        target = state.unit(pic.enemy, objective.target_unit)
        if target is None or not target.alive or target.uid not in known:
            continue
        armoured = pic.battle.unit_class(target).armoured
        for unit in units:
            if (
                unit.routed
                or unit.pos is None
                or unit.priority == target.uid
                or not pic.dangerous_to(unit, armoured)
                or pic.battle.unit_class(unit).indirect_only
            ):
                continue
            reach = min(unit.weapon.mr, pic.vis)  # no unit fires beyond the visibility
            there = target.square  # a known enemy: on the map
            if chebyshev(unit.pos, there) <= reach and pic.battle.sees(unit.pos, there):
                out.append(o.Priority(unit.uid, target.uid))
    return out
