"""The Briefing page of the Properties dock: the briefing both sides are told and each side's own, as plain text
(what the file holds and the text player prints), with a preview of exactly what the commander of the chosen side
is shown at the start of `tacforge play`: the engine's own opening text (engine/cli/turn_text.py); and the
designer's notes (the scenario's `notes`: sources and assumptions, which no player is shown)."""

from __future__ import annotations

from PyQt6.QtGui import QFontDatabase
from PyQt6.QtWidgets import QComboBox, QFormLayout, QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from . import scenario_edits as edits

EDITOR_LINES = 4


class BriefingEditor(QPlainTextEdit):
    """A text box whose text is written to the document when it loses focus (one undo step per visit)."""

    def __init__(self, commit, lines: int = EDITOR_LINES):
        super().__init__()
        self.commit = commit
        self.setTabChangesFocus(True)
        self.setFixedHeight(self.fontMetrics().lineSpacing() * lines + 2 * self.frameWidth() + 8)

    def focusOutEvent(self, event) -> None:
        self.commit(self.toPlainText())
        super().focusOutEvent(event)

    def show_text(self, text: str) -> None:
        if not self.hasFocus() and self.toPlainText() != text:
            self.setPlainText(text)


class BriefingPage(QWidget):
    def __init__(self):
        super().__init__()
        self.document, self.side_editors = None, {}
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("<b>Both sides</b> are told:"))
        self.common = BriefingEditor(lambda text: self._commit_common(text), 2 * EDITOR_LINES)
        layout.addWidget(self.common)
        self.sides_form = QFormLayout()
        self.sides_form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)
        layout.addLayout(self.sides_form)
        self.preview_side = QComboBox()
        self.preview_side.currentIndexChanged.connect(lambda _i: self._show_preview())
        preview_row = QFormLayout()
        preview_row.addRow("Preview as the player of", self.preview_side)
        layout.addLayout(preview_row)
        self.preview = QPlainTextEdit()
        self.preview.setReadOnly(True)
        self.preview.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)  # the lines as printed
        self.preview.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))  # as the terminal shows it
        self.preview.setMinimumHeight(self.fontMetrics().lineSpacing() * EDITOR_LINES * 3)
        layout.addWidget(self.preview, 1)
        layout.addWidget(QLabel("<b>Designer's notes</b> (sources, assumptions; the players are not shown them):"))
        self.notes = BriefingEditor(lambda text: self._commit_notes(text), 2 * EDITOR_LINES)
        layout.addWidget(self.notes)

    def widget_for(self, path: tuple) -> QWidget | None:
        """The common briefing's editor, or a side's."""
        if path[:1] == ("briefing",):
            return self.common
        if path[:1] == ("notes",):
            return self.notes
        if path[:1] == ("side_briefings",):
            return self.side_editors.get(path[1]) if len(path) >= 2 else next(iter(self.side_editors.values()), None)
        return None

    def refresh(self, document) -> None:
        self.document = document
        scenario, content = document.model.scenario, document.content
        profile = content.ruleset if content else None
        names = {s.id: s.name for s in profile.sides} if profile else {}  # side id -> name, in the ruleset's order
        sides = tuple(names)
        if tuple(self.side_editors) != sides:
            while self.sides_form.rowCount():
                self.sides_form.removeRow(0)
            self.side_editors = {
                side: BriefingEditor(lambda text, s=side: self._commit_side(s, text)) for side in sides
            }
            for side, editor in self.side_editors.items():
                self.sides_form.addRow(f"Only the {names[side]} player is told:", editor)
            self.preview_side.blockSignals(True)
            self.preview_side.clear()
            for side in sides:
                self.preview_side.addItem(names[side], side)
            self.preview_side.blockSignals(False)
        self.common.show_text(scenario.briefing)
        self.notes.show_text(scenario.notes)
        for side, editor in self.side_editors.items():
            editor.show_text(scenario.side_briefing(side))
        self._show_preview()

    def _show_preview(self) -> None:
        document = self.document
        if document is None or document.model.scenario is None or self.preview_side.currentData() is None:
            self.preview.setPlainText("")
            return
        scenario, content = document.model.scenario, document.content
        profile = content.ruleset if content else None
        found = profile.battle_type(scenario.battle_type) if profile else None
        turns = document.model.game_length(bool(found and found.assault))
        spotting = document.model.parameters.spotting
        visibility = (
            scenario.visibility
            if isinstance(scenario.visibility, int)
            else f"{spotting.visibility_min}-{spotting.visibility_max} (rolled at the start)"
        )
        self.preview.setPlainText(
            edits.briefing_preview(content, scenario, self.preview_side.currentData(), turns, visibility)
        )

    def _ready(self) -> bool:
        return self.document is not None and self.document.model.scenario is not None

    def _commit_common(self, text: str) -> None:
        if self._ready() and text != self.document.model.scenario.briefing:
            edits.set_briefing(self.document, None, text)

    def _commit_notes(self, text: str) -> None:
        if self._ready() and text != self.document.model.scenario.notes:
            edits.set_notes(self.document, text)

    def _commit_side(self, side: str, text: str) -> None:
        if self._ready() and text != self.document.model.scenario.side_briefing(side):
            edits.set_briefing(self.document, side, text)
