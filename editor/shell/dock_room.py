"""The map's and the scenario's docks on the right (the minimap, the Properties form and its tabs) put away while a
data room (weapons, periods, rules, terrain...) is the current tab: they would only say "No map in this tab" and
"No scenario open" in a third of a 1280-pixel window the tables need. Only the docks this hid come back, when a tab
with a map or a scenario is current again, or before the window saves its layout (a dock the designer closed stays
closed)."""

from __future__ import annotations

from PyQt6.QtWidgets import QDockWidget

# the docks that show a map or a scenario and nothing else (objectName of the QDockWidget)
MAP_AND_SCENARIO_DOCKS = ("minimap", "properties", "scenario_parameters", "ai_plans")
SHOWN_BY = {"scenario", "map"}  # the document kinds whose tabs use them


class DocksPutAway:
    def __init__(self, docks: list[QDockWidget]) -> None:
        self.docks = [d for d in docks if d.objectName() in MAP_AND_SCENARIO_DOCKS]
        self.hidden: list[QDockWidget] = []

    def follow(self, tab) -> None:
        """Put the docks away on a data room's tab, bring back those put away on a map's or a scenario's tab (no
        tab: as they are)."""
        if tab is None:
            return
        if {d.kind for d in tab.documents()} & SHOWN_BY:
            self.restore()
            return
        for dock in self.docks:
            if dock.isVisible() and not dock.isFloating():
                dock.hide()
                self.hidden.append(dock)

    def restore(self) -> None:
        for dock in self.hidden:
            dock.show()
        self.hidden = []
