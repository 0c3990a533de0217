"""The parameter data form: every rules parameter in a group box per dataclass group, each with a field that refuses
(marked, never altered) a value outside its range (common/checked_edit.py), its meaning, unit, range and manual
section in the tooltip, and values changed against what this file extends marked (the original in the tooltip). The
same form shows a pack's rules.yaml against the packs it requires and a scenario's overrides against its pack. A
field is written when it is left or Return is pressed: one undo step, however many keys were typed."""

from __future__ import annotations

from typing import Any

from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import QFormLayout, QGroupBox, QHBoxLayout, QLabel, QScrollArea, QVBoxLayout, QWidget
from ruamel.yaml.comments import CommentedMap

from tacforge.engine.model.parameters import PARAMETER_GROUPS

from ..common.checked_edit import CheckedLineEdit
from ..document import Reloaded, ValueChanged
from .parameter_rows import PARAMETERS_KEY, ParameterRow, form_values, group_title, parameter_rows, parse_parameter

CHANGED_STYLE = "font-weight: bold; color: #a0400a;"
EDITOR_WIDTH = 170


def _editor(row: ParameterRow) -> CheckedLineEdit:
    """A field that takes any text and refuses (marked, with the allowed range) what the parameter does not allow;
    a spin box would have clamped or dropped it."""
    editor = CheckedLineEdit(lambda text: parse_parameter(row.key, text))
    editor.setFixedWidth(EDITOR_WIDTH)
    return editor


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
        self.editors: dict[str, CheckedLineEdit] = {}
        self.labels: dict[str, QLabel] = {}
        self.rows: dict[str, ParameterRow] = {}
        forms = {}
        for group in PARAMETER_GROUPS:
            box = QGroupBox(group_title(group))
            forms[group] = QFormLayout(box)
            column.addWidget(box)
        for row in self._rows():
            editor, label = _editor(row), QLabel(row.key)
            meaning = QLabel(f"{row.info.meaning} <span style='color: grey'>({row.info.section})</span>")
            meaning.setWordWrap(True)
            line = QHBoxLayout()
            line.addWidget(editor)
            line.addWidget(QLabel(row.info.unit))
            line.addWidget(meaning, 1)
            forms[row.group].addRow(label, line)
            self.editors[row.key], self.labels[row.key] = editor, label
            editor.editingFinished.connect(lambda k=row.key, e=editor: self.edit(k, e.text()))
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
            editor.show_text(str(row.value))
            tip = row.tooltip()
            editor.set_tip(tip)
            label.setToolTip(tip)
            label.setText(f"{row.key} ●" if row.changed else row.key)
            label.setStyleSheet(CHANGED_STYLE if row.changed else "")

    def edit(self, key: str, typed: Any) -> None:
        """Write what was typed into the document (one undo step per field, however many keys were pressed)."""
        try:
            value = parse_parameter(key, typed)
        except ValueError as exc:  # refused: the field keeps what was typed, marked, until it is corrected or undone
            self.status.setText(str(exc))
            self.editors[key].show_problem()
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
