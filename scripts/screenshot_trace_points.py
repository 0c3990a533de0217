"""docs/screenshots/trace-control-points.png: a period map traced under the bocage map and fitted to control points,
taken on a real X server (Xvfb) so that the trace dialog shows beside the editor's window.

    xvfb-run -s "-screen 0 1900x1000x24" .venv/bin/python scripts/screenshot_trace_points.py \
        docs/screenshots/trace-control-points.png

The "scan" is made here from the map itself, as a stand-in for a real period map: the terrain drawn in sepia with
its place names, on paper, turned 7 degrees and shrunk unevenly (90% across, 95% down) as an old sheet is. The
designer's clicks are real mouse clicks on the map view: each feature on the scan where it shows under the map, then
its square. The fifth point is clicked 0.6 of a square east of its square, as a hurried designer might, so that its
residual shows.
"""

import shutil
import sys
import tempfile
from pathlib import Path

from PyQt6.QtCore import QPoint, QPointF, QRectF, QSettings, Qt
from PyQt6.QtGui import QColor, QFont, QGuiApplication, QImage, QPainter, QTransform
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QApplication

app = QApplication.instance() or QApplication([])
from tacforge.editor.map.picture import MapPicture  # noqa: E402 (after the QApplication)
from tacforge.editor.map.trace_fit import apply  # noqa: E402
from tacforge.editor.shell.main_window import MainWindow  # noqa: E402
from tacforge.editor.shell.workspace import Workspace  # noqa: E402

WESTERN = Path(__file__).resolve().parents[1] / "plugins/western/tacforge_western/pack"
PX = 8  # the period map's pixels per square before it is turned and shrunk


def period_map(model) -> QImage:
    """The map's terrain in sepia on paper, with its place names in an italic serif, PX pixels per square."""
    overview = MapPicture(model).overview.convertToFormat(QImage.Format.Format_Grayscale8)
    size = QRectF(0, 0, model.width * PX, model.height * PX)
    image = QImage(int(size.width()), int(size.height()), QImage.Format.Format_RGB32)
    image.fill(QColor(236, 222, 190))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    p.setOpacity(0.55)
    p.drawImage(size, overview.convertToFormat(QImage.Format.Format_RGB32))
    p.setOpacity(1.0)
    p.setCompositionMode(QPainter.CompositionMode.CompositionMode_Multiply)
    p.fillRect(size, QColor(222, 190, 140))
    p.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
    font = QFont("serif", 11)
    font.setItalic(True)
    p.setFont(font)
    p.setPen(QColor(60, 35, 20))
    for name, x, y in model.labels:
        p.drawText(QPointF(x * PX + PX, y * PX), name)
    p.end()
    return image


def scanned(period: QImage) -> tuple[QImage, QTransform]:
    """The period map on a paper sheet, turned and unevenly shrunk; and the transform from its pixels to the scan's."""
    turn = QTransform().translate(90, 40).rotate(7).scale(0.90, 0.95)
    sheet = QImage(620, 560, QImage.Format.Format_RGB32)
    sheet.fill(QColor(226, 214, 186))
    p = QPainter(sheet)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    p.setTransform(turn)
    p.drawImage(QPointF(0, 0), period)
    p.setPen(QColor(60, 35, 20))
    p.drawRect(QRectF(0, 0, period.width(), period.height()))
    p.end()
    return sheet, turn


tmp = Path(tempfile.mkdtemp())
pack = tmp / "western"
shutil.copytree(WESTERN, pack)
window = MainWindow(Workspace([pack]), QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat))
map_path = pack / "maps" / "bocage_crossroads.yaml"
window.open_path(map_path)
window.setGeometry(0, 0, 1240, 990)
for dock in window.docks:  # the map itself is the subject
    dock.hide()
window.show()
QTest.qWaitForWindowExposed(window)
tab = window.current_tab()
view = tab.view
sheet, turn = scanned(period_map(view.model))
scan_path = tmp / "period-map.png"
sheet.save(str(scan_path))

tab.trace_dialog(window, window.settings)
dialog = tab._trace_dialog
dialog.image_path = str(scan_path)
dialog.file.setText(scan_path.name)
dialog.scale.setValue(9.0)  # roughly where the designer first lays it: 9 px per square, from the corner
dialog.opacity.setValue(60)
dialog.apply()
dialog.setGeometry(1250, 0, 640, 990)
app.processEvents()


def at(x: float, y: float) -> QPoint:
    o, c = view.origin(), view.cell
    return QPoint(round(o.x() + x * c), round(o.y() + y * c))


QTest.mouseClick(dialog.points.add, Qt.MouseButton.LeftButton)
features = [(x, y) for _, x, y in view.model.labels][:4] + [(30, 30)]
for number, (x, y) in enumerate(features):
    pixel = turn.map(QPointF((x + 0.5) * PX, (y + 0.5) * PX))
    shown = apply(view.trace[0].matrix(), pixel.x(), pixel.y())  # where the scan shows it now
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(*shown))
    off = 0.6 if number == 4 else 0.0
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(x + 0.5 + off, y + 0.5))
    app.processEvents()
QTest.keyClick(view, Qt.Key.Key_Escape)
dialog.opacity.setValue(65)
app.processEvents()
QTest.qWait(200)
fit = view.trace[0].fit()
print("residuals (squares):", [round(r, 3) for r in fit.residuals], "rms", round(fit.rms, 3))
screen = QGuiApplication.primaryScreen()
screen.grabWindow(0, 0, 0, 1890, 990).save(sys.argv[1])
dialog.close()
