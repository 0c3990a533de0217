"""Danger from enemies not yet seen, for an attacker (docs/rules.md 15.2): a defender hides in the cover near the
objective, so the squares near such cover that none of our units has reached are suspect. attack.py adds this to
the known enemies' danger when it weighs anchors and squares."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from ..rules.geometry import chebyshev
from ..sim.command import position
from .knowledge import Picture
from .terrain import objective

if TYPE_CHECKING:
    from ..sim.state import UnitState

_suspect_distance: Callable[..., None] | None
try:  # compiled (_attack_core.c) by make setup; without it suspect_distance_steps below
    from ._attack_core import suspect_distance as _suspect_distance
except ImportError:  # pragma: no cover - a source checkout not installed with pip
    _suspect_distance = None
USE_COMPILED = True  # tests switch it off to play the same battle through the NumPy steps


def suspicion(pic: Picture, unit: UnitState) -> np.ndarray:
    """Danger from enemies not yet seen, for an attacker: defenders hide in the cover near the objective (towns,
    woods, broken ground, entrenchments), so squares close to such cover that none of our units has reached are
    suspect - most for infantry (rifles and machine guns), less for vehicles (anti-tank guns)."""
    armoured = pic.battle.unit_class(unit).armoured
    hit = pic._threat.get(("suspicion", armoured))
    if hit is not None:
        return hit
    near = pic._threat.get(("suspects",))
    if near is None:
        near = pic._threat[("suspects",)] = suspect_distance(pic)
    hit = (_SUSPICION_ARMOURED_AT if armoured else _SUSPICION_SOFT_AT).take(near)
    pic._threat[("suspicion", armoured)] = hit
    return hit


def suspect_distance(pic: Picture) -> np.ndarray:
    """Distance from each square to the nearest suspect square: cover within 11 of the objective that holds no
    enemy we know of and that none of our units stands on or next to (up to 10, else 99). Compiled
    (_attack_core.c), else suspect_distance_steps."""
    if _suspect_distance is None or not USE_COMPILED:
        return suspect_distance_steps(pic)
    state = pic.state
    ours = [position(u, state) for u in state.side_units(pic.side) if u.count > 0 and not u.offmap]
    near = np.empty((pic.height, pic.width), dtype=np.int64)
    _suspect_distance(pic.cover, *objective(pic.battle), *pic.known_xy(), ours, near)
    return near


def suspect_distance_steps(pic: Picture) -> np.ndarray:
    """suspect_distance in NumPy steps."""
    cx, cy = center = objective(pic.battle)
    # Every square within 10 of a suspect one lies within 11 + 10 of the centre: the distances are worked out in
    # that box only (the rest stays 99), and inside it as on the whole map (a box holds the shortest ways across it).
    x0, y0 = max(0, cx - 21), max(0, cy - 21)
    box = (slice(y0, cy + 22), slice(x0, cx + 22))
    suspect = pic.cover[box] & (pic.dist(center)[box] <= 11)
    height, width = suspect.shape
    if pic.known:
        kx, ky = pic.known_xy()
        inside = (kx >= x0) & (kx < x0 + width) & (ky >= y0) & (ky < y0 + height)
        suspect[ky[inside] - y0, kx[inside] - x0] = False
    state = pic.state
    squares = {position(u, state) for u in state.side_units(pic.side) if u.count > 0 and not u.offmap}
    ours = [p for p in squares if p is not None and chebyshev(p, center) <= 12]  # (the rest are near no suspect)
    if ours:
        # our squares and the eight round each (a square within 12 of the centre: its neighbours are in the box)
        stood = np.zeros((height + 2, width + 2), dtype=bool)
        stood[[p[1] - y0 + 1 for p in ours], [p[0] - x0 + 1 for p in ours]] = True
        rows = stood[:-2] | stood[1:-1] | stood[2:]
        suspect &= ~(rows[:, :-2] | rows[:, 1:-1] | rows[:, 2:])
    # The Chebyshev distance is separable: along each row the distance to the row's nearest suspect square (up
    # to 10, else 99), then down each column the least of max(that distance, the rows between).
    steps = _STEPS[:width]
    left = np.maximum.accumulate(np.where(suspect, steps, -99), axis=1)
    right = np.minimum.accumulate(np.where(suspect, steps, 999)[:, ::-1], axis=1)[:, ::-1]
    along = np.minimum(steps - left, right - steps)
    along = np.where(along <= _SUSPECT_REACH, along, 99).astype(np.int8)
    near_box = along.copy()
    for dy in range(1, min(_SUSPECT_REACH, height - 1) + 1):
        np.minimum(near_box[dy:], np.maximum(along[:-dy], dy), out=near_box[dy:])
        np.minimum(near_box[:-dy], np.maximum(along[dy:], dy), out=near_box[:-dy])
    near = np.full((pic.height, pic.width), 99, dtype=np.int64)
    near[box] = near_box
    return near


_SUSPECT_REACH = 10  # suspect_distance's farthest: 99 beyond
_STEPS = np.arange(43)  # the columns of suspect_distance's box (at most 43 wide)


# Danger (VP per pulse) from an unseen defender in cover, by distance, for vehicles and for men on foot.
SUSPICION_ARMOURED = np.array([0.6, 0.3, 0.2, 0.1, 0.1, 0.05, 0.05, 0.02, 0.02, 0.01, 0.01])
SUSPICION_SOFT = np.array([1.5, 0.8, 0.5, 0.3, 0.2, 0.15, 0.05, 0.0, 0.0, 0.0, 0.0])
# The same by suspect_distance's distance, 0.0 at 11 and beyond (its 99): one gather a map.
_SUSPICION_ARMOURED_AT, _SUSPICION_SOFT_AT = (
    np.concatenate((table, np.zeros(100 - len(table)))) for table in (SUSPICION_ARMOURED, SUSPICION_SOFT)
)
