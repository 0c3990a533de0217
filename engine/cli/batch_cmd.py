"""`tacforge batch`: play a scenario many times, computer against computer, over every core, and report how it
tends to end and why (the balance run of issue 4). The work is engine.balance.run_batch; this is its front end."""

from __future__ import annotations

import json
import sys
import threading

from .common import CommandError, fail, positive_int, seed, turn_count


def register(sub) -> None:
    p = sub.add_parser(
        "batch",
        description="Play N computer-against-computer games of a scenario across J processes and report the "
        "distribution of results, the victory ratio with a 95% confidence interval, losses by unit "
        "class, where the points came from, the turn of first contact and the units that decided the "
        "games. The same --seed gives the same games whatever --jobs is; each game's own seed (in "
        "the CSV) replays it with `tacforge play SCENARIO --seed SEED`. With --scheduler or --cluster "
        "local the games are played on Dask workers, with the same report.",
    )
    p.add_argument("scenario", help="scenario id (pack:id or id) or the path of a scenario file")
    p.add_argument("--runs", type=positive_int, required=True, metavar="N", help="number of games")
    p.add_argument("--jobs", type=positive_int, metavar="J", help="worker processes (default: every core)")
    where = p.add_argument_group(
        "Dask distributed (pip install 'tacforge[cluster]'; docs/cluster.md)",
        "Play the games on a Dask cluster instead of local processes; the report is the same. Every worker needs "
        "the same tacforge and packs as this machine: the run checks their versions and content hashes first.",
    )
    where.add_argument(
        "--scheduler", metavar="ADDRESS", help="address of a running Dask scheduler, e.g. tcp://10.0.0.5:8786"
    )
    where.add_argument(
        "--cluster", choices=("local",), help="local: start a Dask LocalCluster on this machine for the run"
    )
    where.add_argument(
        "--workers", type=positive_int, metavar="N", help="worker processes of --cluster local (default: every core)"
    )
    p.add_argument("--seed", type=seed, default=0, metavar="S", help="base seed of the batch (default 0)")
    p.add_argument("--handicap", type=int, choices=range(1, 6), metavar="1-5")
    p.add_argument("--turns", type=turn_count, help="play this many turns instead of the scenario's length")
    p.add_argument(
        "--format",
        choices=("text", "json", "csv"),
        default="text",
        help="text: the report; json: report and every game; csv: one row per game",
    )
    p.add_argument(
        "--no-progress",
        action="store_true",
        help="no progress bar (it is shown on stderr only when stderr is a terminal)",
    )
    p.set_defaults(run=run)


def _progress_bar(args, total: int):
    if args.no_progress or not sys.stderr.isatty():
        return None
    from tqdm import tqdm

    return tqdm(total=total, unit="game", file=sys.stderr, desc=args.scenario, dynamic_ncols=True, leave=False)


def _where(args):
    """The DaskCluster the options ask for, or None for the process pool; CommandError for options that clash."""
    if args.workers is not None and args.cluster is None:
        raise CommandError("--workers goes with --cluster local (for local processes use --jobs)")
    if args.scheduler is None and args.cluster is None:
        return None
    if args.scheduler is not None and args.cluster is not None:
        raise CommandError("give either --scheduler or --cluster local, not both")
    if args.jobs is not None:
        raise CommandError(
            "--jobs counts local processes; on Dask, the workers play the games (--workers N with --cluster local)"
        )
    from ..balance.batch import default_jobs
    from ..balance.dask_batch import DaskCluster

    if args.scheduler is not None:
        return DaskCluster(scheduler=args.scheduler)
    return DaskCluster(local_workers=args.workers or default_jobs())


def run(args) -> int:
    from ..balance import BatchError, BatchReport, run_batch

    try:
        where = _where(args)
    except CommandError as exc:
        return fail(exc)
    bar = _progress_bar(args, args.runs)
    cancel = threading.Event()
    box: dict = {}

    def progress(done: int, total: int) -> None:
        if bar is not None:
            bar.update(done - bar.n)

    finished = threading.Event()

    def work() -> None:
        try:
            box["report"] = run_batch(
                args.scenario,
                args.runs,
                jobs=args.jobs,
                seed=args.seed,
                handicap=args.handicap,
                turns=args.turns,
                pack_paths=getattr(args, "pack_path", []) or [],
                progress=progress,
                cancel=cancel,
                cluster=where,
            )
        except BaseException as exc:  # handed to the main thread, which reports it
            box["error"] = exc
        finally:
            finished.set()

    # The batch runs in a thread so that Ctrl-C (always delivered to the main thread) cancels it cleanly: the
    # games in progress finish (on Dask they are cancelled and the cluster closed) and the report covers the games
    # played. The main thread waits on an Event, not Thread.join: an interrupted join can mark a live thread as
    # stopped (CPython bpo-45274 on 3.11).
    threading.Thread(target=work, name="tacforge-batch", daemon=True).start()
    interrupted = False
    try:
        while not finished.is_set():
            try:
                finished.wait(0.2)
            except KeyboardInterrupt:
                if interrupted:
                    raise
                interrupted = True
                cancel.set()
                print(
                    "\ninterrupted: stopping; the report covers the games finished (Ctrl-C again to quit at once)",
                    file=sys.stderr,
                )
    finally:
        if bar is not None:
            bar.close()
    error = box.get("error")
    if isinstance(error, BatchError):
        return fail(CommandError(str(error), code=error.code))
    if error is not None:
        raise error
    report: BatchReport = box["report"]
    if args.format == "json":
        print(json.dumps(report.to_json(), indent=2))
    elif args.format == "csv":
        sys.stdout.write(report.to_csv())
    else:
        print(report.to_text())
    if report.lost:
        print(f"tacforge: {report.lost_text()}", file=sys.stderr)
        return 1
    return 130 if interrupted else 0
