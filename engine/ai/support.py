"""Fire support (docs/rules.md 5.4, 6.6, 15.4): batteries and mortars bombard the
known enemy square where they do the most harm - anti-tank guns, infantry, mortars and soft vehicles first, since
shells barely scratch armour - when one of our units can see an enemy there (4 pulses of spotting, no drift)."""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING

import numpy as np

from ..rules.geometry import chebyshev
from ..sim import orders as o
from ..sim.air_calls import is_air_observer, why_grounded, why_not_called
from ..sim.command import bombard_delay, position
from ..sim.orders import bombard_range, can_bombard
from .knowledge import Picture
from .rates import indirect_rate

if TYPE_CHECKING:
    from ..sim.state import UnitState

WORTH = 0.5  # a mission must be expected to take at least this many VP


def fire_support(pic: Picture) -> list:
    battle, state = pic.battle, pic.state
    out: list[o.Order] = []
    if not pic.known:
        return out
    ours = [u for u in state.side_units(pic.side) if u.alive]
    guns = [
        u
        for u in ours
        if not u.routed
        and u.mission is None
        and u.ammo > 0
        and u.carrier is None
        and can_bombard(u, battle.content)
        and (u.offmap or u.pos is not None)
        and (u.uid not in state.aircraft or why_grounded(u, state) is None)  # an aircraft able to fly (16.7)
    ]
    if not guns:
        return out  # (nothing below has an effect but its orders)
    observers = sorted([u for u in ours if u.on_map and not u.routed], key=attrgetter("uid"))
    squares: dict[tuple[int, int], list] = {}
    for enemy in pic.known:
        squares.setdefault(enemy.square, []).append(enemy)
    by_square = sorted(squares.items())
    # The distance from every enemy square (rows) to every observer (columns) at once; only the observers within
    # the longest sighting range of a square's enemies are tried for line of sight (in uid order still, square
    # after square: the pairs in the row-major order of np.nonzero). An observer that near sees one of the
    # square's enemies (Picture.sees_from) if it sees the square: the rest of sees_from is the same for all of
    # them (none is within 1 of an observer: that square is left out, its reach -1).
    at = np.array([u.pos for u in observers], dtype=np.int64).reshape(len(observers), 2)
    there = np.array([square for square, _ in by_square], dtype=np.int64).reshape(len(by_square), 2)
    d = np.maximum(np.abs(at[:, 0] - there[:, :1]), np.abs(at[:, 1] - there[:, 1:]))
    close = (d <= 1).any(axis=1).tolist()  # too close to our own: a shell that drifts would land on them
    reach = [
        -1.0 if close[row] else max(pic.sight_reach(e) for e in enemies) for row, (_, enemies) in enumerate(by_square)
    ]
    rows, columns = (d <= np.array(reach).reshape(len(reach), 1)).nonzero()
    seers_of: dict[int, list] = {}  # row of by_square -> the observers that see it, in uid order
    for row, column in zip(rows.tolist(), columns.tolist(), strict=True):
        observer, square = observers[column], by_square[row][0]
        if battle.sees(observer.pos, square):
            seers_of.setdefault(row, []).append(observer)
    spotted = [(by_square[row][0], seers) for row, seers in seers_of.items()]  # (in the order of the squares)
    values: dict[tuple, float] = {}  # what a mission on a square takes, by the gun's weapon and men
    rates: dict[tuple, float] = {}  # indirect_rate by its own key: enemies armed alike on many squares
    taken: set = set()
    for gun in sorted(guns, key=lambda u: (not u.offmap, u.uid)):
        here = position(gun, state)
        if here is not None and gun.target is not None and gun.uid in pic.our_targets:
            continue  # a mortar already firing at something it sees itself
        best, best_key = None, None
        for square, seers in spotted:
            if square in taken:
                continue
            if here is not None and (chebyshev(here, square) > bombard_range(gun) or chebyshev(here, square) <= 1):
                continue
            value = values.get((gun.weapon.id, gun.count, square))
            if value is None:
                cover = bool(pic.cover[square[1], square[0]])
                passes = gun.weapon.passes if gun.uid in state.aircraft else 4  # an aircraft's passes (16.7)
                value = values[(gun.weapon.id, gun.count, square)] = passes * sum(
                    min(_rate(rates, battle, gun, e, cover), e.count) * pic.value(e) for e in squares[square]
                )
            if not value >= WORTH or (best_key is not None and -value > best_key[0]):
                continue  # (the key below could not be less than the best one's)
            if gun.uid in state.aircraft:  # an air observer that sees the square first; under overcast, only one
                callers = [f for f in seers if why_not_called(gun, f, square, state, battle.sees) is None]
                if not callers:
                    continue
                spotter = min(callers, key=lambda f: (not is_air_observer(f), f.uid))
            else:
                spotter = min(seers, key=lambda f: (bombard_delay(gun, f, battle.content), f.uid))
            key = (-value, bombard_delay(gun, spotter, battle.content), square)
            if best_key is None or key < best_key:
                best, best_key = (square, spotter), key
        if best is not None:
            taken.add(best[0])
            out.append(o.Bombard(gun.uid, best[1].uid, best[0]))
    return out


def _rate(rates: dict[tuple, float], battle, gun: UnitState, enemy: UnitState, cover: bool) -> float:
    """indirect_rate, kept for the orders phase in a plain dict by the key of its memo (a lookup in the content's
    LRU memo costs several Python calls)."""
    key = (gun.weapon.id, gun.count, enemy.weapon.id, cover)
    hit = rates.get(key)
    if hit is None:
        hit = rates[key] = indirect_rate(battle, gun, enemy, cover)
    return hit
