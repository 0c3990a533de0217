"""The expected kills per pulse the known enemy would score on one of our units on each square of the region danger
is worked out in (Picture.focus): what Picture.threat weighs in VP. knowledge.py says which enemies fire at whom.

A map is the sum, square by square and in the order of the known enemies, of each searching enemy's kills where it
would sight the unit, plus those of the enemies busy with another target in their own square. Enemies are told
apart by kind (weapon, nationality, reach), so a rate table is looked up per kind rather than per enemy, and the
pairs of enemy and square where an enemy could see anyone are listed once per region: a map adds up only the pairs
where it would sight the unit, with np.bincount, which adds in order from 0.0 as a sum over the stacked maps of
every enemy (axis 0, map after map, 0.0 where it does not see) did, so every float is the same. Where it is built,
one compiled loop (_kills_core.c) makes those sums pair after pair, and lists a cut's squares from its box; the
NumPy steps stay as its fallback, and tests/test_ai_maps.py holds the two equal.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from ..caching import LRU
from ..rules.sighting import sighting_range
from .rates import content_memo, rate_entry, rate_table, rate_table_one

_free_kills: Callable[..., list[int]] | None
_box_pairs: Callable[..., tuple[bytes, bytes, bytes]] | None
try:  # the free enemies' part of a kills map as one compiled loop (_kills_core.c), built by make setup; without it
    # the same sums go through NumPy (searched, free_seeing, np.bincount)
    from ._kills_core import box_pairs as _box_pairs
    from ._kills_core import free_kills as _free_kills
except ImportError:  # pragma: no cover - only where the extension is not built
    _free_kills = _box_pairs = None
USE_COMPILED = True  # tests switch the compiled loop off to hold the NumPy path to it

if TYPE_CHECKING:
    from ..sim.battle import Battle
    from ..sim.state import GameState, UnitState

# Each enemy's geometry (Picture.geometry, itself kept across phases) cut to a region, for the orders phases to
# come: most enemies stand still from one turn to the next.
# A cut holds the enemy's geometry in the box of its reach and the squares it searches in the region: a few kB,
# more where the region is a large map and visibility long, so the bound is in bytes too. By (enemy geometry key,
# region): at most 1024 cuts and 64 MB, a cut counted as at least 64 kB.
_CUTS: LRU[tuple] = LRU(64 << 20, getsizeof=lambda cut: max(64 << 10, _nbytes(cut)))


# The cut each enemy had the last time one was asked in a region, by map (grid serial) and region, for 8 of them:
# uid -> (the cut's key in _CUTS, the cut). Most enemies stand still from one orders phase to the next, and a dict
# lookup with the key compared costs a small part of an LRU lookup; a cut kept here is the one _CUTS has (or had) for
# that key, so this changes no result, and holds at most a cut per enemy and region beyond _CUTS's bound.
_RECENT: LRU[dict] = LRU(8)

# The squares an enemy fires at in a region (KillsMaps.fired), for the few enemies firing at one of our units: kept
# as the cuts are, by the same key, in at most 16 MB.
_FIRED: LRU[tuple] = LRU(16 << 20, getsizeof=lambda pairs: max(4 << 10, sum(a.nbytes for a in pairs)))


def _nbytes(cut: tuple) -> int:
    """The bytes of a cut's arrays (KillsMaps.local)."""
    (_box, *arrays), _reach, searched = cut
    return sum(a.nbytes for a in arrays) + sum(a.nbytes for a in searched)


def read_only(*arrays: np.ndarray) -> tuple[np.ndarray, ...]:
    """The arrays, made read-only (and so every slice of them): they are shared by every picture."""
    for a in arrays:
        a.flags.writeable = False
    return arrays


def geometry_on_region(pic: PictureView, reach: int, geometry: tuple) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """An enemy's geometry (Picture.geometry, kept in the box of its reach) laid out on the region: its distance,
    capped at its reach (the reach outside the box), where it can fire and where it would search (nowhere outside
    the box). The box touches the region (KillsMaps.local asks only then)."""
    (bx0, by0, bx1, by1), dd_box, fire_box, search_box = geometry
    x0, y0, x1, y1 = pic.box
    shape = (y1 - y0 + 1, x1 - x0 + 1)
    dd = np.full(shape, reach, dtype=np.int16)
    fire = np.zeros(shape, dtype=bool)
    search = np.zeros(shape, dtype=bool)
    ix0, iy0, ix1, iy1 = max(x0, bx0), max(y0, by0), min(x1, bx1), min(y1, by1)
    into = (slice(iy0 - y0, iy1 - y0 + 1), slice(ix0 - x0, ix1 - x0 + 1))
    out_of = (slice(iy0 - by0, iy1 - by0 + 1), slice(ix0 - bx0, ix1 - bx0 + 1))
    dd[into], fire[into], search[into] = dd_box[out_of], fire_box[out_of], search_box[out_of]
    return dd, fire, search


def searched_in_region(pic: PictureView, reach: int, geometry: tuple, fired: bool = False) -> tuple[np.ndarray, ...]:
    """The squares of the region the enemy would search (with `fired`, those it can fire at), straight from its
    geometry's box (Picture.geometry): their indexes into the flattened region (row-major, as np.flatnonzero of the
    region gives them), the enemy's distance to each and their index into its rate table (range, cover). The box
    touches the region."""
    (bx0, by0, bx1, by1), dd_box, fire_box, search_box = geometry
    if fired:
        search_box = fire_box
    x0, y0, x1, y1 = pic.box
    ix0, iy0, ix1, iy1 = max(x0, bx0), max(y0, by0), min(x1, bx1), min(y1, by1)
    if USE_COMPILED and _box_pairs is not None:  # one pass over the box, and three arrays read from its bytes
        width = bx1 - bx0 + 1
        pairs = _box_pairs(
            search_box, dd_box, width, bx0, by0, pic.cover, pic.width, ix0, iy0, ix1, iy1, x0, y0, x1 - x0 + 1, reach
        )
        return tuple(np.frombuffer(b, dtype=t) for b, t in zip(pairs, (np.int64, np.int16, np.int32), strict=True))
    out_of = (slice(iy0 - by0, iy1 - by0 + 1), slice(ix0 - bx0, ix1 - bx0 + 1))
    rows, cols = search_box[out_of].nonzero()  # row-major: the region's order within the overlap
    dd = dd_box[out_of][rows, cols]
    cover = pic.cover[iy0 + rows, ix0 + cols].astype(np.int16)
    where = (rows + (iy0 - y0)) * (x1 - x0 + 1) + cols + (ix0 - x0)
    return read_only(where, dd, (dd + cover * (reach + 1)).astype(np.int32))


class PictureView(Protocol):
    """What the kills maps read of the Picture (knowledge.py) that makes them: knowledge.py imports this module, so
    the maps take this protocol rather than Picture itself."""

    battle: Battle
    state: GameState
    known: list[UnitState]  # the enemies the side has sighted, in uid order
    engaged: dict[str, str]  # enemy uid -> our unit it is firing at
    engaged_on: dict[str, tuple]  # our uid -> the known enemies firing at it
    vis: int
    width: int
    height: int
    cover: np.ndarray
    region: tuple[slice, slice]  # where danger is worked out
    box: tuple[int, int, int, int]  # the region's corners, x0, y0, x1, y1

    def sight(self, sl: int, moving: bool) -> np.ndarray: ...

    def dangerous(self, enemy: UnitState, unit: UnitState) -> bool: ...

    def dangerous_to(self, enemy: UnitState, armoured: bool) -> bool: ...

    def geometry_key(self, enemy: UnitState) -> tuple: ...

    def geometry(self, enemy: UnitState) -> tuple[tuple[int, int, int, int], np.ndarray, np.ndarray, np.ndarray]: ...


class KillsMaps:
    """The kills maps of one region of a Picture, and the work they share (per enemy, per kind of target)."""

    def __init__(self, pic: PictureView):
        self.pic = pic
        self._local: dict[str, tuple | None] = {}
        self._memo: dict[tuple, Any] = {}  # by the kind of work: maps, lists of enemies, their arrays
        self._recent: dict[str, tuple] | None = None  # _RECENT's cuts of this map and region

    def kills_map(self, unit: UnitState, moving: bool) -> np.ndarray:
        """Expected kills per pulse on this unit on each square, from the known enemy: the map every unit armed
        like it shares, plus the fire of the enemies that are already shooting at this one."""
        key = ("kills", unit.weapon.id, moving)
        base = self._memo.get(key)
        if base is None:
            base = self._memo[key] = self._shared(unit, moving)
        on_me = self.pic.engaged_on.get(unit.uid, ())
        if not on_me:
            return base
        return base + self._firing_at(unit, moving, on_me)

    def local(self, enemy: UnitState):
        """The enemy's geometry (in the box of its reach, Picture.geometry), its reach, and the squares of the
        region it would search (searched_in_region); None if its reach does not touch the region. Kept from one
        orders phase to the next (_CUTS) while the enemy stays where it is, facing the same way, in the same
        region. Most enemies need no more than that; laid_out has the rest, for the few that need it."""
        hit = self._local.get(enemy.uid)
        if hit is None and enemy.uid not in self._local:
            pic = self.pic
            reach = min(enemy.weapon.mr, pic.vis)
            (ex, ey), (x0, y0, x1, y1) = enemy.square, pic.box
            if not (ex + reach < x0 or ex - reach > x1 or ey + reach < y0 or ey - reach > y1):
                key = (pic.geometry_key(enemy), pic.box)
                recent = self._recent
                if recent is None:
                    recent = self._recent = _RECENT.get_or_build((pic.battle.grid.serial, pic.box), dict)
                last = recent.get(enemy.uid)
                if last is not None and last[0] == key:
                    hit = last[1]
                else:
                    hit = _CUTS.get(key)
                    if hit is None:
                        geometry = pic.geometry(enemy)
                        hit = _CUTS.put(key, (geometry, reach, searched_in_region(pic, reach, geometry)))
                    recent[enemy.uid] = (key, hit)
            self._local[enemy.uid] = hit
        return hit

    def laid_out(self, enemy: UnitState) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The enemy's geometry laid out on the region (geometry_on_region: distance, fire, search) and the index
        into its rate table of every square; only for an enemy whose reach touches the region (local is not None)."""
        geometry, reach, _searched = self.local(enemy)
        dd, fire, search = geometry_on_region(self.pic, reach, geometry)
        return dd, fire, search, dd + self.pic.cover[self.pic.region].astype(np.int16) * (reach + 1)

    def free(self) -> list:
        """The searching (not busy) known enemies whose reach touches the region, in the order of known."""
        hit = self._memo.get(("free",))
        if hit is None:
            pic = self.pic
            hit = []
            for enemy in pic.known:
                target = pic.engaged.get(enemy.uid)
                if target is not None and pic.state.units[target].alive:
                    continue
                if self.local(enemy) is not None and enemy.weapon.mr > 0:
                    hit.append(enemy)
            self._memo[("free",)] = hit
        return hit

    def free_against(self, armoured: bool):
        """The free enemies dangerous to an armoured (or a soft) unit: the enemies, where the rate table of each
        one's kind starts in the concatenated tables of their kinds (weapon, nationality, reach; a table has
        2 * (reach + 1) entries whatever the target; local's index of a square is into that table), their counts,
        and one enemy of each kind, and the kinds' keys (what the rate tables read of the enemy, in order)."""
        key = ("free", armoured)
        hit = self._memo.get(key)
        if hit is None:
            pic = self.pic
            keep = [enemy for enemy in self.free() if pic.dangerous_to(enemy, armoured)]
            offset_of: dict[tuple, int] = {}
            kinds, offsets, start = [], [], 0
            for enemy in keep:
                reach = min(enemy.weapon.mr, pic.vis)
                kind = (enemy.weapon.id, enemy.nationality, reach)
                if kind not in offset_of:
                    offset_of[kind] = start
                    start += 2 * (reach + 1)
                    kinds.append(enemy)
                offsets.append(offset_of[kind])
            counts = np.array([float(enemy.count) for enemy in keep])
            hit = self._memo[key] = (keep, np.array(offsets, dtype=np.int32), counts, kinds, tuple(offset_of))
        return hit

    def searched(self, armoured: bool):
        """Every pair of a free enemy dangerous to an armoured (or a soft) unit and a square of the region it
        would search, enemy after enemy (in the order of free_against), squares in row-major order: the square
        (an index into the flattened region), the enemy's distance to it, its index into the concatenated rate
        tables and the enemy's count. A unit is sighted on those of them within its sighting range (free_seeing)."""
        key = ("searched", armoured)
        hit = self._memo.get(key)
        if hit is None:
            keep, offsets, counts, _kinds, _keys = self.free_against(armoured)
            searched = [self.local(enemy)[2] for enemy in keep]
            pairs = [len(where) for where, _dd, _index in searched]  # of each enemy
            squares, dists, at = (np.concatenate(parts) for parts in zip(*searched, strict=True))
            hit = self._memo[key] = (squares, dists, at + offsets.repeat(pairs), counts.repeat(pairs))
        return hit

    def free_seeing(self, armoured: bool, sl: int, moving: bool):
        """The pairs of searched(armoured) where the enemy would sight a unit of silhouette `sl`: the square, its
        index into the concatenated rate tables, and the enemy's count."""
        key = ("seeing", armoured, sl, moving)
        hit = self._memo.get(key)
        if hit is None:
            squares, dists, at, counts = self.searched(armoured)
            seen = dists <= self.pic.sight(sl, moving)[self.pic.region].ravel()[squares]
            hit = self._memo[key] = (squares[seen], at[seen], counts[seen])
        return hit

    def busy_inside(self) -> list:
        """The known enemies busy with another target (the free ones are in free()) whose square is in the
        region: the only busy ones that add to a shared kills map. The same for every unit, so kept per region."""
        hit = self._memo.get(("busy",))
        if hit is None:
            pic = self.pic
            x0, y0, x1, y1 = pic.box
            hit = []
            for enemy in pic.known:
                target = pic.engaged.get(enemy.uid)
                if (
                    target is not None
                    and pic.state.units[target].alive
                    and enemy.on_map
                    and x0 <= enemy.square[0] <= x1
                    and y0 <= enemy.square[1] <= y1
                ):
                    hit.append(enemy)
            self._memo[("busy",)] = hit
        return hit

    def busy_against(self, armoured: bool):
        """busy_inside cut to the enemies dangerous to an armoured (or a soft) unit: (y, x, the cover of its square
        (0 or 1), its count, the index of its kind) for each, each kind's first enemy (their range-0 rates differ
        only by kind: weapon, nationality, reach), and the kinds' keys in order."""
        key = ("busy against", armoured)
        hit = self._memo.get(key)
        if hit is None:
            pic = self.pic
            busy = []
            kinds: list[UnitState] = []  # each kind's first enemy
            index: dict[tuple, int] = {}
            for enemy in self.busy_inside():
                if not pic.dangerous_to(enemy, armoured):
                    continue
                kind = (enemy.weapon.id, enemy.nationality, min(enemy.weapon.mr, pic.vis))
                if kind not in index:
                    index[kind] = len(kinds)
                    kinds.append(enemy)
                ex, ey = enemy.pos
                busy.append((ey, ex, int(pic.cover[ey, ex]), float(enemy.count), index[kind]))
            hit = self._memo[key] = (busy, kinds, tuple(index))
        return hit

    def _shared(self, unit: UnitState, moving: bool) -> np.ndarray:
        """The kills map every unit armed like this one shares: the free enemies where they would sight it, and
        the busy ones in their own square."""
        pic = self.pic
        battle = pic.battle
        armoured = battle.unit_class(unit).armoured
        total = np.zeros((pic.height, pic.width))
        part = total[pic.region]
        keep, offsets, counts, kinds, keys = self.free_against(armoured)
        if keep:
            # One rate table per kind of enemy, scaled by each enemy's count afterwards: the same products as
            # rate_table's table per enemy, for far fewer tables.
            tables = _kinds_tables(battle, keys, kinds, unit.weapon, armoured, moving, busy=False)
            if part.size > 1 and USE_COMPILED and _free_kills is not None:
                self._add_free(total, tables, armoured, unit, moving)
            elif part.size > 1:
                squares, at, counts = self.free_seeing(armoured, unit.weapon.sl, moving)
                values = _read_free(battle, tables, at, keys, kinds, unit.weapon, armoured, moving) * counts
                part += np.bincount(squares, values, minlength=part.size).reshape(part.shape)
            else:  # (numpy sums a single column pairwise, not in order: the stacked maps' own sum)
                cuts = [self.laid_out(enemy) for enemy in keep]
                dd = np.stack([c[0] for c in cuts])
                seeing = np.stack([c[2] for c in cuts]) & (dd <= pic.sight(unit.weapon.sl, moving)[pic.region])
                index = np.stack([c[3] for c in cuts]).astype(np.int32) + offsets[:, None, None]
                values = _read_free(battle, tables, index, keys, kinds, unit.weapon, armoured, moving)
                values = values * counts[:, None, None]
                part += np.where(seeing, values, 0.0).sum(axis=0)
        # The enemies busy with another target threaten others only in their own square: rate_table's value
        # there (the kind's range-0 rate times the count), added one enemy after another.
        busy, kinds, keys = self.busy_against(armoured)
        if busy:
            first = _kinds_tables(battle, keys, kinds, unit.weapon, armoured, moving, busy=True)
            for y, x, own, count, kind in busy:  # (a few: np.add.at costs more; the same product and sum)
                total[y, x] += first[kind][own] * count
        return total

    def _add_free(self, total: np.ndarray, tables: np.ndarray, armoured: bool, unit: UnitState, moving: bool) -> None:
        """The free enemies' kills added into the map `total` (zeros) through the compiled loop (_kills_core.c): the
        pairs of searched(armoured) that free_seeing keeps, the rates of _read_free times the counts, added as
        np.bincount adds them. The loop reads the sighting range of a square's cover, so it needs no sight map. The
        table entries it finds unfilled are filled (as _read_free fills them) and the map is added up again."""
        assert _free_kills is not None  # (_shared asks only where it is built)
        pic = self.pic
        x0, y0, x1, y1 = pic.box
        spotting = pic.battle.params.spotting
        sl = float(unit.weapon.sl)
        sight_open = float(sighting_range(sl, False, moving, pic.vis, spotting))
        sight_cover = float(sighting_range(sl, True, moving, pic.vis, spotting))
        pairs = (*self.searched(armoured), self.region_cover(), tables, sight_open, sight_cover, total, pic.width)
        missing = _free_kills(*pairs, x0, y0, x1 - x0 + 1, y1 - y0 + 1)
        if missing:
            _keep, _offsets, _counts, kinds, keys = self.free_against(armoured)
            _fill(pic.battle, tables, np.unique(np.array(missing)), keys, kinds, unit.weapon, armoured, moving)
            total[...] = 0.0
            missing = _free_kills(*pairs, x0, y0, x1 - x0 + 1, y1 - y0 + 1)
            assert not missing, "a rate entry left unfilled"

    def region_cover(self) -> np.ndarray:
        """The cover of the region's squares, row-major (contiguous), for the compiled loop."""
        hit = self._memo.get(("cover",))
        if hit is None:
            hit = self._memo[("cover",)] = np.ascontiguousarray(self.pic.cover[self.pic.region])
        return hit

    def _firing_at(self, unit: UnitState, moving: bool, on_me) -> np.ndarray:
        """The kills of the seen enemies firing at this unit, which keep firing at it wherever they can (the
        shared map has their own square, taken off here)."""
        pic = self.pic
        battle = pic.battle
        armoured = battle.unit_class(unit).armoured
        x0, y0, x1, y1 = pic.box
        total = np.zeros((pic.height, pic.width))
        part = total[pic.region]
        for enemy in (pic.state.units[e] for e in on_me):
            if not pic.dangerous(enemy, unit) or not enemy.on_map:
                continue
            cut = self.local(enemy)
            if cut is None:
                continue
            reach = cut[1]
            ex, ey = enemy.square
            if USE_COMPILED and _free_kills is not None:
                # the squares it fires at, added as the NumPy path's np.where adds them (0.0 elsewhere)
                one = rate_table_one(battle, enemy, unit.weapon, reach, 4, armoured, moving)
                fired = (*self.fired(enemy), float(enemy.count), self.region_cover(), one, math.inf, math.inf)
                unfilled = _free_kills(*fired, total, pic.width, x0, y0, x1 - x0 + 1, y1 - y0 + 1)
                assert not unfilled, "a rate table of nan"
                if x0 <= ex <= x1 and y0 <= ey <= y1:
                    total[ey, ex] -= one[int(pic.cover[ey, ex]), 0] * enemy.count
                continue
            _dd, fire, _search, index = self.laid_out(enemy)
            rates = rate_table(battle, enemy, unit.weapon, reach, 4, armoured, moving)
            part += np.where(fire, rates.ravel().take(index), 0.0)
            if x0 <= ex <= x1 and y0 <= ey <= y1:
                total[ey, ex] -= rates[int(pic.cover[ey, ex]), 0]
        return total

    def fired(self, enemy: UnitState) -> tuple[np.ndarray, ...]:
        """The squares of the region the enemy can fire at, as searched_in_region lists those it searches (kept as
        the cuts are, in _FIRED): for the enemies firing at one of our units, through the compiled loop."""
        geometry, reach, _searched = self.local(enemy)
        key = (self.pic.geometry_key(enemy), self.pic.box)
        hit = _FIRED.get(key)
        if hit is None:
            hit = _FIRED.put(key, searched_in_region(self.pic, reach, geometry, fired=True))
        return hit


def _kinds_tables(battle: Battle, keys: tuple, kinds: list, weapon, armoured: bool, moving: bool, busy: bool):
    """The rate tables (rate_table_one) of these kinds of enemy (keys: weapon, nationality, reach; kinds: one enemy
    of each) against `weapon`: of the free enemies (2 pulses) the tables flattened and concatenated kind after kind,
    nan where not filled yet (read them with _read_free), of the busy ones (4 pulses) the range-0 entries, a pair
    (open, cover) a kind (_busy_row). The same kinds meet the same weapons turn after turn, so this is kept with the
    content: one lookup where each kind was one before."""
    memo = content_memo(battle, "ai.kinds_tables", 4096)  # a few kB each
    key = (keys, weapon.id, armoured, moving, busy)
    hit = memo.get(key)
    if hit is None:
        if busy:
            hit = memo.put(key, [_busy_row(battle, e, weapon, armoured, moving) for e in kinds])
        else:
            # Filled lazily: a map reads only the entries of the ranges at which an enemy would sight the unit in
            # the region, often a small part of a table (an enemy far off sees the region only at long range). A
            # new set of kinds starts with what its kinds' own tables hold already: often all that it reads.
            own = [_kind_table(battle, e, weapon, k[2], armoured, moving) for e, k in zip(kinds, keys, strict=True)]
            hit = memo.put(key, np.concatenate(own))
    return hit


def _busy_row(battle: Battle, enemy: UnitState, weapon, armoured: bool, moving: bool) -> tuple[float, float]:
    """A busy enemy's range-0 rates (4 pulses, one weapon), in the open and in cover, by its kind (weapon and
    nationality: range 0 is within every reach): kept with the content, as a new set of kinds often holds kinds
    met before."""
    memo = content_memo(battle, "ai.busy_rows", 20_000)
    key = (enemy.weapon.id, enemy.nationality, weapon.id, armoured, moving)
    hit = memo.get(key)
    if hit is None:
        hit = memo.put(key, tuple(rate_entry(battle, enemy, weapon, 0, c, 4, armoured, moving) for c in (0, 1)))
    return hit


def _read_free(battle: Battle, tables: np.ndarray, at: np.ndarray, keys: tuple, kinds: list, weapon, armoured, moving):
    """tables.take(at) for the free enemies' tables of _kinds_tables, filling first the entries not filled yet (the
    value rate_table_one has there; filled in place: an entry, once set, never changes). A set of kinds is often new
    where each kind is not, so a kind's entries come from its own lazy table (_kind_table), copied whole."""
    values = tables.take(at)
    missing = np.isnan(values)
    if missing.any():
        _fill(battle, tables, np.unique(at[missing]), keys, kinds, weapon, armoured, moving)
        values = tables.take(at)
    return values


def _fill(battle: Battle, tables: np.ndarray, wanted: np.ndarray, keys: tuple, kinds: list, weapon, armoured, moving):
    """Fill the entries `wanted` (sorted, unfilled) of the free enemies' tables of _kinds_tables, kind by kind in
    their order, each kind's entries in its own lazy table first (rate_table_one's value there), then that table
    copied whole into the concatenated one."""
    starts = np.cumsum([0] + [2 * (k[2] + 1) for k in keys])
    kind_of = np.searchsorted(starts, wanted, side="right") - 1
    for kind in np.unique(kind_of).tolist():
        enemy, reach = kinds[kind], keys[kind][2]
        own = _kind_table(battle, enemy, weapon, reach, armoured, moving)
        needed = wanted[kind_of == kind] - starts[kind]
        for i in needed[np.isnan(own[needed])].tolist():
            cover, rng = divmod(i, reach + 1)
            own[i] = rate_entry(battle, enemy, weapon, rng, cover, 2, armoured, moving)
        tables[starts[kind] : starts[kind + 1]] = own


def _kind_table(battle: Battle, enemy: UnitState, weapon, reach: int, armoured: bool, moving: bool) -> np.ndarray:
    """rate_table_one's table of one kind of free enemy (2 pulses), flattened, nan where not filled yet: shared with
    the content and filled in place by _read_free."""
    memo = content_memo(battle, "ai.kind_tables", 20_000)
    key = (enemy.weapon.id, enemy.nationality, weapon.id, reach, armoured, moving)
    hit = memo.get(key)
    if hit is None:
        hit = memo.put(key, np.full(2 * (reach + 1), np.nan))
    return hit
