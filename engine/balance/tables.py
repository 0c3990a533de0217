"""The balance table of a pack's README (issue 28): written from `tacforge batch --format json` reports, never by
hand, between two markers; each scenario's row records the content hash and rules fingerprint the games were
played with (engine.packs.scenario_digest), so that tests/test_balance_tables.py can tell when a change to the
scenario, its map, the rules or the weapons it uses has left the row describing a game that no longer exists.

A scenario's rows: one over all its games, then one per AI plan of each side that has plans (that side's wins,
draws and defeats in the games that drew the plan). Rewriting the table replaces the rows of the scenarios in the
reports given and keeps every other scenario's rows as they are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tacforge.engine.cached_dataclass import dataclass

from .targets import BalanceTarget

BEGIN = "<!-- balance-table: written by scripts/balance_tables.py from tacforge batch --format json; do not edit -->"
END = "<!-- balance-table end -->"
ALL_GAMES = "all games"


def re_measure_command(ref: str) -> str:
    """The commands, run from the repository root, that measure a scenario again and write its rows."""
    return (
        f".venv/bin/tacforge batch {ref} --runs 200 --handicap 3 --format json > run.json && "
        ".venv/bin/python scripts/balance_tables.py run.json"
    )


class TableError(Exception):
    """A report or README the table cannot be written from or read; the message says why and what to do."""


@dataclass(frozen=True)
class MeasuredRow:
    """What a README row records of a scenario's measurement (the parts a test compares)."""

    scenario: str
    content_hash: str
    rules_fingerprint: str


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _count(entry: Mapping) -> str:
    """'144 (72.0%, 65.4-77.8%)': games, share and the 95% Wilson interval of a report's count."""
    if not entry.get("ci95"):
        return "-"
    low, high = entry["ci95"]
    return f"{entry['games']} ({_pct(entry['share'])}, {100 * low:.1f}-{_pct(high)})"


def _cells(cells: Iterable[str]) -> str:
    return "| " + " | ".join(c.replace("|", "/") for c in cells) + " |"


def header(side_names: Mapping[str, str]) -> list[str]:
    first, second = side_names.values()
    columns = [
        "scenario",
        "AI plan",
        "games",
        f"{first} wins (95% CI)",
        f"{second} wins (95% CI)",
        "draws (95% CI)",
        "target (share of wins)",
        "met",
        "handicap",
        "seeds",
        "content hash",
        "rules",
        "reproduce",
    ]
    return [_cells(columns), _cells("---" for _ in columns)]


def _short(report: Mapping) -> str:
    scenario, pack = report["scenario"], report["pack"]
    return scenario.split(":", 1)[1] if scenario.startswith(f"{pack}:") else scenario


def check_report(report: Mapping, where: str) -> None:
    """A report the table may be written from: complete, and carrying what it was measured with."""
    if not isinstance(report, Mapping) or "wins" not in report or "sides" not in report:
        raise TableError(f"{where}: not the JSON of `tacforge batch --format json`")
    if "content_hash" not in report or "rules_fingerprint" not in report:
        raise TableError(
            f"{where}: the report has no content hash or rules fingerprint (made by an older tacforge); run the "
            "batch again with this one"
        )
    if report.get("cancelled") or report.get("lost"):
        raise TableError(f"{where}: the batch did not play all its games (cancelled or lost); run it again")


def scenario_rows(report: Mapping, target: BalanceTarget | None) -> list[str]:
    """The rows of one scenario: all its games, then each AI plan's."""
    sides: dict[str, str] = dict(report["sides"])
    wins = report["wins"]
    short = f"`{_short(report)}`"
    handicap = "scenario's" if report["handicap"] is None else str(report["handicap"])
    games = report["games"]
    shares = {side: wins[side]["share"] or 0.0 for side in sides}
    command = f"tacforge batch {report['scenario']} --runs {games} --seed {report['seed']} --turns {report['turns']}"
    if report["handicap"] is not None:
        command += f" --handicap {report['handicap']}"
    rows = [
        _cells(
            [
                short,
                ALL_GAMES,
                str(games),
                *(_count(wins[side]) for side in sides),
                _count(wins["draw"]),
                target.text(sides) if target else "none set",
                ("yes" if target.met(shares) else "**no**") if target else "-",
                handicap,
                f"base {report['seed']}, games 0-{games - 1}",
                f"`{report['content_hash']}`",
                f"`{report['rules_fingerprint']}`",
                f"`{command}`",
            ]
        )
    ]
    for side, plans in report.get("plans", {}).items():
        other = next(s for s in sides if s != side)
        for plan in plans:
            name = f" ({plan['name']})" if plan["name"] else ""
            drawn = "" if plan["drawn"] is None else f", drawn in {_pct(plan['drawn'])}"
            by_side = {side: plan["wins"], other: plan["defeats"]}
            rows.append(
                _cells(
                    [
                        short,
                        f"{sides[side]}: `{plan['plan']}`{name}{drawn}",
                        str(plan["games"]),
                        *(_count(by_side[s]) for s in sides),
                        _count(plan["draws"]),
                        *[""] * 8,
                    ]
                )
            )
    return rows


def _block(text: str, where: str) -> tuple[int, int]:
    """The line indexes of the BEGIN and END markers."""
    lines = text.split("\n")
    begin = [i for i, line in enumerate(lines) if line.strip() == BEGIN]
    end = [i for i, line in enumerate(lines) if line.strip() == END]
    if len(begin) != 1 or len(end) != 1 or end[0] < begin[0]:
        raise TableError(
            f"{where}: expected the markers once each, in this order, on lines of their own:\n{BEGIN}\n{END}\n"
            "(put them where the table belongs, in the '## Balance' section)"
        )
    return begin[0], end[0]


def _row_scenario(line: str) -> str | None:
    match = re.match(r"\|\s*`([^`]+)`\s*\|", line)
    return match.group(1) if match else None


def read_rows(text: str, where: str) -> dict[str, MeasuredRow]:
    """The measured scenarios of a README's table, by id."""
    begin, end = _block(text, where)
    out = {}
    for line in text.split("\n")[begin + 1 : end]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        scenario = _row_scenario(line)
        if scenario is None or len(cells) < 12 or cells[1] != ALL_GAMES:
            continue
        out[scenario] = MeasuredRow(scenario, cells[10].strip("`"), cells[11].strip("`"))
    return out


def stale_rows(text: str, where: str, pack: str, now: Mapping[str, tuple[str, str]]) -> list[str]:
    """What is wrong with a README's table for the scenarios `now` (id within the pack -> its current content hash
    and rules fingerprint): a line per scenario with no row or a row measured on other content, each with the
    commands that measure it again. Empty when every row is current."""
    rows = read_rows(text, where)
    out = []
    for short, (content_hash, rules) in now.items():
        row = rows.get(short)
        if row is None:
            why = f"has no row in the balance table of {where}"
        elif (row.content_hash, row.rules_fingerprint) != (content_hash, rules):
            why = (
                f"has changed since its row in {where} was measured (content {row.content_hash}, rules "
                f"{row.rules_fingerprint}; now content {content_hash}, rules {rules})"
            )
        else:
            continue
        out.append(f"{pack}:{short} {why}; measure it again: {re_measure_command(f'{pack}:{short}')}")
    return out


def rewrite(text: str, reports: Iterable[Mapping], targets: Mapping[str, BalanceTarget], where: str) -> str:
    """The README text with the rows of the reports' scenarios written in (replacing theirs, keeping the rest; a
    scenario met for the first time goes last)."""
    begin, end = _block(text, where)
    lines = text.split("\n")
    blocks: dict[str, list[str]] = {}
    for line in lines[begin + 1 : end]:
        scenario = _row_scenario(line)
        if scenario is not None:
            blocks.setdefault(scenario, []).append(line)
    sides = None
    for report in reports:
        if sides is not None and dict(report["sides"]) != sides:
            raise TableError(f"{where}: the reports are of different sides ({sides} and {dict(report['sides'])})")
        sides = dict(report["sides"])
        short = _short(report)
        blocks[short] = scenario_rows(report, targets.get(short))
    if sides is None:
        raise TableError("no report given")
    table = header(sides) + [row for rows in blocks.values() for row in rows]
    return "\n".join(lines[: begin + 1] + table + lines[end:])
