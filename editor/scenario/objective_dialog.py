"""The Objective tool's dialog for one square (map_link.py opens it on a click): a new objective's kind, side, points
and name; on a square that already holds objectives, the one clicked comes up to be changed or removed, and "Add
another here" (the list's "New objective on this square") adds another beside it (a town square may be one side's
capture and the other's hold). It returns a map_marks.ObjectiveChoice; the edit itself is map_marks.apply_choice's,
one undo step."""

from __future__ import annotations

from PyQt6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLineEdit, QSpinBox

from tacforge.engine.model.scenario import Objective

from ..qt_present import present
from .map_marks import SQUARE_KINDS, ObjectiveChoice, SquareObjective
from .objective_edits import least_points

NEW = -1  # the chooser's entry for another objective on the square
NEW_POINTS = 10  # a new objective's points until typed: a value worth reading, not the schema's least
MOST_POINTS = 100_000  # the schema's maximum (schemas/scenario.schema.json, objective points)


class ObjectiveDialog(QDialog):
    def __init__(self, parent, square, sides: list[str], near: str | None, existing: list[tuple[int, Objective]]):
        super().__init__(parent)
        self.setWindowTitle(f"Objective on {square[0]},{square[1]}")
        self.sides, self.near, self.existing = sides, near, dict(existing)
        self.removing = False
        form = QFormLayout(self)
        self.which = QComboBox()
        for row, objective in existing:
            what = f"{objective.kind}, {objective.points} points for {objective.side}"
            self.which.addItem(f"{objective.name or objective.id}: {what}", row)
        self.which.addItem("New objective on this square", NEW)
        self.which.setToolTip("the objective on this square to change or remove, or another one to add")
        form.addRow("Objective", self.which)
        form.setRowVisible(self.which, bool(existing))
        self.name, self.kind, self.side, self.points = QLineEdit(), QComboBox(), QComboBox(), QSpinBox()
        self.name.setPlaceholderText("optional, e.g. Point 213 (the players see it)")
        self.kind.addItems(SQUARE_KINDS)
        self.side.addItems(sides)
        self.points.setRange(least_points(), MOST_POINTS)
        form.addRow("Name", self.name)
        form.addRow("Kind", self.kind)
        form.addRow("Scores for", self.side)
        form.addRow("Points", self.points)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.remove = present(buttons.addButton("Remove", QDialogButtonBox.ButtonRole.DestructiveRole))
        self.remove.setToolTip("take the chosen objective off the square")
        self.remove.clicked.connect(self._remove)
        self.add_another = present(buttons.addButton("Add another here", QDialogButtonBox.ButtonRole.ActionRole))
        self.add_another.setToolTip("a new objective beside the ones on this square (the Objective list's last entry)")
        self.add_another.clicked.connect(lambda: self.which.setCurrentIndex(self.which.findData(NEW)))
        self.add_another.setVisible(bool(existing))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.which.currentIndexChanged.connect(self._show_chosen)
        self._show_chosen()

    def _chosen_row(self) -> int | None:
        row = self.which.currentData()
        return None if row == NEW else row

    def _show_chosen(self) -> None:
        """The fields show the objective chosen, or a new one's defaults (the side whose half the square is in)."""
        row = self._chosen_row()
        chosen = self.existing.get(row) if row is not None else None
        self.remove.setEnabled(chosen is not None)
        self.add_another.setEnabled(chosen is not None)
        self.name.setText(chosen.name if chosen else "")
        self.kind.setCurrentText(chosen.kind if chosen else SQUARE_KINDS[0])
        near = chosen.side if chosen else self.near
        if near in self.sides:
            self.side.setCurrentText(near)
        self.points.setValue(chosen.points if chosen else NEW_POINTS)

    def _remove(self) -> None:
        self.removing = True
        self.accept()

    def choice(self) -> ObjectiveChoice:
        """What the designer chose (read after the dialog is accepted)."""
        row = self._chosen_row()
        if self.removing and row is not None:
            return ObjectiveChoice("remove", row=row)
        values = SquareObjective(
            self.kind.currentText(), self.side.currentText(), self.points.value(), self.name.text().strip()
        )
        return ObjectiveChoice("add", values) if row is None else ObjectiveChoice("change", values, row)
