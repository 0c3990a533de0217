"""What the balance-run dialog shows, read from engine.balance BatchReports: the victory levels with their intervals,
the notable games worth watching again, and two runs side by side. Qt-free; every number comes from a report.
"""

from __future__ import annotations

import math

from tacforge.engine.balance import BatchReport, GameSummary, stats
from tacforge.engine.cached_dataclass import dataclass

NOTABLE_PER_KIND = 3  # closest games and most lopsided games listed


def percent(share: float | None) -> str:
    return "-" if share is None else f"{100 * share:.1f}%"


def share_with_interval(games: int, n: int) -> str:
    """'12 (30.0%, 18.1-46.0%)': games of n with the share's 95% Wilson interval (as `tacforge batch` gives wins)."""
    interval = stats.wilson(games, n)
    if interval is None:
        return f"{games}"
    return f"{games} ({percent(games / n)}, {100 * interval[0]:.1f}-{percent(interval[1])})"


# -- victory levels ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class LevelRow:
    """One result of the distribution (e.g. "Allied Marginal"): games, share and its 95% Wilson interval."""

    result: str
    winner: str | None
    games: int
    share: float
    low: float
    high: float


def level_rows(report: BatchReport) -> list[LevelRow]:
    """The results seen, in the report's order (the numerator side's best first, the other side's best last)."""
    rows = []
    for level in report.levels():
        interval = stats.wilson(level["games"], report.n)
        if interval is None:
            raise ValueError("a batch report with results but no games")
        low, high = interval
        rows.append(LevelRow(level["result"], level["winner"], level["games"], level["share"], low, high))
    return rows


# -- notable games -------------------------------------------------------------------------------------------------
def lopsidedness(game: GameSummary) -> float:
    """How far a game was from even, on the scale the victory levels use: |ln ratio| (0 for an even game or one
    where nobody scored; infinite when one side scored nothing)."""
    if game.ratio is None:
        return 0.0 if game.ratio_note == "no points" else math.inf
    return math.inf if game.ratio == 0 else abs(math.log(game.ratio))


def vp_margin(game: GameSummary) -> int:
    a, b = (s.total for s in game.sides.values())
    return abs(a - b)


@dataclass(frozen=True)
class NotableGame:
    why: str  # "closest" or "most lopsided"
    game: GameSummary


def notable_games(report: BatchReport, per_kind: int = NOTABLE_PER_KIND) -> list[NotableGame]:
    """The closest games (ratio nearest 1, then the smallest VP margin) and the most lopsided ones (ratio furthest
    from 1, then the largest margin), each game listed once; ties go to the lower game number."""
    closest = sorted(report.games, key=lambda g: (lopsidedness(g), vp_margin(g), g.index))[:per_kind]
    taken = {g.index for g in closest}
    lopsided = [
        g
        for g in sorted(report.games, key=lambda g: (-lopsidedness(g), -vp_margin(g), g.index))
        if g.index not in taken
    ][:per_kind]
    return [NotableGame("closest", g) for g in closest] + [NotableGame("most lopsided", g) for g in lopsided]


def ratio_text(report: BatchReport, game: GameSummary) -> str:
    if game.ratio is not None:
        return f"{game.ratio:.2f}"
    if game.ratio_note == "infinite":
        other = next(s for s in report.sides if s != report.numerator)
        return f"inf ({report.side_names[other]} scored nothing)"
    return "no points"


def vp_text(report: BatchReport, game: GameSummary) -> str:
    return " to ".join(f"{report.side_names[s]} {game.sides[s].total}" for s in report.sides)


# -- two runs side by side -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ComparisonRow:
    """A row of the comparison: a section heading (before and after empty) or a figure of each run, with the change
    from one to the other and, for a share of games, whether the change is significant (stats.share_change)."""

    label: str
    before: str = ""
    after: str = ""
    heading: bool = False
    change: str = ""  # "+15.0 pts (+0.5 to +28.1)", "-0.43", "" when there is nothing to subtract
    significance: str = ""  # "yes (p = 0.028)", "no (p = 0.78)", "" when not tested
    significant: bool = False


def share_change_cells(before: int, n_before: int, after: int, n_after: int) -> dict:
    """The change, its 95% Newcombe interval and the z test of a share of games, as ComparisonRow fields."""
    change = stats.share_change(before, n_before, after, n_after)
    return {
        "change": f"{_points(change.difference)} pts ({_points(change.low)} to {_points(change.high)})",
        "significance": f"{'yes' if change.significant else 'no'} (p = {_p_text(change.p_value)})",
        "significant": change.significant,
    }


def _points(share: float) -> str:
    """A change of a share in percentage points, signed: '+15.0', '-2.5', '0.0'."""
    value = round(100 * share, 1)
    return "0.0" if value == 0 else f"{value:+.1f}"


def _p_text(p: float) -> str:
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def _number_change(before: str, after: str) -> str:
    """after - before of two figures shown as numbers ('1.00 of 5', '1.40'); '' when either is not one."""
    try:
        a, b = float(before.split()[0]), float(after.split()[0])
    except (ValueError, IndexError):
        return ""
    return "0.00" if round(b - a, 2) == 0 else f"{b - a:+.2f}"


def run_description(report: BatchReport) -> str:
    games = f"{report.n} games" if not report.cancelled else f"{report.n} of {report.runs} games (cancelled)"
    handicap = f"handicap {report.handicap}" if report.handicap is not None else "scenario's handicap"
    return f"{games}, seed {report.seed}, {handicap}, {report.turns} turns"


def _ratio_rows(report: BatchReport) -> dict[str, str]:
    r = report.ratio_stats()
    interval = f"{r['ci_low']:.2f} to {r['ci_high']:.2f}" if r["ci_low"] is not None else "too few games"
    median = "-" if r["median"] is None else r["median"] if isinstance(r["median"], str) else f"{r['median']:.2f}"
    return {
        "mean": "-" if r["mean"] is None else f"{r['mean']:.2f}",
        "95% interval of the mean": interval,
        "median": median,
        "games with a finite ratio": str(r["n"]),
        "infinite (one side scored nothing)": str(r["infinite"]),
    }


def _loss_rows(report: BatchReport) -> dict[tuple[str, str], str]:
    return {
        (side, cls): f"{row['mean_lost']:.2f} of {row['strength']}"
        for side, rows in report.losses().items()
        for cls, row in rows.items()
    }


def withdrawal_rows(before: BatchReport, after: BatchReport) -> list[ComparisonRow]:
    """How often each side withdrew (the battle_rating module, docs/rules.md 16), when either run had it on: a run
    without it shows '-'."""
    withdrawals = [r.withdrawals() for r in (before, after)]
    if withdrawals == [None, None]:
        return []
    rows = [ComparisonRow("Withdrew, battle rating (games, share, 95% interval)", heading=True)]
    for side in after.sides:
        was, now = ((w or {}).get(side) for w in withdrawals)
        cells = share_change_cells(was["games"], before.n, now["games"], after.n) if was and now else {}
        rows.append(
            ComparisonRow(
                after.side_names[side],
                share_with_interval(was["games"], before.n) if was else "-",
                share_with_interval(now["games"], after.n) if now else "-",
                **cells,
            )
        )
    return rows


def compare(before: BatchReport, after: BatchReport) -> list[ComparisonRow]:
    """Two runs side by side: their settings, every result either run saw (share of games with its interval),
    wins, the victory ratio, and the units lost per game by class. A result or class one run lacks is shown as
    0 games there, or '-'."""
    rows = [
        ComparisonRow("Run", heading=True),
        ComparisonRow("scenario", before.scenario_name, after.scenario_name),
        ComparisonRow("games", run_description(before), run_description(after)),
        ComparisonRow("Results (games, share, 95% interval)", heading=True),
    ]
    levels = [r.levels() for r in (before, after)]
    counts = [{lv["result"]: lv["games"] for lv in run} for run in levels]
    seen = {lv["result"]: (lv["result"], lv["winner"], lv["level"]) for lv in levels[0] + levels[1]}
    results = sorted(seen, key=lambda result: after.level_order(seen[result]))
    for result in results:
        games = counts[0].get(result, 0), counts[1].get(result, 0)
        rows.append(
            ComparisonRow(
                result,
                share_with_interval(games[0], before.n),
                share_with_interval(games[1], after.n),
                **share_change_cells(games[0], before.n, games[1], after.n),
            )
        )
    rows.append(ComparisonRow("Wins (games, share, 95% interval)", heading=True))
    wins = [r.wins() for r in (before, after)]
    for key in dict.fromkeys([*before.sides, *after.sides, "draw"]):
        label = "draws" if key == "draw" else after.side_names.get(key) or before.side_names.get(key, key)
        before_cell, after_cell = [
            share_with_interval(w[key]["games"], r.n) if key in w else "-"
            for w, r in zip(wins, (before, after), strict=True)
        ]
        both = key in wins[0] and key in wins[1]
        cells = share_change_cells(wins[0][key]["games"], before.n, wins[1][key]["games"], after.n) if both else {}
        rows.append(ComparisonRow(label, before_cell, after_cell, **cells))
    rows += withdrawal_rows(before, after)
    r = after.ratio_stats()
    names = after.side_names
    rows.append(
        ComparisonRow(f"Victory ratio ({names[r['numerator']]} VP / {names[r['denominator']]} VP)", heading=True)
    )
    ratios = [_ratio_rows(before), _ratio_rows(after)]
    rows += [
        ComparisonRow(label, ratios[0][label], ratios[1][label], change=_ratio_change(label, *ratios))
        for label in ratios[1]
    ]
    rows.append(ComparisonRow("Units lost per game, by class (of the units fielded)", heading=True))
    losses = [_loss_rows(before), _loss_rows(after)]
    keys = list(losses[1]) + [k for k in losses[0] if k not in losses[1]]
    for side, cls in keys:
        label = f"{after.side_names.get(side) or before.side_names.get(side, side)} {cls}"
        lost = losses[0].get((side, cls), "-"), losses[1].get((side, cls), "-")
        rows.append(ComparisonRow(label, *lost, change=_number_change(*lost)))
    return rows


def _ratio_change(label: str, before: dict[str, str], after: dict[str, str]) -> str:
    return "" if label.startswith("95%") else _number_change(before[label], after[label])


def significant_changes(rows: list[ComparisonRow]) -> list[ComparisonRow]:
    return [row for row in rows if row.significant]


# -- the victory-ratio histogram -----------------------------------------------------------------------------------
MIN_BINS, MAX_BINS = 5, 30


def ratio_histogram(report: BatchReport) -> tuple[list[float], list[int]]:
    """(bin edges, games per bin) of the finite victory ratios: about sqrt(n) equal bins over their range, one
    bin of width 0.1 when every game had the same ratio, nothing when no game had a finite ratio."""
    values = sorted(g.ratio for g in report.games if g.ratio is not None)
    if not values:
        return [], []
    low, high = values[0], values[-1]
    if high - low < 1e-9:
        return [low - 0.05, low + 0.05], [len(values)]
    bins = min(MAX_BINS, max(MIN_BINS, math.ceil(math.sqrt(len(values)))))
    width = (high - low) / bins
    edges = [low + i * width for i in range(bins)] + [high]
    counts = [0] * bins
    for v in values:
        counts[min(bins - 1, int((v - low) / width))] += 1
    return edges, counts
