"""Balance runs in the main window: Playtest ▸ Balance run… (Ctrl+B) and its toolbar button open the window's one
BalanceDialog on the current tab's scenario; a deciding unit clicked in the dialog is selected in the order of
battle of its scenario's tab."""

from __future__ import annotations

from PyQt6.QtGui import QAction, QKeySequence

from .actions import playtest_menu, scenario_to_play, show_unit


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
        self.action.triggered.connect(lambda _checked=False: self.open())
        playtest_menu(window).addAction(self.action)
        window.toolbar.addAction(self.action)

    def open(self):
        """The balance dialog on the current tab's scenario, else on the one the designer picks (None: cancelled)."""
        from .balance_dialog import BalanceDialog

        last = self.dialog.scenario_path if self.dialog is not None else None
        path = scenario_to_play(self.window, "Balance run", last)
        if path is None:
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
