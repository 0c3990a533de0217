"""Penetration and kill probability by range: one row per target of a firer (or per firer of a target), one column
per range band, each cell the attack `tacforge calc` computes (weapon_plots.attack, in exact fractions), so the
table and calc agree to the last digit. Qt-free."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.model import Weapon
from tacforge.engine.model.content import Content

from .weapon_plots import FireSettings, attack

MEASURES = ("kill probability", "expected kills", "penetration (APF)")


@dataclass(frozen=True)
class Cell:
    """One attack: expected kills, the chance of at least one kill, and the armour penetration factor (None
    against an unarmoured target), capped as the rules cap it."""

    kills: Fraction
    kill_probability: Fraction
    apf: Fraction | None

    def value(self, measure: str) -> Fraction | None:
        return {MEASURES[0]: self.kill_probability, MEASURES[1]: self.kills, MEASURES[2]: self.apf}[measure]


@dataclass(frozen=True)
class Row:
    """The attacks of one pair at each range: `weapon` is the row's target (or, fired at, the row's firer)."""

    weapon: Weapon
    cells: tuple[Cell | None, ...]  # None: out of the firer's range, or an attack the rules do not allow
    problem: str = ""


def range_bands(max_range: int, step: int) -> list[int]:
    """0, step, 2 step, ... up to the maximum range, which is always the last band."""
    if step < 1:
        raise ValueError("the range step is at least 1")
    bands = list(range(0, max_range + 1, step))
    return bands if bands[-1] == max_range else [*bands, max_range]


def _row(content: Content, firer: Weapon, target: Weapon, shown: Weapon, ranges: list[int], settings) -> Row:
    cells: list[Cell | None] = []
    problem = ""
    for r in ranges:
        if r > firer.mr:
            cells.append(None)
            continue
        try:
            result = attack(content, firer, target, r, settings, exact=True)
        except ValueError as exc:
            cells.append(None)
            problem = str(exc)
            continue
        kills = Fraction(result.kills)
        apf = result.main.apf_capped
        cells.append(Cell(kills, min(kills, Fraction(1)), None if apf is None else Fraction(apf)))
    return Row(shown, tuple(cells), problem)


def range_table(
    content: Content, firer: Weapon, targets: Iterable[Weapon], ranges: list[int], settings: FireSettings
) -> list[Row]:
    """The firer at each target: one row per target."""
    return [_row(content, firer, t, t, ranges, settings) for t in targets]


def fired_at_table(
    content: Content, firers: Iterable[Weapon], target: Weapon, ranges: list[int], settings: FireSettings
) -> list[Row]:
    """Each firer at the target (what its armour holds off): one row per firer."""
    return [_row(content, f, target, f, ranges, settings) for f in firers]
