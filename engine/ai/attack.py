"""The attack (docs/rules.md 15.2, 13 U13): each formation advances in its deployed shape, infantry
mounted until contact, to an assembly position just outside the objective area, in line with the part of the area
where the known and suspected enemy can hurt it least; it goes in when it must to arrive before the end (the area
scores only then), each unit to the safest square near its place, where the infantry dismounts and every unit
opens fire at its full range and faces the worst threat. In a meeting engagement both sides race for the middle."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from ..caching import LRU
from ..rules.geometry import chebyshev
from ..sim import orders as o
from ..sim.command import position
from ..sim.pathing import IMPASSABLE
from .knowledge import Picture
from .suspects import suspicion
from .tactics import assault_target, face_threat, hold
from .terrain import (
    AREA_RADIUS,
    clamp,
    in_area,
    objective,
    offset_in_formation,
    squares_per_turn,
    toward_home,
)
from .threat_maps import read_only

if TYPE_CHECKING:
    from ..sim.state import UnitState

_anchor_pick: Callable[..., int] | None
_spot_pick: Callable[..., tuple[int, int]] | None
try:  # the compiled picks (_attack_core.c), built by make setup; without them anchor_pick and spot_pick below
    from ._attack_core import anchor_pick as _anchor_pick
    from ._attack_core import spot_pick as _spot_pick
except ImportError:  # pragma: no cover - a source checkout not installed with pip
    _anchor_pick = _spot_pick = None
USE_COMPILED = True  # tests switch it off to play the same battle through the NumPy steps

# Ranges while advancing are the unit classes' `advance_range` (content/rules.yaml): tanks engage at 6 so they close
# in rather than duel at long range; infantry at 2; carriers and soft vehicles not at all. Tank destroyers, assault
# guns and guns keep their full range (overwatch). Never 0 while moving: a moving unit at range 0 charges whoever
# fires at it from within 3 squares (6.14).
SPOT_RADIUS = 3  # how far from its place in the formation a unit looks for a better square in the area
STUCK_PULSES = 8  # firing at one target for two turns outside the objective area: push on
CONTACT_RANGE = 8  # a carrier unloads when a known enemy that can hurt it is this close, or when it was fired on
JUDGES = 2  # the formation weighs the danger to its most valuable units when it picks its anchor
STAGE_MARGIN = 4  # the assembly position lies this far outside the objective area
ASSAULT_TURNS = 3  # the assault leaves the assembly position to arrive this many turns before the end, to fight


def formation_base(pic: Picture, members: list[UnitState]):
    """The formation's headquarters, its units on the map and not carried, where it stands (the headquarters'
    square, else the first of those units') and its pace (its slowest mover's squares a turn): asked three times a
    formation, so kept for the orders phase."""
    key = ("formation base", *[u.uid for u in members])
    hit = pic.memo.get(key)
    if hit is None:
        state = pic.state
        hq = next((u for u in members if u.is_hq), None)
        movers = [u for u in members if position(u, state) is not None and u.carrier is None]
        base = position(hq, state) if hq is not None and position(hq, state) else position(movers[0], state)
        speed = min((squares_per_turn(pic.battle, u) for u in movers if u.weapon.sp > 0), default=1.0) or 1.0
        hit = pic.memo[key] = (hq, movers, base, speed)
    return hit


def _clip(a: np.ndarray, lo: int, hi: int) -> np.ndarray:
    """np.clip for integer arrays with lo <= hi, without its Python-level overhead (called thousands of times)."""
    return np.minimum(np.maximum(a, lo), hi)


def formation_anchor(
    pic: Picture, members: list[UnitState], taken: list[tuple[int, int]], meeting: bool
) -> tuple[int, int]:
    """The square of the objective area the formation's headquarters makes for: reachable in time, where the
    known enemy (and the cover a defender may hide in) threatens its units least, apart from the other
    formations, and otherwise the nearest. In a meeting engagement both sides race for the middle of the area."""
    battle, state = pic.battle, pic.state
    hq = next((u for u in members if u.is_hq), None)
    if hq is not None and hq.pos is not None and not pic.fired_on.get(hq.uid):
        if in_area(battle, hq.pos) and not hq.objectives and all(chebyshev(hq.pos, t) >= 4 for t in taken):
            return hq.pos  # the formation has arrived: it stays where its headquarters stands
        going = hq.objectives[-1] if hq.objectives else None
        if going is not None and in_area(battle, going) and all(chebyshev(going, t) >= 4 for t in taken):
            return going  # on its way in, unhindered: it keeps its course (a new one would cost a delay)
    _hq, movers, base, speed = formation_base(pic, members)
    turns_left = max(1, state.last_turn - max(state.turn, 1))
    judges = sorted((u for u in movers if u.weapon.sp > 0), key=lambda u: (-u.count * u.weapon.sl, u.index))[:JUDGES]
    reach = 4 if meeting else AREA_RADIUS - 1
    ax, ay = anchor_squares(pic, reach)
    if _anchor_pick is not None and USE_COMPILED:  # (it reads judged_danger's numbers from the maps)
        judged = tuple(
            (pic.threat(unit), suspicion(pic, unit), judged_squares(pic, reach, offset_in_formation(unit, hq)))
            for unit in judges
        )
        i = _anchor_pick(ax, ay, base[0], base[1], speed, turns_left - 1, judged, tuple(taken))
    else:
        dangers = tuple(judged_danger(pic, unit, reach, offset_in_formation(unit, hq)) for unit in judges)
        i = anchor_pick(pic, reach, base, speed, turns_left - 1, dangers, taken)
    return int(ax[i]), int(ay[i])


def anchor_pick(pic: Picture, reach: int, base, speed: float, late: int, dangers: tuple, taken: list) -> int:
    """formation_anchor's candidate (an index into anchor_squares) in NumPy steps, as the compiled anchor_pick
    (_attack_core.c) picks it: the travel from the base at the formation's speed, 50 a turn late past `late`
    turns and 0.5 a turn, the judges' dangers and the taken anchors' penalties, least first, then by x and y."""
    ax, ay = anchor_squares(pic, reach)
    travel = anchor_distances(pic, reach, base) / speed
    score = np.maximum(0.0, travel - late) * 50 + travel * 0.5
    for danger in dangers:
        score = score + danger
    if taken:
        # The penalty of every taken anchor (candidates x anchors), added one anchor after another as a loop would
        # (add.accumulate is sequential, so the float sums round the same).
        columns = np.empty((len(score), len(taken) + 1))
        columns[:, 0] = score
        columns[:, 1:] = apart_columns(pic, reach, taken)
        score = np.add.accumulate(columns, axis=1)[:, -1]
    return int(np.lexsort((ay, ax, score))[0])


def anchor_squares(pic: Picture, reach: int) -> tuple[np.ndarray, np.ndarray]:
    """The squares formation_anchor chooses from (x and y): every other square within `reach` of the objective's
    centre, on the map; the same for every formation, so worked out once per orders phase."""
    key = ("anchor squares", reach)
    hit = pic.memo.get(key)
    if hit is None:
        cx, cy = objective(pic.battle)
        steps = np.arange(-reach, reach + 1, 2)
        ax = _clip(cx + steps[None, :] + 0 * steps[:, None], 0, pic.width - 1).ravel()
        ay = _clip(cy + steps[:, None] + 0 * steps[None, :], 0, pic.height - 1).ravel()
        hit = pic.memo[key] = (ax, ay)
    return hit


def anchor_distances(pic: Picture, reach: int, square: tuple[int, int]) -> np.ndarray:
    """The Chebyshev distance from `square` to each of anchor_squares."""
    ax, ay = anchor_squares(pic, reach)
    return np.maximum(np.abs(ax - square[0]), np.abs(ay - square[1]))


def apart(pic: Picture, reach: int, anchor: tuple[int, int]) -> np.ndarray:
    """formation_anchor's penalty on each of anchor_squares for a formation's anchor taken: 3 a square closer than
    5 (kept for the orders phase)."""
    key = ("apart", reach, anchor)
    hit = pic.memo.get(key)
    if hit is None:
        hit = pic.memo[key] = 3 * np.maximum(0, 5 - anchor_distances(pic, reach, anchor))
    return hit


def apart_columns(pic: Picture, reach: int, taken: list[tuple[int, int]]) -> np.ndarray:
    """apart of each taken anchor, a column an anchor (candidates x anchors). Each formation of the side asks with
    one anchor more than the one before it, so the columns grow by one a formation rather than being stacked anew
    (kept for the orders phase)."""
    key = ("apart columns", reach, tuple(taken))
    hit = pic.memo.get(key)
    if hit is None:
        last = apart(pic, reach, taken[-1])[:, None]
        hit = last if len(taken) == 1 else np.concatenate((apart_columns(pic, reach, taken[:-1]), last), axis=1)
        pic.memo[key] = hit
    return hit


def judged_squares(pic: Picture, reach: int, off: tuple[int, int]) -> np.ndarray:
    """Where a unit at `off` from its headquarters stands if the headquarters takes each of anchor_squares, kept
    inside the objective area, as indexes into the flattened map: the same in every orders phase of a battle (the
    map and the objective stay), so kept from one to the next."""
    hit = pic.memo.get(("judged squares", reach, off))  # (a dict first: the LRU's lookup costs more)
    if hit is not None:
        return hit
    center = cx, cy = objective(pic.battle)
    key = (pic.width, pic.height, center, reach, off)
    hit = _JUDGED_SQUARES.get(key)
    if hit is None:
        ax, ay = anchor_squares(pic, reach)
        limit = AREA_RADIUS - 1
        sx = _clip(_clip(ax + off[0], 0, pic.width - 1), cx - limit, cx + limit)
        sy = _clip(_clip(ay + off[1], 0, pic.height - 1), cy - limit, cy + limit)
        hit = _JUDGED_SQUARES.put(key, read_only(sy * pic.width + sx)[0])
    pic.memo[("judged squares", reach, off)] = hit
    return hit


# by map size, objective, reach and offset: 2,048 of judged_squares (at most 100 indexes each, 0.8 kB)
_JUDGED_SQUARES: LRU[np.ndarray] = LRU(2048)


def judged_danger(pic: Picture, unit: UnitState, reach: int, off: tuple[int, int]) -> np.ndarray:
    """Four times the known and suspected danger to the unit on its judged_squares: the same for the judges of
    every formation with the same threat, armour and place in the formation, so kept for the orders phase."""
    key = ("judged danger", reach, off, pic.threat_key(unit), pic.battle.unit_class(unit).armoured)
    hit = pic._threat.get(key)  # (with the threat maps: for the region they are worked out in)
    if hit is None:
        at = judged_squares(pic, reach, off)  # only the candidate squares
        hit = pic._threat[key] = 4 * (pic.threat(unit).take(at) + suspicion(pic, unit).take(at))
    return hit


def staging_point(pic: Picture, members: list[UnitState], anchor) -> tuple[int, int] | None:
    """Where the formation waits, out of the objective area, before its assault goes in: in line with its
    anchor, STAGE_MARGIN squares outside the area on its own side. None once it is at or past that line."""
    battle = pic.battle
    center = objective(pic.battle)
    home = pic.memo.get(("home",))  # (asked once a formation)
    if home is None:
        home = pic.memo[("home",)] = toward_home(battle, pic.side)
    hx, hy = home
    if (hx, hy) == (0, 0):
        return None
    hq, movers, base, speed = formation_base(pic, members)
    line = AREA_RADIUS + STAGE_MARGIN
    if (base[0] - center[0]) * hx + (base[1] - center[1]) * hy < line - 1:
        return None  # already closer than the assembly line: no going back
    if hx:
        return clamp(battle, (center[0] + hx * line, anchor[1]))
    return clamp(battle, (anchor[0], center[1] + hy * line))


def time_to_go(pic: Picture, members: list[UnitState], anchor, stage) -> bool:
    """The assault leaves the assembly position in time to reach the area and fight for it before the end."""
    state = pic.state
    hq, movers, base, speed = formation_base(pic, members)
    travel = chebyshev(stage, anchor) / speed
    return state.turn >= state.last_turn - int(travel + 0.999) - 1 - ASSAULT_TURNS


def destination(pic: Picture, unit: UnitState, hq, anchor, inside: bool = True) -> tuple[int, int]:
    """The unit's place in the formation's shape round the anchor, on the map (terrain.clamp) and, `inside`, moved
    into the area (terrain.into_area): both written out, as every unit asks every orders phase."""
    off = offset_in_formation(unit, hq)
    x, y = anchor[0] + off[0], anchor[1] + off[1]
    right, bottom = pic.width - 1, pic.height - 1
    x = 0 if x < 0 else right if x > right else x
    y = 0 if y < 0 else bottom if y > bottom else y
    if inside:
        cx, cy = objective(pic.battle)
        limit = AREA_RADIUS - 1
        x = cx - limit if x < cx - limit else cx + limit if x > cx + limit else x
        y = cy - limit if y < cy - limit else cy + limit if y > cy + limit else y
        x = 0 if x < 0 else right if x > right else x
        y = 0 if y < 0 else bottom if y > bottom else y
    return x, y


class Claims:
    """How many of the side's units have been sent to each square in this orders phase (spot_for keeps to no
    more than two a square)."""

    def __init__(self, pic: Picture):
        self.count: dict[tuple[int, int], int] = {}
        # spot_for's 5.0 on a square claimed twice already (0.0 elsewhere, which adds nothing to a score >= 0)
        self.penalty = np.zeros((pic.height, pic.width))
        self.crowded: list[tuple[int, int]] = []  # the squares with that 5.0

    def add(self, square: tuple[int, int]) -> None:
        count = self.count[square] = self.count.get(square, 0) + 1
        if count == 2:
            self.penalty[square[1], square[0]] = 5.0
            self.crowded.append(square)

    def any_within(self, lo_x: int, lo_y: int, hi_x: int, hi_y: int) -> bool:
        """Whether a crowded square lies in the window (most windows have none: no 5.0 to add)."""
        return any(lo_x <= x <= hi_x and lo_y <= y <= hi_y for x, y in self.crowded)


def spot_for(pic: Picture, unit: UnitState, around, claimed: Claims) -> tuple[int, int]:
    """The square near its place in the formation where the unit is safest inside the objective area (known and
    suspected enemies, no more than two units a square); it stays where it is unless another is clearly better."""
    cx, cy = objective(pic.battle)
    ax, ay = around
    lo_x = max(0, ax - SPOT_RADIUS, cx - AREA_RADIUS)
    hi_x = min(pic.width - 1, ax + SPOT_RADIUS, cx + AREA_RADIUS)
    lo_y = max(0, ay - SPOT_RADIUS, cy - AREA_RADIUS)
    hi_y = min(pic.height - 1, ay + SPOT_RADIUS, cy + AREA_RADIUS)
    if lo_x > hi_x or lo_y > hi_y:
        return around
    window = lo_x, lo_y, hi_x, hi_y
    if _spot_pick is not None and USE_COMPILED:  # (it reads spot_danger's numbers from the maps, in the window)
        maps = (pic.threat(unit), suspicion(pic, unit), pic.battle.field(unit).enter_cost, int(IMPASSABLE))
        best = _spot_pick((*maps, claimed.penalty, _SPOT_NEAR), window, around, unit.square)
    else:
        origin = pic.box[0], pic.box[1]  # (spot_danger is of the region: the window lies in it)
        best = spot_pick(spot_danger(pic, unit), origin, claimed, window, around, unit.square)
    claimed.add(best)
    return best


def spot_pick(danger: np.ndarray, origin, claimed: Claims, window, around, here) -> tuple[int, int]:
    """spot_for's square in NumPy steps, as the compiled spot_pick (_attack_core.c) picks it: in the window
    (lo_x, lo_y, hi_x, hi_y) around `around`, the least of the danger (of the region from `origin`), the distance
    from `around` and the crowded squares' 5.0, first in row-major order (ties to the lowest y, then x); the
    unit's square (`here`) unless another is more than 0.3 better."""
    lo_x, lo_y, hi_x, hi_y = window
    x0, y0 = origin
    ox, oy = SPOT_RADIUS - around[0], SPOT_RADIUS - around[1]
    score = (
        danger[lo_y - y0 : hi_y - y0 + 1, lo_x - x0 : hi_x - x0 + 1]
        + _SPOT_NEAR[lo_y + oy : hi_y + oy + 1, lo_x + ox : hi_x + ox + 1]
    )
    if claimed.any_within(lo_x, lo_y, hi_x, hi_y):
        score += claimed.penalty[lo_y : hi_y + 1, lo_x : hi_x + 1]  # 5.0 where crowded (0.0 changes no score)
    flat = int(score.argmin())  # row-major: ties go to the lowest y, then x
    wide = hi_x - lo_x + 1
    best = (lo_x + flat % wide, lo_y + flat // wide)
    x, y = here
    if lo_x <= x <= hi_x and lo_y <= y <= hi_y and score.item(y - lo_y, x - lo_x) <= score.item(flat) + 0.3:
        best = here
    return best


# 0.05 a square of Chebyshev distance from the middle of spot_for's window: a little to stay near its place
_SPOT_NEAR = 0.05 * np.maximum(*np.abs(np.indices((2 * SPOT_RADIUS + 1,) * 2) - SPOT_RADIUS))


def spot_danger(pic: Picture, unit: UnitState) -> np.ndarray:
    """spot_for's score of every square of the region (Picture.focus: the objective area, where its windows lie)
    before its distance and the squares claimed: four times the known and suspected danger, infinite where the
    unit cannot go. The same for every unit with the same threat, armour and mobility, so worked out once for
    them (inf + the distance is inf, as the score is); the rest of the map is never read, so never worked out."""
    field = pic.battle.field(unit)
    key = ("spot", pic.threat_key(unit), pic.battle.unit_class(unit).armoured, field)
    hit = pic._threat.get(key)
    if hit is None:
        region = pic.region
        blocked = pic._threat.get(("blocked", field))
        if blocked is None:
            blocked = pic._threat[("blocked", field)] = field.enter_cost[region] >= IMPASSABLE
        danger = pic.threat(unit)[region] + suspicion(pic, unit)[region]
        hit = pic._threat[key] = np.where(blocked, np.inf, 4 * danger)
    return hit


def attack_formation(pic: Picture, members: list[UnitState], anchor, stage, claimed: Claims) -> list:
    """Orders for one formation: to its assembly position (stage) while it waits, else into the area."""
    battle = pic.battle
    out: list[o.Order] = []
    hq = next((u for u in members if u.is_hq), None)
    for unit in members:
        if unit.routed or unit.carrier is not None or unit.pos is None:
            continue
        cls = battle.unit_class(unit)
        if stage is not None:
            want = destination(pic, unit, hq, stage, inside=False)
            if unit.weapon.sp > 0 and unit.pos != want:
                if not unit.objectives or chebyshev(unit.objectives[-1], want) > 1:
                    out.append(o.Move(unit.uid, want))
                out += set_range(battle, unit, False)
            else:
                out += set_range(battle, unit, True)
                out += face_threat(pic, unit)
            continue
        want = destination(pic, unit, hq, anchor)
        arrived = in_area(battle, unit.pos)
        settled = arrived and not unit.objectives and not pic.fired_on.get(unit.uid)
        if settled and chebyshev(unit.pos, want) <= SPOT_RADIUS + 1:
            want = unit.pos  # in place and left alone: it stays
            claimed.add(want)
        elif unit.weapon.sp > 0 and (arrived or chebyshev(unit.pos, want) <= 6):
            want = spot_for(pic, unit, want, claimed)
        if unit.passengers:
            contact = pic.fired_on.get(unit.uid) or any(
                pic.dangerous(e, unit) for _, e in pic.near_known(unit.pos, CONTACT_RANGE)
            )
            if contact or chebyshev(unit.pos, want) <= 1:
                out.append(o.Disembark(unit.uid))
                if unit.objectives and not arrived:
                    out.append(o.Cancel(unit.uid))  # unloaded short of the area: the transport waits there
                continue
        if unit.weapon.sp == 0 or (cls.bombard and unit.mission is not None):
            continue
        if (
            not unit.passengers
            and not cls.armoured
            and cls.vehicle
            and not arrived
            and unit.initial_count
            and unit.speed
            and not unit.objectives
        ):
            continue  # an unloaded truck short of the area stays where it is
        out += set_range(battle, unit, arrived)
        target = assault_target(pic, unit)
        if target is not None:
            if target not in unit.objectives[:1]:
                out.append(o.Move(unit.uid, target))
            continue
        if unit.pos == want or (arrived and unit.pulses_at_target and not unit.objectives):
            out += hold(pic, unit) if arrived else face_threat(pic, unit)
            continue
        if not unit.objectives or chebyshev(unit.objectives[-1], want) > 1:
            out.append(o.Move(unit.uid, want))
    return out


def set_range(battle, unit: UnitState, arrived: bool) -> list:
    wanted = unit.weapon.mr
    if not arrived:
        advance = battle.unit_class(unit).advance_range
        if advance is not None:
            wanted = min(wanted, advance)
        if unit.pulses_at_target >= STUCK_PULSES:
            wanted = min(wanted, 1)  # stop the duel, but not 0: close-combat mode would charge the firer
    if wanted != unit.range_limit:
        return [o.SetRange(unit.uid, wanted)]
    return []
