"""Unit drills shared by the attack, the defence and the raid: drive somewhere without stopping to shoot, halt and
fight, face the worst threat, keep moving under fire in the open, and close assaults (docs/rules.md 15.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..sim import orders as o
from .knowledge import Picture
from .terrain import clamp, passable, toward_home

if TYPE_CHECKING:
    from ..sim.state import UnitState

TRANSIT_RANGE = 1  # never 0 while moving: a moving unit at range 0 charges whoever fires at it from within 3 (6.14)
CRAWL_SPEED = 1


def fighting_armour(battle, unit: UnitState) -> bool:
    """A tank, tank destroyer, assault gun or armoured car: armour with an armour-piercing gun that can move (not
    a carrier with machine guns, not self-propelled artillery)."""
    cls = battle.unit_class(unit)
    return cls.armoured and not cls.bombard and unit.weapon.mp > 0 and unit.weapon.sp > 0


def go(pic: Picture, unit: UnitState, square) -> list:
    """Drive there at full speed, not stopping to shoot; once there, engage at full range and face the enemy."""
    out: list[o.Order] = []
    if unit.pos == square:
        if unit.range_limit != unit.weapon.mr:
            out.append(o.SetRange(unit.uid, unit.weapon.mr))
        return out + face_threat(pic, unit)
    if not unit.objectives or unit.objectives[-1] != square:
        if unit.objectives:
            out.append(o.Cancel(unit.uid))  # a new objective would only be added after the old one (5.3)
        out.append(o.Move(unit.uid, square))
    elif unit.speed != unit.weapon.sp:
        out.append(o.SetSpeed(unit.uid, unit.weapon.sp))
    if unit.range_limit != min(TRANSIT_RANGE, unit.weapon.mr):
        out.append(o.SetRange(unit.uid, TRANSIT_RANGE))
    return out


def hold(pic: Picture, unit: UnitState) -> list:
    """Stop and fight: speed 0 keeps the objective (and the pulses fired at the target: docs/rules.md
    15.5, 15.1), full range, front to the enemy - or, for armour in the open under fire, keep crawling."""
    if under_fire_in_open(pic, unit):
        return crawl(pic, unit)
    out: list[o.Order] = []
    if unit.objectives and unit.speed:
        out.append(o.SetSpeed(unit.uid, 0))
    if unit.range_limit != unit.weapon.mr:
        out.append(o.SetRange(unit.uid, unit.weapon.mr))
    return out + face_threat(pic, unit)


def under_fire_in_open(pic: Picture, unit: UnitState) -> bool:
    """An armoured vehicle fired on last turn by something that can hurt it, with no cover in its square."""
    battle = pic.battle
    if not battle.unit_class(unit).armoured or unit.weapon.sp <= 0 or pic.cover[unit.square[1], unit.square[0]]:
        return False
    shooters = [battle.state.units[e] for e in pic.shot_by.get(unit.uid, ())]
    return any(pic.dangerous(e, unit) for e in shooters)


def crawl(pic: Picture, unit: UnitState, toward=None) -> list:
    """A vehicle under fire in the open keeps an objective and the slowest speed: it counts as moving, so it is
    half as easy to hit (6.4), while it still fires (a unit that fires does not move, 6.10) and its armour-piercing
    fire is not spoiled by moving (6.5 halves only fire at soft targets). The objective is a square a couple of
    squares back (or `toward`), so that the little it drifts takes it out of danger."""
    battle = pic.battle
    out: list[o.Order] = []
    if not unit.objectives:
        if toward is None:
            hx, hy = toward_home(battle, unit.side)
            x, y = unit.square
            toward = clamp(battle, (x + 2 * hx, y + 2 * hy))
        if toward == unit.pos or not passable(battle, unit, toward):
            return out + face_threat(pic, unit)
        out.append(o.Move(unit.uid, toward))
    if unit.speed != CRAWL_SPEED or out:
        out.append(o.SetSpeed(unit.uid, CRAWL_SPEED))
    if unit.range_limit != unit.weapon.mr:
        out.append(o.SetRange(unit.uid, unit.weapon.mr))
    return out


def face_threat(pic: Picture, unit: UnitState) -> list:
    """A unit that has stopped turns its front to the most dangerous enemy it knows of (free, no delay)."""
    if unit.objectives and unit.speed:
        return []
    worst = pic.worst_in_reach(unit)
    if worst is None:
        return []
    facing = pic.facing_towards(unit.pos, worst.pos)
    return [o.Face(unit.uid, facing)] if facing != unit.facing else []


def assault_target(pic: Picture, unit: UnitState) -> tuple[int, int] | None:
    """Infantry and tanks close on a nearby enemy that is fully suppressed (docs/rules.md 15.5, 15.1); infantry with
    a special weapon also closes on an armoured vehicle that is busy with another target."""
    battle = pic.battle
    cls = battle.unit_class(unit)
    if not (cls.infantry or cls.role == "armour"):
        return None
    near = pic.near_known(unit.square, 3)
    if not near:
        return None  # (most units, most turns)
    limit = float(battle.params.suppression.suppression_no_search_above)
    # Nearest first, then by uid: near_known gives uid order and the sort is stable.
    for d, enemy in sorted(near, key=lambda de: de[0]):
        if enemy.suppression > limit and not battle.unit_class(enemy).armoured:
            return enemy.pos
        busy = pic.engaged.get(enemy.uid) not in (None, unit.uid)
        if cls.infantry and unit.siw is not None and battle.unit_class(enemy).armoured and busy and d <= 2:
            return enemy.pos
    return None
