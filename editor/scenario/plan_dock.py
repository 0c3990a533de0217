"""The AI Plans dock: a scenario's plans per side with their weights, each plan's groups of units (made from the
units selected on the map or in the Order of battle), a group's orders in sequence and the plan's triggers, with
forms for one order and one trigger (plan_forms.py). Every edit goes through plan_edits.py (one undo step each);
the lists are rebuilt from `document.model` on every change. The plan chosen here is drawn on the map
(plan_focus.py), where the waypoint tool adds moves to the chosen group and the area tool draws the chosen
trigger's area.
"""

from __future__ import annotations

from PyQt6.QtCore import Qt, QTimer
from PyQt6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ..qt_present import present
from . import plan_edits as edits
from . import plan_view as view
from .plan_focus import focus_for
from .plan_forms import OrderForm, TriggerForm
from .unit_selection import selection_for


def _list(height: int = 110) -> QListWidget:
    """A list whose long rows (a plan's name is a sentence) wrap to the dock's width rather than scroll sideways."""
    widget = QListWidget()
    widget.setMaximumHeight(height)
    widget.setWordWrap(True)
    widget.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    widget.setResizeMode(QListWidget.ResizeMode.Adjust)  # rows re-wrap as the dock is resized
    return widget


def _wrapped(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    return label


def _buttons(layout: QGridLayout, row: int, *pairs, first: int = 0) -> list[QPushButton]:
    """Buttons named after their text ("Add order" is `add_order`), side by side from column `first`."""
    made = []
    for column, (text, slot) in enumerate(pairs, first):
        button = QPushButton(text)
        button.setObjectName(text.lower().replace(" ", "_"))
        button.clicked.connect(lambda _checked=False, call=slot: call())
        layout.addWidget(button, row, column)
        made.append(button)
    return made


class PlanDock(QWidget):
    def __init__(self):
        super().__init__()
        self.document, self.focus, self._drawing = None, None, False
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        outer.addWidget(scroll)
        inner = QWidget()
        scroll.setWidget(inner)
        layout = QVBoxLayout(inner)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        self.side = QComboBox()
        self.side.currentIndexChanged.connect(lambda _i: self._choose(side=self.side.currentData(), plan=None))
        layout.addWidget(self.side)

        # each box's title is short and its explanation wraps inside it: a long title would set the dock's width
        plans = QGroupBox("Plans")
        grid = QGridLayout(plans)
        grid.addWidget(_wrapped("One is drawn by weight for each game."), 0, 0, 1, 3)
        self.plans = _list()
        self.plans.currentRowChanged.connect(lambda row: self._choose(plan=row if row >= 0 else None))
        grid.addWidget(self.plans, 1, 0, 1, 3)
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.name = QLineEdit()
        self.name.editingFinished.connect(lambda: self._plan_value("name", self.name.text().strip()))
        self.plan_id = QLineEdit()
        self.plan_id.editingFinished.connect(lambda: self._plan_value("id", self.plan_id.text().strip()))
        self.weight = QDoubleSpinBox()
        self.weight.setRange(0.0, 1000.0)  # the schema's minimum is 0 (a plan never drawn); it sets no maximum
        self.weight.setDecimals(1)
        self.weight.editingFinished.connect(self._weight)
        form.addRow("Name", self.name)
        form.addRow("Id", self.plan_id)
        form.addRow("Weight", self.weight)
        grid.addLayout(form, 2, 0, 1, 3)
        _buttons(grid, 3, ("Add plan", self.add_plan), ("Delete plan", self.delete_plan))
        layout.addWidget(plans)

        groups = QGroupBox("Groups")
        grid = QGridLayout(groups)
        grid.addWidget(_wrapped("Units outside every group fight by doctrine."), 0, 0, 1, 2)
        self.groups = _list()
        self.groups.currentRowChanged.connect(lambda row: self._choose(group=row if row >= 0 else None))
        grid.addWidget(self.groups, 1, 0, 1, 2)
        _buttons(grid, 2, ("Group selected units", self.add_group), ("Set to selected", self.set_group_units))
        _buttons(grid, 3, ("Delete group", self.delete_group))
        self.then_hold = QCheckBox("Then hold")
        self.then_hold.toggled.connect(self._then_hold)
        grid.addWidget(self.then_hold, 4, 0, 1, 2)
        grid.addWidget(_wrapped("(else the group fights by doctrine once its orders are done)"), 5, 0, 1, 2)
        layout.addWidget(groups)

        orders = QGroupBox("Orders of the group")
        grid = QGridLayout(orders)
        grid.addWidget(_wrapped("In sequence. W on the map: add a waypoint."), 0, 0, 1, 4)
        self.orders = _list()
        self.orders.currentRowChanged.connect(lambda row: self._choose(order=row if row >= 0 else None))
        grid.addWidget(self.orders, 1, 0, 1, 4)
        self.new_kind = QComboBox()
        self.new_kind.addItems(view.order_kinds())
        grid.addWidget(self.new_kind, 2, 0)
        _buttons(grid, 2, ("Add order", self.add_order), first=1)
        _buttons(
            grid,
            3,
            ("Up", lambda: self.move_order(-1)),
            ("Down", lambda: self.move_order(1)),
            ("Delete order", self.delete_order),
        )
        self.order_form = OrderForm(self)
        grid.addWidget(self.order_form, 4, 0, 1, 4)
        layout.addWidget(orders)

        triggers = QGroupBox("Triggers")
        grid = QGridLayout(triggers)
        grid.addWidget(_wrapped("T on the map: draw an enemy-in area."), 0, 0, 1, 2)
        self.triggers = _list(90)
        self.triggers.currentRowChanged.connect(lambda row: self._choose(trigger=row if row >= 0 else None))
        grid.addWidget(self.triggers, 1, 0, 1, 2)
        _buttons(grid, 2, ("Add trigger", self.add_trigger), ("Delete trigger", self.delete_trigger))
        self.trigger_form = TriggerForm(self)
        grid.addWidget(self.trigger_form, 3, 0, 1, 2)
        layout.addWidget(triggers)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #a0400a;")
        layout.addWidget(self.message)
        layout.addStretch(1)
        self.show_document(None)

    # -- showing ------------------------------------------------------------------------------------------------
    def show_document(self, document) -> None:
        if self.document is not None:
            try:
                self.document.changed.disconnect(self.redraw)
                self.focus.changed.disconnect(self.redraw)
            except (TypeError, RuntimeError):  # the document (which owns the focus) is gone
                pass
        self.document = document if document is not None and document.kind == "scenario" else None
        self.focus = focus_for(self.document) if self.document is not None else None
        if self.document is not None:
            self.document.changed.connect(self.redraw)
            self.focus.changed.connect(self.redraw)
        self.redraw()

    def scenario(self):
        return self.document.model.scenario if self.document is not None else None

    def chosen(self) -> view.Chosen:
        return self.focus.chosen if self.focus is not None else view.Chosen()

    def redraw(self, _event=None) -> None:
        scenario = self.scenario()
        self.setEnabled(scenario is not None)
        if scenario is None:
            self.heading.setText("No scenario open" if self.document is None else "The scenario has errors")
            return
        chosen = view.settle(scenario, self.chosen(), [f.side for f in scenario.forces])
        if chosen != self.chosen():
            self.focus.set(**chosen.__dict__)  # comes back here through focus.changed
            return
        self._drawing = True
        try:
            self._fill(scenario, chosen)
        finally:
            self._drawing = False

    def _fill(self, scenario, chosen) -> None:
        self.heading.setText(view.summary(scenario))
        self.side.clear()
        for force in scenario.forces:
            self.side.addItem(force.side, force.side)
        self.side.setCurrentIndex(max(0, self.side.findData(chosen.side)))
        plans = view.plans_of(scenario, chosen.side)
        _set_rows(self.plans, [view.plan_text(p) for p in plans], chosen.plan)
        plan = plans[chosen.plan] if chosen.plan is not None else None
        for widget in (self.name, self.plan_id, self.weight):
            widget.setEnabled(plan is not None)
        self.name.setText(plan.name if plan else "")
        self.name.setCursorPosition(0)  # a long name shows its start, not its end
        self.name.setToolTip(plan.name if plan else "")
        self.plan_id.setText(plan.id if plan else "")
        self.weight.setValue(float(plan.weight) if plan else 1.0)
        groups = plan.groups if plan else ()
        _set_rows(self.groups, [view.group_text(g, i) for i, g in enumerate(groups)], chosen.group)
        group = groups[chosen.group] if chosen.group is not None else None
        self.then_hold.setEnabled(group is not None)
        self.then_hold.setChecked(bool(group and group.then == "hold"))
        orders = group.orders if group else ()
        _set_rows(self.orders, [view.order_text(o, i) for i, o in enumerate(orders)], chosen.order)
        triggers = plan.triggers if plan else ()
        _set_rows(self.triggers, [view.trigger_text(t) for t in triggers], chosen.trigger)
        order = orders[chosen.order] if chosen.order is not None else None
        self.order_form.show_order(order, [t.id for t in triggers])
        trigger = triggers[chosen.trigger] if chosen.trigger is not None else None
        self.trigger_form.show_trigger(trigger, scenario)
        for name, on in (
            ("delete_plan", plan is not None),
            ("group_selected_units", plan is not None),
            ("set_to_selected", group is not None),
            ("delete_group", group is not None),
            ("add_order", group is not None),
            ("up", order is not None),
            ("down", order is not None),
            ("delete_order", order is not None),
            ("add_trigger", plan is not None),
            ("delete_trigger", trigger is not None),
        ):
            self.findChild(QPushButton, name).setEnabled(on)

    def _choose(self, **changes) -> None:
        if self._drawing or self.focus is None:
            return
        if "side" in changes:
            changes.update(plan=None, group=None, order=None, trigger=None)
        elif "plan" in changes:
            changes.update(group=None, order=None, trigger=None)
        elif "group" in changes:
            changes.update(order=None)
        self.focus.set(**changes)
        self._select_group_units()

    def _select_group_units(self) -> None:
        """The chosen group's units are selected on the map and in the Order of battle."""
        scenario, chosen = self.scenario(), self.chosen()
        group = view.group_of(scenario, chosen) if scenario is not None else None
        if group is not None and chosen.side is not None:
            selection_for(self.document).set(edits.unit_keys(scenario, chosen.side, group.units))

    def jump_to(self, issue) -> bool:
        """Choose the plan, group, order or trigger an issue's path names (ai_plans, side, plan, ...)."""
        path = tuple(issue.path or ())
        if self.document is None or path[:1] != (edits.ROOT,) or issue.file is None:
            return False
        if str(issue.file) != str(self.document.path):
            return False
        self.focus.set(**view.chosen_by_path(path).__dict__)
        return True

    # -- edits ----------------------------------------------------------------------------------------------------
    def _edit(self, call, *args) -> None:
        """After the widget that asked has finished (the edit rebuilds the lists); a refusal is shown, not raised."""
        if self._drawing or self.document is None:
            return

        def run():
            try:
                self.message.setText("")
                call(self.document, *args)
            except ValueError as exc:
                self.message.setText(str(exc))
                self.redraw()

        QTimer.singleShot(0, run)

    def _plan_value(self, key: str, value) -> None:
        at = self.chosen().rows("plan")
        if at is not None and value:
            self._edit(edits.set_plan_value, *at, key, value)

    def _weight(self) -> None:
        scenario, chosen = self.scenario(), self.chosen()
        plans = view.plans_of(scenario, chosen.side) if scenario is not None else ()
        shown = plans[chosen.plan].weight if chosen.plan is not None and chosen.plan < len(plans) else None
        if shown is not None and self.weight.value() != shown:  # leaving the field unchanged writes no default
            self._plan_value("weight", _number(self.weight.value()))

    def _then_hold(self, on: bool) -> None:
        at = self.chosen().rows("group")
        if at is not None:
            self._edit(edits.set_group_then, *at, on)

    def add_plan(self) -> None:
        side = self.chosen().side
        if self.document is not None and side is not None:
            row = edits.add_plan(self.document, side)
            self.focus.set(plan=row, group=None, order=None, trigger=None)

    def delete_plan(self) -> None:
        at = self.chosen().rows("plan")
        if at is not None:
            edits.remove_plan(self.document, *at)

    def _selected_references(self) -> list[str] | None:
        try:
            side, refs = edits.unit_references(self.scenario(), selection_for(self.document).keys)
        except ValueError as exc:
            self.message.setText(str(exc))
            return None
        if side != self.chosen().side:
            self.message.setText(f"the selected units are {side}'s: a {self.chosen().side} plan groups its own")
            return None
        self.message.setText("")
        return refs

    def add_group(self) -> None:
        at, refs = self.chosen().rows("plan"), self._selected_references()
        if at is not None and refs:
            side, plan = at
            row = edits.add_group(self.document, side, plan, refs)
            self.focus.set(group=row, order=None)

    def set_group_units(self) -> None:
        at, refs = self.chosen().rows("group"), self._selected_references()
        if at is not None and refs:
            side, plan, group = at
            edits.set_group_units(self.document, side, plan, group, refs)

    def delete_group(self) -> None:
        at = self.chosen().rows("group")
        if at is not None:
            edits.remove_group(self.document, *at)

    def add_order(self) -> None:
        """An order of the kind chosen beside the button; a move or attack goes where the group's route ends (a
        group of reinforcements: the objective area), to be changed in the form (the waypoint tool on the map adds
        moves where they are clicked)."""
        chosen = self.chosen()
        at = chosen.rows("group")
        if at is None:
            return
        square = view.route_end(self.scenario(), chosen)
        try:
            side, plan, group = at
            row = edits.add_order(self.document, side, plan, group, self.new_kind.currentText(), square)
        except ValueError as exc:
            self.message.setText(f"{exc}: place the group's units first, or pick the square with W on the map")
            return
        self.focus.set(order=row)

    def move_order(self, step: int) -> None:
        at = self.chosen().rows("order")
        if at is not None:
            side, plan, group, order = at
            self.focus.set(order=edits.move_order(self.document, side, plan, group, order, step))

    def delete_order(self) -> None:
        at = self.chosen().rows("order")
        if at is not None:
            edits.remove_order(self.document, *at)

    def add_trigger(self) -> None:
        at = self.chosen().rows("plan")
        if at is not None:
            side, plan = at
            self.focus.set(trigger=edits.add_trigger(self.document, side, plan, edits.condition("turn", turn=2)))

    def delete_trigger(self) -> None:
        at = self.chosen().rows("trigger")
        if at is not None:
            edits.remove_trigger(self.document, *at)


def _number(value: float) -> int | float:
    """A weight as the file writes it: 3, not 3.0."""
    return int(value) if float(value).is_integer() else value


def _set_rows(widget: QListWidget, texts: list[str], current: int | None) -> None:
    widget.clear()
    widget.addItems(texts)
    for row, text in enumerate(texts):
        present(widget.item(row)).setToolTip(text)
    if current is not None and current < len(texts):
        widget.setCurrentRow(current)
