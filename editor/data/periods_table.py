"""Time periods as table rows (Qt-free): number, name, dates and the command-delay pair of every side (pulses in
and out of command control), bounded by the periods schema."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tacforge.engine.model import Period

from ..common.schema_bounds import ANY, whole_bounds
from .columns import Column

PERIODS_KEY, WEAPONS_KEY = "periods", "weapons"
DELAY_NAMES = ("in command", "out of command")


def sides_of(periods: Iterable[Period]) -> list[str]:
    """Every side that has a command-delay pair, in the order the file first names them."""
    sides: list[str] = []
    for period in (p for p in periods if p is not None):
        sides += [side for side, _, _ in period.command_delays if side not in sides]
    return sides


def period_columns(sides: Iterable[str]) -> list[Column]:
    columns = [
        Column("#", ("number",), "int", editable=False, tip="the period number the weapon tables' YR uses"),
        Column("Name", ("name",), "text"),
        Column("Start", ("start",), "date", tip="first day of the period"),
        Column("End", ("end",), "date", tip="last day of the period"),
    ]
    for side in sides:
        for position, name in enumerate(DELAY_NAMES):
            low, high = whole_bounds("periods", PERIODS_KEY, ANY, "command_delays", ANY, position)
            columns.append(
                Column(
                    f"{side} {name}",
                    ("command_delays", side, position),
                    "int",
                    low,
                    high,
                    tip=f"pulses of delay on the orders of a {side} unit {name} control",
                )
            )
    return columns


def period_value(period: Period, column: Column) -> Any:
    match column.path:
        case ("command_delays", str(side), int(position)):
            pair = period.delays(side)
            return None if pair is None else pair[position]
        case (str(key), *_):
            value = getattr(period, key)
            return value.isoformat() if key in ("start", "end") else value
    raise ValueError(f"no period column at {column.path}")


def period_issues(issues: Iterable, pack_id: str | None, folder: Path | None) -> list:
    """The issues of one pack that are about periods (a scenario's period without a weapon its forces field, a weapon
    past the last period, periods that overlap, ...): those the periods room lists under its timeline, as the issues
    dock lists them. Codes name their subject, so a period issue has "period" in its code."""
    return [
        i
        for i in issues
        if "period" in i.code
        and (i.pack == pack_id or (folder is not None and i.file is not None and Path(i.file).is_relative_to(folder)))
    ]


def issue_line(issue) -> str:
    """One issue as the room lists it: the message and where it is (file:line)."""
    where = f" ({Path(issue.file).name}:{issue.line})" if issue.file is not None and issue.line else ""
    return f"{issue.message}{where}"
