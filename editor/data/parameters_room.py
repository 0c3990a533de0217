"""Where the parameters form appears: a tab for a pack's rules file, and a dock that shows the current tab's
scenario overrides against its pack's values."""

from __future__ import annotations

from PyQt6.QtWidgets import QLabel, QStackedWidget, QVBoxLayout

from ..common.rooms import DocumentTab
from .parameters_form import ParametersForm


class RulesTab(DocumentTab):
    def __init__(self, document, workspace, parent=None):
        super().__init__(document, workspace, parent)
        self.form = ParametersForm(document)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.form)
        self.watch_documents()


class ScenarioParameters(QStackedWidget):
    """The dock: the form for a scenario document, a note otherwise."""

    def __init__(self) -> None:
        super().__init__()
        self.note = QLabel("Open a scenario to see and override its rules parameters.")
        self.note.setWordWrap(True)
        self.addWidget(self.note)
        self.form: ParametersForm | None = None

    def show_document(self, document) -> None:
        if self.form is not None:
            self.removeWidget(self.form)
            self.form.deleteLater()
            self.form = None
        if document is not None and document.kind == "scenario" and document.model is not None:
            self.form = ParametersForm(document)
            self.addWidget(self.form)
            self.setCurrentWidget(self.form)
        else:
            self.setCurrentWidget(self.note)
