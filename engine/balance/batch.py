"""Balance runs: many computer-against-computer games of one scenario, spread over worker processes, summed up into
the statistics a designer reads to judge whether the scenario is balanced (issue 4, "Balance runs").

    report = run_batch("western:bocage_crossroads", 200, jobs=2, seed=7, progress=lambda done, total: ...)
    print(report.to_text())

Reproducibility. Game i of a batch with base seed S is played with the seed `game_seed(S, i)` (NumPy's
SeedSequence(S, spawn_key=(i,)), zig-zag encoded for negative S) and the games are summed in index order, so the
per-game results and the report are the same for any number of jobs, in any process, whatever PYTHONHASHSEED.
The seed of every game is in its summary; `play_game` with that seed replays the game, and so does
`tacforge play SCENARIO --seed <that seed>` (same --handicap and --turns).

Processes. Each worker loads the packs once (the pool's initializer) and then plays the games it is given; a game
goes back to the caller as a small `GameSummary`, never as its event log. On POSIX the pool uses the 'forkserver'
start method with this module preloaded, so a worker starts as a fork of an interpreter that has already imported
the engine (a safe fork even when the caller has threads, as the editor does), and only the pack loading is paid
per worker. The workers are started first, so that they load the packs while the caller loads them too and probes
the scenario, rather than after. jobs=1 plays in the calling process, without a pool. As with any spawn or
forkserver pool, a worker re-imports the caller's main module, so a script that calls run_batch keeps its top level
under `if __name__ == "__main__":` (`python -m` packages and console scripts already do).

Kept pool. A pool that played every game of its batch is kept for the next batch of the same setup (scenario,
options and unsaved texts, job count, environment and folder, and the packs on disk unchanged), as a running Dask
cluster's workers are: the editor's repeated runs then neither start workers nor load the packs nor warm the
caches again, and the caller keeps its own loaded content the same way (batch_setup.loaded). Another setup, a
cancelled batch or a lost worker shuts it down, and so does close_kept_workers() or the end of the program.

Dask. With `cluster=DaskCluster(...)` the games are played by the workers of a Dask cluster instead of the pool
(engine.balance.dask_batch; the optional `cluster` extra, imported only then); all of the above holds there too.

Cancellation. `cancel` is anything with `is_set()` (a threading.Event). Once it is set no game is started, the
queued ones are dropped (those the pool has already handed to a worker's queue see the workers' stop flag and
return at once), the games already being played are finished (at most one per worker) and the report holds every
completed game, flagged `cancelled`.

Lost workers. A worker process that dies (killed, out of memory, crashed) breaks its pool: the games the pool still
held are played again on a fresh worker, one at a time, and a game that takes its worker down MAX_LOST_WORKERS
times is given up (as Dask re-runs a lost worker's games, within the same bound). The report then holds every game
played and names the ones given up (`lost`), rather than nothing.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.context import BaseContext
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from ..issues import CommandError
from ..packs.scenario_digest import rules_fingerprint, scenario_content_hash
from ..sim.battle import Battle
from ..sim.initial_state import SetupError
from ..sim.pathing import FIELDS_NEED_SCIPY
from .batch_setup import BatchError, GameSetup, game_seed, loaded
from .games import GameSummary, play_game
from .summary import BatchReport

if TYPE_CHECKING:
    from .dask_batch import DaskCluster


class CancelFlag(Protocol):
    def is_set(self) -> bool: ...


_worker: dict = {}  # the worker process's loaded content and scenario


# -- workers --------------------------------------------------------------------------------------------------------
def _init_worker(setup: GameSetup, env: dict, cwd: str, stop) -> None:
    """Pool initializer: load the packs once per worker process. `stop` (a multiprocessing Event) is set when the
    batch is cancelled."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the caller's to handle: it cancels the batch
    os.environ.clear()  # the caller's environment now, not the one the fork server started with
    os.environ.update(env)
    try:
        os.chdir(cwd)
    except OSError:
        pass
    _worker.update(setup=setup, stop=stop)
    try:
        _worker["content"], _worker["scenario"], _ = loaded(setup)
    except Exception as exc:  # the pool would print its traceback; the caller finds the same error (run_batch)
        _worker["error"] = exc


def _started() -> None:
    """A task that only makes the pool start a worker (_start_pool)."""


def _play_in_worker(index: int, seed: int) -> GameSummary | None:
    if _worker["stop"].is_set():
        return None  # cancelled while queued: not played
    if "error" in _worker:  # the scenario was found by the caller, and could not be here: say why
        raise _worker["error"]
    setup = _worker["setup"]
    return play_game(_worker["content"], _worker["scenario"], index, seed, setup.handicap, setup.turns)


# What a batch worker has imported before its first game: the engine, once, in the fork server, and, where the
# compiled distance field is not built, scipy's graph module, which the movement's fields then import on the first
# field (0.2-0.6 s of CPU); workers fork from it. With the compiled field no game imports scipy, and the fork server,
# which a batch waits for before its first worker starts, need not either.
WORKER_PRELOAD = (__name__, "tacforge.engine.packs.scenario_lookup") + (
    ("scipy.sparse.csgraph",) if FIELDS_NEED_SCIPY else ()
)


def _pool_context():
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(list(WORKER_PRELOAD))
        return ctx
    return multiprocessing.get_context("spawn")


class Workers(NamedTuple):
    """A started pool and its stop flag (a multiprocessing Event, set when the batch is cancelled). `made_for` is
    what its workers were started with (setup, jobs, environment, folder) and `packs` the fingerprints of the packs
    the caller found when they loaded theirs (None until then): a kept pool plays another batch only if both match."""

    context: BaseContext
    stop: Any
    pool: ProcessPoolExecutor
    made_for: tuple
    packs: dict | None = None


def _made_for(setup: GameSetup, jobs: int) -> tuple:
    return setup, jobs, tuple(sorted(os.environ.items())), os.getcwd()


def _start_pool(setup: GameSetup, jobs: int, context=None, stop=None) -> Workers:
    """A pool of `jobs` workers, started now: each begins loading the packs at once, while the caller goes on
    (run_batch finds and probes the scenario meanwhile, so that time is not added to the workers' own)."""
    context = context or _pool_context()
    stop = stop or context.Event()
    pool = ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=context,
        initializer=_init_worker,
        initargs=(setup, dict(os.environ), os.getcwd(), stop),
    )
    for _ in range(jobs):  # the pool starts a worker for a task while none is idle, and none is before its first
        pool.submit(_started)
    return Workers(context, stop, pool, _made_for(setup, jobs))


_kept: list[Workers] = []  # at most one pool, idle, that played every game of the last batch
_kept_lock = threading.Lock()  # the editor runs batches off its window's thread


def _workers_for(setup: GameSetup, jobs: int) -> Workers:
    """The kept pool if it was started for this setup and job count here, else a new one (the kept one shut)."""
    with _kept_lock:
        kept = _kept.pop() if _kept else None
    if kept is not None and kept.made_for == _made_for(setup, jobs):
        return kept
    if kept is not None:
        kept.pool.shutdown(wait=False, cancel_futures=True)
    return _start_pool(setup, jobs)


def _keep(workers: Workers) -> None:
    with _kept_lock:
        _kept.append(workers)
        older = _kept.pop(0) if len(_kept) > 1 else None
    if older is not None:
        older.pool.shutdown(wait=False, cancel_futures=True)


def close_kept_workers() -> None:
    """Shut the pool kept from the last batch down now (its processes hold the packs and the games' caches)."""
    with _kept_lock:
        kept = _kept.pop() if _kept else None
    if kept is not None:
        kept.pool.shutdown(wait=True, cancel_futures=True)


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


# -- the batch -----------------------------------------------------------------------------------------------------
def _absolute(ref: str) -> str:
    path = Path(ref)
    return str(path.resolve()) if path.suffix in (".yaml", ".yml") and path.exists() else ref


def run_batch(
    scenario_ref: str,
    runs: int,
    *,
    jobs: int | None = None,
    seed: int = 0,
    handicap: int | None = None,
    turns: int | None = None,
    pack_paths: Iterable[str | os.PathLike] = (),
    progress: Callable[[int, int], None] | None = None,
    cancel: CancelFlag | None = None,
    cluster: DaskCluster | None = None,
    unsaved: Mapping[Path, str] | None = None,
) -> BatchReport:
    """Play `runs` computer-against-computer games of a scenario over `jobs` processes, or on a Dask cluster, and
    sum them up.

    scenario_ref: 'pack:id', a bare id or the path of a scenario file (as `tacforge play` takes it).
    jobs: worker processes, default every core this process may use; capped at runs; 1 plays in this process.
    seed: the base seed; game i plays with game_seed(seed, i). handicap: 1-5, default the scenario's.
    turns: play this many turns instead of the scenario's length (tests and quick looks; the CLI's --turns).
    pack_paths: extra pack folders, as --pack-path.
    progress(done, total) is called in the calling thread after every game. cancel: see the module docstring.
    cluster: play on Dask instead of the process pool (engine.balance.dask_batch; `jobs` is then unused and the
    report's `jobs` is the number of workers); the report is the same.
    unsaved: file -> text, read instead of those files by every worker (the editor plays its unsaved documents).
    Raises BatchError for a scenario that cannot be found or played, or a game that fails."""
    if runs < 1:
        raise ValueError("runs must be at least 1")
    if jobs is not None and jobs < 1:
        raise ValueError("jobs must be at least 1")
    if handicap is not None and not 1 <= handicap <= 5:
        raise ValueError("handicap must be 1-5")
    if turns is not None and turns < 1:
        raise ValueError("turns must be at least 1")
    started = time.perf_counter()
    setup = GameSetup(
        _absolute(scenario_ref),
        tuple(str(Path(p).expanduser().resolve()) for p in pack_paths),
        handicap,
        turns,
        tuple(sorted((str(Path(f).resolve()), t) for f, t in (unsaved or {}).items())),
    )
    jobs = min(jobs or default_jobs(), runs)
    is_cancelled = (lambda: cancel.is_set()) if cancel is not None else (lambda: False)
    # a pool's workers load the packs while this process does the same and probes the scenario (a kept pool's have)
    workers = _workers_for(setup, jobs) if cluster is None and jobs > 1 and not is_cancelled() else None
    try:
        content, scenario, packs = loaded(setup, fresh=True)
        if workers is not None and workers.packs not in (None, packs):  # edited on disk since the kept pool loaded
            workers.pool.shutdown(wait=False, cancel_futures=True)
            workers = _start_pool(setup, jobs)
        workers = workers and workers._replace(packs=packs)
        probe = Battle(content, scenario, seed=game_seed(seed, 0), handicap=handicap, turns=turns)
        profile, state = content.ruleset, probe.state
        # what the games are played from, taken before they start (a pack edited during a long run does not
        # relabel it)
        measured_hash, measured_rules = scenario_content_hash(content, scenario), rules_fingerprint(content, scenario)
    except BaseException as exc:
        if workers is not None:
            workers.pool.shutdown(wait=True, cancel_futures=True)
        if isinstance(exc, CommandError):
            raise BatchError(str(exc), exc.code) from None
        if isinstance(exc, SetupError):
            raise BatchError(f"{scenario_ref}: {exc}", 1) from None
        raise
    done: dict[int, GameSummary] = {}
    lost: list[int] = []

    def finished(summary: GameSummary) -> None:
        done[summary.index] = summary
        if progress is not None:
            progress(len(done), runs)

    if cluster is not None:
        from .dask_batch import run_on_dask

        jobs = run_on_dask(cluster, setup, content, scenario, seed, runs, finished, is_cancelled)
    elif jobs == 1:
        for index in range(runs):
            if is_cancelled():
                break
            this = game_seed(seed, index)
            try:
                summary = play_game(content, scenario, index, this, handicap, turns)
            except Exception as exc:
                raise BatchError(f"game {index} (seed {this}) failed: {type(exc).__name__}: {exc}") from exc
            finished(summary)
    elif workers is None:  # cancelled before it started
        lost = []
    else:
        lost = _run_pool(setup, seed, runs, jobs, finished, is_cancelled, started=workers, keep=_keep)
    games = [done[i] for i in sorted(done)]
    return BatchReport(
        scenario=scenario.id,
        scenario_name=scenario.name,
        pack=content.pack_id,
        sides=state.sides,
        side_names={s: profile.side(s).name for s in state.sides},
        numerator=profile.ratio_numerator,
        attackers=tuple(state.attackers),
        seed=seed,
        handicap=handicap,
        turns=state.last_turn,
        runs=runs,
        jobs=jobs,
        cancelled=len(games) + len(lost) < runs,
        games=games,
        lost=tuple(lost),
        elapsed=time.perf_counter() - started,
        on_dask=cluster is not None,
        plan_names={side: {p.id: p.name for p in plans} for side, plans in scenario.ai_plans.items()},
        content_hash=measured_hash,
        rules_fingerprint=measured_rules,
    )


# How many times a game may take its worker process down (killed, out of memory, crashed) before the batch gives it
# up: Dask's own bound (distributed.scheduler.allowed-failures, 3), so both paths agree.
MAX_LOST_WORKERS = 3


def _run_pool(
    setup: GameSetup,
    seed,
    runs,
    jobs,
    finished,
    is_cancelled,
    play: Callable = _play_in_worker,
    started: Workers | None = None,
    keep: Callable[[Workers], None] | None = None,
) -> list[int]:
    """Play games 0..runs-1 on a pool of `jobs` workers (each running `play(index, seed)`), the `started` one if
    given; returns the games given up, not played. keep(workers) is handed the pool, instead of its being shut down,
    when it played every game of the batch (not cancelled, no worker lost).

    A lost worker breaks its pool and every game the pool held with it. Those games are suspects: they are played
    again one at a time on a fresh one-worker pool, so that a loss there names its game; a game lost
    MAX_LOST_WORKERS times alone is given up. The other games go on, on a fresh pool of `jobs` workers."""
    context = started.context if started else _pool_context()
    stop = started.stop if started else context.Event()  # a game a worker's queue holds is not played once cancelled
    workers = started
    queue = list(range(runs))  # games still to hand out, lowest first
    suspects: list[int] = []
    losses: dict[int, int] = {}
    given_up: list[int] = []
    while (queue or suspects) and not is_cancelled():
        if not suspects:
            workers = workers or _start_pool(setup, jobs, context, stop)
            suspects = _run_one_pool(workers, seed, queue, 2 * jobs, finished, is_cancelled, play, keep)
            workers = None
            keep = None  # a pool played after a loss is not kept: the batch's games were shared by several
            continue
        lost = _run_one_pool(
            _start_pool(setup, 1, context, stop), seed, suspects, 1, finished, is_cancelled, play, None
        )
        for index in lost:  # one game at a time: the game that was being played
            losses[index] = losses.get(index, 0) + 1
            if losses[index] >= MAX_LOST_WORKERS:
                given_up.append(index)
            else:
                suspects.insert(0, index)
    if workers is not None:  # cancelled before a game was handed out
        workers.pool.shutdown(wait=True, cancel_futures=True)
    return sorted(given_up)


def _run_one_pool(workers: Workers, seed, queue: list[int], window, finished, is_cancelled, play, keep) -> list[int]:
    """Play the games of `queue` (taking them from it) on one started pool, and shut it down, or hand it to
    keep(workers) if given when every game was played; returns the games a lost worker took down with it (the pool
    is then broken, and every game it still held is returned)."""
    pool, stop = workers.pool, workers.stop
    pending: dict[Future, tuple[int, int]] = {}  # future -> (game index, game seed)
    lost: list[int] = []  # `window` games at most handed out: a game queued behind each one playing, so no worker
    # waits, and little to cancel or to lose
    try:
        while True:
            while queue and len(pending) < window and not is_cancelled():
                index = queue[0]
                this = game_seed(seed, index)
                try:
                    future = pool.submit(play, index, this)
                except BrokenProcessPool:  # a worker was lost before this game was handed out
                    break
                queue.pop(0)
                pending[future] = (index, this)
            if not pending or is_cancelled():
                if queue and not is_cancelled():
                    # the pool broke before it was handed a game (a worker lost while loading the packs): the next
                    # game is counted the suspect, so that workers that never start give the games up, one by one
                    lost.append(queue.pop(0))
                break
            ready, _ = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
            for future in sorted(ready, key=lambda done: pending[done]):
                index, this = pending.pop(future)
                if isinstance(future.exception(), BrokenProcessPool):
                    lost.append(index)
                else:
                    finished(_outcome(future, index, this))
            if lost:  # the pool is broken: every game it still holds is lost with it
                for future, (index, _) in pending.items():
                    if future.done() and not future.cancelled() and future.exception() is None:
                        if future.result() is not None:
                            finished(future.result())
                    else:
                        lost.append(index)
                pending.clear()
                break
        if is_cancelled():
            stop.set()  # drop the games the workers' queues already hold (the next pools' workers see it too)
        for future in pending:
            future.cancel()
    except BaseException:
        stop.set()
        for future in pending:
            future.cancel()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    if keep is not None and not (queue or pending or lost or is_cancelled()):
        keep(workers)  # idle: every game it was handed is finished and summed up
        return []
    pool.shutdown(wait=True, cancel_futures=True)  # the games being played finish (one per worker at most)
    for future, _ in sorted(pending.items(), key=lambda item: item[1]):
        if future.done() and not future.cancelled() and future.exception() is None and future.result() is not None:
            finished(future.result())
    return sorted(lost)


def _outcome(future: Future, index: int, seed: int) -> GameSummary:
    try:
        return future.result()
    except Exception as exc:
        raise BatchError(f"game {index} (seed {seed}) failed: {type(exc).__name__}: {exc}") from exc


# -- the report ----------------------------------------------------------------------------------------------------
