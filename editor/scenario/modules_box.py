"""The Properties dock's module switches: one box per optional ruleset module (engine/model/modules.py MODULES),
ticked when the scenario lists it; each click is one undo command (module_edits.py). It redraws from the file on
every change and holds no truth of its own."""

from __future__ import annotations

from PyQt6.QtWidgets import QBoxLayout, QCheckBox, QVBoxLayout, QWidget

from tacforge.engine.model.modules import MODULES

from .module_edits import modules_on, set_module


def module_boxes(layout: QBoxLayout) -> dict[str, QCheckBox]:
    """A box per optional module, named and explained as the ruleset does, added to `layout` (the Properties dock's
    switches and the New Scenario dialog's choice)."""
    boxes: dict[str, QCheckBox] = {}
    for name, meaning in MODULES.items():
        box = QCheckBox(name.replace("_", " "))
        box.setObjectName(f"module_{name}")
        box.setToolTip(meaning)
        layout.addWidget(box)
        boxes[name] = box
    return boxes


class ModulesBox(QWidget):
    def __init__(self):
        super().__init__()
        self.document, self._loading = None, False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.boxes = module_boxes(layout)
        for name, box in self.boxes.items():
            box.toggled.connect(lambda on, name=name: self._toggled(name, on))

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
