"""The editor offscreen on a writable copy of a bundled pack (Western or Eastern), for the README's screenshot
scripts and the build scripts that make a scenario in the editor."""

import os
import shutil
import tempfile
from pathlib import Path

PLUGINS = Path(__file__).resolve().parents[1] / "plugins"
WESTERN = PLUGINS / "western/tacforge_western/pack"
EASTERN = PLUGINS / "eastern/tacforge_eastern/pack"


def pack_copy_window(source: Path, pack_id: str, name_prefix: str = "", leave_out: tuple[str, ...] = ()):
    """(app, main window, pack folder): the pack at `source` copied to a temporary folder as `pack_id` (its name
    prefixed with `name_prefix`, without the files named in `leave_out`), the window on it with its own settings
    and recovery folder."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # xvfb-run ... QT_QPA_PLATFORM=xcb: a real X server
    from PyQt6.QtCore import QSettings
    from PyQt6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from tacforge.editor.shell.main_window import MainWindow
    from tacforge.editor.shell.workspace import Workspace

    tmp = Path(tempfile.mkdtemp())
    os.environ["TACFORGE_RECOVERY_DIR"] = str(tmp / "rec")
    os.environ["XDG_DATA_HOME"] = str(tmp / "data")  # the user's packs folder (platformdirs): never the real one
    original_id = source.parent.name.removeprefix("tacforge_")  # the folder's package names the pack
    pack = tmp / original_id
    shutil.copytree(source, pack, ignore=lambda _folder, names: [n for n in names if n in leave_out])
    manifest = pack / "pack.yaml"
    manifest.write_text(
        manifest.read_text()
        .replace(f"id: {original_id}", f"id: {pack_id}", 1)
        .replace("name: ", f"name: {name_prefix}", 1)
    )
    window = MainWindow(Workspace([pack]), QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat))
    return app, window, pack


def western_copy_window(pack_id: str, name_prefix: str = "", leave_out: tuple[str, ...] = ()):
    """The Western pack's copy (pack_copy_window)."""
    return pack_copy_window(WESTERN, pack_id, name_prefix, leave_out)


def eastern_copy_window(pack_id: str, name_prefix: str = "", leave_out: tuple[str, ...] = ()):
    """The Eastern pack's copy (pack_copy_window)."""
    return pack_copy_window(EASTERN, pack_id, name_prefix, leave_out)
