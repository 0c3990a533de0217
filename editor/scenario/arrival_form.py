"""The "Arrives" form under the order of battle: makes the selected formation or unit a reinforcement (turn, last
turn and chance, entry edge or squares) or deploys it at the start. Each change is one undo step
(arrival_edits.set_arrival); the form shows the document's typed model of the selection and keeps nothing."""

from __future__ import annotations

from PyQt6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QSpinBox,
)

from ..common.schema_bounds import ANY, choices
from . import arrival_edits as arr

SQUARES = "squares"
CHANCE_STEP = 0.05


class ArrivalForm(QGroupBox):
    def __init__(self):
        super().__init__("Arrives")
        self.document, self.key, self._loading = None, None, False
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)  # the tree gives way, not this
        grid = QGridLayout(self)
        grid.setContentsMargins(6, 4, 6, 4)
        self.reinforcement = QCheckBox("later, from turn")
        self.reinforcement.setToolTip(
            "a reinforcement: it enters during the battle; unticked, it is deployed at the start"
        )
        self.turn, self.last_turn = QSpinBox(), QSpinBox()
        for spin in (self.turn, self.last_turn):
            low, high = arr.arrival_bounds("turn")
            spin.setRange(int(low), int(high))
        self.chance = QDoubleSpinBox()
        self.chance.setRange(CHANCE_STEP, float(arr.arrival_bounds("chance")[1]))
        self.chance.setSingleStep(CHANCE_STEP)
        self.chance.setToolTip(
            "each turn from the first to the last, the chance it enters; on the last turn it enters for certain"
        )
        self.place = QComboBox()
        self.squares = QLineEdit()
        self.squares.setPlaceholderText("squares: x,y; x,y")
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #a0400a;")
        self.problem.hide()
        grid.addWidget(self.reinforcement, 0, 0)
        grid.addWidget(self.turn, 0, 1)
        grid.addWidget(QLabel("to"), 0, 2)
        grid.addWidget(self.last_turn, 0, 3)
        grid.addWidget(QLabel("chance"), 1, 0)
        grid.addWidget(self.chance, 1, 1)
        grid.addWidget(self.place, 1, 2, 1, 2)
        grid.addWidget(self.squares, 2, 0, 1, 4)
        grid.addWidget(self.problem, 3, 0, 1, 4)
        grid.setColumnStretch(4, 1)
        self.reinforcement.toggled.connect(lambda _on: self._edited())
        for spin in (self.turn, self.last_turn, self.chance):
            spin.valueChanged.connect(lambda _v: self._edited())
        self.place.currentIndexChanged.connect(lambda _i: self._edited())
        self.squares.editingFinished.connect(self._edited)
        self.show_selection(None, None)

    def show_selection(self, document, key) -> None:
        """Show the arrival of the formation or unit `key` = (side, formation row, unit row or None)."""
        self.document, self.key = document, key
        node = self._selected()
        # always shown, only disabled without a selection: a form appearing on a click would push the tree's rows
        # and the next click would land on another row
        self.setEnabled(node is not None)
        if node is None:
            self.setTitle("Arrives: select a formation or unit")
            return
        formation, unit = node
        own = unit.arrives if unit is not None else formation.arrives
        self._loading = True
        try:
            self.problem.hide()
            profile = document.content.ruleset if document.content else None
            side = profile.side(key[0]) if profile else None
            self.place.clear()
            self.place.addItem(f"home edge ({side.home_edge})" if side else "home edge", arr.HOME_EDGE)
            for edge in choices("scenario", "forces", ANY, "formations", ANY, "arrives", "edge"):
                self.place.addItem(f"{edge} edge", edge)
            self.place.addItem("squares below", SQUARES)
            inherited = unit is not None and own is None and formation.arrives is not None
            what = f"unit {formation.letter}{unit.index}" if unit is not None else f"formation {formation.letter}"
            self.setTitle(
                f"Arrives: {what} (with its formation, turn {formation.arrives.turn})"
                if inherited
                else f"Arrives: {what}"
            )
            self.reinforcement.setChecked(own is not None)
            shown = own or (formation.arrives if inherited else None)
            values = arr.ArrivalValues.of(shown) if shown is not None else arr.ArrivalValues.first()
            self.turn.setValue(values.turn)
            self.last_turn.setValue(values.last_turn)
            self.chance.setValue(values.chance)
            self.place.setCurrentIndex(self.place.findData(SQUARES if values.squares else values.edge))
            self.squares.setText(arr.squares_text(values.squares))
            for widget in (self.turn, self.last_turn, self.chance, self.place, self.squares):
                widget.setEnabled(own is not None)
            self.chance.setEnabled(own is not None and values.last_turn > values.turn)
            self.squares.setEnabled(own is not None and bool(values.squares))
        finally:
            self._loading = False

    def _selected(self):
        document, key = self.document, self.key
        if document is None or key is None or key[1] is None or document.model.scenario is None:
            return None
        force = document.model.scenario.force(key[0])
        if force is None or key[1] >= len(force.formations):
            return None
        formation = force.formations[key[1]]
        if key[2] is None:
            return formation, None
        return (formation, formation.units[key[2]]) if key[2] < len(formation.units) else None

    def values(self) -> arr.ArrivalValues | None:
        """What the form says (None: deployed at the start); ValueError for squares that cannot be read."""
        if not self.reinforcement.isChecked():
            return None
        turn = self.turn.value()
        place = self.place.currentData()
        squares = arr.parse_squares(self.squares.text()) if place == SQUARES else ()
        if place == SQUARES and not squares:
            raise ValueError("give the squares it enters on, as x,y; x,y")
        return arr.ArrivalValues(
            turn, max(turn, self.last_turn.value()), self.chance.value(), None if place == SQUARES else place, squares
        )

    def _edited(self) -> None:
        if self._loading or self._selected() is None:
            return
        if self.place.currentData() == SQUARES and not self.squares.isEnabled():
            self.squares.setEnabled(True)  # the squares come next: nothing to write until they are typed
            self.squares.setFocus()
            return
        try:
            values = self.values()
        except ValueError as exc:
            self.problem.setText(str(exc))
            self.problem.show()
            return
        arr.set_arrival(self.document, self.key[0], self.key[1], self.key[2], values)
