"""The AI plan a designer is working on in one open scenario, shared by the AI Plans dock (which chooses it) and
the scenario's map (which draws that plan, and to whose chosen group a waypoint picked on the map goes, and to
whose chosen trigger a drawn area). One `PlanFocus` per scenario document (`focus_for`), as unit_selection.py
shares the selected units.
"""

from __future__ import annotations

import weakref
from dataclasses import replace

from PyQt6.QtCore import QObject, pyqtSignal

from .plan_view import Chosen

_FOCUSES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


class PlanFocus(QObject):
    changed = pyqtSignal(object)  # the new Chosen

    def __init__(self, document) -> None:
        super().__init__(document)
        self.chosen = Chosen()

    def set(self, **changes) -> None:
        chosen = replace(self.chosen, **changes)
        if chosen != self.chosen:
            self.chosen = chosen
            self.changed.emit(chosen)


def focus_for(document) -> PlanFocus:
    """The plan focus of `document` (made on first use)."""
    focus = _FOCUSES.get(document)
    if focus is None:
        focus = _FOCUSES[document] = PlanFocus(document)
    return focus
