"""The balance targets of a pack's scenarios (issue 28): how often each side should win, as data in a small YAML file
beside the pack's README (`balance_targets.yaml`), read into typed BalanceTarget objects here and nowhere else.

    kasserine:
      allied: {min: 50, max: 85}   # percent of the games the side wins
      german: {min: 10}

The file lives beside the README, outside the pack folder, because a target describes how a scenario has been
measured, not how it is played: changing a target changes no game and so no scenario's content hash."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from tacforge.engine.cached_dataclass import dataclass

from ..yamlio import YamlFileError, load_fast

FILE_NAME = "balance_targets.yaml"


class TargetsError(Exception):
    """A targets file that cannot be read; the message names the file, the line and what to do."""


@dataclass(frozen=True)
class ShareRange:
    """The share of the games a side should win, in percent: at least `low`, at most `high`."""

    low: float = 0.0
    high: float = 100.0

    def holds(self, share: float) -> bool:
        return self.low <= 100 * share <= self.high

    def text(self) -> str:
        if self.high >= 100:
            return f"at least {self.low:g}%"
        if self.low <= 0:
            return f"at most {self.high:g}%"
        return f"{self.low:g}-{self.high:g}%"


@dataclass(frozen=True)
class BalanceTarget:
    """A scenario's target: per side (by id, in the file's order) the range of its share of wins."""

    scenario: str  # the id within its pack
    sides: tuple[tuple[str, ShareRange], ...]

    def met(self, shares: Mapping[str, float]) -> bool:
        """Whether every side's share of wins (0-1, by side id) is in its range."""
        return all(r.holds(shares.get(side, 0.0)) for side, r in self.sides)

    def text(self, side_names: Mapping[str, str]) -> str:
        return ", ".join(f"{side_names.get(side, side)} {r.text()}" for side, r in self.sides)


def _line_of(text: str, key: str) -> int | None:
    match = re.search(rf"^{re.escape(key)}\s*:", text, re.MULTILINE)
    return text.count("\n", 0, match.start()) + 1 if match else None


def _percent(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 100:
        raise TargetsError(f"{where}: {value!r} is not a percentage; write a number from 0 to 100")
    return float(value)


def read_targets(path: Path) -> dict[str, BalanceTarget]:
    """The targets of a targets file, by scenario id; {} when there is no file. TargetsError for a bad one."""
    if not path.is_file():
        return {}
    try:
        loaded = load_fast(path)
    except YamlFileError as exc:
        raise TargetsError(exc.issue.format()) from None
    data = loaded.data if loaded.data is not None else {}
    if not isinstance(data, dict):
        raise TargetsError(f"{path}: expected a mapping of scenario ids to targets (see engine/balance/targets.py)")
    out = {}
    for scenario, sides in data.items():
        where = f"{path}, line {_line_of(loaded.text, str(scenario))} ({scenario})"
        if not isinstance(sides, dict) or not sides:
            raise TargetsError(f"{where}: give side ids, each with min and/or max percent, e.g. german: {{min: 10}}")
        ranges = []
        for side, bounds in sides.items():
            if not isinstance(bounds, dict) or not bounds or set(bounds) - {"min", "max"}:
                raise TargetsError(f"{where}, side {side}: give min and/or max (percent), e.g. {{min: 50, max: 85}}")
            low = _percent(bounds.get("min", 0), f"{where}, side {side}, min")
            high = _percent(bounds.get("max", 100), f"{where}, side {side}, max")
            if low > high:
                raise TargetsError(f"{where}, side {side}: min {low:g} is above max {high:g}; swap them")
            ranges.append((str(side), ShareRange(low, high)))
        out[str(scenario)] = BalanceTarget(str(scenario), tuple(ranges))
    return out
