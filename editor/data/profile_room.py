"""The import profile in the terrain room: the rules that turn OpenStreetMap features into terrain (terrain type,
priority, the tags that match), added, deleted and reordered here, and the elevation thresholds that split the
ground into plateaus. Every edit is one undo step of the profile's document, saved round trip (comments and flow
style kept) and checked by the import-profile schema in the issues list (docs/real-ground.md)."""

from __future__ import annotations

from PyQt6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ..common.schema_bounds import choices
from ..document import bulk_edit
from .entry_table import EntryTableModel, entry_table_view, selected_row
from .profile_table import (
    ELEVATION_KEY,
    FEATURES_KEY,
    moved_to,
    new_rule,
    rule_columns,
    rule_label,
    rule_value,
    threshold_problem,
    threshold_range,
)
from .table_tab import TableTab

MAX_RISE = 1000.0  # metres: no plateau of a 60 x 60 map stands higher over the one below


class ProfileTab(TableTab):
    def __init__(self, document, workspace, parent: QWidget | None = None) -> None:
        super().__init__(document, workspace, parent)
        self.rules_model = EntryTableModel(document, FEATURES_KEY, rule_columns(), rule_value, rule_label)
        self.rules_view = entry_table_view(self.rules_model)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.rules_model.problem.connect(self.status.setText)
        buttons = QHBoxLayout()
        buttons.addWidget(QLabel("<b>OpenStreetMap features to terrain</b>"), 1)
        for name, text, slot in (
            ("add_rule", "Add rule", self.add_rule),
            ("delete_rule", "Delete rule", self.delete_selected_rule),
            ("move_up", "Move up", lambda: self.move_selected_rule(-1)),
            ("move_down", "Move down", lambda: self.move_selected_rule(1)),
        ):
            button = QPushButton(text)
            button.setObjectName(name)
            button.clicked.connect(slot)
            buttons.addWidget(button)
        self.method = QComboBox()
        self.method.addItems(choices("import_profile", ELEVATION_KEY, "method"))
        self.method.activated.connect(lambda _i: self.set_elevation(("method",), self.method.currentText()))
        self.thresholds = [QDoubleSpinBox(), QDoubleSpinBox()]
        for i, box in enumerate(self.thresholds):
            box.setKeyboardTracking(False)
            box.editingFinished.connect(lambda i=i: self.set_threshold(i))
        self.min_rise = QDoubleSpinBox()
        self.min_rise.setRange(0.0, MAX_RISE)
        self.min_rise.setSuffix(" m")
        self.min_rise.editingFinished.connect(lambda: self.set_elevation(("min_rise",), self._number(self.min_rise)))
        elevation = QGroupBox("Elevation: plateaus 1, 3 and 5 split at two thresholds")
        form = QFormLayout(elevation)
        form.addRow("Thresholds in:", self.method)
        form.addRow("Level 1 below:", self.thresholds[0])
        form.addRow("Level 5 above:", self.thresholds[1])
        form.addRow("Each plateau at least (quantiles):", self.min_rise)
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(self.rules_view, 1)
        layout.addWidget(elevation)
        layout.addWidget(self.status)
        self.watch_documents()
        self.redraw()

    # -- drawing --------------------------------------------------------------------------------------------------
    def redraw(self) -> None:
        self.rules_model.set_entries(self.document.model.features)
        self.rules_view.resizeColumnsToContents()
        elevation = self.document.model.elevation
        widgets = [self.method, *self.thresholds, self.min_rise]
        for widget in widgets:
            widget.blockSignals(True)
            widget.setEnabled(elevation is not None)  # (the issues list says what is wrong with it)
        if elevation is not None:
            self.method.setCurrentText(elevation.method)
            low, high, decimals = threshold_range(elevation.method)
            for box, value in zip(self.thresholds, elevation.thresholds, strict=True):
                box.setDecimals(decimals)
                box.setRange(low, high)
                box.setSuffix("" if elevation.method == "quantiles" else " m")
                box.setValue(value)
            self.min_rise.setValue(elevation.min_rise)
        for widget in widgets:
            widget.blockSignals(False)

    def row_views(self) -> dict:
        return {FEATURES_KEY: self.rules_view}

    # -- rules ----------------------------------------------------------------------------------------------------
    def add_rule(self) -> None:
        """A new rule below the selected one (at the end without a selection), written in the style of the rule
        it follows; the designer then sets its terrain, priority and tags."""
        rows = self.document.value(FEATURES_KEY) or []
        at = selected_row(self.rules_view)
        first = len(rows) if at is None else at + 1
        if rows:
            row = self.document.row_like((FEATURES_KEY,), first - 1, new_rule())
        else:
            row = new_rule()
        self.document.insert_rows((FEATURES_KEY,), first, [row], "Add import rule")
        self.rules_view.selectRow(first)

    def delete_selected_rule(self) -> None:
        row = selected_row(self.rules_view)
        if row is None:
            return
        if len(self.document.model.features) <= 1:
            self.status.setText("A profile needs at least one rule: add another before deleting this one.")
            return
        self.document.remove_rows((FEATURES_KEY,), row, 1, "Delete import rule")

    def move_selected_rule(self, step: int) -> None:
        """Move the selected rule one place up (-1) or down (+1): one undo step. Rules of equal priority are
        tried in this order."""
        row = selected_row(self.rules_view)
        target = None if row is None else moved_to(row, step, len(self.document.model.features))
        if row is None or target is None:
            return
        node = self.document.value(FEATURES_KEY, row)
        text = f"Move import rule {'up' if step < 0 else 'down'}"
        with bulk_edit(self.document, text):
            self.document.remove_rows((FEATURES_KEY,), row, 1, text)
            self.document.insert_rows((FEATURES_KEY,), target, [node], text)
        self.rules_view.selectRow(target)

    # -- elevation ------------------------------------------------------------------------------------------------
    @staticmethod
    def _number(box: QDoubleSpinBox) -> float | int:
        value = round(box.value(), box.decimals())
        return int(value) if float(value).is_integer() else value  # 60 m is written 60, not 60.0

    def set_threshold(self, index: int) -> None:
        """The threshold typed into box `index`, if the pair stays in order and in range (else said, and undone)."""
        elevation = self.document.model.elevation
        if elevation is None:
            return
        number = self._number(self.thresholds[index])
        pair = list(elevation.thresholds)
        pair[index] = float(number)
        problem = threshold_problem(elevation.method, (pair[0], pair[1]))
        if problem:
            self.status.setText(problem)
            self.redraw()  # the box shows the profile's value again
            return
        self.set_elevation(("thresholds", index), number)

    def set_elevation(self, path: tuple, value) -> None:
        if self.document.value(ELEVATION_KEY, *path) == value:
            return
        self.document.set_value((ELEVATION_KEY, *path), value, f"Change elevation {path[0].replace('_', ' ')}")
