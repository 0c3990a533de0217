"""The editor offscreen on a writable copy of the Western pack, for the README's screenshot scripts."""

import os
import shutil
import tempfile
from pathlib import Path

WESTERN = Path(__file__).resolve().parents[1] / "plugins/western/tacforge_western/pack"


def western_copy_window(pack_id: str, name_prefix: str = "", leave_out: tuple[str, ...] = ()):
    """(app, main window, pack folder): the pack copied to a temporary folder as `pack_id` (its name prefixed
    with `name_prefix`, without the files named in `leave_out`), the window on it with its own settings and
    recovery folder."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # xvfb-run ... QT_QPA_PLATFORM=xcb: a real X server
    from PyQt6.QtCore import QSettings
    from PyQt6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from tacforge.editor.shell.main_window import MainWindow
    from tacforge.editor.shell.workspace import Workspace

    tmp = Path(tempfile.mkdtemp())
    os.environ["TACFORGE_RECOVERY_DIR"] = str(tmp / "rec")
    os.environ["XDG_DATA_HOME"] = str(tmp / "data")  # the user's packs folder (platformdirs): never the real one
    pack = tmp / "western"
    shutil.copytree(WESTERN, pack, ignore=lambda _folder, names: [n for n in names if n in leave_out])
    manifest = pack / "pack.yaml"
    manifest.write_text(
        manifest.read_text().replace("id: western", f"id: {pack_id}").replace("name: ", f"name: {name_prefix}", 1)
    )
    window = MainWindow(Workspace([pack]), QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat))
    return app, window, pack
