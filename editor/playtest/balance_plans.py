"""A balance run's results per AI plan, as the dialog's table shows them (docs/rules.md 15.9): for each side with
plans, each plan's games (how often it was drawn), the side's wins, draws and defeats in them with their 95% Wilson
intervals, and the mean victory ratio over those games with its interval. Qt-free; every number is the engine's
(`BatchReport.plans()`, engine/balance/plan_report.py)."""

from __future__ import annotations

from tacforge.engine.balance import BatchReport
from tacforge.engine.cached_dataclass import dataclass

from .balance_figures import percent, share_with_interval


@dataclass(frozen=True)
class PlanRow:
    side: str  # the side's name
    plan: str  # "flank: Tanks to the corner" (id, then name when it has one)
    drawn: str  # games that drew the plan, and their share of the run
    wins: str
    draws: str
    defeats: str
    ratio: str  # the mean victory ratio in those games, with its 95% interval


def _ratio(ratio: dict) -> str:
    if ratio["mean"] is None:
        text = "-"
    else:
        text = f"{ratio['mean']:.2f}"
        if ratio["ci_low"] is not None:
            text += f" ({ratio['ci_low']:.2f}-{ratio['ci_high']:.2f})"
    if ratio["infinite"]:
        text += f", {ratio['infinite']} infinite"
    return text


def plan_rows(report: BatchReport) -> list[PlanRow]:
    """A row per plan of each side that has plans (the scenario's order); none for a scenario without plans."""
    rows = []
    for side, plans in report.plans().items():
        for row in plans:
            n = row["games"]
            wins, draws, defeats = (
                share_with_interval(row[key]["games"], n) if n else "-" for key in ("wins", "draws", "defeats")
            )
            rows.append(
                PlanRow(
                    report.side_names.get(side, side),
                    f"{row['plan']}: {row['name']}" if row["name"] else row["plan"],
                    f"{n} ({percent(row['drawn'])})",
                    wins,
                    draws,
                    defeats,
                    _ratio(row["ratio"]),
                )
            )
    return rows
