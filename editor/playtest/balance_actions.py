"""Balance runs in the main window: Playtest ▸ Balance run… (Ctrl+B) and its toolbar button open the window's one
BalanceDialog on the current tab's scenario; a deciding unit clicked in the dialog is selected in the order of
battle of its scenario's tab."""

from __future__ import annotations

from PyQt6.QtGui import QAction, QKeySequence
from PyQt6.QtWidgets import QMessageBox

from .actions import playtest_menu, scenario_of, show_unit


class BalanceRuns:
    def __init__(self, window):
        self.window = window
        self.dialog = None
        self.action = QAction("Balance run…", window)
        self.action.setShortcut(QKeySequence("Ctrl+B"))
        self.action.setToolTip(
            "Play the scenario many times, computer against computer (unsaved edits included), "
            "and see how balanced it is"
        )
        self.action.triggered.connect(self.open)
        playtest_menu(window).addAction(self.action)
        window.toolbar.addAction(self.action)

    def open(self):
        """The balance dialog on the current tab's scenario (None, with a message, when the tab shows none)."""
        from .balance_dialog import BalanceDialog

        path = scenario_of(self.window.current_tab())
        if path is None:
            QMessageBox.information(
                self.window,
                "Balance run",
                "Open a scenario first: a balance run plays the scenario of the current tab.",
            )
            return None
        if self.dialog is None:
            self.dialog = BalanceDialog(self.window.workspace, path, self.window)
            self.dialog.unitChosen.connect(lambda path, uid: show_unit(self.window, path, uid))
        self.dialog.set_scenario(path)
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        return self.dialog

    def stop(self) -> None:
        """The editor is closing: a run in progress is cancelled and its workers end."""
        if self.dialog is not None:
            self.dialog.stop()
