"""docs/screenshots/import-real-ground.png: File ▸ Import real ground… on the shipped sample extract and elevation
model, after Preview (the area round the map over the features read, the frame being the map).

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/screenshot_import_ground.py \\
        docs/screenshots/import-real-ground.png
"""

import sys
from pathlib import Path

from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QApplication

app = QApplication.instance() or QApplication([])
from tacforge.editor.shell.import_ground_dialog import ImportGroundDialog  # noqa: E402 (after the QApplication)
from tacforge.engine.packs import load_packs  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "tests" / "data" / "real_ground"


def main(out: Path) -> None:
    content = load_packs(env={}, include_user_dir=False).content("western")
    dialog = ImportGroundDialog(content, REPO)  # (nothing is written: the dialog is never accepted)
    dialog.osm.setText(str(SAMPLE / "sample.osm"))
    dialog.dem.setText(str(SAMPLE / "sample.tif"))
    dialog.lat.setValue(49.0)
    dialog.lon.setValue(2.0)
    dialog.width_box.setValue(40)
    dialog.height_box.setValue(30)
    dialog.map_id.setText("foy_ground")
    dialog.name.setText("Foy, real ground")
    dialog.method.setCurrentText("metres")
    dialog.low.setValue(70)
    dialog.high.setValue(105)
    dialog.show()
    if dialog.show_preview() is None:
        raise SystemExit("the preview failed: see the message above")
    QTest.qWait(300)
    dialog.grab().save(str(out))
    dialog.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
