"""A play-by-file game in the battle window, without widgets: the opponent's file received (engine.pbem.moves),
the newest turn played in the window's engine thread so that its pulses are recorded as frames, then this side's
orders taken through the same order API as a playtest's, and the next file's message made from them.

    controller = PbemController.from_received(receive_file(path, content, scenario, pack_paths), str(path))
    controller.advance()          # plays the newest turn, then waits for this side's orders
    controller.give(Move(...)); controller.end_orders(); controller.advance()
    controller.ready_to_send      # True: controller.next_file() is the file to send
"""

from __future__ import annotations

from pathlib import Path

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.pbem.moves import Received, receive
from tacforge.engine.pbem.protocol import GameFile, read_game_file
from tacforge.engine.sim.record import COMPUTER, HUMAN, order_to_dict

from .controller import BattleController, PlaytestChoice
from .frames import END, snapshot


def side_to_play(path: Path) -> str:
    """The side whose turn a game file is: the one that did not write its last message."""
    game = read_game_file(path)
    return next(s for s in game.header.sides if s != game.last.side)


@dataclass
class PbemController(BattleController):
    received: Received | None = None
    where: str = ""  # the file received, for messages
    asked: bool = False  # this side's orders phase has begun
    orders_done: bool = False  # this side has given its orders: the next file can be written

    @classmethod
    def from_received(cls, received: Received, where: str) -> PbemController:
        """The battle window's controller of an accepted file (engine.pbem.moves.receive with hold_last) whose
        set-up is known (received.battle is not None)."""
        battle = received.battle
        assert battle is not None
        other = next(s for s in battle.state.sides if s != received.side)
        # the window shows this side only, and never hands the seat over: the opponent is not at this screen
        choice = PlaytestChoice({received.side: HUMAN, other: COMPUTER}, seed=battle.state.seed, fog=True)
        controller = cls(received.played.session, choice, received=received, where=where)
        controller.frames.append(snapshot(battle, END, len(battle.events)))
        return controller

    @property
    def side(self) -> str:
        assert self.received is not None
        return self.received.side

    @property
    def over(self) -> bool:
        return self.session.over

    @property
    def ready_to_send(self) -> bool:
        """The next file can be made: this side's orders are given, or (first side) the game ended on the turn it
        revealed."""
        received = self.received
        return received is not None and (self.orders_done or (self.over and received.pending is not None))

    def advance(self) -> None:
        received, session = self.received, self.session
        assert received is not None
        if received.played.held is not None:
            received.played.play_held()  # the opponent's turn, pulse by pulse into the frames
            received.check_over(self.where)
        if self.over or self.orders_done:
            return
        if not self.asked:
            self.asked = True
            session.players = dict.fromkeys(session.players, HUMAN)
            self._begin_orders()
            if session.waiting != self.side:
                session.end_orders()  # the opponent gives its orders at its own screen
        elif session.ready_for_combat:
            self.orders_done = True  # the turn is played out when both files are in: not here

    def end_orders(self, propose_end: bool = False) -> str | None:
        nxt = self.session.end_orders(False)  # ending by agreement is not part of play by file
        if nxt is not None:
            nxt = self.session.end_orders()  # the opponent, asked after this side: its orders come by file
        return nxt

    def next_file(self) -> GameFile | None:
        """The file to send (None: the game is over and there is nothing to send); once it is written, save
        received.journal."""
        assert self.received is not None
        turn = self.battle.state.turn
        orders = [order_to_dict(o) for t, s, o in self.record.orders if s == self.side and t == turn]
        return self.received.reply(orders)


def receive_file(path: Path, content, scenario, pack_paths: list) -> Received:
    """The opponent's file for the side whose turn it is, with every check of `tacforge pbem play` (PbemError
    says what is refused); its newest turn held back for the window to play."""
    return receive(Path(path), side_to_play(path), content, scenario, pack_paths, hold_last=True)


__all__ = ["PbemController", "receive_file", "side_to_play", "COMPUTER"]
