"""The Properties dock's module switches: one box per optional ruleset module (engine/model/modules.py MODULES),
ticked when the scenario lists it; each click is one undo command (module_edits.py). It redraws from the file on
every change and holds no truth of its own."""

from __future__ import annotations

from PyQt6.QtWidgets import QCheckBox, QVBoxLayout, QWidget

from tacforge.engine.model.modules import MODULES

from .module_edits import modules_on, set_module


class ModulesBox(QWidget):
    def __init__(self):
        super().__init__()
        self.document, self._loading = None, False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.boxes: dict[str, QCheckBox] = {}
        for name, meaning in MODULES.items():
            box = QCheckBox(name.replace("_", " "))
            box.setObjectName(f"module_{name}")
            box.setToolTip(meaning)
            box.toggled.connect(lambda on, name=name: self._toggled(name, on))
            layout.addWidget(box)
            self.boxes[name] = box

    def refresh(self, document) -> None:
        self.document = document
        listed = set(modules_on(document))
        self._loading = True
        try:
            for name, box in self.boxes.items():
                box.setChecked(name in listed)
        finally:
            self._loading = False

    def _toggled(self, name: str, on: bool) -> None:
        if not self._loading and self.document is not None and self.document.model.scenario is not None:
            set_module(self.document, name, on)
