"""The defence (docs/rules.md 15.3, 15.1):
infantry holds cover in the objective area with short ambush ranges, guns and machine guns fire at their full
range, transports unload and keep out of the way, and the armour waits behind the infantry as a mobile reserve
that strikes at the attackers it can hit best once they are in the area."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.geometry import chebyshev
from ..sim import orders as o
from .knowledge import Picture
from .strike import strike_square
from .tactics import face_threat, fighting_armour, go, hold
from .terrain import AREA_RADIUS, clamp, cover_near, in_area, objective, toward_home

if TYPE_CHECKING:
    from ..sim.state import UnitState

RESERVE_DEPTH = 3  # the armour waits this far behind the objective's centre
COUNTERATTACK_REACH = AREA_RADIUS + 3  # it strikes at known enemies this close to the objective
COUNTERATTACK_HOP = 3  # ... from a firing position this close to where it stands


def defend_orders(pic: Picture, units: list[UnitState]) -> list:
    battle = pic.battle
    out: list[o.Order] = []
    center = objective(pic.battle)
    intruders = [e for e in pic.known if chebyshev(e.square, center) <= COUNTERATTACK_REACH]
    for unit in units:
        if unit.routed or unit.carrier is not None or unit.pos is None:
            continue
        cls = battle.unit_class(unit)
        if unit.passengers:
            out.append(o.Disembark(unit.uid))
            continue
        if unit.weapon.sp == 0:
            out += hold(pic, unit)
            continue
        if fighting_armour(battle, unit):
            if intruders:
                strike = strike_square(pic, unit)
                scoring = strike is not None and in_area(battle, strike[1].pos)
                if strike is not None and (
                    scoring
                    or chebyshev(strike[0], unit.pos) <= COUNTERATTACK_HOP
                    and pic.engaged.get(strike[1].uid) not in (None, unit.uid)
                ):
                    # a short hop onto the flank of an attacker busy elsewhere; and an attacker inside the
                    # objective area scores at the end unless it is thrown out: go for it
                    out += go(pic, unit, strike[0])
                    continue
            if chebyshev(unit.pos, center) > AREA_RADIUS + RESERVE_DEPTH + 2 and pic.known:
                out += hold(pic, unit)  # caught forward by the attack: fight where it stands
                continue
            out += station(pic, unit, reserve_square(pic, unit))
            continue
        if cls.vehicle:  # an empty transport keeps out of the fight, in cover behind the objective
            out += station(pic, unit, reserve_square(pic, unit))
            continue
        # the class's ambush_range: rifles and SMGs hold fire until the enemy is next to them (docs/rules.md 15.3, 15.1)
        ambush = cls.ambush_range
        wanted = unit.weapon.mr if ambush is None else min(ambush, unit.weapon.mr)
        if not unit.objectives and not pic.cover[unit.pos[1], unit.pos[0]] and chebyshev(unit.pos, center) <= 12:
            spot = cover_near(battle, unit, center)
            if spot is not None and spot != unit.pos and chebyshev(spot, unit.pos) <= 6:
                out.append(o.Move(unit.uid, spot))
        if unit.range_limit != wanted:
            out.append(o.SetRange(unit.uid, wanted))
        out += face_threat(pic, unit)
    return out


def reserve_square(pic: Picture, unit: UnitState) -> tuple[int, int]:
    """Behind the infantry: cover near a point RESERVE_DEPTH squares behind the objective's centre."""
    battle = pic.battle
    center = objective(pic.battle)
    hx, hy = toward_home(battle, pic.side)
    back = clamp(battle, (center[0] + hx * RESERVE_DEPTH, center[1] + hy * RESERVE_DEPTH))
    here = unit.square
    if pic.cover[here[1], here[0]] and chebyshev(here, back) <= 4:
        return here
    spot = cover_near(battle, unit, back, radius=4)
    return spot if spot is not None else back


def station(pic: Picture, unit: UnitState, square) -> list:
    if unit.pos == square or (not unit.objectives and chebyshev(unit.square, square) <= 1):
        return hold(pic, unit)
    return go(pic, unit, square)
