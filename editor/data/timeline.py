"""Every weapon's availability as a bar over the time periods (Qt-free): rows, gaps and anachronisms, and what
dragging a bar's end does to the weapon's years. The periods room draws these with pyqtgraph."""

from __future__ import annotations

from collections.abc import Iterable

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.model import Weapon
from tacforge.engine.validation.semantic import period_span_problem

END_GRAB = 0.3  # how near (in periods) to a bar's end a press must be to grab it


@dataclass(frozen=True)
class Bar:
    """One weapon's row: available from period `first` to `last`, drawn from first - 0.5 to last + 0.5."""

    row: int
    entry: int  # index of the weapon in its file's list (its YAML path is ("weapons", entry, "periods"))
    weapon: Weapon

    @property
    def first(self) -> int:
        return self.weapon.periods[0]

    @property
    def last(self) -> int:
        return self.weapon.periods[1]

    @property
    def label(self) -> str:
        return f"{self.weapon.name} ({self.weapon.nationality}, {self.weapon.unit_class})"


def bars(weapons: Iterable[Weapon | None]) -> list[Bar]:
    """One bar per weapon of a weapon table's entries (None: an entry that does not decode, skipped), grouped by
    nationality then class, in file order within a group."""
    listed = [(entry, weapon) for entry, weapon in enumerate(weapons) if weapon is not None]
    ordered = sorted(listed, key=lambda pair: (pair[1].nationality, pair[1].unit_class, pair[0]))
    return [Bar(row, entry, weapon) for row, (entry, weapon) in enumerate(ordered)]


def gaps(weapons: Iterable[Weapon], period_numbers: Iterable[int]) -> list[tuple[str, str, int]]:
    """(nationality, class, period) where a nationality fields a class in some periods but not in this one, between
    the first and last period it has one: a hole in the tables a designer usually did not mean."""
    numbers = sorted(period_numbers)
    covered: dict[tuple[str, str], set[int]] = {}
    for weapon in weapons:
        covered.setdefault((weapon.nationality, weapon.unit_class), set()).update(
            range(weapon.periods[0], weapon.periods[1] + 1)
        )
    out = []
    for (nationality, unit_class), periods in sorted(covered.items()):
        out += [(nationality, unit_class, p) for p in numbers if min(periods) < p < max(periods) and p not in periods]
    return out


def anachronisms(weapons: Iterable[Weapon], period_numbers: Iterable[int]) -> list[Weapon]:
    """Weapons available past the pack's last period, or whose first period is after their last: the validator's
    own rule (a period missing from the table is the validator's period.missing, not every weapon's fault)."""
    count = max(period_numbers, default=None)
    return [w for w in weapons if period_span_problem(*w.periods, count) is not None]


def grab(all_bars: list[Bar], x: float, y: float) -> tuple[Bar, int] | None:
    """The bar end under a press at (x in periods, y in rows): (bar, 0 for its first period or 1 for its last)."""
    row = round(y)
    for bar in all_bars:
        if bar.row == row:
            if abs(x - (bar.first - 0.5)) <= END_GRAB:
                return bar, 0
            if abs(x - (bar.last + 0.5)) <= END_GRAB:
                return bar, 1
    return None


def dragged(bar: Bar, end: int, x: float, period_numbers: Iterable[int]) -> tuple[int, int]:
    """The weapon's (first, last) periods with end `end` dropped at x: snapped to a period of the pack and never
    past the other end."""
    numbers = sorted(period_numbers)
    first, last = bar.first, bar.last
    if end == 0:
        first = min(max(round(x + 0.5), numbers[0]), last)
    else:
        last = max(min(round(x - 0.5), numbers[-1]), first)
    return first, last
