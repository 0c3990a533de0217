"""The Packs browser's archive actions: build a pack's .tacpack, install one, remove a user-installed pack. The
engine (tacforge.engine.sharing) does the work and all its checks, exactly as `tacforge pack` does; this module asks
for the files, says what was done or why not, and has the workspace read the packs again."""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtGui import QAction
from PyQt6.QtWidgets import QFileDialog, QMessageBox

from ..qt_present import present

ARCHIVE_FILTER = "Pack archives (*.tacpack)"


class PackSharing:
    """Three actions on the main window, shown in its File menu and in the Packs browser's context menu."""

    def __init__(self, window) -> None:
        self.window = window
        self.build_action = self._action("Build pack archive…", self.build)
        self.install_action = self._action("Install pack archive…", self.install)
        self.remove_action = self._action("Remove installed pack…", self.remove)
        self.actions = [self.build_action, self.install_action, self.remove_action]

    def _action(self, text: str, slot) -> QAction:
        action = QAction(text, self.window)
        action.triggered.connect(lambda _checked=False: slot())
        return action

    # -- helpers --------------------------------------------------------------------------------------------------
    def _selected_pack(self, title: str):
        pack_id = self.window.browser.selected_pack_id()
        # any pack the browser lists, a broken one too (packset.packs holds the usable ones only)
        pack = next((p for p in self.window.workspace.packset.all if p.id == pack_id), None) if pack_id else None
        if pack is None:
            QMessageBox.information(self.window, title, "Select a pack in the Packs browser first.")
        return pack

    def _open_documents_of(self, folder: Path) -> list:
        folder = Path(folder).resolve()
        return [d for d in self.window.workspace.documents if folder in Path(d.path).resolve().parents]

    def _refresh(self, note: str) -> None:
        self.window.workspace.reload()
        self.window.browser.show_packs(self.window.workspace)
        self.window.validator.schedule()
        present(self.window.statusBar()).showMessage(note, 10_000)

    def _start_folder(self) -> str:
        return str(self.window.settings.value("archive_folder", str(Path.home())))

    # -- the actions ----------------------------------------------------------------------------------------------
    def build(self) -> None:
        from tacforge.engine.sharing import PackArchiveError, build_archive

        title = "Build pack archive"
        pack = self._selected_pack(title)
        if pack is None:
            return
        if any(d.dirty for d in self._open_documents_of(pack.location.folder)):
            QMessageBox.warning(
                self.window,
                title,
                f"Save the changes to pack {pack.id} first: the archive holds the files as they are on disk.",
            )
            return
        version = pack.manifest.version if pack.manifest else "0"
        suggested = str(Path(self._start_folder()) / f"{pack.id}-{version}.tacpack")
        path, _ = QFileDialog.getSaveFileName(self.window, title, suggested, ARCHIVE_FILTER)
        if not path:
            return
        target = Path(path) if Path(path).suffix == ".tacpack" else Path(path + ".tacpack")
        self.window.settings.setValue("archive_folder", str(target.parent))
        try:
            built = build_archive(pack.location.folder, target)
        except PackArchiveError as exc:
            QMessageBox.warning(self.window, title, str(exc))
            return
        present(self.window.statusBar()).showMessage(
            f"Built {built.output.name}: pack {built.pack_id} {built.version}, {built.files} files", 10_000
        )

    def install(self) -> None:
        from tacforge.engine.sharing import AlreadyInstalled, PackArchiveError, install_archive

        title = "Install pack archive"
        path, _ = QFileDialog.getOpenFileName(self.window, title, self._start_folder(), ARCHIVE_FILTER)
        if not path:
            return
        self.window.settings.setValue("archive_folder", str(Path(path).parent))
        pack_paths = [str(p) for p in self.window.workspace.extra]
        try:
            try:
                done = install_archive(Path(path), False, pack_paths)
            except AlreadyInstalled as exc:
                answer = QMessageBox.question(
                    self.window,
                    title,
                    f"{exc}\n\nReplace the installed pack?",
                    QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                )
                if answer != QMessageBox.StandardButton.Yes:
                    return
                if self._open_documents_of(exc.folder):
                    QMessageBox.warning(self.window, title, "Close the files of the installed pack first.")
                    return
                done = install_archive(Path(path), True, pack_paths)
        except PackArchiveError as exc:
            QMessageBox.warning(self.window, title, str(exc))
            return
        replaced = f" (replacing {done.replaced})" if done.replaced else ""
        self._refresh(f"Installed pack {done.pack_id} {done.version}{replaced} in {done.folder}")

    def remove(self) -> None:
        from tacforge.engine.sharing import PackArchiveError, removable_folder, remove_pack

        title = "Remove installed pack"
        pack = self._selected_pack(title)
        if pack is None:
            return
        pack_paths = [str(p) for p in self.window.workspace.extra]
        try:
            folder, version = removable_folder(pack.id, pack_paths)
        except PackArchiveError as exc:
            QMessageBox.warning(self.window, title, str(exc))
            return
        if self._open_documents_of(folder):
            QMessageBox.warning(self.window, title, f"Close the files of pack {pack.id} first.")
            return
        answer = QMessageBox.question(
            self.window,
            title,
            f"Remove pack {pack.id} {version} from the user pack folder?\n{folder}\n\nIts files are deleted.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
        try:
            done = remove_pack(pack.id, pack_paths)
        except PackArchiveError as exc:
            QMessageBox.warning(self.window, title, str(exc))
            return
        self._refresh(f"Removed pack {done.pack_id} {done.version}")
