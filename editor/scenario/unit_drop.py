"""Dropping units from the Order of battle dock onto a scenario's map view: the squares snap to legal ones
(placement.py), the status bar says why a square is refused as the pointer drags, and the drop is one undo step.

The dock's tree puts `MIME_TYPE` data on a drag: the scenario file, the side, the formation row and the unit row
(None for a whole formation). A drop onto another scenario's map is refused.
"""

from __future__ import annotations

import json

from PyQt6.QtCore import QEvent, QMimeData, QObject, QPoint, Qt
from PyQt6.QtGui import QDrag
from PyQt6.QtWidgets import QTreeView

from tacforge.engine.model.scenario import unit_arrival

from ..common.drag_marker import unit_marker
from .placement import Rules, place, snap

MIME_TYPE = "application/x-tacforge-oob-units"


def mime_for(path, side: str, formation_row: int, unit_row: int | None) -> QMimeData:
    mime = QMimeData()
    mime.setData(
        MIME_TYPE, json.dumps({"file": str(path), "side": side, "formation": formation_row, "unit": unit_row}).encode()
    )
    return mime


def dragged_label(scenario, payload: dict) -> tuple[str, int]:
    """What is dragged, as the map labels it ("B4"; "B" for a whole formation), and how many units."""
    formation = scenario.force(payload["side"]).formations[payload["formation"]]
    if payload["unit"] is None:
        return formation.letter, len(formation.units)
    return f"{formation.letter}{formation.units[payload['unit']].index}", 1


class UnitTree(QTreeView):
    """The Order of battle tree, whose drags show a compact unit marker under the pointer (Qt's default picture
    is the dragged rows, as wide as the tree). `scenario_of()` gives the tree's scenario (or None)."""

    def __init__(self, scenario_of, parent=None):
        super().__init__(parent)
        self.scenario_of = scenario_of

    def startDrag(self, supportedActions) -> None:
        drag = self.unit_drag()
        if drag is not None:
            drag.exec(supportedActions, Qt.DropAction.CopyAction)

    def unit_drag(self) -> QDrag | None:
        """The drag of the current row: its mime data (unit_drop's payload) and the marker of what is dragged."""
        model, index = self.model(), self.currentIndex()
        mime = model.mimeData([index]) if model is not None and index.isValid() else None
        scenario = self.scenario_of()
        if mime is None or not mime.hasFormat(MIME_TYPE) or scenario is None:
            return None
        payload = json.loads(mime.data(MIME_TYPE).data().decode())
        label, count = dragged_label(scenario, payload)
        drag = QDrag(self)
        drag.setMimeData(mime)
        marker = unit_marker(label, payload["side"], count)
        drag.setPixmap(marker)
        drag.setHotSpot(QPoint(marker.width() // 2, marker.height() // 2))
        return drag


class UnitDrop(QObject):
    """An event filter on an editor tab's map viewport that takes drops of OOB units."""

    def __init__(self, tab):
        super().__init__(tab)
        self.tab = tab
        tab.view.viewport().setAcceptDrops(True)
        tab.view.viewport().installEventFilter(self)

    def _payload(self, event) -> dict | None:
        document = self.tab.document
        mime = event.mimeData()
        if document.kind != "scenario" or document.model.scenario is None or not mime.hasFormat(MIME_TYPE):
            return None
        payload = json.loads(mime.data(MIME_TYPE).data().decode())
        return payload if payload["file"] == str(document.path) else None

    def _units(self, payload) -> list[int]:
        formation = self.tab.document.model.scenario.force(payload["side"]).formations[payload["formation"]]
        return [payload["unit"]] if payload["unit"] is not None else list(range(len(formation.units)))

    def _square(self, event) -> tuple[int, int]:
        return self.tab.view.cell_at(event.position())

    def _game_map(self):
        return self.tab.map_document.model.to_map()

    def eventFilter(self, obj, event) -> bool:
        kind = event.type()
        if kind not in (QEvent.Type.DragEnter, QEvent.Type.DragMove, QEvent.Type.Drop):
            return False
        payload = self._payload(event)
        if payload is None:
            event.ignore()
            return True
        document, square = self.tab.document, self._square(event)
        scenario = document.model.scenario
        if kind == QEvent.Type.DragEnter:
            event.acceptProposedAction()
        elif kind == QEvent.Type.DragMove:
            formation = scenario.force(payload["side"]).formations[payload["formation"]]
            rules = Rules(document.content, scenario, self._game_map(), payload["side"])
            unit = formation.units[self._units(payload)[0]]
            rules.leave(unit)
            reason = rules.why_not(unit, square, unit_arrival(formation, unit))
            label = dragged_label(scenario, payload)[0]  # the unit dragged (B4), or its formation (B)
            self.tab.hovered.emit(f"{square[0]},{square[1]}: " + (reason or f"place {label} here"))
            event.acceptProposedAction()
        else:
            placements, refused = snap(
                document.content,
                scenario,
                self._game_map(),
                payload["side"],
                payload["formation"],
                self._units(payload),
                square,
            )
            place(document, payload["side"], payload["formation"], placements)
            if refused:
                self.tab.hovered.emit("not placed: " + "; ".join(refused))
            event.acceptProposedAction()
        return True
