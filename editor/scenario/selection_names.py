"""The names of what is selected, in the Properties dock (Sides page): the formation of the selected units and, when
one unit is selected, the unit itself, each renamed by typing (one undo step each, oob_model.rename). The selection
is the one the map view and the Order of battle tree share (unit_selection.py): a formation's row selects all its
units, so selecting it in the tree offers its name here."""

from __future__ import annotations

from PyQt6.QtWidgets import QFormLayout, QGroupBox, QLabel, QLineEdit

from . import oob_model as oob
from .unit_selection import UnitSelection, selection_for


class SelectionNames(QGroupBox):
    def __init__(self) -> None:
        super().__init__("Selected in the order of battle")
        self.document = None
        self.selection: UnitSelection | None = None
        self.formation_key: tuple | None = None  # (side, formation row)
        self.unit_key: tuple | None = None  # (side, formation row, unit row)
        form = QFormLayout(self)
        self.what = QLabel()
        self.what.setWordWrap(True)
        self.formation_name, self.unit_name = QLineEdit(), QLineEdit()
        self.formation_name.setObjectName("formation_name")
        self.unit_name.setObjectName("unit_name")
        self.worth = QLabel()  # the selection's tabletop points and battle rating
        self.worth.setObjectName("selection_worth")
        form.addRow(self.what)
        form.addRow(self.worth)
        form.addRow("Formation name", self.formation_name)
        form.addRow("Unit name", self.unit_name)
        self.formation_name.editingFinished.connect(
            lambda: self._rename(self.formation_key and (*self.formation_key, None), self.formation_name)
        )
        self.unit_name.editingFinished.connect(lambda: self._rename(self.unit_key, self.unit_name))
        self.show_document(None)

    def show_document(self, document) -> None:
        """Follow `document`'s selection (a scenario's; None: nothing to name)."""
        if document is not self.document:
            if self.selection is not None:
                try:
                    self.selection.changed.disconnect(self._show)
                except (TypeError, RuntimeError):
                    pass
            self.document = document
            self.selection = selection_for(document) if document is not None else None
            if self.selection is not None:
                self.selection.changed.connect(self._show)
        self._show()

    def _show(self, *_) -> None:
        keys: list[tuple] = sorted(self.selection.keys) if self.selection is not None else []
        formations = {(side, row) for side, row, _ in keys}
        scenario = self.document.model.scenario if self.document is not None else None
        self.formation_key = next(iter(formations)) if len(formations) == 1 and scenario is not None else None
        self.unit_key = keys[0] if len(keys) == 1 and self.formation_key is not None else None
        self.worth.setText(
            ""
            if self.formation_key is None
            else oob.worth_text(
                self.document.content, scenario, *self.formation_key, self.unit_key[2] if self.unit_key else None
            )
        )
        if self.formation_key is None:
            self.what.setText(
                "Select a formation or unit in the Order of battle or on the map to name it here."
                if not keys
                else f"{len(keys)} units of {len(formations)} formations are selected: select one formation."
            )
        else:
            force = scenario.force(self.formation_key[0])
            formation = force.formations[self.formation_key[1]] if force else None
            unit = formation.units[self.unit_key[2]] if formation and self.unit_key else None
            letter = formation.letter if formation else "?"
            self.what.setText(
                f"{self.formation_key[0]}: unit {letter}{unit.index}"
                if unit
                else f"{self.formation_key[0]}: formation {letter}"
            )
        for field, key in ((self.formation_name, self.formation_key), (self.unit_name, self.unit_key)):
            field.setEnabled(key is not None)
            if not field.hasFocus():
                full = (*key, None) if key is not None and len(key) == 2 else key
                field.setText(oob.name_of(self.document, *full) if full is not None else "")

    def _rename(self, key, field: QLineEdit) -> None:
        if self.document is None or key is None:
            return
        try:
            oob.rename(self.document, key[0], key[1], key[2], field.text())
        except (IndexError, AttributeError):  # the selection went with an edit made meanwhile
            self._show()
