"""The periods room (issue 27), driven with the mouse: the period issues the issues dock shows (from the scenarios
too) are listed under the timeline, not "no gaps or anachronisms"; the timeline of every weapon scrolls with its
scroll bar and the wheel, and its rows never shrink below a legible height, however the plot is sized or wheeled."""

from editor_fixtures import menu_action, no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import QPoint, QPointF, Qt
from PyQt6.QtGui import QWheelEvent
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QApplication

from tacforge.editor.data.periods_room import PeriodsTab
from tacforge.editor.data.timeline_plot import ROW_PIXELS


def periods_tab(window, qtbot) -> PeriodsTab:
    window.resize(1600, 1000)
    window.show()
    qtbot.waitExposed(window)
    tab = window.open_path(window.workspace.pack_file("westcopy", "periods"))
    assert isinstance(tab, PeriodsTab)
    QTest.qWait(50)
    return tab


def sherman_bar(tab):
    return next(b for b in tab.timeline.bars if b.weapon.local_id == "sherman")


def view_of(plot):
    return plot.getPlotItem().getViewBox()


def pixel(plot, x, y) -> QPoint:
    return plot.mapFromScene(view_of(plot).mapViewToScene(QPointF(x, y)))


def row_pixels(plot) -> float:
    return pixel(plot, 1, 1).y() - pixel(plot, 1, 0).y()


def first_row_shown(plot) -> float:
    return view_of(plot).viewRange()[1][0] + 0.6


def drag(plot, start: QPoint, end: QPoint) -> None:
    viewport = plot.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for step in range(1, 9):
        QTest.mouseMove(viewport, start + (end - start) * (step / 8))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def wheel(plot, notches: int) -> None:
    at = QPointF(plot.viewport().rect().center())
    event = QWheelEvent(
        at,
        QPointF(plot.viewport().mapToGlobal(at.toPoint())),
        QPoint(0, 0),
        QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(plot.viewport(), event)


def dock_period_issues(window) -> list:
    items = (window.issues.topLevelItem(i) for i in range(window.issues.topLevelItemCount()))
    issues = [item.data(0, Qt.ItemDataRole.UserRole) for item in items]
    return [i for i in issues if "period" in i.code]


def test_the_period_issues_of_the_scenarios_are_listed_under_the_timeline(window, qtbot):
    tab = periods_tab(window, qtbot)
    assert "No gaps, anachronisms or period issues." in tab.findings.text()
    plot, bar = tab.timeline, sherman_bar(tab)
    plot.scroll.setValue(max(0, bar.row - 3))  # the Sherman's row in view, through the scroll bar
    drag(plot, pixel(plot, 0.5, bar.row), pixel(plot, 4.5, bar.row))  # no Shermans before period 5
    assert tab.weapons_document.model.weapons[bar.entry].periods == (5, 5)
    qtbot.waitUntil(lambda: bool(dock_period_issues(window)), timeout=10000)
    shown = dock_period_issues(window)
    assert any(i.code == "scenario.period-unavailable" for i in shown)
    qtbot.waitUntil(lambda: all(i.message in tab.findings.text() for i in shown[:12]))
    assert f"Period issues ({sum(i.is_error for i in shown)} errors" in tab.findings.text()
    assert "No gaps" not in tab.findings.text()
    menu_action(window, "Edit", "Undo").trigger()
    qtbot.waitUntil(lambda: not dock_period_issues(window), timeout=10000)
    qtbot.waitUntil(lambda: "No gaps, anachronisms or period issues." in tab.findings.text())


def test_the_timeline_scrolls_with_its_bar_and_the_wheel_and_rows_stay_legible(window, qtbot):
    tab = periods_tab(window, qtbot)
    plot = tab.timeline
    rows = len(plot.bars)
    assert rows >= 70
    legible = max(ROW_PIXELS - 1, plot.fontMetrics().height())
    assert row_pixels(plot) >= legible
    assert plot.scroll.isVisible() and plot.scroll.maximum() > 0  # more rows than fit: it scrolls
    assert first_row_shown(plot) == 0

    wheel(plot, -2)  # two notches down
    assert first_row_shown(plot) == 6 and plot.scroll.value() == 6
    for _ in range(10):
        wheel(plot, 3)  # zooming in pyqtgraph's way would squeeze the rows: the wheel scrolls only
    assert first_row_shown(plot) == 0 and row_pixels(plot) >= legible

    QTest.mouseClick(plot.scroll, Qt.MouseButton.LeftButton, pos=plot.scroll.rect().center() + QPoint(0, 40))
    assert plot.scroll.value() == plot.scroll.pageStep()  # a click below the handle: a page down

    plot.scroll.setValue(plot.scroll.maximum())  # the end: the last weapon is in view
    low, high = view_of(plot).viewRange()[1]
    assert low < rows - 1 < high
    assert row_pixels(plot) >= legible

    window.resize(1000, 600)  # a smaller window shows fewer rows, each as tall as before
    qtbot.waitUntil(lambda: plot.scroll.pageStep() < rows - plot.scroll.maximum() or plot.scroll.maximum() > 0)
    QTest.qWait(50)
    assert row_pixels(plot) >= legible
    low, high = view_of(plot).viewRange()[1]
    assert (high - low) * ROW_PIXELS <= view_of(plot).height() + ROW_PIXELS
