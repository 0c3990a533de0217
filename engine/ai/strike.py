"""Where an armoured unit fires from to take a known enemy (the defender's counter-attack, defend.py, and the
raid's strike, raid.py): the firing position that promises the most victory points by the end of the game.

This was the computer player's hottest loop (docs/engine.md, "Performance": 15.9 of 18.3 s of the slowest random
battle): every square near every known enemy, for every armoured unit. It is worked out here with NumPy one
enemy's window of squares at a time, with the same IEEE operations on the same values in the same order as the
square-by-square loop it replaced, so that every choice, and every event log, stays what it was: elementwise
+ - * /, np.round (half to even, as Python's round), and the danger met on the way summed along each path with
np.add.accumulate, which adds in order as a loop does (np.sum would add pairwise and round differently).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..rules.los import FACING_VECTORS, facing_index, in_arc, in_arc_offset
from ..sim.pathing import IMPASSABLE
from .knowledge import Picture
from .terrain import enemy_depth, squares_per_turn

if TYPE_CHECKING:
    from ..sim.state import UnitState

STRIKE_RADIUS = 4  # strikers look for firing positions this close to their target
BEHIND = 2  # in the enemy's rear a striker fires from at least this much nearer the enemy's home edge than its
# target, where the enemy units beside the target, unseen yet, most likely have their backs to it too


_OFFSETS = np.array([(dx, dy) for dy in range(-STRIKE_RADIUS, STRIKE_RADIUS + 1)
                     for dx in range(-STRIKE_RADIUS, STRIKE_RADIUS + 1)]).T  # (2, squares of a window)


def strike_square(pic: Picture, unit: "UnitState", behind: bool = False,
                  rear: int = 0) -> tuple[tuple[int, int], "UnitState"] | None:
    """The firing position against a known enemy that promises the most VP by the end of the game: where the unit
    sees it, preferably outside its front arc and busy with another of our units, with the danger from the enemy
    units still looking for targets (there and on the way) counted against it. `behind`: only from outside the
    enemy's field of vision, from a unit already outside it (a unit busy with another target may turn to a new
    one at any moment), and no nearer the enemy's start line than `rear` squares behind it. Ties go to the
    lowest (x, y), then to the enemy listed first."""
    battle, state = pic.battle, pic.state
    enemies = [e for e in pic.known if not (behind and in_arc(e.pos, e.facing, unit.pos, 180))]
    # (a unit that would cross the enemy's field of vision on its way has to get round it first)
    found = _candidates(pic, unit, enemies, behind, rear)
    if found is None:
        return None
    k, xs, ys, gain = found
    speed = squares_per_turn(battle, unit) or 1.0
    pulses_left = 4 * max(0, state.last_turn - max(state.turn, 1) + 1)
    arrive = 4 * (np.maximum(np.abs(xs - unit.pos[0]), np.abs(ys - unit.pos[1])) / speed + 0.75)
    stay = np.maximum(0.0, pulses_left - arrive)
    busy = np.array([pic.engaged.get(e.uid) not in (None, unit.uid) for e in enemies])[k]
    stay = np.where(busy, stay, np.minimum(stay, 4.0))  # an enemy that is not busy answers back: count one turn
    risk = pic.threat(unit)[ys, xs] * stay + path_risk(pic.threat(unit, moving=True), unit.pos, xs, ys)
    value = gain * stay - risk
    if unit.objectives:  # where it is already going: changing course costs a new delay (5.6)
        going = unit.objectives[-1]
        value = np.where((xs == going[0]) & (ys == going[1]), value * 1.25, value)
    i = int(np.lexsort((k, ys, xs, -value))[0])  # the least (-value, square), then the first enemy
    if value[i] <= 1.0:
        return None
    return (int(xs[i]), int(ys[i])), enemies[int(k[i])]


def _candidates(pic: Picture, unit: "UnitState", enemies: list, behind: bool, rear: int):
    """The squares within STRIKE_RADIUS of each enemy the unit could strike it from, as flat arrays (index of the
    enemy, x, y, strike value per pulse), or None: on the map and passable, other than the enemy's, from where a
    stationary unit sights it (Picture.sees_from), with a strike value above 0, and when `behind`, outside the
    enemy's field of vision and deep enough in its rear. (Squares off the map are dropped rather than clamped to
    its edge as before: the edge square is in the window anyway, and scores the same.)"""
    if not enemies:
        return None
    battle = pic.battle
    ex = np.array([e.pos[0] for e in enemies])[:, None]
    ey = np.array([e.pos[1] for e in enemies])[:, None]
    tx, ty = np.broadcast_to(_OFFSETS[0], (len(enemies), _OFFSETS.shape[1])), _OFFSETS[1]
    xs, ys = ex + tx, ey + ty
    ok = (xs >= 0) & (xs < pic.width) & (ys >= 0) & (ys < pic.height)
    xc, yc = np.clip(xs, 0, pic.width - 1), np.clip(ys, 0, pic.height - 1)
    d = np.maximum(np.abs(tx), np.abs(ty))
    reach = np.array([pic.sight_reach(e) for e in enemies])[:, None]
    # line of sight from each enemy's viewshed: symmetric, and equal to has_los on every square (rules/los.py)
    seen = np.array([pic.los(e.pos)[yc[i], xc[i]] for i, e in enumerate(enemies)])
    passable = battle.field(unit).enter_cost[yc, xc] < int(IMPASSABLE)
    ok &= passable & seen & (d > 0) & (d <= reach)
    facing = np.array([FACING_VECTORS[facing_index(e.facing)] for e in enemies])
    fx, fy = facing[:, :1], facing[:, 1:]
    if behind:  # outside the enemy's field of vision (d > 0 already); enemy_depth is linear in x and y
        limit = np.array([max(rear, enemy_depth(battle, pic.side, e.pos) + BEHIND) for e in enemies])[:, None]
        ok &= ~in_arc_offset(fx, fy, tx, ty, 180) & (enemy_depth(battle, pic.side, (xs, ys)) >= limit)
    k, j = np.nonzero(ok)
    if not len(k):
        return None
    front = in_arc_offset(fx, fy, tx, ty, 90)  # rules.los.front_arc
    xs, ys, arc = xs[k, j], ys[k, j], (2 * d + front)[k, j]
    # the strike value depends on the square (one that sees the enemy) only by its distance and whether it is in
    # the enemy's front arc: asked once per enemy for each of those
    pairs, where = np.unique(k * 16 + arc, return_inverse=True)  # arc < 16
    gain = np.array([pic.strike_rate(unit, enemies[pair // 16], pair % 16 // 2, bool(pair % 2))
                     for pair in pairs.tolist()])[where]
    keep = gain > 0
    if not keep.any():
        return None
    return k[keep], xs[keep], ys[keep], gain[keep]


def path_risk(moving_threat: np.ndarray, origin: tuple[int, int], xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """The danger met on the way from `origin` to each square (xs, ys), moving: the moving threat summed, in
    order, over the squares sampled along the straight line, a pulse a square or so, the ends left out."""
    x0, y0 = origin
    dx, dy = xs - x0, ys - y0
    n = np.maximum(np.abs(dx), np.abs(dy))
    longest = int(n.max()) if len(n) else 0
    if longest <= 1:
        return np.zeros(len(xs))
    i = np.arange(1, longest)[None, :]
    steps = np.maximum(n, 1)[:, None]
    on_way = i < n[:, None]
    # (dx * i) / n in float64 as Python's int / int (exact below 2**53), rounded half to even as round()
    px = np.where(on_way, x0 + np.round(dx[:, None] * i / steps).astype(np.int64), x0)
    py = np.where(on_way, y0 + np.round(dy[:, None] * i / steps).astype(np.int64), y0)
    samples = np.where(on_way, moving_threat[py, px], 0.0)
    return np.add.accumulate(samples, axis=1)[:, -1]
