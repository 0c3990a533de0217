"""A balance run off the window's thread: a QThread that checks the source and calls engine.balance.run_batch, which
plays the games in worker processes. The window only receives signals, so it never waits for a game.

Cancel sets run_batch's cancel flag: no game is started after it, the queued ones are dropped, the ones being
played finish (one per worker at most) and the pool's processes end before `run` returns.
"""

from __future__ import annotations

import threading

from PyQt6.QtCore import QThread, pyqtSignal

from tacforge.engine.balance import BatchError, run_batch

from .balance_progress import BalanceOptions
from .source import PlaytestSource

ERRORS_LISTED = 8


def validation_message(errors: list) -> str:
    """Why a scenario with errors cannot be played, for a person: the first errors with file and line."""
    lines = [
        f"The scenario has {len(errors)} error{'s' if len(errors) != 1 else ''}; fix "
        f"{'them' if len(errors) != 1 else 'it'} (see the Issues dock) and run again:"
    ]
    lines += [f"  {issue.location()}: {issue.message}" for issue in errors[:ERRORS_LISTED]]
    if len(errors) > ERRORS_LISTED:
        lines.append(f"  and {len(errors) - ERRORS_LISTED} more")
    return "\n".join(lines)


class BalanceRun(QThread):
    """One run: `progressed(done, total)` after each game, then `reportReady(BatchReport)` (also for a cancelled
    run, which holds the games finished) or `failed(message)`."""

    progressed = pyqtSignal(int, int)
    reportReady = pyqtSignal(object)
    failed = pyqtSignal(str)

    def __init__(self, source: PlaytestSource, options: BalanceOptions, parent=None):
        super().__init__(parent)
        self.source, self.options = source, options
        self._cancel = threading.Event()
        self.loaded: tuple | None = None  # (content, scenario) played: what the comparison of two runs diffs

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def run(self) -> None:
        try:
            errors = [issue for issue in self.source.issues() if issue.is_error]
            if errors:
                self.failed.emit(validation_message(errors))
                return
            self.loaded = self.source.load()
            report = run_batch(
                **self.source.batch_arguments(),
                **self.options.batch_arguments(),
                progress=self.progressed.emit,
                cancel=self._cancel,
            )
        except BatchError as exc:
            self.failed.emit(f"The balance run stopped: {exc}")
        except Exception as exc:  # shown in the dialog, never a traceback on the console only
            self.failed.emit(f"The balance run stopped: {type(exc).__name__}: {exc}")
        else:
            self.reportReady.emit(report)
