"""The two forms of the AI Plans dock: one order of a group (kind, square, speed, when it starts) and one trigger
of a plan (its id and its condition: a turn, an objective held by a side, enemy units in a rectangle, losses, or
all or any of several, nested as deep as the designer likes: the Condition list chooses the one the fields edit).
They show the chosen order or trigger and hand each change to the dock, which makes it one undo step."""

from __future__ import annotations

from PyQt6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QWidget,
)

from tacforge.engine.model.ai_plans import SPEEDS

from . import plan_edits as edits
from . import plan_view as view

AT_ONCE, ON_TURN, ON_TRIGGER = "at once (after the order before)", "on turn", "when a trigger fires"


def _spin(high: int = 255, low: int = 0) -> QSpinBox:
    """A whole number; the default bound is a square's coordinate's in schemas/defs.schema.json."""
    spin = QSpinBox()
    spin.setRange(low, high)
    return spin


def _row(*widgets) -> QWidget:
    holder = QWidget()
    line = QHBoxLayout(holder)
    line.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        line.addWidget(widget)
    return holder


class OrderForm(QWidget):
    def __init__(self, dock):
        super().__init__()
        self.dock, self._showing = dock, False
        form = QFormLayout(self)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # a field under its label in a narrow dock
        self.kind = QComboBox()
        self.kind.addItems(view.order_kinds())
        self.square_x, self.square_y = _spin(), _spin()
        self.speed = QComboBox()
        self.speed.addItem("the engine's choice", None)
        for speed in SPEEDS:
            self.speed.addItem(speed, speed)
        self.start = QComboBox()
        self.start.addItems([AT_ONCE, ON_TURN, ON_TRIGGER])
        self.turn = _spin(low=1)
        self.trigger = QComboBox()
        form.addRow("Kind", self.kind)
        form.addRow("Square", _row(self.square_x, self.square_y))
        form.addRow("Speed", self.speed)
        form.addRow("Starts", self.start)
        form.addRow("", _row(self.turn, self.trigger))
        self.kind.activated.connect(
            lambda _i: self._order(edits.set_order_kind, self.kind.currentText(), self._square())
        )
        for spin in (self.square_x, self.square_y):
            spin.editingFinished.connect(lambda: self._order(edits.set_order_square, self._square()))
        self.speed.activated.connect(lambda _i: self._order(edits.set_order_speed, self.speed.currentData()))
        self.start.activated.connect(lambda _i: self._start())
        self.turn.editingFinished.connect(self._start)
        self.trigger.activated.connect(lambda _i: self._start())
        self.show_order(None, [])

    def _square(self) -> tuple[int, int]:
        return self.square_x.value(), self.square_y.value()

    def show_order(self, order, trigger_ids: list[str]) -> None:
        self._showing = True
        try:
            self.setEnabled(order is not None)
            self.trigger.clear()
            self.trigger.addItems(trigger_ids)
            if order is None:
                return
            self.kind.setCurrentText(order.kind)
            square = order.square
            self.square_x.setEnabled(square is not None)
            self.square_y.setEnabled(square is not None)
            if square is not None:
                self.square_x.setValue(square[0])
                self.square_y.setValue(square[1])
            self.speed.setCurrentIndex(max(0, self.speed.findData(order.speed)))
            start = order.start
            waits = ON_TURN if start and start.turn is not None else ON_TRIGGER if start and start.trigger else AT_ONCE
            self.start.setCurrentText(waits)
            self.turn.setEnabled(waits == ON_TURN)
            self.trigger.setEnabled(waits == ON_TRIGGER and bool(trigger_ids))
            if start and start.turn is not None:
                self.turn.setValue(start.turn)
            if start and start.trigger:
                self.trigger.setCurrentText(start.trigger)
        finally:
            self._showing = False

    def _order(self, call, *args) -> None:
        chosen = self.dock.chosen()
        if not self._showing and chosen.order is not None:
            self.dock._edit(call, chosen.side, chosen.plan, chosen.group, chosen.order, *args)

    def _start(self) -> None:
        waits = self.start.currentText()
        if waits == ON_TRIGGER and not self.trigger.currentText():
            self.dock.message.setText("the plan has no trigger yet: add one under Triggers")
            return
        turn = self.turn.value() if waits == ON_TURN else None
        trigger = self.trigger.currentText() if waits == ON_TRIGGER else None
        self._order(edits.set_order_start, turn, trigger)


class TriggerForm(QWidget):
    def __init__(self, dock):
        super().__init__()
        self.dock, self._showing = dock, False
        self.part: tuple = ()  # the condition the fields edit, inside the trigger's all/any (plan_edits.part_path)
        self._part_of: tuple = ()  # the (side, plan, trigger) `part` is of: another trigger starts at its whole
        form = QFormLayout(self)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # a field under its label in a narrow dock
        self.ident = QLineEdit()
        self.parts = QListWidget()
        self.parts.setMaximumHeight(80)
        self.add_part, self.delete_part = QPushButton("Add condition"), QPushButton("Delete condition")
        self.add_part.setObjectName("add_condition")
        self.delete_part.setObjectName("delete_condition")
        self.kind = QComboBox()
        for kind, text in view.CONDITION_NAMES.items():
            self.kind.addItem(text, kind)
        self.turn = _spin(low=1)
        self.objective, self.held_by = QComboBox(), QComboBox()
        self.area = [_spin() for _ in range(4)]
        self.units = QLineEdit()
        self.units.setPlaceholderText("A1, A2, B")
        self.over = QDoubleSpinBox()
        self.over.setRange(0.0, 0.99)  # a share below 1 (the schema's exclusive maximum): all lost never "exceeds"
        self.over.setSingleStep(0.1)
        form.addRow("Id", self.ident)
        form.addRow("Condition", self.parts)
        form.addRow("", _row(self.add_part, self.delete_part))
        form.addRow("Fires", self.kind)
        form.addRow("Turn", self.turn)
        form.addRow("Objective", _row(self.objective, self.held_by))
        form.addRow("Enemy in x0 y0 x1 y1", _row(*self.area))
        form.addRow("Losses of", _row(self.units, self.over))
        self.ident.editingFinished.connect(self._rename)
        self.kind.activated.connect(lambda _i: self._change_kind())
        self.parts.currentRowChanged.connect(self._choose_part)
        self.add_part.clicked.connect(lambda _checked=False: self._add_part())
        self.delete_part.clicked.connect(lambda _checked=False: self._delete_part())
        self.turn.editingFinished.connect(self._from_fields)
        self.objective.activated.connect(lambda _i: self._from_fields())
        self.held_by.activated.connect(lambda _i: self._from_fields())
        for spin in self.area:
            spin.editingFinished.connect(self._from_fields)
        self.units.editingFinished.connect(self._from_fields)
        self.over.editingFinished.connect(self._from_fields)
        self.show_trigger(None, None)

    def _kind(self) -> str:
        return self.kind.currentData()

    def show_trigger(self, trigger, scenario) -> None:
        self._showing = True
        try:
            self.setEnabled(trigger is not None)
            self.parts.clear()
            if trigger is None:
                return
            chosen = self.dock.chosen()
            parts = view.condition_parts(trigger.when)
            if self._part_of != (chosen.side, chosen.plan, chosen.trigger) or self.part not in [p for p, _ in parts]:
                self.part, self._part_of = (), (chosen.side, chosen.plan, chosen.trigger)
            self.parts.addItems([text for _, text in parts])
            self.parts.setCurrentRow([p for p, _ in parts].index(self.part))
            when = view.condition_part(trigger.when, self.part) or trigger.when  # the part is one of `parts`
            self.objective.clear()
            self.held_by.clear()
            self.objective.addItems([o.id for o in scenario.objectives])
            self.held_by.addItems([f.side for f in scenario.forces])
            self.ident.setText(trigger.id)
            kind, values = view.condition_values(when)
            self.kind.setCurrentIndex(max(0, self.kind.findData(kind)))
            self.add_part.setEnabled(kind in edits.COMBINED or bool(self.part))
            self.delete_part.setEnabled(bool(self.part))
            self.turn.setValue(values.get("turn", 1))
            self.objective.setCurrentText(values.get("objective", ""))
            self.held_by.setCurrentText(values.get("held_by", ""))
            for spin, value in zip(self.area, values.get("enemy_in", (0, 0, 0, 0)), strict=True):
                spin.setValue(value)
            self.units.setText(", ".join(values.get("units", ())))
            self.over.setValue(values.get("over", 0.5))
            for widgets, on in (
                ((self.turn,), kind == "turn"),
                ((self.objective, self.held_by), kind == "objective"),
                (self.area, kind == "enemy_in"),
                ((self.units, self.over), kind == "losses"),
            ):
                for widget in widgets:
                    widget.setEnabled(on)
        finally:
            self._showing = False

    def _when(self, values: dict) -> None:
        chosen = self.dock.chosen()
        if self._showing or chosen.trigger is None:
            return
        try:
            when = edits.condition(self._kind(), **values)
        except (KeyError, ValueError) as exc:
            self.dock.message.setText(f"the condition needs {exc}")
            return
        self.dock._edit(edits.set_trigger_when, chosen.side, chosen.plan, chosen.trigger, when, self.part)

    def _change_kind(self) -> None:
        """A plain kind starts from its default values; all/any keeps the condition shown as its first part (or
        the parts of the all/any it was)."""
        chosen = self.dock.chosen()
        if self._showing or chosen.trigger is None:
            return
        if self._kind() not in edits.COMBINED:
            self._when(view.default_values(self.dock.scenario(), self._kind()))
            return
        at = (chosen.side, chosen.plan, chosen.trigger)
        node = self.dock.document.value(*edits.part_path(self.dock.document, *at, self.part))
        self.dock._edit(edits.set_trigger_when, *at, edits.combine(self._kind(), node), self.part)

    def _choose_part(self, row: int) -> None:
        trigger = view.trigger_of(self.dock.scenario(), self.dock.chosen())
        if self._showing or trigger is None or row < 0:
            return
        self.part = view.condition_parts(trigger.when)[row][0]
        self.show_trigger(trigger, self.dock.scenario())

    def _add_part(self) -> None:
        """A condition (from turn 2 on) inside the chosen all/any, or beside the chosen plain part; the new one is
        chosen."""
        chosen, document = self.dock.chosen(), self.dock.document
        trigger = view.trigger_of(self.dock.scenario(), chosen)
        if trigger is None:
            return
        shown = view.condition_part(trigger.when, self.part)
        if shown is None:
            return
        into = self.part if view.condition_values(shown)[0] in edits.COMBINED else self.part[:-1]
        when = edits.condition("turn", **view.default_values(self.dock.scenario(), "turn"))
        try:
            row = edits.add_condition_part(document, chosen.side, chosen.plan, chosen.trigger, into, when)
        except ValueError as exc:
            self.dock.message.setText(str(exc))
            return
        self.part = (*into, row)
        self.dock.redraw()

    def _delete_part(self) -> None:
        chosen = self.dock.chosen()
        if chosen.trigger is None:
            return
        try:
            edits.remove_condition_part(self.dock.document, chosen.side, chosen.plan, chosen.trigger, self.part)
        except ValueError as exc:
            self.dock.message.setText(str(exc))
            return
        self.part = self.part[:-1]
        self.dock.redraw()

    def _from_fields(self) -> None:
        units = [u.strip().upper() for u in self.units.text().replace(",", " ").split() if u.strip()]
        self._when(
            {
                "turn": self.turn.value(),
                "objective": self.objective.currentText(),
                "held_by": self.held_by.currentText(),
                "enemy_in": tuple(spin.value() for spin in self.area),
                "units": units,
                "over": self.over.value(),
            }
        )

    def _rename(self) -> None:
        chosen, new = self.dock.chosen(), self.ident.text().strip()
        if not self._showing and chosen.trigger is not None and new:
            self.dock._edit(edits.rename_trigger, chosen.side, chosen.plan, chosen.trigger, new)
