"""Where an armoured unit fires from to take a known enemy (the defender's counter-attack, defend.py, and the
raid's strike, raid.py): the firing position that promises the most victory points by the end of the game.

This was the computer player's hottest loop (docs/engine.md, "Performance": 15.9 of 18.3 s of the slowest random
battle): every square near every known enemy, for every armoured unit. It is worked out here with NumPy one
enemy's window of squares at a time, with the same IEEE operations on the same values in the same order as the
square-by-square loop it replaced, so that every choice, and every event log, stays what it was: elementwise
+ - * /, np.round (half to even, as Python's round), and the danger met on the way summed along each path with
np.add.accumulate, which adds in order as a loop does (np.sum would add pairwise and round differently).

What does not depend on the striker (each enemy's window: its squares, line of sight, distance, arcs and depth)
is worked out once per orders phase (EnemyWindows; an enemy's window is kept while it stands still), and the
danger on the way, the dearest part, only for the squares that could still be best (see best_square). What is
worked out per unit, its stay, each square's value and the best of them, goes through a compiled loop
(_strike_core.c) with the same operations in the same order (choose_square); the NumPy steps stay as its
fallback and for maps that are not all finite.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from ..caching import LRU
from ..rules.los import FACING_VECTORS, facing_index, in_arc_offset
from ..sim.pathing import IMPASSABLE
from .knowledge import Picture
from .rates import content_memo, kill_rate, siw_rate, unit_value
from .terrain import enemy_depth, squares_per_turn

_best_strike: Callable[..., int] | None
try:  # the compiled choice of a unit's square (_strike_core.c), built by make setup; without it the NumPy steps below
    from ._strike_core import best_strike as _best_strike
except ImportError:  # pragma: no cover - a source checkout not installed with pip
    _best_strike = None

if TYPE_CHECKING:
    from ..sim.state import UnitState

STRIKE_RADIUS = 4  # strikers look for firing positions this close to their target
BEHIND = 2  # in the enemy's rear a striker fires from at least this much nearer the enemy's home edge than its
# target, where the enemy units beside the target, unseen yet, most likely have their backs to it too
FIRST_LOOK = 16  # the danger on the way is worked out first for this many of the most promising squares
ARCS = 2 * STRIKE_RADIUS + 2  # a square's arc: twice its distance from the enemy, plus one in the enemy's front arc


_OFFSETS = np.array(
    [(dx, dy) for dy in range(-STRIKE_RADIUS, STRIKE_RADIUS + 1) for dx in range(-STRIKE_RADIUS, STRIKE_RADIUS + 1)]
).T  # (2, squares of a window)
_DISTANCE = np.maximum(np.abs(_OFFSETS[0]), np.abs(_OFFSETS[1]))  # of a window's squares from its centre
# What of a window depends only on its enemy's facing (FACING_VECTORS' order), worked out once: the arc (twice
# the distance, plus one in the front arc) and the squares outside the field of vision (the 180-degree arc)
_FACINGS = np.array(FACING_VECTORS, dtype=np.int64)
_ARC_BY_FACING = np.array([2 * _DISTANCE + in_arc_offset(fx, fy, _OFFSETS[0], _OFFSETS[1], 90) for fx, fy in _FACINGS])
_UNSEEN_BY_FACING = np.array([~in_arc_offset(fx, fy, _OFFSETS[0], _OFFSETS[1], 180) for fx, fy in _FACINGS])
_CENTRE = len(_DISTANCE) // 2  # the window's own square, (0, 0)
# A window's rows by (map serial, line-of-sight rule, visibility), then by enemy square and sight reach: all they
# read. Kept across orders phases and battles on the same map (enemies mostly stand still from one phase to the
# next: about three in four of stalingrad_relief's windows are found here). The maps in the engine's LRU (one lookup
# a phase), each map's rows in a plain dict cleared when full (an LRU's lookup a window costs more than the rows it
# saves): at most _WINDOWS_KEPT rows of 2.6 kB a map and _WINDOWS_MAPS maps (about 10 MB).
_WINDOWS_KEPT = 1_024
_WINDOWS_MAPS = 4
_WINDOWS: LRU[dict] = LRU(_WINDOWS_MAPS)
_NO_WINDOWS = np.zeros((4, 0, len(_DISTANCE)), dtype=np.int64)


def _window(pic: Picture, square: tuple[int, int], reach: float, kept: dict[tuple, np.ndarray]) -> np.ndarray:
    """A known enemy's window of squares: their x, y, index on the map (clamped to its edge where a square is off
    the map) and whether a stationary unit there sights the enemy (on the map, not the enemy's own square, within
    its sight reach and in line of sight: the enemy's viewshed, which is symmetric), an int64 (4, squares) array."""
    w, h = pic.width, pic.height
    xs, ys = square[0] + _OFFSETS[0], square[1] + _OFFSETS[1]
    ok = (xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)
    flat = np.minimum(np.maximum(ys, 0), h - 1) * w + np.minimum(np.maximum(xs, 0), w - 1)
    seen = ok & pic.los(square).reshape(-1).take(flat) & (_DISTANCE > 0) & (_DISTANCE <= reach)
    row = np.stack([xs, ys, flat, seen])
    row.flags.writeable = False
    if len(kept) >= _WINDOWS_KEPT:
        kept.clear()
    kept[square, reach] = row
    return row


def strike_square(
    pic: Picture, unit: UnitState, behind: bool = False, rear: int = 0
) -> tuple[tuple[int, int], UnitState] | None:
    """The firing position against a known enemy that promises the most VP by the end of the game: where the unit
    sees it, preferably outside its front arc and busy with another of our units, with the danger from the enemy
    units still looking for targets (there and on the way) counted against it. `behind`: only from outside the
    enemy's field of vision, from a unit already outside it (a unit busy with another target may turn to a new
    one at any moment), and no nearer the enemy's start line than `rear` squares behind it. Ties go to the
    lowest (x, y), then to the enemy listed first."""
    battle, state = pic.battle, pic.state
    windows = EnemyWindows.of(pic)
    found = windows.candidates(unit, behind, rear)
    if found is None:
        return None
    k, xs, ys, gain = found  # k: the enemy's index in pic.known
    speed = squares_per_turn(battle, unit) or 1.0
    pulses_left = 4 * max(0, state.last_turn - max(state.turn, 1) + 1)
    busy = windows.busy_elsewhere(unit)
    threat = pic.threat(unit)
    moving = pic.threat(unit, moving=True)
    going = unit.objectives[-1] if unit.objectives else None  # changing course costs a new delay (5.6)
    i = choose_square(xs, ys, k, gain, busy, threat, moving, unit.square, going, speed, pulses_left)
    if i is None:
        return None
    return (int(xs[i]), int(ys[i])), pic.known[int(k[i])]


def choose_square(
    xs: np.ndarray,
    ys: np.ndarray,
    k: np.ndarray,
    gain: np.ndarray,
    busy: np.ndarray,
    threat: np.ndarray,
    moving: np.ndarray,
    origin: tuple[int, int],
    going: tuple[int, int] | None,
    speed: float,
    pulses_left: int,
    compiled: bool = True,
) -> int | None:
    """The index of the best of a unit's candidate squares (xs, ys, against the enemy of row k, `gain` VP a pulse
    there; busy: which enemies are busy elsewhere), for a unit on `origin` going to `going` at `speed` squares a
    turn with `pulses_left` in the game, or None: best_square of what it gains and loses for the pulses it would
    stay there (an enemy that is not busy answers back: count one turn). Through the compiled loop
    (_strike_core.c) where it is built and the maps are finite, else (or not `compiled`) through NumPy."""
    if compiled and _best_strike is not None:
        i = _best_strike(
            xs, ys, k, gain, busy, threat, moving, len(xs), len(busy), threat.shape[1], threat.shape[0], *origin,
            float(speed), float(pulses_left), going is not None, *(going if going is not None else (0, 0)),
        )  # fmt: skip
        if i != -2:  # -2: a map or bound not finite, or a negative danger: the NumPy steps handle those
            return None if i == -1 else i
    ux, uy = origin
    arrive = 4 * (np.maximum(np.abs(xs - ux), np.abs(ys - uy)) / speed + 0.75)
    stay = np.maximum(0.0, pulses_left - arrive)
    stay = np.where(busy[k], stay, np.minimum(stay, 4.0))
    return best_square(moving, origin, going, xs, ys, k, gain * stay, threat[ys, xs] * stay)


def best_square(
    moving: np.ndarray,
    origin: tuple[int, int],
    going: tuple[int, int] | None,
    xs: np.ndarray,
    ys: np.ndarray,
    k: np.ndarray,
    gained: np.ndarray,
    lost_there: np.ndarray,
) -> int | None:
    """The index of the best candidate square, whose value is gained - (lost_there + the danger on the way from
    `origin`, moving), a quarter more where the unit is already `going`; None if no value is above 1. Ties go to
    the least (x, y), then the least k.

    The danger on the way is never negative (a sum of expected losses), so gained - lost_there bounds the value
    from above, in floating point too (rounding is monotonic). The danger on the way is worked out for the
    FIRST_LOOK squares of the highest bound, then for all whose bound reaches the best value found among those:
    the others can neither win nor tie. Where the moving threat map is not all finite and >= 0 (never seen), or
    a bound is not finite, every square is worked out."""
    bound = _at_going(gained - lost_there, xs, ys, going)
    exact = bool(np.isfinite(bound).all()) and bool(np.isfinite(moving).all()) and bool((moving >= 0).all())
    value = None
    if exact:
        if not (bound > 1.0).any():
            return None
        first = (-bound).argpartition(FIRST_LOOK)[:FIRST_LOOK] if len(bound) > FIRST_LOOK else np.arange(len(bound))
        first_value = _value(moving, origin, xs[first], ys[first], gained[first], lost_there[first], going)
        look = (bound >= first_value.max()).nonzero()[0]  # the best of the first look among them (bound >= value)
        row = np.full(len(bound), -1)
        row[first] = np.arange(len(first))
        if (row[look] >= 0).all():  # all in the first look: their values are known (a square's value is its own)
            value = first_value[row[look]]
    else:
        look = np.arange(len(xs))
    if value is None:
        value = _value(moving, origin, xs[look], ys[look], gained[look], lost_there[look], going)
    i = int(np.lexsort((k[look], ys[look], xs[look], -value))[0])  # the least (-value, square), then enemy
    if value[i] <= 1.0:
        return None
    return int(look[i])


def _value(moving: np.ndarray, origin: tuple[int, int], xs, ys, gained, lost_there, going) -> np.ndarray:
    return _at_going(gained - (lost_there + path_risk(moving, origin, xs, ys)), xs, ys, going)


def _at_going(value: np.ndarray, xs, ys, going) -> np.ndarray:
    if going is None:
        return value
    return np.where((xs == going[0]) & (ys == going[1]), value * 1.25, value)


class EnemyWindows:
    """The squares within STRIKE_RADIUS of each known enemy (rows in the order of pic.known, a window's squares
    in the order of _OFFSETS) and what of them does not depend on the striker, worked out once per orders phase:
    on the map, other than the enemy's, where a stationary unit sights it (Picture.sees_from, from the enemy's
    viewshed, which is symmetric and equal to has_los on every square, rules/los.py), and the arc: twice the
    distance, plus one in the enemy's front arc (rules.los.front_arc)."""

    def __init__(self, pic: Picture):
        self.pic = pic
        known = pic.known
        n = len(known)
        rule = (pic.battle.grid.serial, pic.battle.flags.los_operator, pic.vis)
        kept = _WINDOWS.get_or_build(rule, dict)
        # each window's rows (x, y, index on the map, sighted) from the windows kept by square and reach: an enemy
        # that has not moved since the last phase costs a dict lookup, not its viewshed's and five arrays' making
        window_rows = []
        for e in known:
            square = e.square
            reach = pic.sight_reach(e)
            row = kept.get((square, reach))
            if row is None:
                row = _window(pic, square, reach, kept)
            window_rows.append(row)
        # side by side: rows[0] the windows' x by enemy and square, and so on (np.stack's axis 1, in one call)
        rows = np.concatenate(window_rows, axis=1).reshape(4, n, len(_DISTANCE)) if n else _NO_WINDOWS
        self.xs, self.ys, self.flat = rows[0], rows[1], rows[2]  # (each contiguous: read through flat indexes)
        self.ex, self.ey = self.xs[:, _CENTRE : _CENTRE + 1], self.ys[:, _CENTRE : _CENTRE + 1]
        self.seen = rows[3] != 0
        self.facing = np.array([facing_index(e.facing) for e in known], dtype=np.int64)
        facing = _FACINGS[self.facing]
        self.fx, self.fy = facing[:, :1], facing[:, 1:]
        self.arc = _ARC_BY_FACING[self.facing]
        self._passable: dict = {}  # movement field -> passable squares of the windows
        self._behind: dict[int, np.ndarray] = {}  # rear -> the windows' squares behind their enemy
        self._busy = np.array([pic.engaged.get(e.uid) is not None for e in known], dtype=bool)
        self._kind_of, self._kinds = target_kinds(pic)
        self._strike: dict[tuple, tuple] = {}  # strike_rates' table and memo rows, by what they read of the firer
        self._found: dict[tuple, tuple | None] = {}  # candidates (not behind), by movement field and firer

    @classmethod
    def of(cls, pic: Picture) -> EnemyWindows:
        hit = pic.memo.get(cls)
        if hit is None:
            hit = pic.memo[cls] = cls(pic)
        return hit

    def busy_elsewhere(self, unit: UnitState) -> np.ndarray:
        """For each known enemy: busy with another of our units than this one."""
        on_me = self.pic.rows_firing_at.get(unit.uid)
        if not on_me:
            return self._busy
        busy = self._busy.copy()
        busy[on_me] = False
        return busy

    def passable(self, unit: UnitState) -> np.ndarray:
        field = self.pic.battle.field(unit)
        hit = self._passable.get(field)
        if hit is None:
            hit = self._passable[field] = field.enter_cost.reshape(-1).take(self.flat) < int(IMPASSABLE)
        return hit

    def behind(self, rear: int) -> np.ndarray:
        """Outside the enemy's field of vision (d > 0 already), and deep enough in its rear: at least `rear` and
        BEHIND more than the enemy beyond its start line (enemy_depth is linear in x and y)."""
        hit = self._behind.get(rear)
        if hit is None:
            pic = self.pic
            depth = [enemy_depth(pic.battle, pic.side, e.square) for e in pic.known]
            limit = np.array([max(rear, d + BEHIND) for d in depth], dtype=np.int64).reshape(len(depth), 1)
            hit = self._behind[rear] = _UNSEEN_BY_FACING[self.facing] & (
                enemy_depth(pic.battle, pic.side, (self.xs, self.ys)) >= limit
            )
        return hit

    def candidates(self, unit: UnitState, behind: bool, rear: int):
        """The squares the unit could strike a known enemy from, as flat arrays (the enemy's row, x, y, strike
        value per pulse), or None: in the enemy's window, seen, passable to the unit, with a strike value above 0,
        and when `behind`, from a unit outside the enemy's field of vision (one that would cross it on its way has
        to get round it first), outside it and deep enough in its rear. (Squares off the map are dropped rather
        than clamped to its edge as before: the edge square is in the window anyway, and scores the same.)"""
        if not len(self.seen):
            return None
        if behind:
            return self._candidates(unit, behind, rear)
        # Without `behind` they depend only on the unit's movement field and what strike_rates reads of it: the
        # same for the units armed and manned alike, so worked out once for them.
        key = (self.pic.battle.field(unit), _firer(unit))
        if key not in self._found:
            self._found[key] = self._candidates(unit, behind, rear)
        return self._found[key]

    def _candidates(self, unit: UnitState, behind: bool, rear: int):
        ok = self.seen & self.passable(unit)
        if behind:
            ux, uy = unit.square
            ok &= self.behind(rear) & ~in_arc_offset(self.fx, self.fy, ux - self.ex, uy - self.ey, 180)
        at = ok.reshape(-1).nonzero()[0]  # (row-major, as ok.nonzero(): by enemy, then window square)
        if not len(at):
            return None
        k = at // len(_DISTANCE)
        gain = self.strike_rates(unit, k, self.arc.reshape(-1).take(at))
        keep = gain > 0
        if not keep.any():
            return None
        at = at[keep]
        return k[keep], self.xs.reshape(-1).take(at), self.ys.reshape(-1).take(at), gain[keep]

    def strike_rates(self, unit: UnitState, rows: np.ndarray, arcs: np.ndarray) -> np.ndarray:
        """The strike value of this unit against the known enemies of `rows` from squares of these `arcs`
        (strike_rate). It reads of the firer its weapons, men and nationality, and of the enemy what target_kinds
        tells apart: a table per firer for the orders phase, one row per kind of enemy, filled from a memo kept with
        the content (rates.content_memo) for the battles to come, the rows of a firer by kind of enemy (nan: not
        looked up yet)."""
        pic = self.pic
        firer = _firer(unit)
        table = self._strike.get(firer)
        if table is None:
            # one memo entry a firer and visibility, a plain dict of its rows by kind of enemy in it: one LRU lookup
            # a firer and orders phase instead of one a kind
            memo = content_memo(pic.battle, "ai.strike_rows", 1_000)
            by_kind = memo.get((pic.vis, firer))
            if by_kind is None:
                by_kind = memo.put((pic.vis, firer), {})
            rows_of = []
            for key, _enemy in self._kinds:
                row = by_kind.get(key)
                if row is None:
                    row = by_kind[key] = np.full(ARCS, np.nan)
                rows_of.append(row)
            table = self._strike[firer] = (np.array(rows_of).reshape(len(rows_of), ARCS), rows_of)
        table, rows_of = table
        at = self._kind_of.take(rows) * ARCS + arcs  # each square's entry in the table, read through its bytes
        flat = table.reshape(-1)
        gains = flat.take(at)
        missing = np.isnan(gains)
        if missing.any():
            for pair in sorted(set(at[missing].tolist())):  # (np.unique's order)
                row, arc = divmod(pair, ARCS)
                value = rows_of[row][arc]
                if value != value:  # nan: not in the memo either
                    value = rows_of[row][arc] = strike_rate(pic, unit, self._kinds[row][1], arc // 2, bool(arc % 2))
                table[row, arc] = value
            gains = flat.take(at)
        return gains


def _firer(unit: UnitState) -> tuple:
    """All that strike_rate reads of the firer: its weapons, men and nationality."""
    return unit.weapon.id, unit.siw.id if unit.siw else None, unit.count, unit.nationality


def target_kinds(pic: Picture) -> tuple[np.ndarray, list[tuple[tuple, UnitState]]]:
    """The known enemies told apart by all that strike_rate reads of them: the kind of each (an index), and each
    kind's key and first enemy. (kill_rate reads of the target's speed only whether it is 0.)"""
    index: dict[tuple, int] = {}
    kinds: list[tuple[tuple, UnitState]] = []
    kind_of = []
    for enemy in pic.known:
        x, y = enemy.square
        key = (enemy.weapon.id, enemy.count, bool(pic.cover[y, x]), enemy.speed > 0, pic.value(enemy))
        if key not in index:
            index[key] = len(kinds)
            kinds.append((key, enemy))
        kind_of.append(index[key])
    return np.array(kind_of, dtype=np.int64), kinds


def strike_rate(pic: Picture, unit: UnitState, enemy: UnitState, d: int, front: bool) -> float:
    """Expected VP per pulse this unit takes from `enemy` if it fires from a square at distance `d` that sees it
    (0 if it cannot), inside the enemy's front arc or not (rules.los.front_arc)."""
    if d > min(unit.weapon.mr, pic.vis):
        return 0.0
    there = enemy.square
    battle = pic.battle
    if (
        battle.unit_class(unit).armoured is False
        and battle.unit_class(enemy).armoured
        and not battle.unit_class(unit).kills_armour
    ):
        return siw_rate(battle, unit, enemy) * unit_value(battle, enemy) if d == 0 else 0.0
    cover = bool(pic.cover[there[1], there[0]])
    kills = kill_rate(battle, unit, enemy.weapon, d, 3, front=front, cover=cover, target_speed=enemy.speed)
    if d == 0 and unit.siw is not None:
        kills = max(kills, siw_rate(battle, unit, enemy))
    return min(kills, enemy.count) * unit_value(battle, enemy)


def path_risk(moving_threat: np.ndarray, origin: tuple[int, int], xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """The danger met on the way from `origin` to each square (xs, ys), moving: the moving threat summed, in
    order, over the squares sampled along the straight line, a pulse a square or so, the ends left out. Step i of
    a way of n = max(|dx|, |dy|) is at (dx * i) / n, dy likewise, rounded half to even (as round(): the same
    correctly rounded quotient of two whole numbers). Every step of every way is worked out at once, ways one after
    another, and summed way by way with np.bincount, which adds in order from 0.0."""
    x0, y0 = origin
    width = moving_threat.shape[1]
    dx, dy = np.asarray(xs, dtype=np.int64) - x0, np.asarray(ys, dtype=np.int64) - y0
    n = np.maximum(np.abs(dx), np.abs(dy))
    lengths = np.maximum(n - 1, 0)  # the steps of each way, the ends left out
    total = int(lengths.sum())
    if not total:
        return np.zeros(len(xs))
    way = np.arange(len(lengths)).repeat(lengths)
    step = np.arange(1, total + 1) - (lengths.cumsum() - lengths).repeat(lengths)  # 1 .. n - 1 along each way
    across = n[way]
    offsets = np.rint(dy[way] * step / across).astype(np.int64) * width + np.rint(dx[way] * step / across).astype(
        np.int64
    )
    samples = moving_threat.ravel().take(offsets + (y0 * width + x0))
    return np.bincount(way, samples, minlength=len(lengths))
