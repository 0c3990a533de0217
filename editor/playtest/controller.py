"""The battle of a playtest, without widgets: who plays each side, the engine's session (engine/ai/session.py: the
same turn structure and order API as `tacforge play`), the frames the window shows, and the game record from which
the battle is replayed. Qt-free; the battle window runs `advance` and `combat` in a worker thread.

    controller = BattleController.start(content, scenario, PlaytestChoice({"allied": HUMAN, "german": COMPUTER}))
    controller.advance()            # computer turns run until a human must give orders (controller.waiting)
    controller.give(Move(...))      # None, or why the rules refused the order
    controller.end_orders(); controller.advance()
"""

from __future__ import annotations

import threading
from dataclasses import field

from tacforge.engine.ai.session import Session, battle_of
from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.sim import events as ev
from tacforge.engine.sim.battle import Battle
from tacforge.engine.sim.orders import Order
from tacforge.engine.sim.record import COMPUTER, HUMAN, GameRecord, replay_text

from .frames import END, ORDERS, Frame, FrameRecorder, snapshot

__all__ = ["BattleController", "PlaytestChoice", "Stopped", "HUMAN", "COMPUTER"]


class Stopped(Exception):
    """The window closed while the engine was playing: the battle is abandoned where it was."""


@dataclass(frozen=True)
class PlaytestChoice:
    players: dict[str, str]  # side -> HUMAN | COMPUTER
    seed: int = 1
    handicap: int | None = None
    fog: bool = True  # show only what the viewing side has spotted
    turns: int | None = None

    @property
    def humans(self) -> list[str]:
        return [s for s, who in self.players.items() if who == HUMAN]


@dataclass
class BattleController:
    session: Session
    choice: PlaytestChoice
    script: GameRecord | None = None  # a replay: every human input comes from the record
    continues_save: str | None = None  # the saved game this battle continues: its replay log cannot replay it
    frames: list[Frame] = field(default_factory=list)

    def __post_init__(self):
        self._stop = threading.Event()
        FrameRecorder(self.battle, self.frames)
        self.battle.listeners.append(self._check_stop)

    @classmethod
    def start(cls, content, scenario, choice: PlaytestChoice) -> BattleController:
        battle = Battle(content, scenario, seed=choice.seed, handicap=choice.handicap, turns=choice.turns)
        return cls(Session(battle, choice.players, choice.handicap, choice.turns), choice)

    @classmethod
    def replaying(cls, record: GameRecord, content, scenario, fog: bool = False) -> BattleController:
        """The recorded battle, played again from its record (refused, with RecordError, if the rules changed)."""
        battle = battle_of(record, content, scenario)
        choice = PlaytestChoice(dict(record.players), record.seed, record.handicap, fog, record.turns)
        return cls(Session(battle, record.players, record.handicap, record.turns), choice, script=record)

    @classmethod
    def continuing(cls, battle: Battle, choice: PlaytestChoice, save: str) -> BattleController:
        """A saved game (engine.sim.savegame.load), played on with `choice`'s players; its first frame is the
        saved state (the events before the save are not replayed)."""
        controller = cls(Session(battle, choice.players, choice.handicap, choice.turns), choice, continues_save=save)
        controller.frames.append(snapshot(battle, END, 0))
        return controller

    @property
    def battle(self) -> Battle:
        return self.session.battle

    @property
    def waiting(self) -> str | None:
        """The human side whose orders the battle waits for."""
        return self.session.waiting

    @property
    def over(self) -> bool:
        return self.session.finished(self.script) if self.script else self.session.over

    @property
    def record(self) -> GameRecord:
        return self.session.record

    def stop(self) -> None:
        """Ask a running `advance` or `combat` to stop at the next event (from another thread)."""
        self._stop.set()

    def _check_stop(self, _event: ev.Event) -> None:
        if self._stop.is_set():
            raise Stopped()

    def advance(self) -> None:
        """Play on until a human must give orders or the battle is over: computer sides' orders phases and the
        combat phases whose orders are all given. Raises Stopped after `stop`."""
        session = self.session
        while not self._stop.is_set():
            if session.waiting is not None:
                if self.script is None:
                    return
                session.feed(self.script)
            elif session.ready_for_combat:
                self.combat()
            elif session.over:
                if self.script is None or self.over:
                    return
                session.play_on()
            else:
                self._begin_orders()
        raise Stopped()

    def _begin_orders(self) -> None:
        self.session.begin_orders()
        self.frames.append(snapshot(self.battle, ORDERS, len(self.battle.events), pulse=0))

    def give(self, order: Order) -> str | None:
        """One order of the human side asked, through the engine's order API; None, or the rules' refusal."""
        refused = self.session.give(order)
        if refused is None:  # the orders frame shows the order's effect (a new objective, speed, facing ...)
            self.frames[-1] = snapshot(self.battle, ORDERS, len(self.battle.events), pulse=0)
        return refused

    def end_orders(self, propose_end: bool = False) -> str | None:
        return self.session.end_orders(propose_end)

    def combat(self):
        """The combat phase (or the agreed end); its pulses' frames are taken as it runs."""
        return self.session.combat()

    def replay_log(self) -> str:
        """The replay file of the battle so far (the format of `tacforge play --log`)."""
        return replay_text(self.record, self.battle.events, self.continues_save)
