"""Starting the editor: `tacforge-editor [FILE ...]` or `python -m editor`. It opens the files given, else the
documents open when it last closed (session.py), else, on the very first start, the Western pack's first
historical scenario; and it offers to restore work an earlier session did not save."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from PyQt6.QtCore import QSettings
from PyQt6.QtWidgets import QApplication, QMessageBox

from tacforge.engine.atomic_files import remove_stale_temporaries

from . import recovery
from .main_window import MainWindow
from .pack_places import remembered_packs
from .session import last_session
from .workspace import Workspace


def offer_recovery(window: MainWindow) -> None:
    for original, copy, when in recovery.pending():
        stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(when))
        answer = QMessageBox.question(
            window,
            "Recover unsaved work",
            f"{original} has unsaved changes from {stamp} that were not saved when the editor "
            "last closed. Restore them?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        )
        if answer == QMessageBox.StandardButton.Yes and original.exists():
            tab = window.open_path(original)
            if tab is not None:
                from .restore import restore_text

                restore_text(tab, original, copy.read_text(encoding="utf-8"))
                continue
        recovery.discard(original)


def save_folders(workspace: Workspace) -> list[Path]:
    """Where the editor's saves write: every folder of the packs it sees, and the recovery folder."""
    folders = [recovery.recovery_dir()]
    for pack in workspace.packset.all:
        for root, dirs, _ in os.walk(pack.location.folder):
            dirs[:] = [d for d in dirs if not d.startswith(".")]  # a staging folder is removed whole, not entered
            folders.append(Path(root))
    return folders


def application() -> QApplication:
    """The one QApplication. One made here is kept in this module: PyQt deletes a QApplication (and with it every
    window) as soon as nothing in Python refers to it, which a local variable does not outlive."""
    global _APPLICATION
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        app = existing
    else:  # (a QCoreApplication without widgets cannot be the editor's: QApplication() below refuses it)
        app = _APPLICATION = QApplication(sys.argv[:1])
    app.setApplicationName("tacforge")
    app.setOrganizationName("tacforge")
    return app


_APPLICATION: QApplication | None = None


def open_window(argv: list[str] | None = None, settings: QSettings | None = None) -> MainWindow:
    """The main window as `tacforge-editor` shows it: the packs found, the files given (else the first scenario)
    open, recovery offered. `settings` defaults to the user's (tests pass their own)."""
    parser = argparse.ArgumentParser(prog="tacforge-editor", description="The tacforge scenario and map editor.")
    parser.add_argument("files", nargs="*", type=Path, help="scenarios or maps to open")
    parser.add_argument("--pack-path", action="append", default=[], type=Path, help="also look for packs here")
    args = parser.parse_args(argv)
    application()
    settings = settings if settings is not None else QSettings("tacforge", "editor")
    workspace = Workspace(args.pack_path + remembered_packs(settings))
    remove_stale_temporaries(save_folders(workspace))
    window = MainWindow(workspace, settings)
    window.show()
    session = last_session(settings)  # the documents open when the editor last closed; None on the first start
    first = [p for p in [workspace.first_scenario()] if p is not None]
    files = args.files or (session if session is not None else first)
    for path in files:
        window.open_path(path)
    offer_recovery(window)
    return window


def main(argv: list[str] | None = None) -> int:
    app = application()
    window = open_window(argv)  # noqa: F841 (kept alive while the application runs)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
