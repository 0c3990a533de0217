"""Live issues: the open pack is validated in the background, with unsaved documents as they stand, about half a
second after the last edit (the issue dock updates within a second of an edit)."""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtCore import QObject, QRunnable, QThreadPool, QTimer, pyqtSignal

from tacforge.engine.packs import load_packs
from tacforge.engine.source_locations import locate_issues
from tacforge.engine.yamlio import unsaved

from ..qt_present import present


class _Signals(QObject):
    done = pyqtSignal(int, list)


class _Job(QRunnable):
    def __init__(self, serial: int, pack_paths: list[str], texts: dict[Path, str], folder: Path | None, signals):
        super().__init__()
        self.serial, self.pack_paths, self.texts, self.folder, self.signals = serial, pack_paths, texts, folder, signals

    def run(self) -> None:
        try:
            with unsaved(self.texts):
                packset = load_packs(self.pack_paths, use_cache=True)
            pack = next((p for p in packset.all if p.location.folder == self.folder), None)
            issues = list(pack.issues.items) if pack else list(packset.issues.items)
            issues = locate_issues(issues, {**packset.texts(), **self.texts})
        except Exception as exc:  # a checker must never take the editor down
            from tacforge.engine.issues import error

            issues = [error("editor.validation", f"validation failed: {type(exc).__name__}: {exc}")]
        try:
            self.signals.done.emit(self.serial, issues)
        except RuntimeError:
            pass  # the window (and its validator) went away while this check ran: nobody waits for the result


class LiveValidator(QObject):
    issuesChanged = pyqtSignal(list)

    def __init__(self, workspace, delay_ms: int = 400):
        super().__init__()
        self.workspace = workspace
        self.folder: Path | None = None
        self._serial = 0
        self._signals = _Signals(self)
        self._signals.done.connect(self._finished)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self._start)
        self.issues: list = []
        self._running = False  # the newest check has started and not reported

    def watch(self, folder: Path | None) -> None:
        self.folder = folder
        self.schedule()

    def schedule(self) -> None:
        self._timer.start()

    def _start(self) -> None:
        self._serial += 1
        job = _Job(
            self._serial,
            [str(p) for p in self.workspace.extra],
            self.workspace.unsaved_texts(),
            self.folder,
            self._signals,
        )
        self._running = True
        present(QThreadPool.globalInstance()).start(job)

    def _finished(self, serial: int, issues: list) -> None:
        if serial != self._serial:
            return  # a newer check is on its way
        self._running = False
        self.issues = issues
        self.issuesChanged.emit(issues)

    def pending(self) -> bool:
        """A check is scheduled or running: the issues shown may not yet be those of the documents as they stand."""
        return self._timer.isActive() or self._running

    def wait(self, ms: int = 5000) -> bool:
        return present(QThreadPool.globalInstance()).waitForDone(ms)

    def shutdown(self) -> None:
        """Stop scheduling and let a running check finish before the window goes away."""
        self._timer.stop()
        self._serial += 1
        self.wait()
        self._running = False
