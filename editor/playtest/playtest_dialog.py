"""The Playtest dialog: who plays each side (human or computer), seed, handicap and fog of war, and the scenario's
validation issues. Errors block the start (double-click one to jump to its field, through the main window's issue
jump); warnings are listed and do not."""

from __future__ import annotations

from PyQt6.QtCore import pyqtSignal
from PyQt6.QtWidgets import QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QSpinBox, QVBoxLayout

from ..common.issues_list import IssuesDock
from ..qt_present import present
from .controller import COMPUTER, HUMAN, PlaytestChoice


class PlaytestDialog(QDialog):
    jumpRequested = pyqtSignal(object)  # an Issue

    def __init__(
        self,
        sides: list[tuple[str, str]],
        issues: list,
        last: PlaytestChoice | None = None,
        load_error: str = "",
        parent=None,
    ):
        """`sides`: (id, name) of the scenario's sides (none when it cannot be loaded: then `load_error` says why)."""
        super().__init__(parent)
        self.setWindowTitle("Playtest")
        layout = QVBoxLayout(self)
        form = QFormLayout()
        layout.addLayout(form)
        self.players: dict[str, QComboBox] = {}
        for side, name in sides:
            combo = QComboBox()
            combo.addItem("Computer", COMPUTER)
            combo.addItem("Human", HUMAN)
            if last is not None and last.players.get(side) == HUMAN:
                combo.setCurrentIndex(1)
            self.players[side] = combo
            form.addRow(name, combo)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(last.seed if last else 1)
        form.addRow("Seed", self.seed)
        self.handicap = QComboBox()
        self.handicap.addItem("the scenario's", None)
        for level in range(1, 6):
            self.handicap.addItem(str(level), level)
        if last is not None and last.handicap is not None:
            self.handicap.setCurrentIndex(last.handicap)
        form.addRow("Handicap", self.handicap)
        self.turns = QSpinBox()
        self.turns.setRange(0, 999)
        self.turns.setSpecialValueText("the scenario's")
        self.turns.setValue((last.turns or 0) if last else 0)
        form.addRow("Turns", self.turns)
        self.fog = QCheckBox("show only what the viewing side has spotted")
        self.fog.setChecked(last.fog if last else True)
        form.addRow("Fog of war", self.fog)
        errors = [i for i in issues if i.is_error]
        if errors:  # the list says what the load error would say again
            summary = f"{len(errors)} error(s) block the playtest: double-click one to go to it"
        else:
            summary = load_error or (
                f"{len(issues)} warning(s); they do not block the playtest" if issues else "no issues"
            )
        self.summary = QLabel(summary)
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.issues = IssuesDock()
        self.issues.show_issues(issues)
        self.issues.jumpRequested.connect(self._jump)
        self.issues.setVisible(bool(issues))
        layout.addWidget(self.issues, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.start_button = present(buttons.button(QDialogButtonBox.StandardButton.Ok))  # (made just above)
        self.start_button.setText("Start")
        self.start_button.setEnabled(bool(sides) and not errors)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(720, 420 if issues else 240)

    def _jump(self, issue) -> None:
        self.jumpRequested.emit(issue)
        self.reject()  # the designer goes to fix it

    def choice(self) -> PlaytestChoice:
        return PlaytestChoice(
            {side: combo.currentData() for side, combo in self.players.items()},
            self.seed.value(),
            self.handicap.currentData(),
            self.fog.isChecked(),
            self.turns.value() or None,
        )
