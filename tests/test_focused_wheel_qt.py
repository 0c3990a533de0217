"""Issue 27: the mouse wheel over the scenario's Properties form scrolls the form and changes no field under the
pointer; a field the designer has clicked into takes the wheel (pytest-qt, in the main window)."""

from __future__ import annotations

from editor_fixtures import no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtCore import QPoint, QPointF, Qt
from PyQt6.QtGui import QWheelEvent
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QApplication, QScrollArea


def wheel(widget, notches: int) -> None:
    """Turn the wheel `notches` notches (negative: towards the user) with the pointer over `widget`'s centre."""
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(
        centre,
        QPointF(widget.mapToGlobal(centre)),
        QPoint(0, 0),
        QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def test_the_wheel_scrolls_the_form_and_only_a_focused_field_takes_it(qtbot, window, pack_copy):
    window.open_path(pack_copy / "scenarios" / "bocage_crossroads.yaml")  # visibility: 12
    window.resize(1600, 1000)
    window.show()
    qtbot.waitExposed(window)
    document, page = window.current_tab().document, window.properties.general
    spin, combo = page.visibility, page.battle_size
    area = spin.parentWidget()
    while not isinstance(area, QScrollArea):
        area = area.parentWidget()
    bar = area.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0 and bar.pageStep() > 0)  # the form is taller than its dock
    bar.setValue(0)
    window.tabs.currentWidget().view.setFocus()  # the designer works on the map, then scrolls the form
    assert spin.focusPolicy() == Qt.FocusPolicy.StrongFocus  # the wheel never gives the field the focus
    size, steps, scrolled = combo.currentData(), document.undo.count(), bar.value()
    wheel(spin, -2)
    wheel(combo, -1)
    assert spin.value() == 12 and document.model.scenario.visibility == 12
    assert combo.currentData() == size and document.undo.count() == steps
    assert bar.value() > scrolled  # the form scrolled instead
    assert not spin.hasFocus()

    QTest.mouseClick(spin.lineEdit(), Qt.MouseButton.LeftButton)  # the designer clicks into the field
    assert spin.hasFocus()
    wheel(spin, -2)
    assert spin.value() == 10 and document.model.scenario.visibility == 10
