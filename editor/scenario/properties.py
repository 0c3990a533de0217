"""The scenario's set-up values as a form (the Properties dock)."""

from __future__ import annotations

from PyQt6.QtWidgets import QComboBox, QFormLayout, QLabel, QLineEdit, QSpinBox, QVBoxLayout, QWidget

from ..document.events import Reloaded, ValueChanged


class ScenarioProperties(QWidget):
    """The scenario's set-up values as a form; every change is a SetValue on the document's undo stack, and the
    form redraws from the document whenever it changes (undo, redo, a reload from disk)."""

    def __init__(self):
        super().__init__()
        self.document = None
        layout = QVBoxLayout(self)
        self.heading = QLabel("No scenario open")
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        self.fields = QWidget()  # hidden, not greyed, when no scenario is open: old values must not linger
        self.form = QFormLayout(self.fields)
        self.form.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.fields)
        layout.addStretch(1)
        self.name = QLineEdit()
        self.period = QSpinBox()
        self.battle = QComboBox()
        self.turns = QSpinBox()
        self.turns.setRange(1, 255)
        self.visibility = QSpinBox()
        self.visibility.setRange(0, 99)
        self.visibility.setSpecialValueText("random")
        self.handicap = QSpinBox()
        self.handicap.setRange(1, 5)
        for label, widget in (("Name", self.name), ("Period", self.period), ("Battle type", self.battle),
                              ("Turns", self.turns), ("Visibility", self.visibility), ("Handicap", self.handicap)):
            self.form.addRow(label, widget)
        self.lines: dict[str, QSpinBox] = {}
        self.name.editingFinished.connect(lambda: self._set(("name",), self.name.text(), "Rename scenario"))
        self.period.valueChanged.connect(lambda v: self._set(("period",), v, "Change period"))
        self.battle.activated.connect(lambda i: self._set(("battle_type",), self.battle.itemData(i), "Change battle type"))
        self.turns.valueChanged.connect(lambda v: self._set(("turns",), v, "Change game length"))
        self.visibility.valueChanged.connect(lambda v: self._set(("visibility",), v if v else "random", "Change visibility"))
        self.handicap.valueChanged.connect(lambda v: self._set(("handicap",), v, "Change handicap"))
        self._loading = False
        self.fields.hide()

    def show_document(self, document) -> None:
        if self.document is not None:
            try:
                self.document.changed.disconnect(self._document_changed)
            except (TypeError, RuntimeError):
                pass
        self.document = document if document is not None and document.kind == "scenario" else None
        if self.document is None:
            self.heading.setText("No scenario open")
            self.fields.hide()
            return
        self.document.changed.connect(self._document_changed)
        self._build_start_lines()
        self.refresh()
        self.fields.show()

    def _document_changed(self, event) -> None:
        if isinstance(event, (ValueChanged, Reloaded)):
            self.refresh()

    def _build_start_lines(self) -> None:
        """One start-line row per side of the scenario's ruleset (rows of another ruleset's sides go)."""
        profile = self.document.content.ruleset if self.document.content else None
        sides = list(profile.side_ids()) if profile else []
        if sides == list(self.lines):
            return
        for spin in self.lines.values():
            self.form.removeRow(spin)
        self.lines = {}
        for side in sides:
            spin = QSpinBox()
            spin.setRange(0, 255)
            spin.valueChanged.connect(lambda v, s=side: self._set(("start_lines", s), v, f"Move {s} start line"))
            self.lines[side] = spin
            self.form.addRow(f"Start line: {profile.side(side).name}", spin)

    def refresh(self) -> None:
        """Show the document's typed model (without making edits of it); a scenario that cannot be read keeps
        the values shown until it can (the issues dock says why)."""
        document = self.document
        if document is None:
            return
        scenario = document.model.scenario
        if scenario is None:
            self.heading.setText(f"{document.path.name}: see the issues")
            return
        self._loading = True
        try:
            content = document.content
            profile = content.ruleset if content else None
            self.heading.setText(f"{scenario.name}  ({document.path.name})")
            if not self.name.hasFocus():
                self.name.setText(scenario.name)
            self.period.setRange(1, profile.periods if profile else 99)
            self.period.setValue(scenario.period)
            self.battle.clear()
            for bt in (profile.battle_types if profile else ()):
                self.battle.addItem(bt.name, bt.id)
            self.battle.setCurrentIndex(max(0, self.battle.findData(scenario.battle_type)))
            self.turns.setValue(document.model.game_length(self._assault(scenario.battle_type)))
            self.visibility.setValue(scenario.visibility if isinstance(scenario.visibility, int) else 0)
            self.handicap.setValue(scenario.handicap)
            lines = dict(scenario.start_lines)
            for side, spin in self.lines.items():
                spin.setValue(int(lines.get(side, 0)))
        finally:
            self._loading = False

    def _assault(self, battle_type: str) -> bool:
        profile = self.document.content.ruleset if self.document.content else None
        found = profile.battle_type(battle_type) if profile else None
        return bool(found and found.assault)

    def _set(self, path, value, text) -> None:
        if self._loading or self.document is None or self.document.model.scenario is None:
            return
        if self.document.value(*path) == value:  # the file already says so: no step
            return
        if path[0] == "start_lines" and not self.document.model.scenario.start_lines:
            return
        self.document.set_value(path, value, text)
