"""The fire phase's view of one side's enemies on the map (Roster), and the events that leave it valid."""

from __future__ import annotations

import numpy as np

from . import events as ev
from .state import UnitState

Listed = tuple[list[int], list[int]]  # enemies (indexes in Roster.units) and their distances, in the same order

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
        "xs",
        "ys",
        "sighting",
        "squares",
        "reach",
        "spotted",
        "_near",
        "_revealed",
        "_merged",
        "_first",
    )

    def __init__(
        self,
        units: list[UnitState],
        xs: np.ndarray,
        ys: np.ndarray,
        sighting: np.ndarray,
        squares,
        reach: np.ndarray | None = None,
        spotted: set[str] | None = None,
    ):
        self.units = units
        self.index = {u.uid: i for i, u in enumerate(units)}
        self.xs, self.ys = xs, ys  # the units' squares
        self.sighting = sighting
        self.squares = squares  # where the side's own units stand
        # The longest search reach of the side's units on each of `squares`, and the enemies the side has spotted:
        # with both, the lists leave out what every search from the square would pass over (combat.search).
        self.reach, self.spotted = reach, spotted
        self._near: SquareLists | None = None
        self._revealed: tuple[int, np.ndarray | None] = (0, None)  # (size of the side's revealed set, their mask)
        self._merged: SquareLists | None = None  # near_or_revealed's lists
        self._first: dict[tuple[int, int], list[UnitState]] | None = None

    def first_on(self, square: tuple[int, int]) -> UnitState | None:
        """The first enemy (in the roster's order) standing on the square, destroyed ones passed over."""
        first = self._first
        if first is None:
            first = self._first = {}
            for u in self.units:
                first.setdefault(u.square, []).append(u)
        for u in first.get(square, ()):
            if u.count > 0:
                return u
        return None

    def near_or_revealed(self, square: tuple[int, int], revealed: set[str] | None) -> Listed:
        """`near(square)` and the enemies in `revealed` (seen firing this pulse: sighted at any range), in order.
        The revealed set only grows during a pulse, so its size tells whether it changed since last asked; it
        changes seldom (a side's units search after the other side's have fired), and the lists for every square
        of the side are then worked out again together."""
        if not revealed:
            return self.near(square)
        if self._revealed[0] != len(revealed):
            index = self.index
            listed = [i for uid in revealed if (i := index.get(uid)) is not None]
            mask = np.zeros(len(self.units), bool)
            mask[listed] = True
            self._revealed = (len(revealed), mask if listed else None)
            self._merged = None
        marked = self._revealed[1]
        if marked is None:
            return self.near(square)
        merged = self._merged
        if merged is None:
            merged = self._merged = self._batch(self.squares, marked, self.reach)
        return merged.get(square) or self._batch([square], marked).only()

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
        return self.enemies[start:end], self.distances[start:end]

    def only(self) -> Listed:
        """The lists of a batch of one square."""
        return self.enemies, self.distances
