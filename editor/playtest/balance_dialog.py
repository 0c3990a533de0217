"""The Balance Run dialog: N computer-against-computer games of the scenario as the editor holds it (unsaved edits
included, through PlaytestSource), played in worker processes by engine.balance.run_batch (the games and report of
`tacforge batch` with the same seed) from a BalanceRun thread. Progress with the time left, Cancel, the results,
and the comparison with the previous run (before and after an edit).

The dialog stays open beside the editor: each Run reads the documents afresh, so edit, run, and compare.
"""

from __future__ import annotations

import time
from pathlib import Path

from PyQt6.QtCore import QCoreApplication, pyqtSignal
from PyQt6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
)

from tacforge.engine.balance.batch import default_jobs

from .balance_compare import CompareView
from .balance_figures import compare
from .balance_progress import BalanceOptions, TimeLeft, progress_text
from .balance_results import BalanceResults
from .balance_runner import BalanceRun
from .run_changes import content_changes
from .source import PlaytestSource

MAX_RUNS = 10_000
ERROR_STYLE = "color: #b00020"


class BalanceDialog(QDialog):
    unitChosen = pyqtSignal(object, str)  # the scenario file and a unit's id in the battle ("allied:C5")

    def __init__(self, workspace, scenario_path: Path, parent=None):
        super().__init__(parent)
        self.workspace = workspace
        self.scenario_path = Path(scenario_path)
        self.run_thread: BalanceRun | None = None
        self.playing: tuple[PlaytestSource, BalanceOptions] | None = None  # of the last run started
        self.time_left: TimeLeft | None = None
        # (report, source, options) of this run and the one before: a replay plays what the run played
        self.current: tuple | None = None
        self.previous: tuple | None = None
        # (content, scenario) each of them played, to say what was edited between them (None: not readable)
        self.current_content: tuple | None = None
        self.previous_content: tuple | None = None
        self.resize(1200, 860)
        layout = QVBoxLayout(self)
        layout.addLayout(self._settings())
        layout.addLayout(self._progress_row())
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet(ERROR_STYLE)
        self.message.hide()
        layout.addWidget(self.message)
        self.tabs = QTabWidget()
        self.results = BalanceResults()
        self.results.unitChosen.connect(lambda uid: self.unitChosen.emit(self.scenario_path, uid))
        self.results.gameChosen.connect(self.watch)
        self.compare_view = CompareView()
        self.comparison = self.compare_view.table
        self.tabs.addTab(self.results, "Results")
        self.tabs.addTab(self.compare_view, "Compare with previous")
        self.tabs.setTabEnabled(1, False)
        self.tabs.hide()  # until a run has finished
        layout.addWidget(self.tabs, 1)
        self.placeholder = QLabel(
            "Runs computer-against-computer games of the scenario as it is in the editor, "
            "unsaved edits included, with the same seeds and report as `tacforge batch`."
        )
        self.placeholder.setWordWrap(True)
        layout.addWidget(self.placeholder, 1)
        self._show_title()

    # -- construction ---------------------------------------------------------------------------------------------
    def _settings(self) -> QHBoxLayout:
        self.runs = QSpinBox()
        self.runs.setRange(1, MAX_RUNS)
        self.runs.setValue(100)
        self.seed = QSpinBox()
        self.seed.setRange(-(2**31), 2**31 - 1)
        self.handicap = QComboBox()
        self.handicap.addItem("scenario's", None)
        for level in range(1, 6):
            self.handicap.addItem(str(level), level)
        self.turns = QSpinBox()
        self.turns.setRange(0, 999)
        self.turns.setSpecialValueText("scenario's length")  # 0: play every turn of the scenario
        self.workers = QSpinBox()
        self.workers.setRange(1, default_jobs())
        self.workers.setValue(default_jobs())
        self.workers.setToolTip("Worker processes playing games at the same time (one per core is fastest)")
        row = QHBoxLayout()
        for fields in (
            ((("Games", self.runs), ("Seed", self.seed))),
            (("Handicap", self.handicap), ("Turns", self.turns)),
            (("Workers", self.workers),),
        ):
            form = QFormLayout()
            for label, widget in fields:
                form.addRow(label, widget)
            row.addLayout(form)
        row.addStretch(1)
        self.run_button = QPushButton("Run")
        self.run_button.setDefault(True)
        self.run_button.clicked.connect(self.start)
        self.compare_button = QPushButton("Compare with previous")
        self.compare_button.setEnabled(False)
        self.compare_button.clicked.connect(self.compare_with_previous)
        close = QPushButton("Close")
        close.clicked.connect(self.close)
        for button in (self.run_button, self.compare_button, close):
            row.addWidget(button)
        return row

    def _progress_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.progress = QProgressBar()
        self.progress.setFormat("%v of %m games")
        self.progress_label = QLabel()
        # wide enough for the longest line it shows, so that the bar does not jump as the text changes
        self.progress_label.setMinimumWidth(
            self.fontMetrics().horizontalAdvance("10000 of 10000 games, about 59 min 59 s left")
        )
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        row.addWidget(self.progress, 1)
        row.addWidget(self.progress_label)
        row.addWidget(self.cancel_button)
        return row

    def options(self) -> BalanceOptions:
        return BalanceOptions(
            runs=self.runs.value(),
            seed=self.seed.value(),
            handicap=self.handicap.currentData(),
            jobs=self.workers.value(),
            turns=self.turns.value() or None,
        )

    def set_scenario(self, scenario_path: Path) -> None:
        """Runs from now on play this scenario; the last runs stay, to compare with."""
        if self.running:
            return
        self.scenario_path = Path(scenario_path)
        self._show_title()

    def _show_title(self) -> None:
        self.setWindowTitle(f"Balance run: {self.scenario_path.name}")

    # -- running --------------------------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.run_thread is not None

    def start(self) -> None:
        if self.running:
            return
        source = PlaytestSource.from_workspace(self.workspace, self.scenario_path)
        options = self.options()
        self.message.hide()
        self.progress.setRange(0, options.runs)
        self.progress.setValue(0)
        self.progress_label.setText("checking the scenario, starting the workers")
        self.time_left = TimeLeft(options.runs, time.monotonic())
        thread = BalanceRun(source, options, self)
        thread.progressed.connect(self._progressed)
        thread.reportReady.connect(self._finished)  # bound methods: called in this thread, queued
        thread.failed.connect(self._failed)
        thread.finished.connect(self._thread_ended)
        self.run_thread = thread
        self.playing = (source, options)
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        thread.start()

    def cancel(self) -> None:
        if self.run_thread is not None:  # running
            self.run_thread.cancel()
            self.cancel_button.setEnabled(False)
            self.progress_label.setText("cancelling: the games being played finish")

    def stop(self) -> None:
        """Cancel a run and wait for it (the window or the editor is closing): no process is left behind."""
        if self.run_thread is not None:  # running
            self.run_thread.cancel()
            self.run_thread.wait()
            QCoreApplication.sendPostedEvents(self)  # its last signals: the report of the games played
            self._thread_ended()

    def _progressed(self, done: int, total: int) -> None:
        self.progress.setValue(done)
        if self.run_thread is not None and not self.run_thread.cancelled and self.time_left is not None:
            self.progress_label.setText(progress_text(done, total, self.time_left.update(done, time.monotonic())))

    def _finished(self, report) -> None:
        if self.playing is None:
            return  # (a report comes from a run started, which set `playing`)
        source, options = self.playing
        if not report.games:
            self._failed("The run was cancelled before any game finished.")
            return
        if self.current is not None:
            self.previous, self.previous_content = self.current, self.current_content
        self.current = (report, source, options)
        self.current_content = self.run_thread.loaded if self.run_thread is not None else None
        self.progress_label.setText(
            f"{report.n} of {report.runs} games"
            + (" (cancelled)" if report.cancelled else f" in {report.elapsed:.1f} s")
        )
        self.placeholder.hide()
        self.tabs.show()
        self.results.show_report(report)
        self.compare_button.setEnabled(self.previous is not None)
        self.tabs.setTabEnabled(1, self.previous is not None)
        if self.previous is not None:
            changes = None
            if self.previous_content is not None and self.current_content is not None:
                changes = content_changes(self.previous_content, self.current_content)
            self.compare_view.show_comparison(compare(self.previous[0], report), changes)
        self.tabs.setCurrentIndex(0)

    def _failed(self, message: str) -> None:
        self.message.setText(message)
        self.message.show()
        self.progress_label.setText("stopped")

    def _thread_ended(self) -> None:
        if self.run_thread is not None:
            self.run_thread.deleteLater()
        self.run_thread = None
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)

    def compare_with_previous(self) -> None:
        if self.previous is not None:
            self.tabs.setCurrentWidget(self.compare_view)

    # -- replays --------------------------------------------------------------------------------------------------
    def watch(self, game) -> None:
        """Open one game of the current run as a replay (the battle window's watch_game)."""
        if self.current is None:
            return
        report, source, options = self.current
        from tacforge.editor.playtest import watch_game

        watch_game(
            self,
            str(source.scenario_path),
            source.pack_paths,
            game.seed,
            report.handicap,
            unsaved=source.unsaved,
            turns=options.turns,
        )

    def closeEvent(self, event) -> None:
        self.stop()
        super().closeEvent(event)

    def reject(self) -> None:  # Escape: like closing
        self.stop()
        super().reject()
