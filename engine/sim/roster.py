"""The fire phase's view of one side's enemies on the map (Roster), and the events that leave it valid."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from itertools import chain

import numpy as np

from ..rules import sighting
from . import events as ev
from .state import UnitState

_read_rows: Callable[..., None] | None
try:  # the roster's table read in one compiled pass (_search_core.c); without it, through NumPy's fromiter
    from ._search_core import rows as _read_rows
except ImportError:  # pragma: no cover - a source checkout not installed with pip
    _read_rows = None

Listed = tuple[list[int], list[int]]  # enemies (indexes in Roster.units) and their distances, in the same order
NOTHING_NEAR: Listed = ([], [])  # shared: whoever reads lists does not change them

# Events that change no unit's presence on the map or its square: they leave the fire phase's rosters valid. A Killed
# event does too: a destroyed unit stays in the rosters, and the searches pass over it (Roster). Any other event
# (a Disembarked: units appear on the map) drops them.
ROSTER_SAFE = (
    ev.Fired,
    ev.Suppressed,
    ev.Spotted,
    ev.Routed,
    ev.BombardmentStarted,
    ev.BombardmentDrifted,
    ev.BombardmentCancelled,
    ev.Killed,
    ev.BattleCounter,
    ev.Withdrew,
    ev.AirAttack,
    ev.AntiAircraftFire,
    ev.AircraftLost,
)


class Roster:
    """The enemies of one side on the map (as enemies_on_map: in the order of state.units) with their squares and
    sighting ranges, for the side's units searching for targets (combat.select_target): `near(square)` lists, in
    that order, the enemies within their sighting range of the square or on it, with their distances. The lists for
    the squares the side's units stand on are worked out together, with NumPy, the first time one is asked for. An
    enemy destroyed since the roster was made is still listed (count 0): whoever reads the lists passes over it."""

    __slots__ = (
        "units",
        "index",
        "uids",
        "table",
        "sighting",
        "_xs",
        "_ys",
        "spotted",
        "context",
        "_squares",
        "_reach",
        "_own",
        "_near",
        "_revealed",
        "_merged",
    )

    def __init__(
        self,
        units: list[UnitState],
        table: np.ndarray,
        squares=None,
        reach: np.ndarray | None = None,
        spotted: set[str] | None = None,
        index: dict[str, int] | None = None,
        uids: list[str] | None = None,
        own: Callable[[], tuple[list[tuple[int, int]], np.ndarray]] | None = None,
    ):
        self.units = units  # read only: RosterMaker hands the same list to the rosters of later pulses
        self.index = {u.uid: i for i, u in enumerate(units)} if index is None else index
        self.uids = [u.uid for u in units] if uids is None else uids
        # Per unit its square and its sighting range (float64, n x 3: x, y, range): the compiled search reads it as
        # it is, and whole squares are exact in a float64.
        self.table = table
        self.sighting = table[:, 2]  # a view, made once: keeps_target reads one range a call
        self._xs: np.ndarray | None = None
        self._ys: np.ndarray | None = None
        # Where the side's own units stand and the longest search reach of its units on each of those squares, and
        # the enemies the side has spotted: with them, the lists leave out what every search from the square would
        # pass over (combat.search). `own` works the first two out when they are first asked for (the compiled
        # search reads neither).
        self._squares, self._reach, self._own = squares, reach, own
        self.spotted = spotted
        self.context: tuple | None = None  # the compiled search's view of the roster (combat._search_context)
        self._near: SquareLists | None = None
        self._revealed: tuple[int, np.ndarray | None] = (0, None)  # (size of the side's revealed set, their mask)
        self._merged: SquareLists | None = None  # near_or_revealed's lists

    @property
    def xs(self) -> np.ndarray:
        if self._xs is None:
            self._xs = self.table[:, 0].astype(np.intp)
        return self._xs

    @property
    def ys(self) -> np.ndarray:
        if self._ys is None:
            self._ys = self.table[:, 1].astype(np.intp)
        return self._ys

    @property
    def squares(self) -> list[tuple[int, int]]:
        if self._squares is None:
            self._lay_out_own()
        return self._squares

    @property
    def reach(self) -> np.ndarray | None:
        if self._squares is None:
            self._lay_out_own()
        return self._reach

    def _lay_out_own(self) -> None:
        if self._own is None:
            self._squares = []
        else:
            self._squares, self._reach = self._own()

    def standing_on(self, listed: Listed) -> UnitState | None:
        """The first enemy (in the roster's order) standing on a square, destroyed ones passed over, from the lists
        for the square (near or near_or_revealed: both list every enemy on it, at distance 0)."""
        enemies, distances = listed
        if 0 not in distances:  # almost always: a scan in C
            return None
        units = self.units
        for i, d in zip(enemies, distances, strict=True):
            if d == 0 and units[i].count > 0:
                return units[i]
        return None

    def near_or_revealed(self, square: tuple[int, int], revealed: set[str] | None) -> Listed:
        """`near(square)` and the enemies in `revealed` (seen firing this pulse: sighted at any range), in order.
        The revealed set only grows during a pulse, so its size tells whether it changed since last asked; it
        changes seldom (a side's units search after the other side's have fired), and the lists for every square
        of the side are then worked out again together."""
        marked = self.revealed_marks(revealed)
        if marked is None:
            return self.near(square)
        merged = self._merged
        if merged is None:
            merged = self._merged = self._batch(self.squares, marked, self.reach)
        return merged.get(square) or self._batch([square], marked).only()

    def revealed_marks(self, revealed: set[str] | None) -> np.ndarray | None:
        """The enemies in `revealed` as a mask over `units`, None if there are none."""
        if not revealed:
            return None
        if self._revealed[0] != len(revealed):
            index = self.index
            listed = [i for uid in revealed if (i := index.get(uid)) is not None]
            mask = np.zeros(len(self.units), bool)
            mask[listed] = True
            self._revealed = (len(revealed), mask if listed else None)
            self._merged = None
        return self._revealed[1]

    def near(self, square: tuple[int, int]) -> Listed:
        """The enemies within their sighting range of the square or on it, in order: their indexes in `units` and
        their distances in squares (the searches pass over most of them, by their distance alone)."""
        lists = self._near
        if lists is None:
            lists = self._near = self._batch(self.squares, None, self.reach)
        return lists.get(square) or self._batch([square]).only()

    def _batch(self, squares, revealed: np.ndarray | None = None, reach: np.ndarray | None = None) -> SquareLists:
        """The lists of `near` for the squares, with the enemies marked in `revealed` at any distance. With `reach`
        (per square: the longest reach of a search from it), an enemy the side has already spotted is left out where
        it stands beyond that reach: a search passes over it (combat.search), and the spotted only grow in a battle,
        so it would pass over it for as long as these lists are kept."""
        sx = np.fromiter((q[0] for q in squares), np.int64, len(squares))[:, None]
        sy = np.fromiter((q[1] for q in squares), np.int64, len(squares))[:, None]
        d = np.maximum(np.abs(self.xs - sx), np.abs(self.ys - sy))
        listed = (d <= self.sighting) | (d == 0)
        if revealed is not None:
            listed |= revealed
        spotted = self.spotted
        if reach is not None and spotted:
            known = np.fromiter((u.uid in spotted for u in self.units), bool, len(self.units))
            listed &= (d <= reach[:, None]) | ~known
        rows, cols = np.nonzero(listed)  # row-major: each row's columns in order
        bounds = np.searchsorted(rows, np.arange(len(squares) + 1)).tolist()
        return SquareLists(squares, cols.tolist(), d[rows, cols].tolist(), bounds)


class SquareLists:
    """Roster lists for some squares, kept as the flat lists a batch gives and cut out when asked for: a pulse's
    searches ask for a third of the squares or fewer (the other units keep their targets)."""

    __slots__ = ("rows", "enemies", "distances", "bounds")

    def __init__(self, squares, enemies: list[int], distances: list[int], bounds: list[int]):
        self.rows = dict(zip(squares, range(len(squares)), strict=True))
        self.enemies, self.distances, self.bounds = enemies, distances, bounds

    def get(self, square: tuple[int, int]) -> Listed | None:
        row = self.rows.get(square)
        if row is None:
            return None
        start, end = self.bounds[row], self.bounds[row + 1]
        if start == end:
            return NOTHING_NEAR  # the lists of half the searches in a large battle
        return self.enemies[start:end], self.distances[start:end]

    def only(self) -> Listed:
        """The lists of a batch of one square."""
        return self.enemies, self.distances


class RosterMaker:
    """Every side's Roster for a fire phase (Battle.roster), from the units on the map laid out as arrays that are kept
    from one pulse to the next. Who stands on the map changes seldom between two pulses (a unit destroyed, embarked,
    arrived), where they stand and whether they move every pulse: so each side's list of enemies, its index and the
    units' sides and silhouettes are made again only when the units on the map are not the last ones, and each pulse
    reads only their squares, their movement and their reach into arrays."""

    __slots__ = ("sides", "on_map", "_codes", "_silhouettes", "_ranges", "_enemies", "_four")

    def __init__(self, sides: tuple[str, ...]):
        self.sides = sides  # the battle's: a unit of another side is every side's enemy and has no roster
        self.on_map: list[UnitState] = []
        self._codes = np.zeros(0, np.intp)  # per unit on the map: its side's place in `sides`, or -1
        self._silhouettes = np.zeros(0, np.float64)
        self._ranges = np.zeros(0, np.int64)  # the weapons' maximum ranges (weapon.mr)
        # per side: the mask of its enemies among the units on the map, their list, their index by uid and their uids
        self._enemies: dict[str, tuple[np.ndarray, list[UnitState], dict[str, int], list[str]]] = {}
        self._four: tuple[int, object, np.ndarray] | None = None  # _four_ranges': (visibility, spotting, ranges)

    def rosters(self, units, moving: set[str], visibility: int, cover: np.ndarray, spotting, seen_by_side) -> dict:
        """Every side's Roster of the units on the map among `units` (state.units' values, in order): their squares,
        sighting ranges (rules.sighting, with `cover` the grid's) and the longest search reach of each side's units
        on each square (combat.select_target's: min(range_limit, weapon.mr, visibility))."""
        on_map = [u for u in units if u.count > 0 and not u.offmap and u.carrier is None and u.pos is not None]
        if on_map != self.on_map:  # the same units compare by identity, without a dataclass comparison
            self._lay_out(on_map)
        n = len(on_map)
        table = np.empty((n, 3))
        if _read_rows is not None:  # compiled: one pass over the units, their ranges picked from the four kept
            _read_rows(on_map, moving, cover, cover.shape[1], self._four_ranges(visibility, spotting), table)
            xs = ys = None
        else:  # from a flat iterator: np.array on a list of pairs costs twice as much, finding their shape
            xy = np.fromiter(chain.from_iterable([u.pos for u in on_map]), np.intp, 2 * n).reshape(n, 2)
            xs, ys = xy[:, 0], xy[:, 1]
            are_moving = bool(moving) and np.fromiter((u.uid in moving for u in on_map), bool, n)
            table[:, 0], table[:, 1] = xs, ys
            ranges = sighting.sighting_range(self._silhouettes, cover[ys, xs] != 0, are_moving, visibility, spotting)
            table[:, 2] = ranges
        reach: list[np.ndarray] = []  # every unit's, worked out for the first roster that asks (roster lists only)

        def own_squares(code: int) -> tuple[list[tuple[int, int]], np.ndarray]:
            nonlocal xs, ys
            if xs is None or ys is None:
                xs, ys = table[:, 0].astype(np.intp), table[:, 1].astype(np.intp)
            if not reach:
                limits = np.fromiter((u.range_limit for u in on_map), np.int64, n)
                reach.append(np.minimum(np.minimum(limits, self._ranges), visibility))
            return _longest_on_squares(xs, ys, reach[0], self._codes == code)

        rosters = {}
        for code, side in enumerate(self.sides):
            enemy, listed, index, uids = self._enemies[side]
            rosters[side] = Roster(
                listed,
                table[enemy],
                spotted=seen_by_side[side],
                index=index,
                uids=uids,
                own=partial(own_squares, code),
            )
        return rosters

    def _four_ranges(self, visibility: int, spotting) -> np.ndarray:
        """Every unit's sighting range (rules.sighting) still and moving, in the open and in cover (n x 4, in that
        order), the same numbers as sighting_range gives square by square; kept while the units on the map, the
        visibility and the rules are the same."""
        kept = self._four
        if kept is not None and kept[0] == visibility and kept[1] is spotting:
            return kept[2]
        in_cover, moving = np.array([[False, False, True, True]]), np.array([[False, True, False, True]])
        four = sighting.sighting_range(self._silhouettes[:, None], in_cover, moving, visibility, spotting)
        four = np.ascontiguousarray(np.broadcast_to(four, (len(self.on_map), 4)), np.float64)
        self._four = (visibility, spotting, four)
        return four

    def _lay_out(self, on_map: list[UnitState]) -> None:
        code_of = {side: i for i, side in enumerate(self.sides)}
        self.on_map = on_map
        self._four = None
        self._codes = np.fromiter((code_of.get(u.side, -1) for u in on_map), np.intp, len(on_map))
        self._silhouettes = np.fromiter((u.weapon.sl for u in on_map), np.float64, len(on_map))
        self._ranges = np.fromiter((u.weapon.mr for u in on_map), np.int64, len(on_map))
        for code, side in enumerate(self.sides):
            enemy = self._codes != code
            listed = [u for u, e in zip(on_map, enemy.tolist(), strict=True) if e]
            uids = [u.uid for u in listed]
            self._enemies[side] = (enemy, listed, {uid: i for i, uid in enumerate(uids)}, uids)


def _longest_on_squares(xs: np.ndarray, ys: np.ndarray, reach: np.ndarray, own: np.ndarray):
    """The squares the units marked `own` stand on, sorted as tuples are, and the longest reach on each."""
    x, y, r = xs[own], ys[own], reach[own]
    order = np.lexsort((r, y, x))  # by square, the longest reach last on each
    x, y, r = x[order], y[order], r[order]
    last = np.ones(len(x), bool)
    last[:-1] = (x[1:] != x[:-1]) | (y[1:] != y[:-1])
    return list(zip(x[last].tolist(), y[last].tolist(), strict=True)), r[last]
