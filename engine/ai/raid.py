"""The defender's raid, when the attack it waits for does not come (rules-reference 12.0: "flank the enemy
defensive positions", "obtain back armor shots, or close to 0 range", armoured cars "draw fire ... exposing
them"): the armour goes looking for the enemy while the infantry and guns hold the objective.

It runs as fix and flank. The raiding armour drives, unseen, to a line a visibility short of where the enemy is
expected (the middle of its deployment zone, less a margin). One unit then creeps forward until the enemy fires
on it; it stays there, crawling so that it counts as moving, and holds the enemy's attention (a unit with a
target does not search, 6.2), while the others, which trailed it out of sight, close on the enemy units that are
busy with it and shoot them from where they cannot be answered: from the flank or rear, at close range."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..sim import orders as o
from ..sim.command import chebyshev, position
from .knowledge import Picture
from .tactics import crawl, fighting_armour, go, hold
from .terrain import clamp, enemy_depth, enemy_front, objective, passable, squares_per_turn, toward_home

if TYPE_CHECKING:
    from ..sim.state import UnitState

ENGAGE_TURNS = 7  # turns a raid needs once it has reached its waiting line
CREEP_SQUARES = 2  # the probe creeps forward about this many squares a turn
TRAIL = 2  # the other raiders creep this far behind the probe
STRIKE_RADIUS = 4  # strikers look for firing positions this close to their target
MARGIN = 3  # the enemy may stand this much short of the middle of its deployment zone


def raiders(pic: Picture, formations) -> list[str]:
    """Letters of the formations that raid: those with armour that can move (the tank reserve)."""
    out = []
    for letter, members in formations:
        if any(fighting_armour(pic.battle, u) and u.carrier is None for u in members):
            out.append(letter)
    return out


def waiting_depth(pic: Picture) -> int:
    """How far beyond the enemy's start line the raid can drive without meeting it, most likely: a visibility
    (plus one) short of the middle of the enemy's deployment zone, less a margin."""
    battle = pic.battle
    front = enemy_front(battle, pic.side)
    hx, hy = toward_home(battle, pic.enemy)
    if hx:
        zone = (battle.map.width - 1 - front[0]) if hx > 0 else front[0]
    else:
        zone = (battle.map.height - 1 - front[1]) if hy > 0 else front[1]
    return max(0, zone // 2 - MARGIN) - (pic.vis + 1)


def attack_coming(pic: Picture) -> bool:
    """An enemy has been seen near the objective, or on our side of its start line: it is advancing."""
    center = objective(pic.battle)
    return any(chebyshev(e.pos, center) <= 15 or enemy_depth(pic.battle, pic.side, e.pos) < 0 for e in pic.known)


def raid_due(pic: Picture, units: list["UnitState"]) -> bool:
    """Time to go: the raid could not reach the enemy and fight any later, and no attack is in sight."""
    state = pic.state
    center = objective(pic.battle)
    if not units:
        return False
    if attack_coming(pic):
        return False
    speed = min(squares_per_turn(pic.battle, u) for u in units) or 1.0
    line = waiting_depth(pic)
    far = max(line - enemy_depth(pic.battle, pic.side, position(u, state)) for u in units)
    leave = state.last_turn - math.ceil(max(0, far) / speed) - ENGAGE_TURNS
    return state.turn >= leave


def strike_square(pic: Picture, unit: "UnitState") -> tuple[tuple[int, int], object] | None:
    """The firing position against a known enemy that promises the most VP by the end of the game: where the unit
    sees it, preferably outside its front arc and busy with another of our units, with the danger from the enemy
    units still looking for targets (there and on the way) counted against it."""
    battle, state = pic.battle, pic.state
    speed = squares_per_turn(battle, unit) or 1.0
    threat = pic.threat(unit)
    pulses_left = 4 * max(0, state.last_turn - max(state.turn, 1) + 1)
    best, best_key = None, None
    for enemy in pic.known:
        busy = pic.engaged.get(enemy.uid) not in (None, unit.uid)
        for dy in range(-STRIKE_RADIUS, STRIKE_RADIUS + 1):
            for dx in range(-STRIKE_RADIUS, STRIKE_RADIUS + 1):
                square = clamp(battle, (enemy.pos[0] + dx, enemy.pos[1] + dy))
                if square == enemy.pos or not passable(battle, unit, square) or not pic.sees_from(square, enemy):
                    continue
                gain = pic.strike_value(unit, square, enemy)
                if gain <= 0:
                    continue
                arrive = 4 * (chebyshev(unit.pos, square) / speed + 0.75)
                stay = max(0.0, pulses_left - arrive)
                if not busy:
                    stay = min(stay, 4.0)  # an enemy that is not busy answers back: count one turn
                risk = float(threat[square[1], square[0]]) * stay + path_risk(pic, unit, square)
                value = gain * stay - risk
                if unit.objectives and unit.objectives[-1] == square:
                    value *= 1.25  # where it is already going: changing course costs a new delay (5.6)
                key = (-value, square)
                if best_key is None or key < best_key:
                    best, best_key = (square, enemy), key
    if best is None or -best_key[0] <= 1.0:
        return None
    return best


def path_risk(pic: Picture, unit: "UnitState", square) -> float:
    """Danger met on the way there, moving (sampled along the straight line, a pulse a square or so)."""
    moving = pic.threat(unit, moving=True)
    (x0, y0), (x1, y1) = unit.pos, square
    n = chebyshev(unit.pos, square)
    total = 0.0
    for i in range(1, n):
        x, y = x0 + round((x1 - x0) * i / n), y0 + round((y1 - y0) * i / n)
        total += float(moving[y, x])
    return total


def raid_orders(pic: Picture, units: list["UnitState"]) -> list:
    battle, out = pic.battle, []
    contact = bool(pic.known) or bool(pic.fired_on)
    movers = [u for u in units if not u.routed and u.carrier is None and u.pos is not None and u.weapon.sp > 0]
    probe = min((u for u in movers if fighting_armour(battle, u)),
                key=lambda u: (u.count, not u.is_hq, u.index, u.uid), default=None)
    line = waiting_depth(pic)
    depth = {u.uid: enemy_depth(battle, pic.side, u.pos) for u in movers}
    for unit in movers:
        if unit.passengers:
            out.append(o.Disembark(unit.uid))
            continue
        if pic.fired_on.get(unit.uid):  # it holds the enemy's attention
            out += sink(pic, unit)
            continue
        if contact:
            strike = strike_square(pic, unit)
            if strike is not None:
                out += go(pic, unit, strike[0])
                continue
            if depth[unit.uid] >= line:
                out += hold(pic, unit)
                continue
        if depth[unit.uid] < line:
            square = line_square(pic, unit, line)
            if unit.objectives and enemy_depth(battle, pic.side, unit.objectives[-1]) == line:
                square = unit.objectives[-1]
            out += go(pic, unit, square)
        elif unit is probe or (probe is not None and depth[probe.uid] - depth[unit.uid] >= TRAIL):
            out += creep(pic, unit)
        else:
            out += hold(pic, unit)
    return out


def sink(pic: Picture, unit: "UnitState") -> list:
    """The unit the enemy is busy with keeps its attention: it stays within the reach of the enemies firing at it
    (so that they keep at it, 6.2), crawling so as to count as moving, and shoots back when it sees them."""
    if unit.objectives:
        out = [] if unit.speed == 1 else [o.SetSpeed(unit.uid, 1)]
        if unit.range_limit != unit.weapon.mr:
            out.append(o.SetRange(unit.uid, unit.weapon.mr))
        return out
    return crawl(pic, unit)


def line_square(pic: Picture, unit: "UnitState", depth: int) -> tuple[int, int]:
    """The square at the given depth beyond the enemy's start line, level with the unit."""
    battle = pic.battle
    front = enemy_front(battle, pic.side)
    hx, hy = toward_home(battle, pic.enemy)
    if hx:
        return clamp(battle, (front[0] + hx * depth, unit.pos[1]))
    return clamp(battle, (unit.pos[0], front[1] + hy * depth))


def creep(pic: Picture, unit: "UnitState") -> list:
    """Advance toward the enemy's home edge a couple of squares a turn, by speed alone (no new delay), ready to
    fire: a unit that fires stops by itself."""
    battle = pic.battle
    target = line_square(pic, unit, max(battle.map.width, battle.map.height))
    out = []
    if not unit.objectives or unit.objectives[-1] != target:
        if unit.objectives:
            out.append(o.Cancel(unit.uid))
        out.append(o.Move(unit.uid, target))
    step = battle.field(unit).next_step(unit.pos, target)
    cost = battle.field(unit).cost(step) if step is not None else 13
    speed = max(1, min(unit.weapon.sp, math.ceil(cost * CREEP_SQUARES / 4)))
    if unit.speed != speed or out:
        out.append(o.SetSpeed(unit.uid, speed))
    if unit.range_limit != unit.weapon.mr:
        out.append(o.SetRange(unit.uid, unit.weapon.mr))
    return out
