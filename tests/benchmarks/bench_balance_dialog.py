"""Benchmark: a balance run from the editor's dialog against `tacforge batch` of the same games (issue 15: the
dialog's 100 games of the largest bundled scenario on 2 cores within 10% of the command line).

The dialog row is the whole path a designer waits for: Run pressed (the documents read, the source checked, the
workers started, each loading the packs, the games played, the results drawn) until the results are shown, with the
Qt event loop running. The command-line row is the whole `tacforge batch FILE --runs N --jobs 2` process. The two
alternate so that background load hits both alike; the dialog's budget is the command line's time x 1.1.
TACFORGE_BENCH_BALANCE_GAMES and TACFORGE_BENCH_BALANCE_REPEATS override the sizes.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench_battle import largest_scenario  # noqa: E402
from qt_lifetime import application, release  # noqa: E402

GAMES = int(os.environ.get("TACFORGE_BENCH_BALANCE_GAMES", "100"))
REPEATS = int(os.environ.get("TACFORGE_BENCH_BALANCE_REPEATS", "2"))
JOBS = 2
WITHIN = 1.10


def _largest_file() -> tuple[Path, str]:
    from tacforge.engine.packs import load_packs

    _, _, scenario = largest_scenario(load_packs(env={}, include_user_dir=False))
    return Path(scenario.source.file), scenario.id


def _cli(path: Path) -> float:
    tacforge = Path(sys.executable).with_name("tacforge")
    start = time.perf_counter()
    subprocess.run(
        [str(tacforge), "batch", str(path), "--runs", str(GAMES), "--jobs", str(JOBS), "--no-progress"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def _dialog(dialog) -> float:
    from PyQt6.QtCore import QEventLoop

    loop = QEventLoop()
    start = time.perf_counter()
    dialog.run_button.click()
    dialog.run_thread.finished.connect(loop.quit)
    loop.exec()
    while dialog.running:  # the thread's own end-of-run slot, queued after its finished signal
        loop.processEvents()
    seconds = time.perf_counter() - start
    report = dialog.current[0]
    if report.n != GAMES or dialog.message.isVisible():
        raise RuntimeError(f"the dialog's run did not finish: {dialog.message.text()}")
    return seconds


def measure() -> dict:
    from tacforge.editor.playtest.balance_dialog import BalanceDialog
    from tacforge.editor.shell.workspace import Workspace

    app = application()
    path, scenario_id = _largest_file()
    workspace = Workspace([])
    document = workspace.open(path)
    dialog = BalanceDialog(workspace, path)
    dialog.runs.setValue(GAMES)
    dialog.workers.setValue(JOBS)
    dialog.show()
    app.processEvents()
    cli, gui = [], []
    for _ in range(REPEATS):
        cli.append(_cli(path))
        gui.append(_dialog(dialog))
    release(dialog)
    workspace.close(document)
    return {
        "scenario": scenario_id,
        "cli": statistics.median(cli),
        "dialog": statistics.median(gui),
        "cli_all": cli,
        "dialog_all": gui,
    }


def run() -> list[tuple[str, float, float | None, str]]:
    if (os.cpu_count() or 1) < JOBS:
        return []
    m = measure()
    ratio = m["dialog"] / m["cli"]
    return [
        (
            f"tacforge batch, {GAMES} games, --jobs {JOBS}",
            m["cli"] * 1000,
            None,
            f"{m['scenario']} (largest bundled scenario), whole process, median of {REPEATS}",
        ),
        (
            f"balance dialog, {GAMES} games, {JOBS} workers",
            m["dialog"] * 1000,
            m["cli"] * 1000 * WITHIN,
            f"Run pressed to results shown; {ratio:.2f}x tacforge batch (budget <= {WITHIN:.2f}x)",
        ),
    ]


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    for name, value, budget, note in run():
        shown = "-" if budget is None else f"{budget:.0f} ms"
        print(f"{name}: {value:.0f} ms (budget {shown}) {note}")
