"""A battle played step by step, for a caller that waits for people: the editor's battle window and replays.

It keeps the turn structure of `tacforge play` (engine/cli/play_cmd.py) exactly, so the same orders give the same
event log: in each orders phase the sides are asked in turn; a computer side's orders are worked out when its turn
to be asked comes and applied after every side has been asked; a human's orders are applied one by one as they are
given (as the text player does). Every human input goes into the game record, from which `replay` plays the battle
again.

    session = Session(battle, {"allied": HUMAN, "german": COMPUTER})
    session.begin_orders()           # the computer sides before the first human are asked
    session.give(Move("allied:B1", (30, 30)))   # None, or the rules' reason for refusing it
    session.end_orders()             # the next side is asked; when none is left, combat may run
    session.combat()                 # the combat phase; then begin_orders() again until session.over
"""

from __future__ import annotations

from ..sim.battle import Battle
from ..sim.orders import Order
from ..sim.record import COMPUTER, HUMAN, GameRecord, RecordError
from ..sim.savegame import content_fingerprint
from ..sim.victory import VictoryResult
from .players import ComputerPlayer


class Session:
    def __init__(self, battle: Battle, players: dict[str, str], handicap: int | None = None, turns: int | None = None):
        wrong = set(players.values()) - {HUMAN, COMPUTER} or set(battle.state.sides) - set(players)
        if wrong:
            raise ValueError(f"every side is played by '{HUMAN}' or '{COMPUTER}' (wrong or missing: {sorted(wrong)})")
        self.battle, self.players = battle, dict(players)
        state = battle.state
        self.record = GameRecord(
            state.scenario, state.pack, content_fingerprint(battle.content), state.seed, handicap, turns, dict(players)
        )
        self.waiting: str | None = None  # the human side whose orders are awaited
        self.proposing: set[str] = set()  # humans who proposed to end the game now (5.9); kept until play on
        self._pending: dict[str, list[Order]] = {}  # computer orders, applied when every side has been asked
        self._to_ask: list[str] = []
        self._asking = False  # inside an orders phase

    @property
    def over(self) -> bool:
        return self.battle.over

    @property
    def humans(self) -> list[str]:
        return [s for s in self.battle.state.sides if self.players[s] == HUMAN]

    @property
    def ready_for_combat(self) -> bool:
        return self._asking and self.waiting is None

    def begin_orders(self) -> str | None:
        """Start the orders phase of the current turn; returns the first human side asked (None: none)."""
        if self.over:
            raise RuntimeError("the battle is over")
        self.battle.start()  # turn 1 begins (and its reinforcements arrive) before anyone gives orders
        self._pending, self._to_ask, self._asking = {}, list(self.battle.state.sides), True
        return self._ask_next()

    def _ask_next(self) -> str | None:
        self.waiting = None
        while self._to_ask:
            side = self._to_ask.pop(0)
            if self.players[side] == HUMAN:
                self.waiting = side
                return side
            self._pending[side] = ComputerPlayer().orders(self.battle, side)
        return None

    def give(self, order: Order) -> str | None:
        """Apply one order of the side asked; None, or why the rules refused it."""
        if self.waiting is None:
            raise RuntimeError("no human side is being asked for orders")
        self.record.orders.append((self.battle.state.turn, self.waiting, order))
        refused = self.battle.orders_phase({self.waiting: [order]})
        return refused[0] if refused else None

    def end_orders(self, propose_end: bool = False) -> str | None:
        """The side asked is done; returns the next human side asked (None: every side has been asked)."""
        if self.waiting is None:
            raise RuntimeError("no human side is being asked for orders")
        if propose_end:
            self.proposing.add(self.waiting)
            self.record.end_proposals.append((self.battle.state.turn, self.waiting))
        return self._ask_next()

    def combat(self) -> VictoryResult:
        """After every side was asked: the game ends if every human agreed (the computer always does), else the
        computer's orders are applied and the combat phase is played."""
        if not self.ready_for_combat:
            raise RuntimeError("the orders phase is not finished")
        self._asking = False
        humans = self.humans
        if humans and set(humans) <= self.proposing:
            return self.battle.end_now()
        self.battle.orders_phase(self._pending)
        return self.battle.combat_phase()

    def play_on(self) -> None:
        """After the end: play on (8.4), as the humans chose."""
        self.record.played_on.append(self.battle.state.turn)
        self.proposing.clear()
        self.battle.continue_after_end()

    def feed(self, record: GameRecord) -> None:
        """Give the side asked its recorded orders and end its phase as recorded (a replay)."""
        side, turn = self.waiting, self.battle.state.turn
        if side is None:
            raise RuntimeError("no human side is being asked for orders")
        for order in record.orders_of(turn, side):
            self.give(order)
        self.end_orders((turn, side) in record.end_proposals)

    def step_recorded(self, record: GameRecord) -> VictoryResult | None:
        """One whole turn (or playing on after the end) as recorded; the result of its combat phase."""
        if self.over:
            if self.battle.state.turn in record.played_on:
                self.play_on()
            return None
        self.begin_orders()
        while self.waiting is not None:
            self.feed(record)
        return self.combat()

    def finished(self, record: GameRecord) -> bool:
        return self.over and self.battle.state.turn not in record.played_on


def battle_of(record: GameRecord, content, scenario) -> Battle:
    """A new battle as the record started it; refuses a record made with other rules data or another scenario."""
    if scenario.id != record.scenario:
        raise RecordError(f"the replay is of scenario '{record.scenario}', not '{scenario.id}'")
    battle = Battle(content, scenario, seed=record.seed, handicap=record.handicap, turns=record.turns)
    if content_fingerprint(battle.content) != record.rules_fingerprint:
        raise RecordError(
            "the weapon tables or rules changed since this game was played; replay it with the pack "
            "version it was played with"
        )
    return battle


def replay(record: GameRecord, content, scenario, after_turn=None) -> Session:
    """Play the recorded battle again to its end; `after_turn(session, turn)` after each combat phase."""
    session = Session(battle_of(record, content, scenario), record.players, record.handicap, record.turns)
    while not session.finished(record):
        turn = session.battle.state.turn
        if session.step_recorded(record) is not None and after_turn is not None:
            after_turn(session, max(turn, 1))
    return session
