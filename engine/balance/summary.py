"""The statistics of a balance run, as text, JSON and CSV."""

from __future__ import annotations

import csv
import io
import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import field

from tacforge.engine.cached_dataclass import dataclass

from . import stats
from .games import DECIDERS_PER_GAME, LEVELS, GameSummary, UnitContribution
from .plan_report import plan_lines, plan_results


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _num(x: float | None, digits: int = 2) -> str:
    if x is None:
        return "-"
    return "inf" if math.isinf(x) else f"{x:.{digits}f}"


def _share(part: float, whole: float) -> float | None:
    return part / whole if whole else None


@dataclass
class BatchReport:
    """The games of a batch (in index order) and what they add up to. The aggregates are computed from `games`,
    so a report built by hand from GameSummary objects (tests, a saved CSV) reads the same.

    Ratio statistics use the games with a finite ratio; games whose ratio is infinite (the denominator side scored
    nothing) or undefined (no points at all, a draw) are counted apart. Their victory levels are in the
    distribution like every other game's, and the median counts an infinite ratio as +inf."""

    scenario: str
    scenario_name: str
    pack: str
    sides: tuple[str, str]
    side_names: dict[str, str]
    numerator: str
    attackers: tuple[str, ...]
    seed: int
    handicap: int | None
    turns: int
    runs: int
    jobs: int
    cancelled: bool
    games: list[GameSummary] = field(default_factory=list)
    elapsed: float = 0.0
    on_dask: bool = False  # played by `jobs` Dask workers rather than `jobs` local processes
    plan_names: dict[str, dict[str, str]] = field(default_factory=dict)  # side -> its AI plans' ids -> names
    lost: tuple[int, ...] = ()  # games not played: their workers died more often than the batch re-runs them
    # what the games were played from (engine.packs.scenario_digest); "" in a report built from saved summaries
    content_hash: str = ""
    rules_fingerprint: str = ""

    # -- aggregates ------------------------------------------------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.games)

    @property
    def games_per_second(self) -> float | None:
        return self.n / self.elapsed if self.elapsed > 0 else None

    def level_order(self, key: tuple) -> tuple:
        """The sort key of a result (label, winner, level): the numerator side's decisive, substantive, marginal;
        draw; the other side's marginal ... decisive."""
        label, winner, level = key
        rank = LEVELS.index(level) if level in LEVELS else len(LEVELS)
        if winner is None:
            return (1, 0, label)
        return (0, rank, label) if winner == self.numerator else (2, -rank, label)

    def levels(self) -> list[dict]:
        """Every result seen, from the numerator side's best to the other side's best: label, games, share."""
        counts = Counter((g.label, g.winner, g.level) for g in self.games)
        return [
            {"result": label, "winner": winner, "level": level, "games": k, "share": _share(k, self.n)}
            for (label, winner, level), k in sorted(counts.items(), key=lambda kv: self.level_order(kv[0]))
        ]

    def wins(self) -> dict:
        """Wins per side and draws, each with its share and a 95% Wilson interval for the share."""
        out = {}
        for key in (*self.sides, None):
            k = sum(1 for g in self.games if g.winner == key)
            ci = stats.wilson(k, self.n)
            out[key if key is not None else "draw"] = {
                "games": k,
                "share": _share(k, self.n),
                "ci95": list(ci) if ci else None,
            }
        return out

    def withdrawals(self) -> dict | None:
        """The battle_rating module (docs/rules.md 16): per side, the games it withdrew from (share, 95% Wilson
        interval) and its mean counters against its rating at the end; None when no game had the module on."""
        rated = [g for g in self.games if g.counters is not None]
        if not rated:
            return None
        out = {}
        for side in self.sides:
            k = sum(1 for g in rated if g.withdrew == side)
            ci = stats.wilson(k, len(rated))
            out[side] = {
                "games": k,
                "share": _share(k, len(rated)),
                "ci95": list(ci) if ci else None,
                "mean_counters": sum((g.counters or {}).get(side, 0) for g in rated) / len(rated),
                "rating": max((g.ratings or {}).get(side, 0) for g in rated),
            }
        return out

    def ratio_stats(self) -> dict:
        finite = [g.ratio for g in self.games if g.ratio is not None]
        summary = stats.describe(finite)
        infinite = sum(1 for g in self.games if g.ratio_note == "infinite")
        no_points = sum(1 for g in self.games if g.ratio_note == "no points")
        everything = finite + [math.inf] * infinite
        med = stats.median(everything)
        return {
            "numerator": self.numerator,
            "denominator": self._other(self.numerator),
            **summary.to_json(),
            "median": None if med is None else (med if math.isfinite(med) else "inf"),
            "infinite": infinite,
            "no_points": no_points,
            "excluded": "games with an infinite ratio (the denominator side scored 0) or no points at all",
        }

    def losses(self) -> dict:
        """Per side and unit class: mean units lost per game, the starting strength, mean kill VP conceded."""
        out = {}
        for side in self.sides:
            classes = sorted({c for g in self.games for c in g.sides[side].strength})
            rows = {}
            for cls in classes:
                lost = sum(g.sides[side].lost.get(cls, 0) for g in self.games)
                vp = sum(g.sides[side].lost_vp.get(cls, 0) for g in self.games)
                strength = max((g.sides[side].strength.get(cls, 0) for g in self.games), default=0)
                rows[cls] = {
                    "mean_lost": lost / self.n if self.n else None,
                    "strength": strength,
                    "mean_vp_conceded": vp / self.n if self.n else None,
                }
            out[side] = rows
        return out

    def points(self) -> dict:
        """Per side: mean VP per game from kills, the objective area, the scenario's typed objectives and the bonus
        (unused selection points and starting VP) as they count in the total (a doubled defender's kills and
        objective doubled, its bonus as capped), and each one's share of all the side's points over the batch."""
        out = {}
        for side in self.sides:
            parts = [g.sides[side].effective() for g in self.games]
            kills, objective, typed, bonus = (sum(p[i] for p in parts) for i in range(4))
            total = kills + objective + typed + bonus
            n = self.n or 1
            out[side] = {
                "doubled": any(g.sides[side].doubled for g in self.games),
                "multiplier": max((g.sides[side].multiplier for g in self.games), default=1),
                "mean_kills": kills / n,
                "mean_objective": objective / n,
                "mean_typed": typed / n,
                "mean_bonus": bonus / n,
                "mean_total": total / n,
                "share_kills": _share(kills, total),
                "share_objective": _share(objective, total),
                "share_typed": _share(typed, total),
                "share_bonus": _share(bonus, total),
            }
        return out

    def first_contact(self) -> dict:
        turns = [g.first_contact for g in self.games if g.first_contact is not None]
        return {
            "mean_turn": sum(turns) / len(turns) if turns else None,
            "min": min(turns, default=None),
            "max": max(turns, default=None),
            "games_without_contact": self.n - len(turns),
        }

    def deciders(self, top: int = 5) -> list[dict]:
        """The units most often among a game's deciders (GameSummary.deciders), with the mean VP they contributed
        in those games."""
        seen: dict[str, list[UnitContribution]] = defaultdict(list)
        for g in self.games:
            for c in g.deciders:
                seen[c.uid].append(c)
        ranked = sorted(seen.items(), key=lambda kv: (-len(kv[1]), -sum(c.vp for c in kv[1]) / len(kv[1]), kv[0]))
        return [
            {
                "unit": uid,
                "side": cs[0].side,
                "name": cs[0].name,
                "unit_class": cs[0].unit_class,
                "games": len(cs),
                "share": _share(len(cs), self.n),
                "mean_vp": sum(c.vp for c in cs) / len(cs),
                "mean_kill_vp": sum(c.kill_vp for c in cs) / len(cs),
                "mean_objective_vp": sum(c.objective_vp for c in cs) / len(cs),
            }
            for uid, cs in ranked[:top]
        ]

    def plans(self) -> dict[str, list[dict]]:
        """Per side with AI plans, each plan's games and results (plan_report.plan_results)."""
        return plan_results(self.games, self.sides, self.plan_names)

    def _plan_sides(self) -> list[str]:
        return [side for side in self.sides if side in self.plan_names or any(g.sides[side].plan for g in self.games)]

    def _other(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    # -- output ----------------------------------------------------------------------------------------------------
    def to_json(self, games: bool = True, timing: bool = True) -> dict:
        """Everything as a JSON-ready dict. games=False leaves out the per-game summaries; timing=False the
        wall-clock figures (which differ from run to run; the rest depends only on the inputs)."""
        body = {
            "scenario": self.scenario,
            "scenario_name": self.scenario_name,
            "pack": self.pack,
            **({"content_hash": self.content_hash} if self.content_hash else {}),
            **({"rules_fingerprint": self.rules_fingerprint} if self.rules_fingerprint else {}),
            "sides": {s: self.side_names[s] for s in self.sides},
            "attackers": list(self.attackers),
            "seed": self.seed,
            "handicap": self.handicap,
            "turns": self.turns,
            "runs": self.runs,
            "games": self.n,
            "cancelled": self.cancelled,
            "lost": list(self.lost),
            "levels": self.levels(),
            "wins": self.wins(),
            "ratio": self.ratio_stats(),
            "points": self.points(),
            "losses": self.losses(),
            "first_contact": self.first_contact(),
            "deciders": self.deciders(),
        }
        plans = self.plans()
        if plans:  # only for scenarios with plans: the report of any other stays as it was
            body["plans"] = plans
        withdrawals = self.withdrawals()
        if withdrawals is not None:  # only with the battle_rating module on
            body["withdrawals"] = withdrawals
        if timing:
            body["timing"] = {
                "jobs": self.jobs,
                "dask": self.on_dask,
                "seconds": round(self.elapsed, 3),
                "games_per_second": None if self.games_per_second is None else round(self.games_per_second, 3),
            }
        if games:
            body["per_game"] = [g.to_json() for g in self.games]
        return body

    def csv_columns(self) -> list[str]:
        cols = ["game", "seed", "turns", "result", "level", "winner", "ratio", "ratio_note", "first_contact"]
        for side in self.sides:
            cols += [
                f"{side}_{k}"
                for k in ("total", "kills", "objective", "bonus", "doubled", "lost", "typed_objectives", "arrived")
            ]
            classes = sorted({c for g in self.games for c in g.sides[side].strength})
            cols += [f"{side}_lost_{c}" for c in classes]
        rated = ["withdrew"] + [f"{side}_counters" for side in self.sides] if self.withdrawals() else []
        return cols + ["deciders"] + [f"{side}_plan" for side in self._plan_sides()] + rated

    def to_csv(self) -> str:
        """One row per game, in index order."""
        out = io.StringIO()
        cols = self.csv_columns()
        writer = csv.DictWriter(out, cols, lineterminator="\n")
        writer.writeheader()
        for g in self.games:
            row = {
                "game": g.index,
                "seed": g.seed,
                "turns": g.turns,
                "result": g.label,
                "level": g.level,
                "winner": g.winner or "",
                "ratio": "" if g.ratio is None else f"{g.ratio:.6g}",
                "ratio_note": g.ratio_note,
                "first_contact": "" if g.first_contact is None else g.first_contact,
                "deciders": "; ".join(f"{c.uid} {c.vp}" for c in g.deciders),
                "withdrew": g.withdrew or "",
            }
            for side, s in g.sides.items():
                row.update(
                    {
                        f"{side}_total": s.total,
                        f"{side}_kills": s.kills,
                        f"{side}_objective": s.objective,
                        f"{side}_bonus": s.bonus,
                        f"{side}_doubled": int(s.doubled),
                        f"{side}_lost": sum(s.lost.values()),
                        f"{side}_typed_objectives": s.typed_objectives,
                        f"{side}_arrived": s.arrived,
                        f"{side}_plan": s.plan or "",
                        f"{side}_counters": (g.counters or {}).get(side, 0),
                    }
                )
                row.update({f"{side}_lost_{c}": s.lost.get(c, 0) for c in s.strength})
            writer.writerow({k: row.get(k, 0) for k in cols})
        return out.getvalue()

    def _runner(self) -> str:
        plural = self.jobs > 1
        if self.on_dask:
            return "Dask worker" + ("s" if plural else "")
        return "process" + ("es" if plural else "")

    def lost_text(self) -> str:
        """What is missing from a report whose worker processes kept dying."""
        games = ", ".join(str(i) for i in self.lost)
        return (
            f"MISSING {len(self.lost)} game{'s' if len(self.lost) != 1 else ''} ({games}): their worker process "
            "stopped unexpectedly (killed, out of memory or crashed) every time they were played again; the "
            "figures below are of the games that finished"
        )

    def to_text(self) -> str:
        name = self.side_names
        lines = [f"Balance run: {self.scenario_name} ({self.scenario})"]
        handicap = f"handicap {self.handicap}" if self.handicap is not None else "the scenario's handicap"
        done = f"{self.n} games" if not self.cancelled else f"{self.n} of {self.runs} games (cancelled)"
        if self.lost:
            done = f"{self.n} of {self.runs} games"
        lines.append(
            f"{done}, base seed {self.seed}, {handicap}, {self.turns} turns; "
            f"{self.jobs} {self._runner()}, {self.elapsed:.1f} s"
            + (f" ({self.games_per_second:.2f} games/s)" if self.games_per_second else "")
        )
        if self.lost:
            lines.append(self.lost_text())
        if not self.games:
            lines.append("No game finished.")
            return "\n".join(lines)

        levels = self.levels()
        width = max(28, *(len(row["result"]) for row in levels))  # "German Decisive (Allied withdrew)" is longer
        lines += ["", f"{'Result':<{width}} {'games':>6} {'share':>7}"]
        for row in levels:
            lines.append(f"{row['result']:<{width}} {row['games']:>6} {_pct(row['share']):>7}")
        parts = []
        for key, w in self.wins().items():
            who = self.side_names[key] if key != "draw" else "draws"
            parts.append(f"{who} {w['games']} ({_pct(w['share'])}, {_pct(w['ci95'][0])}-{_pct(w['ci95'][1])})")
        lines.append("Wins (share, 95% Wilson interval): " + "; ".join(parts))
        withdrawals = self.withdrawals()
        if withdrawals is not None:
            lines.append(
                "Withdrew (battle rating; share, 95% Wilson interval; mean counters of rating): "
                + "; ".join(
                    f"{self.side_names[side]} {w['games']} ({_pct(w['share'])}, {_pct(w['ci95'][0])}-"
                    f"{_pct(w['ci95'][1])}; {w['mean_counters']:.1f} of {w['rating']})"
                    for side, w in withdrawals.items()
                )
            )

        r = self.ratio_stats()
        lines += [
            "",
            f"Victory ratio ({name[r['numerator']]} VP / {name[r['denominator']]} VP), "
            f"{r['n']} game{'s' if r['n'] != 1 else ''} with a finite ratio:",
        ]
        if r["n"]:
            ci = (
                f", 95% CI {_num(r['ci_low'])} to {_num(r['ci_high'])} (Student t, {r['n'] - 1} df)"
                if r["ci_low"] is not None
                else " (too few games for an interval)"
            )
            median = r["median"] if isinstance(r["median"], str) else _num(r["median"])
            lines.append(f"  mean {_num(r['mean'])}, sd {_num(r['sd'])}{ci}; median {median}")
        if r["infinite"] or r["no_points"]:
            lines.append(
                f"  not in the mean: {r['infinite']} game(s) where {name[r['denominator']]} scored nothing "
                f"(ratio infinite), {r['no_points']} with no points at all"
            )

        lines += [
            "",
            "Points per game, as counted in the total (share of the side's points)",
            f"{'side':<22} {'kills':>17} {'objective area':>17} {'typed objectives':>17} "
            f"{'unused SP/start':>17} {'total':>8}",
        ]
        for side, p in self.points().items():
            label = name[side] + (f" (x{p['multiplier']}, defender)" if p["doubled"] else "")
            cells = [
                f"{p['mean_' + k]:.1f} ({_pct(p['share_' + k])})" for k in ("kills", "objective", "typed", "bonus")
            ]
            lines.append(
                f"{label:<22} {cells[0]:>17} {cells[1]:>17} {cells[2]:>17} {cells[3]:>17} {p['mean_total']:>8.1f}"
            )

        lines += [
            "",
            "Losses per game by unit class",
            f"{'side':<12} {'class':<16} {'lost':>7} {'of':>5} {'VP conceded':>12}",
        ]
        for side, rows in self.losses().items():
            for cls, row in rows.items():
                lines.append(
                    f"{name[side]:<12} {cls:<16} {row['mean_lost']:>7.2f} {row['strength']:>5} "
                    f"{row['mean_vp_conceded']:>12.1f}"
                )

        lines += plan_lines(self.plans(), name, f"{name[r['numerator']]} VP / {name[r['denominator']]} VP")

        fc = self.first_contact()
        lines.append("")
        if fc["mean_turn"] is not None:
            lines.append(
                f"First contact: turn {fc['mean_turn']:.1f} on average (earliest {fc['min']}, latest "
                f"{fc['max']}); {fc['games_without_contact']} game(s) without contact"
            )
        else:
            lines.append("First contact: the sides never met")

        deciders = self.deciders()
        lines += [
            "",
            f"Units that most often decided the battle (the winner's top {DECIDERS_PER_GAME} by VP; "
            f"both sides' in a draw)",
        ]
        if not deciders:
            lines.append("  none: no unit scored")
        else:
            lines.append(f"{'unit':<34} {'class':<14} {'games':>6} {'share':>7} {'mean VP':>8}")
            for d in deciders:
                label = f"{d['unit']} {d['name']}"
                lines.append(
                    f"{label:<34} {d['unit_class']:<14} {d['games']:>6} {_pct(d['share']):>7} {d['mean_vp']:>8.1f}"
                )
        return "\n".join(lines)


def report_from_games(
    games: Sequence[GameSummary],
    *,
    sides: tuple[str, str],
    numerator: str,
    side_names: dict[str, str] | None = None,
    scenario: str = "",
    scenario_name: str = "",
    pack: str = "",
    attackers: tuple[str, ...] = (),
    seed: int = 0,
    handicap: int | None = None,
    turns: int = 0,
    jobs: int = 1,
    elapsed: float = 0.0,
    plan_names: dict[str, dict[str, str]] | None = None,
) -> BatchReport:
    """A report over summaries made elsewhere (tests, a saved batch); games are put in index order."""
    ordered = sorted(games, key=lambda g: g.index)
    return BatchReport(
        scenario,
        scenario_name,
        pack,
        sides,
        side_names or {s: s for s in sides},
        numerator,
        attackers,
        seed,
        handicap,
        turns,
        len(ordered),
        jobs,
        False,
        ordered,
        elapsed,
        plan_names=plan_names or {},
    )
