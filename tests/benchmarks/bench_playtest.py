"""Benchmark: F5 to the first battle frame (docs/architecture.md 8: 1 s), offscreen: the main window holds the first
historical Western scenario with an unsaved edit; from Playtest again (Ctrl+F5, the last choice: the Allies played by a
human, so the frame is that of their first orders phase) to the battle window's map painted with that frame. The pack's
validation, the load of the edited scenario, the battle's set-up and the window are all inside the time."""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PyQt6.QtCore import QSettings  # noqa: E402
from PyQt6.QtWidgets import QApplication  # noqa: E402

from tacforge.editor.playtest.battle_map import BattleMapView  # noqa: E402
from tacforge.editor.playtest.controller import COMPUTER, HUMAN, PlaytestChoice  # noqa: E402
from tacforge.editor.shell.main_window import MainWindow  # noqa: E402
from tacforge.editor.shell.workspace import Workspace  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from qt_lifetime import application, release  # noqa: E402


def f5_ms(window) -> float:
    painted: list[float] = []
    original = BattleMapView.paintEvent

    def paint(view, event):
        original(view, event)
        if view.frame is not None and not painted:
            painted.append(time.perf_counter())

    BattleMapView.paintEvent = paint
    try:
        start = time.perf_counter()
        battle = window.playtests.start(repeat=True)
        while not painted:
            QApplication.processEvents()
            time.sleep(0.001)
        battle.close()
        return (painted[0] - start) * 1000
    finally:
        BattleMapView.paintEvent = original


def run() -> list[tuple[str, float, float | None, str]]:
    application()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["TACFORGE_RECOVERY_DIR"] = str(Path(tmp) / "recovery")
        workspace = Workspace()
        window = MainWindow(workspace, QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat))
        window.show()
        path = workspace.first_scenario()
        tab = window.open_path(path)
        document = next(d for d in tab.documents() if d.kind == "scenario")
        document.set_value(("turns",), 12, "An unsaved edit")
        window.playtests.last = PlaytestChoice({"allied": HUMAN, "german": COMPUTER}, seed=1)
        times = [f5_ms(window) for _ in range(5)]
        document.undo.undo()
        window.validator.shutdown()
        release(window)
    return [
        (
            "editor: F5 to first battle frame",
            statistics.median(times),
            1000.0,
            f"{path.stem}, unsaved edit, Allies human",
        )
    ]


if __name__ == "__main__":
    for name, value, budget, note in run():
        print(f"{name}: {value:.0f} ms (budget {budget:.0f}) {note}")
