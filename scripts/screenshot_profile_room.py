"""docs/screenshots/import-profile.png: the Western pack's import profile in the terrain room (its rules and the
elevation thresholds), opened from a copy of the pack so that nothing shipped is touched.

    xvfb-run -a -s "-screen 0 1600x1000x24" .venv/bin/python scripts/screenshot_profile_room.py \
        docs/screenshots/import-profile.png
"""

import shutil
import sys
import tempfile
from pathlib import Path

from PyQt6.QtCore import QSettings
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QApplication

app = QApplication.instance() or QApplication([])
from tacforge.editor.shell.main_window import MainWindow  # noqa: E402 (after the QApplication)
from tacforge.editor.shell.workspace import Workspace  # noqa: E402

WESTERN = Path(__file__).resolve().parents[1] / "plugins/western/tacforge_western/pack"


def main(out: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "western_copy"
        shutil.copytree(WESTERN, copy)
        manifest = copy / "pack.yaml"
        manifest.write_text(manifest.read_text().replace("id: western", "id: western_copy"))
        window = MainWindow(Workspace([copy]), QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat))
        window.resize(1500, 900)
        window.show()
        tab = window.open_path(copy / "import_profile.yaml")
        tab.rules_view.selectRow(4)
        QTest.qWait(300)
        window.grab().save(str(out))
        window.validator.shutdown()
        window.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
