"""Balance runs on Dask distributed (issue 17): the same report as the process pool, a lost worker's games re-run
exactly once, workers with other packs refused, cancelling, and the command line.

One LocalCluster of two worker processes (one thread each) serves most tests through its scheduler address, as a
remote cluster would; starting one costs a few seconds, so tests share it. Games are kept short with `turns`."""

from __future__ import annotations

import json
import logging
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import REPO
from distributed import Client, LocalCluster

from tacforge.engine.balance import BatchError, run_batch
from tacforge.engine.balance.batch_setup import GameSetup
from tacforge.engine.balance.dask_batch import LOCAL_QUIET, DaskCluster, check_worker, mismatch, scenario_fingerprints
from tacforge.engine.cli import main
from tacforge.engine.packs.fingerprint import PackFingerprint, folder_digest, pack_fingerprints

WEST = "western:bocage_crossroads"


@pytest.fixture(scope="module")
def cluster():
    with LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, silence_logs=logging.ERROR, **LOCAL_QUIET
    ) as local:
        yield local


@pytest.fixture(scope="module")
def on_pool():
    return run_batch(WEST, 8, jobs=2, seed=11, turns=6)


def _same_report(a, b) -> None:
    assert [g.index for g in b.games] == list(range(a.runs))
    assert b.games == a.games
    assert b.to_json(timing=False) == a.to_json(timing=False)
    assert b.to_csv() == a.to_csv()
    text_a, text_b = a.to_text().splitlines(), b.to_text().splitlines()
    assert text_a[0] == text_b[0] and text_a[2:] == text_b[2:]  # line 2 holds who played and the time


def test_a_dask_cluster_gives_the_process_pool_report(cluster, on_pool):
    report = run_batch(WEST, 8, seed=11, turns=6, cluster=DaskCluster(scheduler=cluster.scheduler_address))
    _same_report(on_pool, report)
    assert report.on_dask and report.jobs == 2 and "2 Dask workers" in report.to_text().splitlines()[1]
    assert report.to_json()["timing"]["dask"] is True and on_pool.to_json()["timing"]["dask"] is False


def test_a_worker_killed_mid_run_has_its_games_played_again(cluster, on_pool):
    """While the batch runs, the first worker seen playing a game is killed (its process exits at once, as in a
    crash); the scheduler gives its games to the other worker and to the one the nanny starts in its place, and
    the report is the undisturbed one: no game lost or counted twice."""
    killed, stop = [], threading.Event()
    with Client(cluster.scheduler_address) as spy:
        killer = threading.Thread(target=_kill_a_busy_worker, args=(spy, killed, stop))
        killer.start()
        calls = []
        try:
            report = run_batch(
                WEST,
                8,
                seed=11,
                turns=6,
                cluster=DaskCluster(scheduler=cluster.scheduler_address),
                progress=lambda done, total: calls.append(done),
            )
        finally:
            stop.set()
            killer.join()
        assert killed and killed[0] not in spy.scheduler_info()["workers"]
    assert calls == list(range(1, 9))
    _same_report(on_pool, report)


def _kill_a_busy_worker(spy, killed: list, stop: threading.Event) -> None:
    while not stop.is_set():
        for address, keys in spy.processing().items():
            if any(str(key).startswith("tacforge-game-") for key in keys):
                spy.run(_exit_at_once, workers=[address], wait=False)
                killed.append(address)
                return
        time.sleep(0.02)


async def _exit_at_once() -> None:
    """Run on a worker: its process ends without any clean-up, as in a crash (a coroutine, as client.run wants
    for wait=False, which does not wait for an answer that will never come)."""
    os._exit(1)


def test_cancelling_keeps_the_games_finished_and_drops_the_rest(cluster):
    cancel = threading.Event()

    def progress(done, total):
        if done >= 2:
            cancel.set()

    report = run_batch(
        WEST,
        40,
        seed=3,
        turns=2,
        cluster=DaskCluster(scheduler=cluster.scheduler_address),
        progress=progress,
        cancel=cancel,
    )
    assert report.cancelled and 2 <= report.n < 40
    assert [g.index for g in report.games] == sorted({g.index for g in report.games})
    with Client(cluster.scheduler_address) as look:
        deadline = time.monotonic() + 10
        while _games_on_scheduler(look) and time.monotonic() < deadline:
            time.sleep(0.1)  # the scheduler forgets cancelled tasks a moment after the client lets them go
        assert _games_on_scheduler(look) == []


def _games_on_scheduler(client) -> list[str]:
    keys = client.run_on_scheduler(lambda dask_scheduler: [str(k) for k in dask_scheduler.tasks])
    return [k for k in keys if k.startswith("tacforge-game-")]


# -- same packs everywhere ---------------------------------------------------------------------------------------
def test_a_worker_with_an_edited_pack_is_refused_by_name(tmp_path, bundled):
    """One worker finds a copy of the western pack (first, through TACFORGE_PACK_PATH) in which one file has a
    comment more: same version, other bytes. The run stops before any game, naming the worker and the pack."""
    original = bundled.packs["western"].location.folder
    copy = tmp_path / "packs" / "western"
    shutil.copytree(original, copy)
    weapons = copy / "weapons.yaml"
    weapons.write_text(weapons.read_text(encoding="utf-8") + "# edited on this worker\n", encoding="utf-8")
    with LocalCluster(
        n_workers=1,
        processes=True,
        threads_per_worker=1,
        silence_logs=logging.ERROR,
        env={"TACFORGE_PACK_PATH": str(tmp_path / "packs")},
        **LOCAL_QUIET,
    ) as other:
        worker = next(iter(other.scheduler_info["workers"]))
        with pytest.raises(BatchError) as info:
            run_batch(WEST, 4, seed=1, turns=2, cluster=DaskCluster(scheduler=other.scheduler_address))
    message = str(info.value)
    assert f"worker {worker} has pack 'western' version 1.0.0 with different files" in message
    assert str(copy) in message and "same tacforge and packs" in message


def test_fingerprints_follow_the_bytes(tmp_path):
    folder = tmp_path / "p"
    (folder / "sub").mkdir(parents=True)
    (folder / "pack.yaml").write_bytes(b"id: p\n")
    (folder / "sub" / "a.yaml").write_bytes(b"x: 1\n")
    first = folder_digest(folder)
    (folder / "__pycache__").mkdir()
    (folder / "__pycache__" / "junk.pyc").write_bytes(b"\0")
    (folder / ".hidden").write_bytes(b"editor backup")
    assert folder_digest(folder) == first  # caches and hidden files are not the pack
    (folder / "sub" / "a.yaml").write_bytes(b"x: 2\n")
    assert folder_digest(folder) != first
    (folder / "sub" / "a.yaml").write_bytes(b"x: 1\n")
    (folder / "sub" / "a.yaml").rename(folder / "sub" / "b.yaml")
    assert folder_digest(folder) != first  # a renamed file is a difference too


def test_what_a_mismatch_says():
    here = PackFingerprint("western", "1.0.0", "a" * 64, "/here/western")
    expected = {"western": here}
    assert mismatch(expected, {"western": replace(here, folder="/there")}, _version()) is None
    assert (
        mismatch(expected, {}, _version()) == "has no pack 'western' (this machine has version 1.0.0 at /here/western)"
    )
    assert (
        mismatch(expected, {"western": replace(here, version="1.1.0", folder="/there")}, _version())
        == "has pack 'western' version 1.1.0 instead of 1.0.0, at /there (this machine's is at /here/western)"
    )
    assert "content hash bbbbbbbbbbbb instead of aaaaaaaaaaaa" in mismatch(
        expected, {"western": replace(here, digest="b" * 64)}, _version()
    )
    assert mismatch(expected, {"western": here}, "0.0.1") == f"runs tacforge 0.0.1, this machine {_version()}"


def test_the_client_fingerprints_the_scenario_pack_and_what_it_requires(bundled):
    prints = pack_fingerprints(["western", "core"])
    assert set(prints) == {"western", "core"}
    assert prints["western"].folder == str(bundled.packs["western"].location.folder)
    assert prints["western"].digest == folder_digest(bundled.packs["western"].location.folder)


def _version() -> str:
    from tacforge.engine import __version__

    return __version__


# -- the command line ----------------------------------------------------------------------------------------------
def test_cli_local_cluster_matches_the_library(capsys, on_pool):
    assert (
        main(
            [
                "batch",
                WEST,
                "--runs",
                "8",
                "--seed",
                "11",
                "--turns",
                "6",
                "--cluster",
                "local",
                "--workers",
                "2",
                "--format",
                "json",
            ]
        )
        == 0
    )
    body = json.loads(capsys.readouterr().out)
    timing = body.pop("timing")
    assert timing["jobs"] == 2 and timing["dask"] is True
    assert body == json.loads(json.dumps(on_pool.to_json(timing=False)))


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--workers", "2"], "--workers goes with --cluster local"),
        (["--cluster", "local", "--scheduler", "tcp://127.0.0.1:8786"], "either --scheduler or --cluster local"),
        (["--cluster", "local", "--jobs", "2"], "--jobs counts local processes"),
    ],
)
def test_cli_options_that_clash(capsys, argv, message):
    assert main(["batch", WEST, "--runs", "2", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("tacforge: ") and message in err


def test_other_commands_do_not_import_dask():
    code = (
        "import sys\nfrom tacforge.engine import cli\n"
        "try:\n    cli.main(['batch', '--help'])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().splitlines()[-1] == "[]"
    assert "--scheduler ADDRESS" in run.stdout and "--cluster {local}" in run.stdout


def test_a_worker_reloads_packs_edited_since_an_earlier_batch(tmp_path, bundled):
    """check_worker, called here in this process as it is on a worker, after the pack it loaded for an earlier
    batch was edited on disk: it loads the pack again and agrees with a client that reads the edited pack."""
    copy = tmp_path / "western"
    shutil.copytree(bundled.packs["western"].location.folder, copy)
    setup = GameSetup(WEST, (str(tmp_path),), None, 2)
    content, scenario = setup.find()
    assert check_worker(setup, scenario_fingerprints(content, scenario, setup.pack_paths)) is None
    weapons = copy / "weapons.yaml"
    weapons.write_text(weapons.read_text(encoding="utf-8") + "# edited between two batches\n", encoding="utf-8")
    edited = scenario_fingerprints(content, scenario, setup.pack_paths)
    assert edited["western"].folder == str(copy) and edited["western"].digest == folder_digest(copy)
    assert check_worker(setup, edited) is None


def test_ctrl_c_stops_a_local_cluster_run_and_leaves_no_process():
    """`tacforge batch --cluster local` as a real process: Ctrl-C (SIGINT to the client alone) once its workers
    are up cancels the games, closes the LocalCluster, prints the report of the games finished and exits 130."""
    import psutil

    code = (
        "import signal, sys\nsignal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "from tacforge.engine.cli import main\nsys.exit(main(sys.argv[1:]))\n"
    )
    run = subprocess.Popen(
        [
            sys.executable,
            "-c",
            code,
            "batch",
            WEST,
            "--runs",
            "400",
            "--turns",
            "6",
            "--cluster",
            "local",
            "--workers",
            "2",
        ],
        cwd=REPO,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    client = psutil.Process(run.pid)
    deadline = time.monotonic() + 60
    while len(_workers_of(client)) < 2 and time.monotonic() < deadline and run.poll() is None:
        time.sleep(0.1)
    workers = _workers_of(client)
    assert len(workers) == 2
    time.sleep(2)  # some games are played
    run.send_signal(signal.SIGINT)
    out, err = run.communicate(timeout=60)
    assert run.returncode == 130, err
    assert "of 400 games (cancelled)" in out and "interrupted: stopping" in err
    gone, alive = psutil.wait_procs(workers, timeout=10)
    assert alive == []


def _workers_of(client) -> list:
    """The LocalCluster's worker processes: children of the client spawned by multiprocessing."""
    return [p for p in client.children(recursive=True) if "spawn_main" in " ".join(p.cmdline())]


def test_a_dask_run_reports_the_ai_plans_as_the_pool_does(cluster):
    """Issue 26: each game's AI plan travels back from the worker; the per-plan report is the pool's."""
    from engine_features import PACKS

    args = dict(seed=5, turns=6, pack_paths=[PACKS])
    pool = run_batch("features_fixtures:plans", 8, jobs=2, **args)
    dask = run_batch("features_fixtures:plans", 8, cluster=DaskCluster(scheduler=cluster.scheduler_address), **args)
    _same_report(pool, dask)
    assert dask.plans() == pool.plans() and sum(r["games"] for r in dask.plans()["german"]) == 8
