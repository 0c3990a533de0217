"""The parameter data form: every rules parameter in a group box per dataclass group, each with a bounded editor,
its meaning, unit, range and manual section in the tooltip, and values changed against what this file extends
marked (the original in the tooltip). The same form shows a pack's rules.yaml against the packs it requires and a
scenario's overrides against its pack. Every edit is a SetValue, so typing "16" is one undo step."""

from __future__ import annotations

from typing import Any

from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import (
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)
from ruamel.yaml.comments import CommentedMap

from tacforge.engine.model.parameters import PARAMETER_GROUPS

from ..document import Reloaded, ValueChanged
from .parameter_rows import PARAMETERS_KEY, ParameterRow, form_values, group_title, parameter_rows, parse_parameter

CHANGED_STYLE = "font-weight: bold; color: #a0400a;"
FLOAT_STEP = 0.05
NO_LIMIT = 1_000_000
EDITOR_WIDTH = 170


def _editor(row: ParameterRow) -> QLineEdit | QSpinBox | QDoubleSpinBox:
    info = row.info
    if row.kind == "str":
        return QLineEdit()
    box: QSpinBox | QDoubleSpinBox
    if row.kind == "int":  # (a whole number's bounds are whole)
        box = QSpinBox()
        box.setRange(
            -NO_LIMIT if info.minimum is None else int(info.minimum) + (1 if info.exclusive_minimum else 0),
            NO_LIMIT if info.maximum is None else int(info.maximum),
        )
    else:
        box = QDoubleSpinBox()
        box.setDecimals(3)
        box.setSingleStep(FLOAT_STEP)
        step = 10 ** -box.decimals()
        box.setRange(
            -NO_LIMIT if info.minimum is None else info.minimum + (step if info.exclusive_minimum else 0),
            NO_LIMIT if info.maximum is None else info.maximum,
        )
    box.setKeyboardTracking(False)  # a typed number is one value (and one undo step), not one per key
    box.setSuffix(f" {info.unit}")
    return box


class ParametersForm(QScrollArea):
    """The form on a rules document or a scenario document (parameter_rows.form_values says against what)."""

    def __init__(self, document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        _base, _own, base_name = form_values(document)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # meanings wrap instead
        inner = QWidget()
        column = QVBoxLayout(inner)
        self.status = QLabel()
        self.status.setWordWrap(True)
        column.addWidget(
            QLabel(
                f"<b>Rules parameters</b>: values in <span style='{CHANGED_STYLE}'>bold</span> "
                f"differ from {base_name}; hover a value for its meaning, range and the original."
            )
        )
        column.addWidget(self.status)
        self.editors: dict[str, QWidget] = {}
        self.labels: dict[str, QLabel] = {}
        self.rows: dict[str, ParameterRow] = {}
        forms = {}
        for group in PARAMETER_GROUPS:
            box = QGroupBox(group_title(group))
            forms[group] = QFormLayout(box)
            column.addWidget(box)
        for row in self._rows():
            editor, label = _editor(row), QLabel(row.key)
            editor.setFixedWidth(EDITOR_WIDTH)
            meaning = QLabel(f"{row.info.meaning} <span style='color: grey'>({row.info.section})</span>")
            meaning.setWordWrap(True)
            line = QHBoxLayout()
            line.addWidget(editor)
            line.addWidget(meaning, 1)
            forms[row.group].addRow(label, line)
            self.editors[row.key], self.labels[row.key] = editor, label
            if isinstance(editor, QLineEdit):
                editor.editingFinished.connect(lambda k=row.key, e=editor: self.edit(k, e.text()))
            else:
                editor.valueChanged.connect(lambda value, k=row.key: self.edit(k, value))
        column.addStretch(1)
        self.setWidget(inner)
        document.changed.connect(self._document_changed)
        self.refresh()

    def _rows(self) -> list[ParameterRow]:
        return parameter_rows(*form_values(self.document))

    def refresh(self) -> None:
        for row in self._rows():
            self.rows[row.key] = row
            editor, label = self.editors[row.key], self.labels[row.key]
            editor.blockSignals(True)
            if isinstance(editor, QLineEdit):
                editor.setText(str(row.value))
            elif isinstance(editor, (QSpinBox, QDoubleSpinBox)):
                editor.setValue(row.value)
            editor.blockSignals(False)
            tip = row.tooltip()
            for widget in (editor, label):
                widget.setToolTip(tip)
            label.setText(f"{row.key} ●" if row.changed else row.key)
            label.setStyleSheet(CHANGED_STYLE if row.changed else "")

    def edit(self, key: str, typed: Any) -> None:
        """Write what was typed into the document (one undo step per field, however many keys were pressed)."""
        try:
            value = parse_parameter(key, typed)
        except ValueError as exc:
            self.status.setText(str(exc))
            self.refresh()
            return
        self.status.clear()
        if value == self.rows[key].value:
            return  # nothing to write: the rules already read this value
        if self.document.value(PARAMETERS_KEY, default=None) is None:
            self.document.set_value((PARAMETERS_KEY,), CommentedMap([(key, value)]), f"Set {key}")
        else:
            self.document.set_value((PARAMETERS_KEY, key), value, f"Change {key}")

    def _document_changed(self, event) -> None:
        if isinstance(event, (ValueChanged, Reloaded)):
            self.refresh()
