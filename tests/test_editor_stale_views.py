"""Views that must follow what the designer does (pytest-qt): the status bar, the pack browser's counts, the
line-of-sight shading and its label, and the square an issue is about."""

import numpy as np
from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import QPoint, QPointF, Qt
from PyQt6.QtGui import QColor, QImage, QPainter

from tacforge.editor.map.overlays import Painter
from tacforge.editor.map.tools.paint import brush


def scenario_path(pack):
    return pack / "scenarios" / "bocage_crossroads.yaml"


def shown(window, qtbot):
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)


def rgb(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGBA8888)
    data = np.frombuffer(image.constBits().asstring(image.sizeInBytes()), np.uint8)
    return data.reshape(image.height(), image.bytesPerLine() // 4, 4)[:, : image.width()]


def square_centre(view, x, y) -> QPoint:
    o, c = view.origin(), view.cell
    return QPoint(int(o.x() + (x + 0.5) * c), int(o.y() + (y + 0.5) * c))


def test_the_status_bar_describes_the_square_as_it_is_now(window, pack_copy, qtbot):
    tab = window.open_path(scenario_path(pack_copy))
    model = tab.map_document.model
    x, y = next((x, y) for y in range(model.height) for x in range(model.width) if model.type_at(x, y) == "clear")
    tab.view.cellHovered.emit(x, y)
    assert "Clear" in window.status.text()
    tab.view.editMade.emit(brush(model, x, y, "woods", size=1))
    assert "Woods" in window.status.text()
    menu_action(window, "Edit", "Undo").trigger()
    assert "Clear" in window.status.text()
    menu_action(window, "File", "Close tab").trigger()
    assert window.status.text() == ""


def test_the_pack_browser_counts_follow_files_added_on_disk(window, pack_copy, qtbot):
    window.open_path(scenario_path(pack_copy))

    def scenario_count():
        pack = window.browser.findItems("westcopy", Qt.MatchFlag.MatchExactly)[0]
        group = next(pack.child(i) for i in range(pack.childCount()) if pack.child(i).text(0) == "Scenarios")
        return group.text(1)

    before = len(list((pack_copy / "scenarios").glob("*.yaml")))
    assert scenario_count() == str(before)
    (pack_copy / "scenarios" / "second.yaml").write_text(
        scenario_path(pack_copy).read_text().replace("id: bocage_crossroads", "id: second")
    )
    qtbot.waitUntil(lambda: scenario_count() == str(before + 1), timeout=10_000)


def test_line_of_sight_shading_goes_when_another_tool_is_chosen(window, pack_copy, qtbot):
    shown(window, qtbot)
    tab = window.open_path(scenario_path(pack_copy))
    menu_action(window, "Map", "Line of sight").trigger()
    qtbot.mouseClick(tab.view.viewport(), Qt.MouseButton.LeftButton, pos=square_centre(tab.view, 30, 30))
    assert tab.view.los_mask is not None
    menu_action(window, "Map", "Brush").trigger()
    assert tab.view.los_mask is None


def test_a_label_near_the_right_edge_is_drawn_whole_beside_its_point(qtbot):
    image = QImage(300, 100, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    p = QPainter(image)
    Painter(p, 10, QPointF(0, 0)).text_inside(
        QPointF(290, 50), 6, "sight from (55, 30), visibility 12", 9, QColor(0, 0, 0), QColor(255, 255, 255, 255)
    )
    p.end()
    inked = np.flatnonzero(rgb(image)[:, :, 3].max(axis=0))
    assert inked.size and inked.max() < 290  # to the left of the point, not cut off by the edge
    assert inked.max() - inked.min() > 120  # the whole label, not the first letters


def test_jumping_to_an_issue_rings_the_square_when_the_whole_map_fits(window, pack_copy, qtbot):
    shown(window, qtbot)
    scenario = scenario_path(pack_copy)
    tab = window.open_path(scenario)
    assert tab.view.horizontalScrollBar().maximum() == 0  # the map fits: centring on the square moves nothing
    tab.document.set_value(("period",), 1, "Change period")  # units not yet in service in period 1
    window.validator.schedule()
    qtbot.waitUntil(lambda: window.issues.topLevelItemCount() > 0, timeout=10_000)
    issues = [window.issues.topLevelItem(i).data(0, 256) for i in range(window.issues.topLevelItemCount())]
    issue = next(i for i in issues if i.code == "scenario.period-unavailable")
    before = rgb(tab.view.viewport().grab().toImage())
    window.jump_to_issue(issue)
    assert tab.view.marked is not None
    x, y = tab.view.marked
    assert any((ux, uy) == (x, y) for ux, uy, _side, _label in tab.scenario_units())
    after = rgb(tab.view.viewport().grab().toImage())
    centre = square_centre(tab.view, x, y)
    box = (slice(max(0, centre.y() - 30), centre.y() + 30), slice(max(0, centre.x() - 30), centre.x() + 30))

    def crimson(pixels):
        r, g, b = (pixels[..., i].astype(int) for i in range(3))
        return int(((r > 180) & (g < 70) & (b > 30) & (b < 110)).sum())

    assert crimson(after[box]) > crimson(before[box]) + 20
    qtbot.mouseClick(tab.view.viewport(), Qt.MouseButton.MiddleButton, pos=centre)
    assert tab.view.marked is None  # a click in the map means the designer has found it
