"""Balance runs: many computer-against-computer games of one scenario, spread over worker processes, summed up into
the statistics a designer reads to judge whether the scenario is balanced (issue 4, "Balance runs").

    report = run_batch("western:bocage_crossroads", 200, jobs=2, seed=7, progress=lambda done, total: ...)
    print(report.to_text())

Reproducibility. Game i of a batch with base seed S is played with the seed `game_seed(S, i)` (NumPy's
SeedSequence(S, spawn_key=(i,)), zig-zag encoded for negative S) and the games are summed in index order, so the
per-game results and the report are the same for any number of jobs, in any process, whatever PYTHONHASHSEED.
The seed of every game is in its summary; `play_game` with that seed replays the game, and so does
`tacforge play SCENARIO --seed <that seed>` (same --handicap and --turns) once the computer player iterates the
enemies it has seen in a fixed order (see _SortedSet below).

Processes. Each worker loads the packs once (the pool's initializer) and then plays the games it is given; a game
goes back to the caller as a small `GameSummary`, never as its event log. On POSIX the pool uses the 'forkserver'
start method with this module preloaded, so a worker starts as a fork of an interpreter that has already imported
the engine (a safe fork even when the caller has threads, as the editor does), and only the pack loading is paid
per worker. jobs=1 plays in the calling process, without a pool. As with any spawn or forkserver pool, a worker
re-imports the caller's main module, so a script that calls run_batch keeps its top level under
`if __name__ == "__main__":` (`python -m` packages and console scripts already do).

Cancellation. `cancel` is anything with `is_set()` (a threading.Event). Once it is set no game is started, the
queued ones are cancelled, the games already being played are finished (at most one per worker) and the report
holds every completed game, flagged `cancelled`.
"""

from __future__ import annotations

import csv
import io
import math
import multiprocessing
import os
import signal
import time
from collections import Counter, defaultdict
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Protocol, Sequence

import numpy as np

from ..ai import ComputerPlayer
from ..sim.battle import Battle
from ..sim.setup import SetupError
from ..sim.victory import kill_vp, objective_vp
from . import stats

TOP_PER_SIDE = 3  # contributors kept per side and game
DECIDERS_PER_GAME = 3  # of those, how many count as having decided a game
LEVELS = ("decisive", "substantive", "marginal")


class BatchError(Exception):
    """A batch cannot run or a game failed; the message says why. `code` is the CLI's exit code (2 for a scenario
    that does not exist, 1 for content that cannot be played or a game that failed)."""

    def __init__(self, message: str, code: int = 1):
        super().__init__(message)
        self.code = code


class CancelFlag(Protocol):
    def is_set(self) -> bool: ...


def game_seed(base: int, index: int) -> int:
    """The seed of game `index` of a batch with base seed `base`: 32 bits from NumPy's SeedSequence, so nearby
    base seeds and indexes give unrelated games and no two (base, index) pairs share a stream by construction."""
    entropy = 2 * base if base >= 0 else -2 * base - 1
    return int(np.random.SeedSequence(entropy, spawn_key=(index,)).generate_state(1)[0])


# -- one game ------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class UnitContribution:
    """What one unit did for its side in one game. kill_vp: the VP its kills earned (the kill VP of every weapon
    it destroyed, riders included); objective_vp: the objective VP it held at the end (attackers only, as scored);
    vp: its share of its side's total, (kill_vp + objective_vp) x the side's multiplier (x2 for a doubled
    defender), so units of both sides compare on the scale the victory ratio uses."""

    uid: str
    side: str
    name: str
    unit_class: str
    kill_vp: int
    objective_vp: int
    vp: int


@dataclass(frozen=True)
class SideSummary:
    """One side's score and losses in one game. kills, objective, bonus, doubled, total are the SideScore of
    engine.sim.victory (bonus = unused selection points x 20, capped, + starting VP; the raw values, before a
    defender's doubling); multiplier is what kills and objective are multiplied by in the total (the rules'
    defender_multiplier when doubled, else 1). lost, lost_vp and strength are by unit class: units lost (initial count - count), the
    kill VP the enemy earned for them, and the count the side started with (after the handicap)."""

    side: str
    kills: int
    objective: int
    bonus: int
    doubled: bool
    multiplier: int
    total: int
    lost: dict[str, int]
    lost_vp: dict[str, int]
    strength: dict[str, int]
    top: tuple[UnitContribution, ...]  # this side's best contributors, vp > 0, best first (at most TOP_PER_SIDE)

    def effective(self) -> tuple[int, int, int]:
        """(kills, objective, bonus) as they count in the total: the doubled part doubled, the bonus as capped."""
        kills, objective = self.kills * self.multiplier, self.objective * self.multiplier
        return kills, objective, self.total - kills - objective


@dataclass(frozen=True)
class GameSummary:
    """The compact result of one game: what a worker sends back and what a CSV row shows.

    ratio is the exact victory ratio (numerator side's VP / the other's) as a float; None when the other side
    scored 0 (`ratio_note` "infinite") or nobody scored ("no points", a draw). first_contact is the turn of the
    first 'spotted' or 'fired' event, None if the sides never met."""

    index: int
    seed: int
    turns: int
    level: str  # decisive | substantive | marginal | draw
    label: str  # e.g. "Allied Substantive"
    winner: str | None
    ratio: float | None
    ratio_note: str
    first_contact: int | None
    sides: dict[str, SideSummary]

    @property
    def deciders(self) -> tuple[UnitContribution, ...]:
        """The units that decided this game: the winning side's best contributors; in a draw, both sides' best."""
        if self.winner is not None:
            pool = list(self.sides[self.winner].top)
        else:
            pool = [c for s in self.sides.values() for c in s.top]
        return tuple(sorted(pool, key=lambda c: (-c.vp, c.uid))[:DECIDERS_PER_GAME])

    def to_json(self) -> dict:
        body = asdict(self)
        body["deciders"] = [c.uid for c in self.deciders]
        return body


class _SortedSet(set):
    """A set that iterates in sorted order.

    ComputerPlayer.orders builds its list of seen enemies by iterating battle.seen_by_side[side], a set of uid
    strings, and breaks ties by that order (artillery targets, nearest intruder); string hashing is salted per
    process, so the same seed could play differently in two processes (and did). Until the player sorts them itself,
    the batch hands it sets that iterate sorted: the same order in every process, and the order
    `sorted(battle.seen_by_side[side])` in players.py would give."""

    __slots__ = ()

    def __iter__(self):
        return iter(sorted(set.__iter__(self)))


def play_game(content, scenario, index: int, seed: int, handicap: int | None = None,
              turns: int | None = None) -> GameSummary:
    """Play one game computer against computer, as `tacforge play` does, and summarise it."""
    battle = Battle(content, scenario, seed=seed, handicap=handicap, turns=turns)
    battle.seen_by_side = {side: _SortedSet(seen) for side, seen in battle.seen_by_side.items()}
    sides = battle.state.sides
    players = {side: ComputerPlayer() for side in sides}
    while not battle.over:
        battle.orders_phase({side: players[side].orders(battle, side) for side in sides})
        battle.combat_phase()
    return summarise(battle, index, seed)


def summarise(battle: Battle, index: int, seed: int) -> GameSummary:
    state, content = battle.state, battle.content
    result = battle.result()
    vp_of: dict[str, int] = {}
    kill_credit: dict[str, int] = defaultdict(int)
    lost_vp: dict[str, dict[str, int]] = {side: defaultdict(int) for side in state.sides}
    first_contact = None
    for event in battle.events:
        kind = event.kind
        if first_contact is None and kind in ("spotted", "fired"):
            first_contact = event.turn
        elif kind == "killed" and event.by:
            target = state.units[event.unit]
            weapon = target.weapon
            per = vp_of.get(weapon.id)
            if per is None:
                per = vp_of[weapon.id] = kill_vp(weapon, content)
            kill_credit[event.by] += per * event.count
            lost_vp[target.side][weapon.unit_class] += per * event.count
    sides = {}
    for side in state.sides:
        score = result.scores[side]
        attacker = side in state.attackers
        multiplier = int(content.parameters["defender_multiplier"]) if score.doubled else 1
        lost: dict[str, int] = defaultdict(int)
        strength: dict[str, int] = defaultdict(int)
        contributions = []
        for unit in state.side_units(side):
            cls = unit.weapon.unit_class
            strength[cls] += unit.initial_count
            lost[cls] += unit.initial_count - unit.count
            kills = kill_credit.get(unit.uid, 0)
            held = objective_vp(unit, state, content) if attacker else 0
            if kills or held:
                contributions.append(UnitContribution(unit.uid, side, unit.name, cls, kills, held,
                                                      (kills + held) * multiplier))
        contributions.sort(key=lambda c: (-c.vp, c.uid))
        sides[side] = SideSummary(side, score.kills, score.objective, score.bonus, score.doubled, multiplier,
                                  score.total, dict(sorted(lost.items())), dict(sorted(lost_vp[side].items())),
                                  dict(sorted(strength.items())), tuple(contributions[:TOP_PER_SIDE]))
    if result.ratio is not None:
        ratio, note = float(result.ratio), ""
    else:
        ratio, note = None, ("no points" if all(s.total == 0 for s in result.scores.values()) else "infinite")
    return GameSummary(index, seed, state.turn, result.result, result.label, result.winner, ratio, note,
                       first_contact, sides)


# -- the worker processes ------------------------------------------------------------------------------------------
_worker: dict = {}


def _init_worker(ref: str, pack_paths: list[str], handicap, turns, env: dict, cwd: str) -> None:
    """Pool initializer: load the packs once per worker process."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the caller's to handle: it cancels the batch
    os.environ.clear()  # the caller's environment now, not the one the fork server started with
    os.environ.update(env)
    try:
        os.chdir(cwd)
    except OSError:
        pass
    from ..cli.common import find_scenario

    content, scenario = find_scenario(ref, pack_paths)
    _worker.update(content=content, scenario=scenario, handicap=handicap, turns=turns)


def _play_in_worker(index: int, seed: int) -> GameSummary:
    return play_game(_worker["content"], _worker["scenario"], index, seed, _worker["handicap"], _worker["turns"])


def _pool_context():
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload([__name__, "engine.cli.common"])  # the server imports the engine once; workers fork from it
        return ctx
    return multiprocessing.get_context("spawn")


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


# -- the batch -----------------------------------------------------------------------------------------------------
def _absolute(ref: str) -> str:
    path = Path(ref)
    return str(path.resolve()) if path.suffix in (".yaml", ".yml") and path.exists() else ref


def run_batch(scenario_ref: str, runs: int, *, jobs: int | None = None, seed: int = 0, handicap: int | None = None,
              turns: int | None = None, pack_paths: Iterable[str | os.PathLike] = (),
              progress: Callable[[int, int], None] | None = None, cancel: CancelFlag | None = None) -> "BatchReport":
    """Play `runs` computer-against-computer games of a scenario over `jobs` processes and sum them up.

    scenario_ref: 'pack:id', a bare id or the path of a scenario file (as `tacforge play` takes it).
    jobs: worker processes, default every core this process may use; capped at runs; 1 plays in this process.
    seed: the base seed; game i plays with game_seed(seed, i). handicap: 1-5, default the scenario's.
    turns: play this many turns instead of the scenario's length (tests and quick looks; the CLI's --turns).
    pack_paths: extra pack folders, as --pack-path.
    progress(done, total) is called in the calling thread after every game. cancel: see the module docstring.
    Raises BatchError for a scenario that cannot be found or played, or a game that fails."""
    if runs < 1:
        raise ValueError("runs must be at least 1")
    if jobs is not None and jobs < 1:
        raise ValueError("jobs must be at least 1")
    if handicap is not None and not 1 <= handicap <= 5:
        raise ValueError("handicap must be 1-5")
    if turns is not None and turns < 1:
        raise ValueError("turns must be at least 1")
    from ..cli.common import CommandError, find_scenario  # here: engine.cli imports this module

    started = time.perf_counter()
    ref = _absolute(scenario_ref)
    paths = [str(Path(p).expanduser().resolve()) for p in pack_paths]
    try:
        content, scenario = find_scenario(ref, paths)
        probe = Battle(content, scenario, seed=game_seed(seed, 0), handicap=handicap, turns=turns)
    except CommandError as exc:
        raise BatchError(str(exc), exc.code) from None
    except SetupError as exc:
        raise BatchError(f"{scenario_ref}: {exc}", 1) from None
    profile, state = content.ruleset, probe.state
    jobs = min(jobs or default_jobs(), runs)
    done: dict[int, GameSummary] = {}
    is_cancelled = (lambda: cancel.is_set()) if cancel is not None else (lambda: False)

    def finished(summary: GameSummary) -> None:
        done[summary.index] = summary
        if progress is not None:
            progress(len(done), runs)

    if jobs == 1:
        for index in range(runs):
            if is_cancelled():
                break
            this = game_seed(seed, index)
            try:
                summary = play_game(content, scenario, index, this, handicap, turns)
            except Exception as exc:
                raise BatchError(f"game {index} (seed {this}) failed: {type(exc).__name__}: {exc}") from exc
            finished(summary)
    else:
        _run_pool(ref, paths, handicap, turns, seed, runs, jobs, finished, is_cancelled)
    games = [done[i] for i in sorted(done)]
    return BatchReport(
        scenario=scenario.id, scenario_name=scenario.name, pack=content.pack_id, sides=tuple(state.sides),
        side_names={s: profile.side(s).name for s in state.sides}, numerator=profile.ratio_numerator,
        attackers=tuple(state.attackers), seed=seed, handicap=handicap, turns=state.last_turn, runs=runs, jobs=jobs,
        cancelled=len(games) < runs, games=games, elapsed=time.perf_counter() - started)


def _run_pool(ref, paths, handicap, turns, seed, runs, jobs, finished, is_cancelled) -> None:
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=_pool_context(), initializer=_init_worker,
                               initargs=(ref, paths, handicap, turns, dict(os.environ), os.getcwd()))
    pending: dict[Future, tuple[int, int]] = {}  # future -> (game index, game seed)
    window = 2 * jobs  # a game queued behind each one playing, so no worker waits, and little to cancel
    next_index = 0
    try:
        while True:
            while next_index < runs and len(pending) < window and not is_cancelled():
                this = game_seed(seed, next_index)
                pending[pool.submit(_play_in_worker, next_index, this)] = (next_index, this)
                next_index += 1
            if not pending or is_cancelled():
                break
            ready, _ = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
            for future in sorted(ready, key=pending.get):
                finished(_outcome(future, *pending.pop(future)))
        for future in pending:  # cancelled: drop the queued games
            future.cancel()
    except BaseException:
        for future in pending:
            future.cancel()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True, cancel_futures=True)  # the games being played finish (one per worker at most)
    for future, index in sorted(pending.items(), key=lambda item: item[1]):
        if future.done() and not future.cancelled() and future.exception() is None:
            finished(future.result())


def _outcome(future: Future, index: int, seed: int) -> GameSummary:
    try:
        return future.result()
    except BrokenProcessPool as exc:
        raise BatchError(f"a worker process stopped unexpectedly ({exc}); game {index} (seed {seed}) not played") \
            from exc
    except Exception as exc:
        raise BatchError(f"game {index} (seed {seed}) failed: {type(exc).__name__}: {exc}") from exc


# -- the report ----------------------------------------------------------------------------------------------------
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

    # -- aggregates ------------------------------------------------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.games)

    @property
    def games_per_second(self) -> float | None:
        return self.n / self.elapsed if self.elapsed > 0 else None

    def _level_order(self, key: tuple) -> tuple:
        """The numerator side's decisive, substantive, marginal; draw; the other side's marginal ... decisive."""
        label, winner, level = key
        rank = LEVELS.index(level) if level in LEVELS else len(LEVELS)
        if winner is None:
            return (1, 0, label)
        return (0, rank, label) if winner == self.numerator else (2, -rank, label)

    def levels(self) -> list[dict]:
        """Every result seen, from the numerator side's best to the other side's best: label, games, share."""
        counts = Counter((g.label, g.winner, g.level) for g in self.games)
        return [{"result": label, "winner": winner, "level": level, "games": k, "share": _share(k, self.n)}
                for (label, winner, level), k in sorted(counts.items(), key=lambda kv: self._level_order(kv[0]))]

    def wins(self) -> dict:
        """Wins per side and draws, each with its share and a 95% Wilson interval for the share."""
        out = {}
        for key in (*self.sides, None):
            k = sum(1 for g in self.games if g.winner == key)
            ci = stats.wilson(k, self.n)
            out[key if key is not None else "draw"] = {"games": k, "share": _share(k, self.n),
                                                       "ci95": list(ci) if ci else None}
        return out

    def ratio_stats(self) -> dict:
        finite = [g.ratio for g in self.games if g.ratio is not None]
        summary = stats.describe(finite)
        infinite = sum(1 for g in self.games if g.ratio_note == "infinite")
        no_points = sum(1 for g in self.games if g.ratio_note == "no points")
        everything = finite + [math.inf] * infinite
        med = stats.median(everything)
        return {"numerator": self.numerator, "denominator": self._other(self.numerator), **summary.to_json(),
                "median": None if med is None else (med if math.isfinite(med) else "inf"),
                "infinite": infinite, "no_points": no_points,
                "excluded": "games with an infinite ratio (the denominator side scored 0) or no points at all"}

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
                rows[cls] = {"mean_lost": lost / self.n if self.n else None, "strength": strength,
                             "mean_vp_conceded": vp / self.n if self.n else None}
            out[side] = rows
        return out

    def points(self) -> dict:
        """Per side: mean VP per game from kills, objective and bonus (unused selection points and starting VP) as
        they count in the total (a doubled defender's kills and objective doubled, its bonus as capped), and each
        one's share of all the side's points over the batch."""
        out = {}
        for side in self.sides:
            parts = [g.sides[side].effective() for g in self.games]
            kills, objective, bonus = (sum(p[i] for p in parts) for i in range(3))
            total = kills + objective + bonus
            n = self.n or 1
            out[side] = {"doubled": any(g.sides[side].doubled for g in self.games),
                         "multiplier": max((g.sides[side].multiplier for g in self.games), default=1),
                         "mean_kills": kills / n, "mean_objective": objective / n, "mean_bonus": bonus / n,
                         "mean_total": total / n, "share_kills": _share(kills, total),
                         "share_objective": _share(objective, total), "share_bonus": _share(bonus, total)}
        return out

    def first_contact(self) -> dict:
        turns = [g.first_contact for g in self.games if g.first_contact is not None]
        return {"mean_turn": sum(turns) / len(turns) if turns else None, "min": min(turns, default=None),
                "max": max(turns, default=None), "games_without_contact": self.n - len(turns)}

    def deciders(self, top: int = 5) -> list[dict]:
        """The units most often among a game's deciders (GameSummary.deciders), with the mean VP they contributed
        in those games."""
        seen: dict[str, list[UnitContribution]] = defaultdict(list)
        for g in self.games:
            for c in g.deciders:
                seen[c.uid].append(c)
        ranked = sorted(seen.items(), key=lambda kv: (-len(kv[1]), -sum(c.vp for c in kv[1]) / len(kv[1]), kv[0]))
        return [{"unit": uid, "side": cs[0].side, "name": cs[0].name, "unit_class": cs[0].unit_class,
                 "games": len(cs), "share": _share(len(cs), self.n), "mean_vp": sum(c.vp for c in cs) / len(cs),
                 "mean_kill_vp": sum(c.kill_vp for c in cs) / len(cs),
                 "mean_objective_vp": sum(c.objective_vp for c in cs) / len(cs)} for uid, cs in ranked[:top]]

    def _other(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    # -- output ----------------------------------------------------------------------------------------------------
    def to_json(self, games: bool = True, timing: bool = True) -> dict:
        """Everything as a JSON-ready dict. games=False leaves out the per-game summaries; timing=False the
        wall-clock figures (which differ from run to run; the rest depends only on the inputs)."""
        body = {
            "scenario": self.scenario, "scenario_name": self.scenario_name, "pack": self.pack,
            "sides": {s: self.side_names[s] for s in self.sides}, "attackers": list(self.attackers),
            "seed": self.seed, "handicap": self.handicap, "turns": self.turns, "runs": self.runs, "games": self.n,
            "cancelled": self.cancelled, "levels": self.levels(), "wins": self.wins(),
            "ratio": self.ratio_stats(), "points": self.points(), "losses": self.losses(),
            "first_contact": self.first_contact(), "deciders": self.deciders(),
        }
        if timing:
            body["timing"] = {"jobs": self.jobs, "seconds": round(self.elapsed, 3),
                              "games_per_second": None if self.games_per_second is None
                              else round(self.games_per_second, 3)}
        if games:
            body["per_game"] = [g.to_json() for g in self.games]
        return body

    def csv_columns(self) -> list[str]:
        cols = ["game", "seed", "turns", "result", "level", "winner", "ratio", "ratio_note", "first_contact"]
        for side in self.sides:
            cols += [f"{side}_{k}" for k in ("total", "kills", "objective", "bonus", "doubled", "lost")]
            classes = sorted({c for g in self.games for c in g.sides[side].strength})
            cols += [f"{side}_lost_{c}" for c in classes]
        return cols + ["deciders"]

    def to_csv(self) -> str:
        """One row per game, in index order."""
        out = io.StringIO()
        cols = self.csv_columns()
        writer = csv.DictWriter(out, cols, lineterminator="\n")
        writer.writeheader()
        for g in self.games:
            row = {"game": g.index, "seed": g.seed, "turns": g.turns, "result": g.label, "level": g.level,
                   "winner": g.winner or "", "ratio": "" if g.ratio is None else f"{g.ratio:.6g}",
                   "ratio_note": g.ratio_note, "first_contact": "" if g.first_contact is None else g.first_contact,
                   "deciders": "; ".join(f"{c.uid} {c.vp}" for c in g.deciders)}
            for side, s in g.sides.items():
                row.update({f"{side}_total": s.total, f"{side}_kills": s.kills, f"{side}_objective": s.objective,
                            f"{side}_bonus": s.bonus, f"{side}_doubled": int(s.doubled),
                            f"{side}_lost": sum(s.lost.values())})
                row.update({f"{side}_lost_{c}": s.lost.get(c, 0) for c in s.strength})
            writer.writerow({k: row.get(k, 0) for k in cols})
        return out.getvalue()

    def to_text(self) -> str:
        name = self.side_names
        lines = [f"Balance run: {self.scenario_name} ({self.scenario})"]
        handicap = f"handicap {self.handicap}" if self.handicap is not None else "the scenario's handicap"
        done = f"{self.n} games" if not self.cancelled else f"{self.n} of {self.runs} games (cancelled)"
        lines.append(f"{done}, base seed {self.seed}, {handicap}, {self.turns} turns; "
                     f"{self.jobs} process{'es' if self.jobs > 1 else ''}, {self.elapsed:.1f} s"
                     + (f" ({self.games_per_second:.2f} games/s)" if self.games_per_second else ""))
        if not self.games:
            lines.append("No game finished.")
            return "\n".join(lines)

        lines += ["", f"{'Result':<28} {'games':>6} {'share':>7}"]
        for row in self.levels():
            lines.append(f"{row['result']:<28} {row['games']:>6} {_pct(row['share']):>7}")
        parts = []
        for key, w in self.wins().items():
            who = self.side_names[key] if key != "draw" else "draws"
            parts.append(f"{who} {w['games']} ({_pct(w['share'])}, {_pct(w['ci95'][0])}-{_pct(w['ci95'][1])})")
        lines.append("Wins (share, 95% Wilson interval): " + "; ".join(parts))

        r = self.ratio_stats()
        lines += ["", f"Victory ratio ({name[r['numerator']]} VP / {name[r['denominator']]} VP), "
                      f"{r['n']} game{'s' if r['n'] != 1 else ''} with a finite ratio:"]
        if r["n"]:
            ci = (f", 95% CI {_num(r['ci_low'])} to {_num(r['ci_high'])} (Student t, {r['n'] - 1} df)"
                  if r["ci_low"] is not None else " (too few games for an interval)")
            median = r["median"] if isinstance(r["median"], str) else _num(r["median"])
            lines.append(f"  mean {_num(r['mean'])}, sd {_num(r['sd'])}{ci}; median {median}")
        if r["infinite"] or r["no_points"]:
            lines.append(f"  not in the mean: {r['infinite']} game(s) where {name[r['denominator']]} scored nothing "
                         f"(ratio infinite), {r['no_points']} with no points at all")

        lines += ["", "Points per game, as counted in the total (share of the side's points)",
                  f"{'side':<22} {'kills':>16} {'objective':>16} {'unused SP/start':>16} {'total':>8}"]
        for side, p in self.points().items():
            label = name[side] + (f" (x{p['multiplier']}, defender)" if p["doubled"] else "")
            cells = [f"{p['mean_' + k]:.1f} ({_pct(p['share_' + k])})" for k in ("kills", "objective", "bonus")]
            lines.append(f"{label:<22} {cells[0]:>16} {cells[1]:>16} {cells[2]:>16} {p['mean_total']:>8.1f}")

        lines += ["", "Losses per game by unit class",
                  f"{'side':<12} {'class':<16} {'lost':>7} {'of':>5} {'VP conceded':>12}"]
        for side, rows in self.losses().items():
            for cls, row in rows.items():
                lines.append(f"{name[side]:<12} {cls:<16} {row['mean_lost']:>7.2f} {row['strength']:>5} "
                             f"{row['mean_vp_conceded']:>12.1f}")

        fc = self.first_contact()
        lines.append("")
        if fc["mean_turn"] is not None:
            lines.append(f"First contact: turn {fc['mean_turn']:.1f} on average (earliest {fc['min']}, latest "
                         f"{fc['max']}); {fc['games_without_contact']} game(s) without contact")
        else:
            lines.append("First contact: the sides never met")

        deciders = self.deciders()
        lines += ["", f"Units that most often decided the battle (the winner's top {DECIDERS_PER_GAME} by VP; "
                      f"both sides' in a draw)"]
        if not deciders:
            lines.append("  none: no unit scored")
        else:
            lines.append(f"{'unit':<34} {'class':<14} {'games':>6} {'share':>7} {'mean VP':>8}")
            for d in deciders:
                label = f"{d['unit']} {d['name']}"
                lines.append(f"{label:<34} {d['unit_class']:<14} {d['games']:>6} {_pct(d['share']):>7} "
                             f"{d['mean_vp']:>8.1f}")
        return "\n".join(lines)


def report_from_games(games: Sequence[GameSummary], *, sides: tuple[str, str], numerator: str,
                      side_names: dict[str, str] | None = None, scenario: str = "", scenario_name: str = "",
                      pack: str = "", attackers: tuple[str, ...] = (), seed: int = 0, handicap: int | None = None,
                      turns: int = 0, jobs: int = 1, elapsed: float = 0.0) -> BatchReport:
    """A report over summaries made elsewhere (tests, a saved batch); games are put in index order."""
    ordered = sorted(games, key=lambda g: g.index)
    return BatchReport(scenario, scenario_name, pack, sides, side_names or {s: s for s in sides}, numerator,
                       attackers, seed, handicap, turns, len(ordered), jobs, False, ordered, elapsed)
