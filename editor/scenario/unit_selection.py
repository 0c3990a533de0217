"""The units selected in one open scenario, shared by its map view and the Order of battle tree: selecting in one
selects in the other. One `UnitSelection` per scenario document (`selection_for`); keys are (side, formation row,
unit row). Rows added or removed under `forces` (or a reload) renumber the keys, so the selection is dropped then.
"""

from __future__ import annotations

import weakref

from PyQt6.QtCore import QObject, pyqtSignal

from ..document.events import Reloaded, RowsInserted, RowsRemoved, ValueChanged

_SELECTIONS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


class UnitSelection(QObject):
    changed = pyqtSignal(object)  # the new frozenset of keys

    def __init__(self, document) -> None:
        super().__init__(document)
        self.keys: frozenset = frozenset()
        document.changed.connect(self._document_changed)

    def set(self, keys) -> None:
        keys = frozenset(keys)
        if keys != self.keys:
            self.keys = keys
            self.changed.emit(keys)

    def _document_changed(self, event) -> None:
        renumbered = (
            isinstance(event, Reloaded)
            or isinstance(event, (RowsInserted, RowsRemoved))
            and tuple(event.table[:1]) == ("forces",)
            or isinstance(event, ValueChanged)
            and len(event.path) <= 2
            and event.touches("forces")
        )
        if renumbered:
            self.set(frozenset())


def selection_for(document) -> UnitSelection:
    """The selection of `document`'s units (made on first use)."""
    selection = _SELECTIONS.get(document)
    if selection is None:
        selection = _SELECTIONS[document] = UnitSelection(document)
    return selection
