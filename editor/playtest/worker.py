"""The engine's side of the battle window: a thread that plays the battle on (computer orders, combat phases)
while the window stays responsive. The window reads only frames, which are immutable, and gives orders only while
no thread runs; closing it asks the controller to stop at its next event and waits for the thread."""

from __future__ import annotations

import traceback

from PyQt6.QtCore import QThread, pyqtSignal

from .controller import BattleController, Stopped


class EngineThread(QThread):
    failed = pyqtSignal(str)  # the engine raised: the message and where, for the window to show

    def __init__(self, controller: BattleController, parent=None):
        super().__init__(parent)
        self.controller = controller

    def run(self) -> None:
        try:
            self.controller.advance()
        except Stopped:
            pass
        except Exception as exc:  # noqa: BLE001 - any engine failure is shown in the window, never lost in a thread
            self.failed.emit(f"{type(exc).__name__}: {exc}\n\n{traceback.format_exc(limit=6)}")
