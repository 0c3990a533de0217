"""A balance run's results per AI plan (docs/rules.md 15.9): for each side with plans, how often each plan was
drawn and how the side fared in the games that drew it. A designer sees that the ambush wins 70% and the frontal
attack 20%, each with its interval."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from . import stats
from .games import GameSummary


def _share(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def _count(k: int, n: int) -> dict:
    ci = stats.wilson(k, n)
    return {"games": k, "share": _share(k, n), "ci95": list(ci) if ci else None}


def plan_results(
    games: Sequence[GameSummary], sides: Sequence[str], plan_names: Mapping[str, Mapping[str, str]]
) -> dict[str, list[dict]]:
    """Per side with plans, a row per plan (the scenario's, in its order, then any other a game drew): the games
    that drew it and their share of the run; the side's wins, draws and defeats in them, each with its share and a
    95% Wilson interval; the victory ratio (the numerator side's VP over the other's) over those games with a
    finite ratio, as stats.describe gives it, and how many had an infinite one or no points at all."""
    out: dict[str, list[dict]] = {}
    for side in sides:
        names = dict(plan_names.get(side, {}))
        drawn = sorted({p for g in games if (p := g.sides[side].plan) is not None and p not in names})
        plans = list(names) + drawn
        if not plans:
            continue
        rows = []
        for plan in plans:
            mine = [g for g in games if g.sides[side].plan == plan]
            n = len(mine)
            won = sum(1 for g in mine if g.winner == side)
            draws = sum(1 for g in mine if g.winner is None)
            rows.append(
                {
                    "plan": plan,
                    "name": names.get(plan, ""),
                    "games": n,
                    "drawn": _share(n, len(games)),
                    "wins": _count(won, n),
                    "draws": _count(draws, n),
                    "defeats": _count(n - won - draws, n),
                    "ratio": {
                        **stats.describe(g.ratio for g in mine if g.ratio is not None).to_json(),
                        "infinite": sum(1 for g in mine if g.ratio_note == "infinite"),
                        "no_points": sum(1 for g in mine if g.ratio_note == "no points"),
                    },
                }
            )
        out[side] = rows
    return out


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _interval(count: dict) -> str:
    ci = count["ci95"]
    return f"{_pct(count['share'])} ({_pct(ci[0])}-{_pct(ci[1])})" if ci else "-"


def plan_lines(results: dict[str, list[dict]], side_names: Mapping[str, str], ratio_label: str) -> list[str]:
    """The per-plan section of the text report; no line when no side has plans."""
    if not results:
        return []
    lines = [
        "",
        "AI plans: the games that drew each plan, the side's wins and draws in them (95% Wilson interval), "
        f"the mean victory ratio ({ratio_label}, 95% CI)",
        f"{'side':<10} {'plan':<24} {'games':>12} {'wins':>22} {'draws':>22} {'mean ratio':>24}",
    ]
    for side, rows in results.items():
        for row in rows:
            ratio = row["ratio"]
            mean = "-" if ratio["mean"] is None else f"{ratio['mean']:.2f}"
            if ratio["ci_low"] is not None:
                mean += f" ({ratio['ci_low']:.2f}-{ratio['ci_high']:.2f})"
            if ratio["infinite"]:
                mean += f" +{ratio['infinite']} inf"
            games = f"{row['games']} ({_pct(row['drawn'])})"
            lines.append(
                f"{side_names.get(side, side):<10} {row['plan']:<24} {games:>12} {_interval(row['wins']):>22} "
                f"{_interval(row['draws']):>22} {mean:>24}"
            )
    return lines
