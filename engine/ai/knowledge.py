"""What a side knows at the start of its orders phase, and the danger it reads from it.

Everything here comes from what the side can legitimately see: its own units, the enemy units it has sighted
(battle.seen_by_side, with their facing as the map shows it), the combat reports of the last turn (who fired at
whom) and the scenario's public data (objective, start lines, home edges). Nothing is remembered between turns.

The danger of a square to one of our units is the expected victory points it loses per pulse there, summed over
the known enemy units that would fire at it: in range, with line of sight, and either already engaged on it or
able to sight it (sighting range by our silhouette, cover and movement; a stationary enemy's 180-degree field of
vision). An enemy that fired at another of our units last turn keeps that target while it can (docs/rules.md
6.2: a unit with a target does not search), so it threatens nobody else except in its own square.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from ..caching import LRU
from ..rules.los import FACING_VECTORS, facing_index, viewshed
from ..rules.sighting import sighting_range
from .rates import unit_value
from .threat_maps import KillsMaps, read_only

if TYPE_CHECKING:
    from ..sim.battle import Battle
    from ..sim.state import UnitState

# by map size: the offset windows of 16 map sizes, and the half-planes of 8 facings on each of them
_OFFSETS: LRU[tuple[np.ndarray, ...]] = LRU(16)
_HALVES: LRU[np.ndarray] = LRU(16 * 8)
_FAR = np.iinfo(np.int64).max  # farther than any known enemy, for _worst_of_all's argmin
_GEOMETRY: LRU[tuple] = LRU(1024)  # by Picture.geometry_key: 1024 enemies' distance, fire and search arrays


def offset_grids(width: int, height: int) -> tuple[np.ndarray, ...]:
    """The x and y offsets from its middle of every square of a (2 height - 1) x (2 width - 1) window, and their
    Chebyshev length: any square's offsets to every square of a width x height map are a slice of them
    (seen_from), so a map of distances or of a field of vision is a slice rather than five array operations."""
    hit = _OFFSETS.get((width, height))
    if hit is None:
        ys, xs = np.indices((2 * height - 1, 2 * width - 1))
        xs, ys = xs - (width - 1), ys - (height - 1)
        xs, ys, d = read_only(xs, ys, np.maximum(np.abs(xs), np.abs(ys)))
        hit = _OFFSETS.put((width, height), (xs, ys, d))
    return hit


def seen_from(window: np.ndarray, pos: tuple[int, int], width: int, height: int) -> np.ndarray:
    """The slice of an offset_grids window that holds the map's squares as seen from `pos` (a view: read only)."""
    return window[height - 1 - pos[1] : 2 * height - 1 - pos[1], width - 1 - pos[0] : 2 * width - 1 - pos[0]]


FACINGS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")  # in the order of FACING_VECTORS
_FACING_WINDOWS: LRU[np.ndarray] = LRU(16)  # by map size, as _OFFSETS


def facing_window(width: int, height: int) -> np.ndarray:
    """For every offset of an offset_grids window, the index in FACINGS of the facing that points most directly
    along it: the greatest projection on the facing's vector (over its length), the first facing of those equal,
    N for no offset. Worked out once per map size, so that facing a threat is a read, not eight products."""
    hit = _FACING_WINDOWS.get((width, height))
    if hit is None:
        xs, ys, _d = offset_grids(width, height)
        along = np.stack(
            [(vx * xs + vy * ys) / (abs(vx) + abs(vy)) ** 0.5 for vx, vy in FACING_VECTORS]
        )  # (a Python float divisor, as the plain definition's)
        hit = _FACING_WINDOWS.put((width, height), read_only(along.argmax(axis=0).astype(np.int8))[0])
    return hit


class Picture:
    """The side's view of the battle for one orders phase."""

    def __init__(self, battle: Battle, side: str):
        self.battle, self.side = battle, side
        self.state = state = battle.state
        self.enemy = state.enemy_of(side)
        self.vis = state.visibility
        self.known = [
            state.units[u]
            for u in sorted(battle.seen_by_side[side])
            if state.units[u].on_map and not state.units[u].routed
        ]
        self.width, self.height = battle.map.width, battle.map.height
        self.cover = battle.grid.cover
        self.region = (slice(0, self.height), slice(0, self.width))  # where danger is worth working out
        self.box = (0, 0, self.width - 1, self.height - 1)
        # Who fires at whom, as the last turn's combat reports showed it; read from the units' targets so that
        # a saved and reloaded game decides the same (the event log is not part of the saved state).
        self.engaged: dict[str, str] = {}  # enemy uid -> our unit it is firing at
        self.fired_on: dict[str, int] = {}  # our uid -> enemy units firing at it
        self.our_targets: dict[str, str] = {}  # our uid -> enemy it is firing at
        for unit in sorted(state.units.values(), key=lambda u: u.uid):
            target = state.units.get(unit.target) if unit.target else None
            if target is None or not unit.pulses_at_target or not unit.alive or unit.mission is not None:
                continue
            if unit.side == side:
                self.our_targets[unit.uid] = target.uid
            elif target.side == side and not unit.offmap:
                self.engaged[unit.uid] = target.uid
                self.fired_on[target.uid] = self.fired_on.get(target.uid, 0) + 1
        self.shot_by: dict[str, tuple] = {}  # our uid -> the enemy units firing at it (their weapons are reported)
        self.engaged_on: dict[str, tuple] = {}  # ... of them, those we have seen (where an unseen one is, is not)
        known = {e.uid for e in self.known}
        for enemy_uid, ours in sorted(self.engaged.items()):
            self.shot_by[ours] = self.shot_by.get(ours, ()) + (enemy_uid,)
            if enemy_uid in known:
                self.engaged_on[ours] = self.engaged_on.get(ours, ()) + (enemy_uid,)
        self.rows_firing_at: dict[str, list[int]] = {}  # our uid -> the indexes in known of the enemies firing at it
        for i, enemy in enumerate(self.known):
            target_uid = self.engaged.get(enemy.uid)
            if target_uid is not None:
                self.rows_firing_at.setdefault(target_uid, []).append(i)
        self._values: dict[str, float] = {}
        self._threat: dict[tuple, np.ndarray] = {}
        self.maps = KillsMaps(self)  # the kills maps of the region
        self._reach: dict[tuple, float] = {}  # (silhouette, square) -> sighting range, for sees_from
        self.memo: dict = {}  # work the units of the side share in this orders phase, by its kind (strike.py)
        self._known_xy: tuple[np.ndarray, np.ndarray] | None = None  # the known enemies' squares, for near_known
        self._known_reach: np.ndarray | None = None  # and their reach, for worst_in_reach
        self._dangerous: dict[bool, np.ndarray] = {}  # armoured -> which known enemies are dangerous_to it
        self._worst: dict[bool, dict[str, int]] = {}  # armoured -> _worst_of_all
        self._facings: np.ndarray | None = None  # facing_window, for facing_towards
        self._near_any: dict[float, np.ndarray] = {}  # radius -> the squares within it of a known enemy
        self._near: dict[tuple, tuple] = {}  # (square, radius) -> near_known

    def value(self, unit: UnitState) -> float:
        hit = self._values.get(unit.uid)
        if hit is None:
            hit = self._values[unit.uid] = unit_value(self.battle, unit)
        return hit

    def near_known(self, pos: tuple[int, int], radius: float) -> tuple[tuple[int, UnitState], ...]:
        """(distance, enemy) for the known enemies within `radius` of `pos`, in uid order (the order of known).
        Every unit asks this each turn; measuring all the known enemies at once saves a Python loop over them,
        and a map of the squares near any of them most of the measuring. Units that share a square share the
        answer (kept for the orders phase: about half the questions of the 288-unit battle are asked again)."""
        near_any = self._near_any.get(radius)
        if near_any is None:
            near_any = self._near_any[radius] = np.zeros((self.height, self.width), dtype=bool)
            r = math.floor(radius)
            for e in self.known if r >= 0 else ():
                ex, ey = e.square
                near_any[max(0, ey - r) : ey + r + 1, max(0, ex - r) : ex + r + 1] = True
        if not near_any[pos[1], pos[0]]:
            return ()
        hit = self._near.get((pos, radius))
        if hit is None:
            kx, ky = self.known_xy()
            d = np.maximum(np.abs(kx - pos[0]), np.abs(ky - pos[1]))
            rows = (d <= radius).nonzero()[0]
            known = self.known
            hit = tuple((dist, known[i]) for dist, i in zip(d[rows].tolist(), rows.tolist(), strict=True))
            self._near[(pos, radius)] = hit
        return hit

    def known_xy(self) -> tuple[np.ndarray, np.ndarray]:
        """The known enemies' squares, x and y."""
        if self._known_xy is None:
            self._known_xy = (
                np.array([e.square[0] for e in self.known], dtype=np.int64),
                np.array([e.square[1] for e in self.known], dtype=np.int64),
            )
        return self._known_xy

    def worst_in_reach(self, unit: UnitState) -> UnitState | None:
        """The known enemy that threatens the unit most (face_threat): of those dangerous to it whose reach (range,
        visibility) covers its square from another square, one firing at it first, then the nearest, then the
        first by uid (the order of known)."""
        if not self.known:
            return None
        if self._known_reach is None:
            self._known_reach = np.array([min(e.weapon.mr, self.vis) for e in self.known])
        armoured = self.battle.unit_class(unit).armoured
        dangerous = self._dangerous.get(armoured)
        if dangerous is None:
            dangerous = self._dangerous[armoured] = np.array(
                [self.dangerous_to(e, armoured) for e in self.known], dtype=bool
            )
        firing = self.rows_firing_at.get(unit.uid)
        if not firing:
            row = self._worst_of_all(armoured, dangerous).get(unit.uid, -1)
            return self.known[row] if row >= 0 else None
        kx, ky = self.known_xy()
        x, y = unit.square
        d = np.maximum(np.abs(kx - x), np.abs(ky - y))
        rows = ((d > 0) & (d <= self._known_reach) & dangerous).nonzero()[0]
        if not len(rows):
            return None
        at_me = [row for row in rows.tolist() if row in firing]  # (a few: np.isin costs more)
        if at_me:
            rows = np.array(at_me)
        return self.known[int(rows[d[rows].argmin()])]  # argmin: the first of the nearest

    def _worst_of_all(self, armoured: bool, dangerous: np.ndarray) -> dict[str, int]:
        """worst_in_reach of every unit of the side on the map that is armoured (or not) and not fired on by a
        known enemy, at once (our units x the known enemies): uid -> the enemy's index in known, -1 for none.
        The nearest of those in reach, the first of them by index (argmin), as worst_in_reach's own loop."""
        hit = self._worst.get(armoured)
        if hit is None:
            ours = [
                u
                for u in self.state.side_units(self.side)
                if u.pos is not None
                and self.battle.unit_class(u).armoured == armoured
                and u.uid not in self.rows_firing_at
            ]
            kx, ky = self.known_xy()
            ux = np.array([u.pos[0] for u in ours], dtype=np.int64)[:, None]
            uy = np.array([u.pos[1] for u in ours], dtype=np.int64)[:, None]
            d = np.maximum(np.abs(kx - ux), np.abs(ky - uy))
            in_reach = (d > 0) & (d <= self._known_reach) & dangerous
            nearest = np.where(in_reach, d, _FAR).argmin(axis=1)
            rows = np.where(in_reach.any(axis=1), nearest, -1).tolist()
            hit = self._worst[armoured] = {u.uid: row for u, row in zip(ours, rows, strict=True)}
        return hit

    def facing_towards(self, here, there) -> str:
        """The one of the eight facings that points most directly from here to there."""
        window = self._facings
        if window is None:
            window = self._facings = facing_window(self.width, self.height)
        return FACINGS[window.item(self.height - 1 + there[1] - here[1], self.width - 1 + there[0] - here[0])]

    # -- geometry --------------------------------------------------------------------------------------------
    def focus(self, center: tuple[int, int], radius: int) -> None:
        """Work out danger only within `radius` of `center` (the rest of the maps stays 0)."""
        x0, y0 = max(0, center[0] - radius), max(0, center[1] - radius)
        x1, y1 = min(self.width - 1, center[0] + radius), min(self.height - 1, center[1] + radius)
        self.box = (x0, y0, x1, y1)
        self.region = (slice(y0, y1 + 1), slice(x0, x1 + 1))
        self._threat.clear()
        self.maps = KillsMaps(self)

    def dist(self, pos: tuple[int, int]) -> np.ndarray:
        """Chebyshev distance from pos to every square (a read-only slice of a shared window)."""
        return seen_from(offset_grids(self.width, self.height)[2], pos, self.width, self.height)

    def fov(self, pos: tuple[int, int], facing: str) -> np.ndarray:
        """Squares inside a stationary unit's 180-degree field of vision (a read-only slice of a shared window)."""
        fx, fy = FACING_VECTORS[facing_index(facing)]
        half = _HALVES.get((self.width, self.height, fx, fy))
        if half is None:
            xs, ys, _d = offset_grids(self.width, self.height)
            half = _HALVES.put((self.width, self.height, fx, fy), read_only((fx * xs + fy * ys) >= 0)[0])
        return seen_from(half, pos, self.width, self.height)

    def los(self, pos: tuple[int, int]) -> np.ndarray:
        return viewshed(self.battle.grid, pos, self.battle.flags.los_operator, self.vis)

    def sight(self, sl: int, moving: bool) -> np.ndarray:
        """How far away each square would let an enemy sight a unit of silhouette `sl` (7.1)."""
        hit = self._threat.get(("sight", sl, moving))
        if hit is not None:
            return hit
        hit = self._threat[("sight", sl, moving)] = sighting_range(
            float(sl), self.cover, moving, self.vis, self.battle.params.spotting
        )
        return hit

    # -- danger ----------------------------------------------------------------------------------------------
    def dangerous(self, enemy: UnitState, unit: UnitState) -> bool:
        return self.dangerous_to(enemy, self.battle.unit_class(unit).armoured)

    def dangerous_to(self, enemy: UnitState, armoured: bool) -> bool:
        w = enemy.weapon
        if w.mr <= 0 or enemy.carrier is not None:
            return False
        if armoured and not self.battle.unit_class(enemy).kills_armour:
            return False
        return True

    def geometry_key(self, enemy: UnitState) -> tuple:
        """All that geometry reads: the map (its serial), the line-of-sight rule, the visibility and the enemy's
        square, facing and reach."""
        return (
            self.battle.grid.serial,
            self.battle.flags.los_operator,
            self.vis,
            enemy.pos,
            enemy.facing,
            min(enemy.weapon.mr, self.vis),
        )

    def geometry(self, enemy: UnitState) -> tuple[tuple[int, int, int, int], np.ndarray, np.ndarray, np.ndarray]:
        """For an enemy unit, in the box of the squares within its reach (x0, y0, x1, y1, on the map): its distance
        to every square (capped at its reach), the squares it can fire at (in reach and line of sight), and those
        it would also see in its field of vision when searching. Outside the box the distance is its reach and it
        neither fires nor searches, so the box is all that is kept: on a 256 x 256 map a few kB, not 256 kB."""
        reach = min(enemy.weapon.mr, self.vis)
        key = self.geometry_key(enemy)
        hit = _GEOMETRY.get(key)
        if hit is None:
            there = x, y = enemy.square
            x0, y0, x1, y1 = (
                max(0, x - reach),
                max(0, y - reach),
                min(self.width - 1, x + reach),
                min(self.height - 1, y + reach),
            )
            box = (slice(y0, y1 + 1), slice(x0, x1 + 1))
            # every square of the box is within its reach (the box is the reach's square), so the distance needs
            # no cap and the line of sight no distance test
            fire = self.los(there)[box].copy()  # (a copy: a view would keep the whole map's viewshed alive)
            search = fire & self.fov(there, enemy.facing)[box]
            hit = _GEOMETRY.put(
                key, ((x0, y0, x1, y1), *read_only(self.dist(there)[box].astype(np.int16), fire, search))
            )
        return hit

    def threat(self, unit: UnitState, moving: bool = False) -> np.ndarray:
        """Expected VP this unit would lose per pulse on each square (stationary: facing its worst threat)."""
        key = self.threat_key(unit, moving)
        hit = self._threat.get(key)
        if hit is None:
            hit = self._threat[key] = self.maps.kills_map(unit, moving) * self.value(unit)
        return hit

    def threat_key(self, unit: UnitState, moving: bool = False) -> tuple:
        """What threat reads of the unit: units armed alike and worth the same share the map, unless enemies
        we have seen fire at them."""
        if unit.uid in self.engaged_on:
            return ("threat", unit.uid, moving)
        return ("threat", unit.weapon.id, moving, self.value(unit))

    def threat_at(self, unit: UnitState, square: tuple[int, int], moving: bool = False) -> float:
        return float(self.threat(unit, moving)[square[1], square[0]])

    # -- our fire --------------------------------------------------------------------------------------------
    def sees_from(self, square: tuple[int, int], enemy: UnitState) -> bool:
        """Would a stationary unit on `square` sight this (stationary) enemy?"""
        there = enemy.square
        dx, dy = square[0] - there[0], square[1] - there[1]  # chebyshev(square, there), inline: called very often
        if dx < 0:
            dx = -dx
        if dy < 0:
            dy = -dy
        d = dx if dx >= dy else dy
        if d == 0:
            return True
        return d <= self.sight_reach(enemy) and self.battle.sees(square, there)

    def sight_reach(self, enemy: UnitState) -> float:
        """How far a stationary unit sights this (stationary) enemy: by silhouette and the cover of its square."""
        there = enemy.square
        key = (enemy.weapon.sl, there)
        reach = self._reach.get(key)
        if reach is None:
            reach = self._reach[key] = sighting_range(
                enemy.weapon.sl, bool(self.cover[there[1], there[0]]), False, self.vis, self.battle.params.spotting
            )
        return reach
