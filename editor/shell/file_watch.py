"""Files of the open packs changed by another program (a text editor, git, a script): the editor re-reads them.

`PackWatcher` watches each open pack's folders and YAML files and reports what changed in batches (a save by
another program is often a burst of events). `take_disk_changes` brings the open documents up to date: an
unmodified one is reloaded (one undoable step), a modified one only after the designer agrees; a file that still
holds what the document last saved or loaded (the editor's own save) is left alone.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PyQt6.QtCore import QFileSystemWatcher, QObject, QTimer, pyqtSignal

from .restore import reload_from_disk

PACK_FILES = ("*.yaml", "*.yml")


class PackWatcher(QObject):
    filesChanged = pyqtSignal(list)  # the changed files and folders (Path), once things have settled

    def __init__(self, settle_ms: int = 250, parent=None):
        super().__init__(parent)
        self.packs: set[Path] = set()
        self._watcher = QFileSystemWatcher(self)
        self._watcher.fileChanged.connect(self._noted)
        self._watcher.directoryChanged.connect(self._noted)
        self._pending: set[Path] = set()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(settle_ms)
        self._timer.timeout.connect(self._report)

    def watch_pack(self, folder: Path | None) -> None:
        if folder is not None:
            self.packs.add(Path(folder).resolve())
            self._rewatch()

    def _rewatch(self) -> None:
        """(Re)add every folder and pack file: a save by rename drops the old file's watch, new files need one."""
        wanted = set()
        for pack in self.packs:
            wanted |= {str(d) for d in [pack, *pack.rglob("*")] if d.is_dir()}
            wanted |= {str(f) for pattern in PACK_FILES for f in pack.rglob(pattern)}
        missing = sorted(wanted - set(self._watcher.files()) - set(self._watcher.directories()))
        if missing:
            self._watcher.addPaths(missing)

    def _noted(self, path: str) -> None:
        self._pending.add(Path(path))
        self._timer.start()

    def _report(self) -> None:
        changed, self._pending = sorted(self._pending), set()
        self._rewatch()
        self.filesChanged.emit(changed)


def take_disk_changes(documents, changed: list[Path], reload_modified: Callable[[object], bool]) -> list[str]:
    """Reload the open documents whose files changed on disk; `reload_modified(document)` asks before one with
    unsaved edits is replaced. Returns what happened, one line per document, for the status bar."""
    changed_paths = {Path(p).resolve() for p in changed}
    notes = []
    for document in documents:
        path = document.path.resolve()
        if path not in changed_paths and path.parent not in changed_paths:
            continue
        if not path.is_file():
            notes.append(f"{path.name} was deleted on disk; saving writes it again")
            continue
        try:
            if path.read_text(encoding="utf-8") == document.saved_text:
                continue  # our own save, or a touch
        except (OSError, UnicodeDecodeError):
            continue  # unreadable now: validation reports it
        if document.dirty and not reload_modified(document):
            notes.append(f"{path.name} changed on disk; kept your unsaved version")
        elif reload_from_disk(document):
            notes.append(f"{path.name} changed on disk and was reloaded")
        else:
            notes.append(f"{path.name} changed on disk but cannot be read; see the issues")
    return notes
