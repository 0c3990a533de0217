"""Issue 28, the AI Plans dock at 1280x800 (pytest-qt, in the main window on Caen): nothing in the dock is wider
than the dock (its titles are short, their explanations wrap), a plan's long name wraps in the list rather than
running off it, each row's tooltip is its whole text, and the Name field (as the scenario's in
Properties) shows the start of the name."""

from __future__ import annotations

from editor_fixtures import no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from PyQt6.QtWidgets import QScrollArea


def test_the_plans_dock_reads_at_1280_by_800(qtbot, window, pack_copy):
    window.open_path(pack_copy / "scenarios" / "caen.yaml")
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    dock = window.room_docks["ai_plans"]
    holder = window._dock_named("ai_plans")
    holder.show()
    holder.raise_()
    qtbot.waitUntil(lambda: dock.isVisible())
    scroll = dock.findChild(QScrollArea)
    assert scroll.widget().minimumSizeHint().width() <= scroll.viewport().width()  # nothing cut off on the right
    assert dock.chosen().side == "allied" and dock.plans.count() == 2

    name = "History: the armour straight down the corridor for Bourguebus ridge, Cagny left to those behind"
    dock.plans.setCurrentRow(0)
    qtbot.waitUntil(lambda: dock.chosen().plan == 0)
    assert dock.name.text() == name and dock.name.toolTip() == name
    assert dock.name.cursorPosition() == 0  # the field shows "History: ...", not "... those behind"
    line = dock.plans.fontMetrics().height()
    plans = window.current_tab().document.model.scenario.ai_plans["allied"]
    for row in range(dock.plans.count()):
        item = dock.plans.item(row)
        rect = dock.plans.visualItemRect(item)
        assert rect.right() <= dock.plans.viewport().width()  # within the list...
        assert rect.height() >= 2 * line  # ...on two lines or more: the whole name
        assert item.text().startswith(plans[row].name) and item.toolTip() == item.text()
    assert dock.plans.horizontalScrollBar().maximum() == 0
    scenario_name = window.properties.general.name  # the Properties dock's Name field, as the plan's
    assert scenario_name.text().startswith("Caen") and scenario_name.cursorPosition() == 0
