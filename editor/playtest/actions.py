"""Playtest in the main window: the Playtest menu and toolbar button (F5: the dialog; Ctrl+F5: again with the last
choice), File ▸ Open replay or saved game, File ▸ Open play-by-file game (pbem_window.py), and the battle windows
they open. A playtest plays the current tab's scenario with every open document's unsaved edits (PlaytestSource)
and never touches the documents or their undo history."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PyQt6.QtGui import QAction, QKeySequence
from PyQt6.QtWidgets import QFileDialog, QMessageBox

if TYPE_CHECKING:  # the battle windows, the controller and with them the simulator and the computer player are
    # imported when a playtest or a replay is first opened, not with the main window
    # (docs/architecture.md 8: start in 1.5 s)
    from .battle_window import BattleWindow
    from .controller import PlaytestChoice


PLAYTEST_MENU = "&Playtest"


def playtest_menu(window):
    """The main window's Playtest menu, made by whoever asks first (playtests and balance runs share it)."""
    bar = window.menuBar()
    found = next((a.menu() for a in bar.actions() if a.menu() is not None and a.text() == PLAYTEST_MENU), None)
    return found or bar.addMenu(PLAYTEST_MENU)


def scenario_to_play(window, title: str, last: Path | None) -> Path | None:
    """The current tab's scenario, else the one the designer picks (scenario_choice); None, with a message when no
    scenario is known, when there is nothing to play."""
    from .scenario_choice import ask_scenario, known_scenarios, tab_scenario

    path = tab_scenario(window.current_tab())
    if path is not None:
        return path
    if not known_scenarios(window.workspace):
        QMessageBox.information(window, title, "Open a pack with a scenario first: there is no scenario to play.")
        return None
    return ask_scenario(window, window.workspace, title, last)


def show_unit(window, scenario_path: Path, uid: str) -> None:
    """Show a unit of a battle ("allied:C5") in the order of battle of its scenario's tab (opened if need be)."""
    window.open_path(Path(scenario_path))
    dock = next(d for d in window.docks if d.objectName() == "oob")
    dock.show()
    dock.raise_()
    if not window.room_docks["oob"].select_unit(uid):
        window.statusBar().showMessage(
            f"{uid} is not in the order of battle (off-map artillery, or removed since)", 8000
        )


class Playtests:
    def __init__(self, window) -> None:
        self.window = window
        self.last: PlaytestChoice | None = None
        self.last_scenario: Path | None = None  # offered first when F5 is pressed on a tab that is no scenario
        self.battles: list[BattleWindow] = []
        self.menu = menu = playtest_menu(window)  # the balance run's entry goes here too
        self.start_action = self._action(menu, "Playtest…", self.start, "F5")
        self.repeat_action = self._action(menu, "Playtest again", lambda: self.start(repeat=True), "Ctrl+F5")
        window.toolbar.addSeparator()
        window.toolbar.addAction(self.start_action)
        file_menu = window.menuBar().actions()[0].menu()
        first_separator = next((a for a in file_menu.actions() if a.isSeparator()), None)
        file_menu.insertAction(first_separator, self._action(file_menu, "Open replay or saved game…", self.open_battle))
        file_menu.insertAction(first_separator, self._action(file_menu, "Open play-by-file game…", self.open_pbem))

    def _action(self, menu, text: str, slot, shortcut: str | None = None) -> QAction:
        action = QAction(text, self.window)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _checked=False: slot())  # (not `checked` as the slot's first argument)
        menu.addAction(action)
        return action

    def scenario_path(self, repeat: bool = False) -> Path | None:
        """The current tab's scenario, else (asked) another; Playtest again replays the last one without asking."""
        from .scenario_choice import tab_scenario

        if repeat and self.last_scenario is not None and tab_scenario(self.window.current_tab()) is None:
            return self.last_scenario
        path = scenario_to_play(self.window, "Playtest", self.last_scenario)
        if path is not None:
            self.last_scenario = path
        return path

    def start(self, repeat: bool = False) -> BattleWindow | None:
        from tacforge.engine.sim.initial_state import SetupError

        from .battle_window import BattleWindow
        from .controller import BattleController
        from .playtest_dialog import PlaytestDialog
        from .source import PlaytestSource

        path = self.scenario_path(repeat)
        if path is None:
            return None
        self.window.statusBar().showMessage(f"Playtest of {path.name}", 10_000)
        content, scenario, issues, error = PlaytestSource.from_workspace(self.window.workspace, path).prepare()
        sides = [(s.id, s.name) for s in content.ruleset.sides] if content is not None else []
        fits = self.last is not None and sorted(self.last.players) == sorted(s for s, _ in sides)
        if repeat and self.last is not None and fits and not error and not any(i.is_error for i in issues):
            choice = self.last
        else:
            dialog = PlaytestDialog(sides, issues, self.last if fits else None, error, self.window)
            named = f"{scenario.name} ({path.name})" if scenario is not None else path.name
            dialog.setWindowTitle(f"Playtest: {named}")
            dialog.jumpRequested.connect(self.window.jump_to_issue)
            if not dialog.exec():
                return None
            choice = dialog.choice()
        self.last = choice
        try:
            controller = BattleController.start(content, scenario, choice)
        except SetupError as exc:
            QMessageBox.warning(self.window, "Playtest", f"The battle cannot start: {exc}")
            return None
        battle = BattleWindow(controller, f"{scenario.name} ({path.name}, playtest, seed {choice.seed})")
        battle.unitChosen.connect(lambda uid: show_unit(self.window, path, uid))
        return self._show(battle)

    def open_battle(self) -> BattleWindow | None:
        path, _ = QFileDialog.getOpenFileName(
            self.window,
            "Open replay or saved game",
            str(Path.home()),
            "Replays and saved games (*.jsonl *.json);;All files (*)",
        )
        if not path:
            return None
        from .replays import open_battle_file

        window = open_battle_file(None, Path(path), [str(p) for p in self.window.workspace.extra], self._ask_players)
        return self._show(window) if window is not None else None

    def open_pbem(self) -> BattleWindow | None:
        """The opponent's file of a play-by-file game (docs/pbem.md): its turn played, this side's orders taken."""
        path, _ = QFileDialog.getOpenFileName(
            self.window, "Open play-by-file game", str(Path.home()), "Play-by-file games (*.pbem);;All files (*)"
        )
        if not path:
            return None
        from .pbem_window import open_pbem_file

        window = open_pbem_file(None, Path(path), [str(p) for p in self.window.workspace.extra])
        return self._show(window) if window is not None else None

    def _ask_players(self, sides) -> PlaytestChoice | None:
        from .playtest_dialog import PlaytestDialog

        dialog = PlaytestDialog(sides, [], self.last, "", self.window)
        return dialog.choice() if dialog.exec() else None

    def _show(self, battle: BattleWindow) -> BattleWindow:
        self.battles.append(battle)
        battle.closed.connect(lambda b=battle: self.battles.remove(b) if b in self.battles else None)
        battle.show()
        return battle

    def close_all(self) -> None:
        for battle in list(self.battles):
            battle.close()
