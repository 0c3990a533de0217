"""Trace control points (pytest-qt): in View > Trace image…, Add points, then a click on the scan and a click (or a
typed place) on the map per point; from three points on the scan is drawn warped by their fit, the table shows each
residual, and the points are kept with the trace for that map file."""

import pytest
from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import QPoint, QPointF, Qt
from PyQt6.QtGui import QColor, QImage, QPainter
from PyQt6.QtWidgets import QFileDialog

from tacforge.editor.map.trace import drawing_transform, load_trace
from tacforge.editor.map.trace_fit import apply, invert

QUADRANTS = {
    (0, 0): QColor(255, 0, 0),
    (1, 0): QColor(0, 255, 0),
    (0, 1): QColor(0, 0, 255),
    (1, 1): QColor(255, 255, 0),
}


def quadrant_png(tmp_path):
    """A 120-pixel scan in four colours: red top-left, green top-right, blue bottom-left, yellow bottom-right."""
    image = QImage(120, 120, QImage.Format.Format_RGB32)
    p = QPainter(image)
    for (i, j), colour in QUADRANTS.items():
        p.fillRect(i * 60, j * 60, 60, 60, colour)
    p.end()
    path = tmp_path / "period.png"
    assert image.save(str(path))
    return path


def rendered(view) -> QImage:
    image = QImage(view.viewport().size(), QImage.Format.Format_RGB32)
    view.viewport().render(image)
    return image


def at(view, x: float, y: float) -> QPoint:
    """The viewport pixel of map point (x, y), in squares from the map's corner."""
    o, c = view.origin(), view.cell
    return QPoint(round(o.x() + x * c), round(o.y() + y * c))


@pytest.fixture
def traced(qtbot, window, pack_copy, tmp_path, monkeypatch):
    """The bocage map open, View > Trace image… chosen through its Choose… button, the scan at 4 px per square
    over the terrain at full opacity (so that the rendered pixels are the scan's)."""
    scan = quadrant_png(tmp_path)
    map_path = pack_copy / "maps" / "bocage_crossroads.yaml"
    window.open_path(map_path)
    window.resize(1200, 900)
    window.show()
    qtbot.waitExposed(window)
    menu_action(window, "View", "Trace image").trigger()
    dialog = window.current_tab()._trace_dialog
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(scan), IMAGE_FILTER)))
    choose = next(b for b in dialog.findChildren(type(dialog.points.add)) if b.text() == "Choose…")
    qtbot.mouseClick(choose, Qt.MouseButton.LeftButton)
    dialog.scale.setValue(4)
    dialog.opacity.setValue(100)
    dialog.over.setChecked(True)
    return window, dialog, window.current_tab().view, map_path


IMAGE_FILTER = "Images (*.png *.jpg *.jpeg)"


def click(qtbot, view, x, y) -> None:
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, x, y))


def test_three_clicked_points_warp_the_scan_and_the_fit_is_kept(qtbot, traced, settings):
    window, dialog, view, map_path = traced
    manual = view.trace[0].matrix()
    qtbot.mouseClick(dialog.points.add, Qt.MouseButton.LeftButton)
    assert view.picking
    # the scan's pixels (30, 30), (90, 30), (30, 90), now at squares 7.5.. from the corner, go to a quarter turn
    # clockwise at half the size: pixel (u, v) to (40 - v/8, 10 + u/8) in the corner frame
    wanted = []
    for u, v in ((30, 30), (90, 30), (30, 90)):
        click(qtbot, view, *apply(manual, u, v))
        click(qtbot, view, 40 - v / 8, 10 + u / 8)
        clicked_image = invert(manual, *view.map_point_at(QPointF(at(view, *apply(manual, u, v)))))
        clicked_map = view.map_point_at(QPointF(at(view, 40 - v / 8, 10 + u / 8)))
        wanted.append((clicked_image, (clicked_map[0] - 0.5, clicked_map[1] - 0.5)))
    trace = view.trace[0]
    assert [(*p.pixel, *p.square) for p in trace.points] == [pytest.approx((*px, *sq)) for px, sq in wanted]
    fit = trace.fit()
    assert max(fit.residuals) < 1e-9  # three points fix an affine transform exactly
    assert dialog.points.table.rowCount() == 3 and dialog.points.table.item(0, 3).text() == "0.00 squares"
    assert not dialog.scale.isEnabled()  # the manual placement is set aside
    # the drawing transform takes each clicked pixel to its clicked place on the viewport
    to_view = drawing_transform(trace, view.origin(), view.cell)
    for point in trace.points:
        assert to_view.map(QPointF(*point.pixel)) == pytest.approx(
            view.origin() + QPointF((point.square[0] + 0.5) * view.cell, (point.square[1] + 0.5) * view.cell)
        )
    # and the scan is drawn turned: its top-left (red) lies north-east, its bottom-left (blue) north-west...
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert not view.picking and not dialog.points.add.isChecked()
    image = rendered(view)
    for (x, y), colour in (
        ((36, 12), (255, 0, 0)),
        ((28, 12), (0, 0, 255)),
        ((36, 23), (0, 255, 0)),
        ((28, 23), (255, 255, 0)),
    ):
        assert image.pixelColor(at(view, x + 0.3, y + 0.3)).getRgb()[:3] == colour
    # kept with the trace for this map file, and drawn the same when the map is opened again
    dialog.close()
    assert load_trace(settings, map_path) == trace
    window.close_tab(window.tabs.currentIndex())
    window.open_path(map_path)
    reopened = window.current_tab().view
    assert reopened.trace[0] == trace and reopened.trace[0].matrix() == trace.matrix()


def test_typed_places_moving_deleting_and_a_refused_fit(qtbot, traced):
    window, dialog, view, _ = traced
    panel = dialog.points
    qtbot.mouseClick(panel.add, Qt.MouseButton.LeftButton)
    for (x, y), typed in (((2, 2), "10, 10"), ((20, 2), "19, 10"), ((2, 20), "10, 19")):
        click(qtbot, view, x, y)
        qtbot.keyClicks(panel.place, typed)
        qtbot.keyClick(panel.place, Qt.Key.Key_Return)
    assert [p.square for p in view.trace[0].points] == [(10, 10), (19, 10), (10, 19)]
    assert "Fitted to 3 points" in panel.status.text() or view.picking
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert panel.status.text().startswith("Fitted to 3 points: RMS residual 0.00")
    # a fourth point typed one square east of where the other three put it: the residuals share that square
    qtbot.mouseClick(panel.add, Qt.MouseButton.LeftButton)
    click(qtbot, view, 20, 20)
    x, y = apply(view.trace[0].matrix(), *view.trace_pending)
    qtbot.keyClicks(panel.place, f"{x - 0.5 + 1:.6f}, {y - 0.5:.6f}")
    qtbot.keyClick(panel.place, Qt.Key.Key_Return)
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    residuals = view.trace[0].fit().residuals
    # four points nearly on a square: least squares spreads the error about evenly, a quarter square each
    assert residuals == pytest.approx([0.25] * 4, abs=0.03)
    assert [panel.table.item(row, 3).text() for row in range(4)] == [f"{r:.2f} squares" for r in residuals]
    # select it and type its right place: moved
    panel.table.selectRow(3)
    qtbot.keyClicks(panel.place, f"{x - 0.5:.6f}, {y - 0.5:.6f}")
    qtbot.keyClick(panel.place, Qt.Key.Key_Return)
    assert (
        view.trace[0].points[3].square == pytest.approx((x - 0.5, y - 0.5))
        and max(view.trace[0].fit().residuals) < 1e-5
    )
    # Delete two: one point left, the fit is refused, the manual placement holds again
    for _ in range(3):
        panel.table.selectRow(0)
        qtbot.mouseClick(panel.delete_point, Qt.MouseButton.LeftButton)
    assert len(view.trace[0].points) == 1
    assert "needs at least 3" in panel.status.text() and dialog.scale.isEnabled()
    assert view.trace[0].matrix() == ((0.25, -0.0, 0.0), (0.0, 0.25, 0.0))
    # collinear points: refused with the message, never drawn
    qtbot.mouseClick(panel.add, Qt.MouseButton.LeftButton)
    for (x, y), typed in (((10, 10), "30, 30"), ((20, 20), "40, 42")):
        click(qtbot, view, x, y)
        qtbot.keyClicks(panel.place, typed)
        qtbot.keyClick(panel.place, Qt.Key.Key_Return)
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert "lie on one line of the image" in panel.status.text()


def test_a_click_off_the_scan_is_not_a_control_point(qtbot, traced):
    _, dialog, view, _ = traced
    qtbot.mouseClick(dialog.points.add, Qt.MouseButton.LeftButton)
    click(qtbot, view, 45, 45)  # the scan covers 30 x 30 squares from the corner
    assert "off the scan" in dialog.points.status.text() and view.trace_pending is None


@pytest.fixture
def georeferenced(pack_copy):
    """The bocage map placed on the earth, centred at 49.10 N, 0.80 W (before the window loads the pack)."""
    map_path = pack_copy / "maps" / "bocage_crossroads.yaml"
    map_path.write_text(map_path.read_text().replace("height: 60\n", "height: 60\ngeoref: {lat: 49.1, lon: -0.8}\n"))
    return map_path


def test_on_a_georeferenced_map_a_georeferenced_period_map_lies_where_it_was(
    qtbot, georeferenced, window, tmp_path, monkeypatch
):
    """A period map drawn on a latitude-longitude grid (240 pixels for 0.08 degrees of longitude and 0.06 of
    latitude, its top-left at 49.13 N, 0.84 W), fitted by four points typed as latitudes and longitudes on a map
    centred at 49.10 N, 0.80 W: a village anywhere on it is drawn on the square of its latitude and longitude."""
    pytest.importorskip("pyproj", reason="the gis extra (make setup installs it)")
    from tacforge.engine.mapping.georef import MapProjection, square_metres

    def lat_lon(u, v):
        return 49.13 - v * 0.06 / 240, -0.84 + u * 0.08 / 240

    map_path = georeferenced
    scan = quadrant_png(tmp_path)
    image = QImage(str(scan)).scaled(240, 240)
    assert image.save(str(scan))
    window.open_path(map_path)
    window.resize(1200, 900)
    window.show()
    qtbot.waitExposed(window)
    menu_action(window, "View", "Trace image").trigger()
    dialog = window.current_tab()._trace_dialog
    view, panel = window.current_tab().view, dialog.points
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(scan), IMAGE_FILTER)))
    choose = next(b for b in dialog.findChildren(type(panel.add)) if b.text() == "Choose…")
    qtbot.mouseClick(choose, Qt.MouseButton.LeftButton)
    dialog.scale.setValue(8)
    panel.kind.setCurrentText("latitude, longitude")
    qtbot.mouseClick(panel.add, Qt.MouseButton.LeftButton)
    for x, y in ((2, 2), (27, 3), (3, 27), (28, 28)):  # near the period map's corners, 30 squares across at 8 px
        click(qtbot, view, x, y)
        lat, lon = lat_lon(*view.trace_pending)  # the graticule's reading at the pixel clicked
        qtbot.keyClicks(panel.place, f"{lat:.7f}, {lon:.7f}")
        qtbot.keyClick(panel.place, Qt.Key.Key_Return)
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    trace = view.trace[0]
    assert len(trace.points) == 4 and all(p.lat_lon is not None for p in trace.points)
    assert max(trace.fit().residuals) < 0.01  # a 6 km sheet: the projection is as good as flat
    assert panel.table.item(0, 2).text().startswith(f"{trace.points[0].lat_lon[0]:.5f}, ")
    model = view.model
    projection = MapProjection(model.georef, model.width, model.height, square_metres(model.content))
    to_view = drawing_transform(trace, view.origin(), view.cell)
    for village in ((120, 120), (200, 40), (35, 210)):
        x, y = projection.square_of(*lat_lon(*village))
        drawn = to_view.map(QPointF(*village))
        where = view.map_point_at(drawn)
        assert abs(where[0] - x) < 0.02 and abs(where[1] - y) < 0.02, (village, where, (x, y))


def test_latitudes_and_longitudes_are_offered_on_a_georeferenced_map_only(qtbot, traced):
    _, dialog, view, _ = traced
    assert view.model.georef is None
    assert not dialog.points.kind.model().item(1).isEnabled()


def test_kept_points_come_back_and_a_point_this_version_cannot_read_is_no_trace(settings, tmp_path):
    from tacforge.editor.map.trace import Trace, save_trace
    from tacforge.editor.map.trace_fit import ControlPoint

    map_path = tmp_path / "m.yaml"
    points = (ControlPoint((0, 0), (1, 2)), ControlPoint((10, 0), (3, 2), (49.1, -0.8)), ControlPoint((0, 9), (1, 5)))
    save_trace(settings, map_path, Trace("a.png", points=points))
    assert load_trace(settings, map_path) == Trace("a.png", points=points)
    key = settings.allKeys()[0]
    settings.setValue(key, settings.value(key).replace('"square"', '"place"'))
    assert load_trace(settings, map_path) is None
