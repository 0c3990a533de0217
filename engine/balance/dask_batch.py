"""Balance runs on Dask distributed: the games of a batch played by the workers of a Dask cluster, on this machine
(a LocalCluster) or on several (a scheduler someone started; docs/cluster.md says how).

Dask is an optional extra (`pip install 'tacforge[cluster]'`) and is imported only when a batch asks for it, so the
other commands start without it.

Same packs everywhere. Before any game is sent, every worker loads the scenario the way the client did and reports
the id, version and content hash (engine.packs.fingerprint) of each pack it uses; a worker whose packs differ from
the client's stops the run with a message naming the worker and the pack. A worker that joins later makes the same
check when it is given its first game and refuses to play it.

Same report. Game i is played with game_seed(seed, i), whichever worker plays it, and results are kept by game index,
so the report is the one the process pool gives. A worker lost mid-run (crash, killed, scaled down) has its games
re-run elsewhere by the scheduler; as each game's result is stored once under its index, a game is never counted
twice nor lost.

Cancelling (the batch's cancel flag, or an exception such as KeyboardInterrupt) cancels every game not finished,
then closes the client, and the LocalCluster if the run started one.
"""

from __future__ import annotations

import logging
import signal
import time
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import CancelledError
from contextlib import contextmanager

from tacforge.engine.cached_dataclass import dataclass

from .. import __version__
from ..packs.fingerprint import PackFingerprint
from .batch_setup import BatchError, GameSetup, game_seed, loaded, scenario_fingerprints
from .games import GameSummary, play_game

INSTALL_HINT = "Dask is not installed here: pip install 'tacforge[cluster]' (docs/cluster.md)"
CONNECT_TIMEOUT = 10.0  # seconds to reach a scheduler
WORKER_WAIT = 30.0  # seconds to wait for a first worker to join it
# No dashboard, and the scheduler's small HTTP server on a free port rather than 8787, which a second cluster on
# the machine would find taken (and say so on stderr)
LOCAL_QUIET = {"dashboard_address": None, "scheduler_kwargs": {"dashboard_address": ":0"}}
# Seconds between looks for finished games and at the cancel flag. The batch ends when the last game is seen, so a
# look every 50 ms added half of that to every batch on average; a look costs no CPU that can be measured (the
# caller's CPU was the same polling every 10 or every 50 ms: its scheduler's and nannies', when they run in it).
POLL = 0.01


@dataclass(frozen=True)
class DaskCluster:
    """Where a batch runs when not in this machine's process pool: `scheduler`, the address of a running Dask
    scheduler (tcp://host:8786), or `local_workers`, the number of worker processes of a LocalCluster started for
    the run (one thread each: a game is pure Python and holds the GIL)."""

    scheduler: str | None = None
    local_workers: int | None = None

    def __post_init__(self):
        if (self.scheduler is None) == (self.local_workers is None):
            raise ValueError("give either a scheduler address or a number of local workers")
        if self.local_workers is not None and self.local_workers < 1:
            raise ValueError("local_workers must be at least 1")


class PackMismatch(Exception):
    """A worker holds other packs (or another tacforge) than the client; the message names what differs."""


# -- on the workers --------------------------------------------------------------------------------------------------
def dask_setup(worker) -> None:
    """Worker preload hook (LocalCluster): Ctrl-C in the terminal reaches the worker processes too; the client
    handles it by cancelling, so the workers ignore it and play on until told to stop."""
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: nothing to do
        pass


def mismatch(expected: dict[str, PackFingerprint], found: dict[str, PackFingerprint], version: str) -> str | None:
    """What differs between the client's packs (`expected`) and a worker's (`found`, running tacforge `version`)."""
    if version != __version__:
        return f"runs tacforge {version}, this machine {__version__}"
    for pack_id, mine in expected.items():
        theirs = found.get(pack_id)
        if theirs is None:
            return f"has no pack '{pack_id}' (this machine has version {mine.version} at {mine.folder})"
        why = mine.differs_from(theirs)
        if why:
            return f"has pack '{pack_id}' {why}, at {theirs.folder} (this machine's is at {mine.folder})"
    return None


def check_worker(setup: GameSetup, expected: dict[str, PackFingerprint]) -> str | None:
    """Run on every worker with client.run: why this worker cannot play the batch, or None."""
    try:
        _, _, found = loaded(setup, fresh=True)
    except Exception as exc:  # the scenario cannot be found or loaded there: say so, as the client would
        return f"cannot load the scenario: {exc}"
    return mismatch(expected, found, __version__)


def play_on_worker(setup: GameSetup, expected: dict[str, PackFingerprint], index: int, seed: int) -> GameSummary:
    """One game, as a Dask task. The packs are loaded once per worker process (batch_setup.loaded, kept for the
    next batches) and checked against the client's."""
    content, scenario, found = loaded(setup)
    why = mismatch(expected, found, __version__)
    if why:
        from distributed import get_worker

        raise PackMismatch(f"worker {get_worker().address} {why}")
    return play_game(content, scenario, index, seed, setup.handicap, setup.turns)


# -- on the client ---------------------------------------------------------------------------------------------------
@contextmanager
def _client(where: DaskCluster) -> Iterator:
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise BatchError(INSTALL_HINT, 2) from None
    if where.scheduler is not None:
        try:
            client = Client(where.scheduler, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            raise BatchError(f"cannot reach the Dask scheduler at {where.scheduler}: {exc}", 1) from None
        try:
            try:
                client.wait_for_workers(1, timeout=WORKER_WAIT)
            except TimeoutError:
                raise BatchError(
                    f"no Dask worker has joined the scheduler at {where.scheduler} within "
                    f"{WORKER_WAIT:.0f} s; start some with `dask worker {where.scheduler}`",
                    1,
                ) from None
            yield client
        finally:
            client.close()
        return
    cluster = LocalCluster(
        n_workers=where.local_workers,
        threads_per_worker=1,
        processes=True,
        silence_logs=logging.ERROR,
        preload=[__name__],
        **LOCAL_QUIET,
    )
    try:
        client = Client(cluster)
        try:
            yield client
        finally:
            client.close()
    finally:
        cluster.close()


def _check_workers(client, setup: GameSetup, expected: dict[str, PackFingerprint]) -> int:
    """The number of workers, once each has been found to hold the client's packs; BatchError naming the first
    that does not."""
    answers = client.run(check_worker, setup, expected, on_error="return")
    for address, answer in sorted(answers.items()):
        if isinstance(answer, BaseException):
            answer = f"failed the pack check: {type(answer).__name__}: {answer}"
        if answer:
            raise BatchError(
                f"worker {address} {answer}; every worker needs the same tacforge and packs as this "
                "machine (docs/cluster.md)",
                1,
            )
    return len(answers)


def _outcome(answer, index: int, seed: int) -> GameSummary:
    """The GameSummary a game's task returned, or the BatchError that says why there is none."""
    if isinstance(answer, GameSummary):
        return answer
    if isinstance(answer, CancelledError):
        raise BatchError(f"game {index} (seed {seed}) was cancelled on the cluster, not by this run", 1)
    if isinstance(answer, PackMismatch):
        raise BatchError(
            f"{answer}; every worker needs the same tacforge and packs as this machine (docs/cluster.md)", 1
        )
    if type(answer).__name__ == "KilledWorker":
        raise BatchError(f"game {index} (seed {seed}): every worker that tried it died ({answer})", 1)
    raise BatchError(f"game {index} (seed {seed}) failed: {type(answer).__name__}: {answer}", 1)


def run_on_dask(
    where: DaskCluster,
    setup: GameSetup,
    content,
    scenario,
    seed: int,
    runs: int,
    finished: Callable[[GameSummary], None],
    is_cancelled: Callable[[], bool],
) -> int:
    """Play games 0..runs-1 on the cluster, calling finished(summary) for each in the calling thread, until done or
    cancelled. Returns the number of workers the run started with."""
    expected = scenario_fingerprints(content, scenario, setup.pack_paths)
    with _client(where) as client:
        from distributed import as_completed

        workers = _check_workers(client, setup, expected)
        batch = uuid.uuid4().hex[:12]  # task keys unique to this run, so that two runs on one scheduler never share
        pending = {}
        try:
            for index in range(runs):
                this = game_seed(seed, index)
                # lower indexes first: a cancelled run then holds the first games, as with the process pool
                future = client.submit(
                    play_on_worker, setup, expected, index, this, key=f"tacforge-game-{batch}-{index}", priority=-index
                )
                pending[future] = (index, this)
            # as_completed fetches each result (or error) in the client's own event loop as soon as the game is
            # done; the future is then dropped, so the result leaves the worker and a worker lost later takes no
            # finished game with it
            completed = as_completed(list(pending), with_results=True, raise_errors=False)
            while pending and not is_cancelled():
                ready = completed.next_batch(block=False)
                if not ready:
                    time.sleep(POLL)
                    continue
                for future, answer in sorted(ready, key=lambda pair: pending[pair[0]]):
                    finished(_outcome(answer, *pending.pop(future)))
        finally:
            if pending:  # cancelled, failed or interrupted: the games not finished are dropped
                client.cancel(list(pending))
    return workers


__all__ = ["DaskCluster", "INSTALL_HINT", "PackMismatch", "mismatch", "run_on_dask", "scenario_fingerprints"]
