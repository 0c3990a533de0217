"""File ▸ Open play-by-file game: the opponent's file (`tacforge pbem`, docs/pbem.md) in a battle window that plays
the opponent's turn, takes this side's orders with the mouse as a playtest does, and asks where to save the file
to send back when the orders phase ends (Enter)."""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtWidgets import QFileDialog, QMessageBox

from tacforge.engine.atomic_files import atomic_write_text
from tacforge.engine.issues import CommandError
from tacforge.engine.packs.scenario_lookup import find_scenario
from tacforge.engine.pbem.protocol import GameFile, PbemError, read_game_file

from ..qt_present import present
from .battle_window import BattleWindow
from .pbem_controller import PbemController, receive_file

FILTER = "Play-by-file games (*.pbem);;All files (*)"


def _next_name(path: Path) -> str:
    """A name for the file to send: the one received, one number on (turn-04.pbem -> turn-05.pbem)."""
    stem = path.stem
    digits = len(stem) - len(stem.rstrip("0123456789"))
    if digits:
        number = int(stem[-digits:]) + 1
        return str(path.with_name(f"{stem[:-digits]}{number:0{digits}d}{path.suffix}"))
    return str(path.with_name(f"{stem}-next{path.suffix}"))


def save_game_file(parent, game, received, suggested: str) -> str | None:
    """Ask where to save the file to send, write it, then the journal; the path written, or None."""
    path, _ = QFileDialog.getSaveFileName(parent, "Save the file to send to your opponent", suggested, FILTER)
    if not path:
        return None
    try:
        atomic_write_text(Path(path), game.text())
    except OSError as exc:
        QMessageBox.warning(parent, "Play by file", f"cannot write {path}: {exc.strerror or exc}")
        return None
    received.journal.save()  # after the file: a journal never runs ahead of the files
    return path


class PbemBattleWindow(BattleWindow):
    """A battle window over a PbemController: when this side's orders are given (or the game ends on the turn this
    side revealed), the next file is made once and saved (Battle ▸ Save the file to send… asks again if the first
    save was cancelled)."""

    def __init__(self, controller: PbemController, title: str = "", parent=None):
        self.made: GameFile | None = None  # the next game file, once this side's part is done
        self.sent: str | None = None  # where it was saved
        self.ended = False  # the game is over and this side has nothing to send
        super().__init__(controller, title, parent)
        battle_menu = next(a.menu() for a in present(self.menuBar()).actions() if a.menu() is not None)
        self.send_action = self._action(battle_menu, "Save the file to send…", self.send_next)

    def _engine_idle(self) -> None:
        super()._engine_idle()
        controller = self.controller
        assert isinstance(controller, PbemController)
        if self.made is not None or self.ended:
            return
        if controller.ready_to_send:
            self.made = controller.next_file()
            self.send_next()
        elif controller.over:  # the second side has seen the end: nothing to send, the journal says so
            self.ended = True
            controller.next_file()
            self.prompt.setText("game over: there is no file to send")

    def send_next(self) -> None:
        controller = self.controller
        assert isinstance(controller, PbemController) and controller.received is not None
        if self.made is None or self.sent is not None:
            return
        self.sent = save_game_file(self, self.made, controller.received, _next_name(Path(controller.where)))
        self.prompt.setText(
            f"saved {self.sent}: send it to your opponent"
            if self.sent
            else "not saved: Battle ▸ Save the file to send… saves it"
        )


def open_pbem_file(parent, path: Path, pack_paths: list[str]) -> PbemBattleWindow | None:
    """The opponent's file in a battle window; before the set-up is known, only this side's share of it is saved.
    A message box says why a file is refused."""
    try:
        header = read_game_file(path).header
        content, scenario = find_scenario(header.scenario, list(pack_paths))
        received = receive_file(path, content, scenario, list(pack_paths))
    except (PbemError, CommandError) as exc:
        QMessageBox.warning(parent, "Cannot open the game", str(exc))
        return None
    if received.battle is None:  # the game's first file: the set-up is drawn from both sides' shares
        game = received.reply([])
        if game is not None and save_game_file(parent, game, received, _next_name(Path(path))):
            QMessageBox.information(
                parent, "Play by file", "Your share of the set-up is saved: send the file to your opponent."
            )
        return None
    window = PbemBattleWindow(
        PbemController.from_received(received, str(path)), f"{scenario.name} (play by file, {received.side})", parent
    )
    window.show()
    return window
