"""A play-by-file game played out from its file: the battle as the revealed turns made it, turn by turn exactly as
`tacforge play` plays it (through engine.ai.session, which keeps play's order of asking the sides), with each turn's
random draws taken from both sides' salts unless the players agreed on a seed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import fields

from ..ai.session import Session
from ..model import Scenario
from ..model.content import Content
from ..packs.fingerprint import pack_fingerprints
from ..packs.scenario_digest import scenario_file_hash
from ..sim.battle import Battle
from ..sim.initial_state import SetupError
from ..sim.orders import Order
from ..sim.record import COMPUTER as SESSION_COMPUTER
from ..sim.record import HUMAN, RecordError, order_from_dict
from .protocol import GameFile, Header, Package, PbemError, revealed_turns


def scenario_hash(scenario: Scenario) -> str:
    """SHA-256 of the scenario's file (of its typed model when it has none: a scenario made in memory)."""
    return scenario_file_hash(scenario)


def pack_hashes(content: Content, pack_paths: list) -> dict[str, dict[str, str]]:
    """The version and content hash of every pack the scenario's content is merged from."""
    found = pack_fingerprints(content.namespaces, pack_paths)
    return {pid: {"version": fp.version, "hash": fp.digest} for pid, fp in sorted(found.items())}


def check_content(header: Header, content: Content, scenario: Scenario, pack_paths: list, where: str) -> None:
    """This machine plays the game with the very scenario and packs the file was started with."""
    if scenario_hash(scenario) != header.scenario_hash:
        raise PbemError(
            f"{where}: your copy of scenario {header.scenario} differs from the one this game is played with "
            "(its content hash differs); install the same version of its pack as your opponent"
        )
    mine = pack_hashes(content, pack_paths)
    for pid, theirs in header.packs.items():
        have = mine.get(pid)
        if have != theirs:
            what = "is not installed" if have is None else f"is version {have['version']} with other files"
            raise PbemError(
                f"{where}: pack '{pid}' {what} here, but this game is played with its version {theirs['version']} "
                f"(content hash {theirs['hash'][:12]}); install the same pack as your opponent"
            )
    if set(mine) != set(header.packs):
        raise PbemError(
            f"{where}: the game was started with packs {sorted(header.packs)}, here they are {sorted(mine)}"
        )


def mixed_seed(header: Header, turn: int, first: Package, second: Package) -> int:
    """A turn's seed from both salts: the first side committed to its salt before the second chose its own, and the
    second never saw the first's, so neither could choose the result."""
    digest = hashlib.sha256(f"{header.game}:{turn}:{first.salt}:{second.salt}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


_SQUARE, _NUMBERS = "square", ("speed", "range")


def orders_of(side: str, package: Package, where: str) -> list[Order] | None:
    """The typed orders of a package (None: the computer gives them), refused unless each one commands only the
    side's own units and has values of the right kinds."""
    if isinstance(package.orders, str):  # COMPUTER: the only word a package holds (Package.from_dict)
        return None
    out = []
    for body in package.orders:
        try:
            order = order_from_dict(body)
        except (RecordError, TypeError, ValueError, KeyError) as exc:
            raise PbemError(f"{where}: {side}'s orders of turn {package.turn} hold an unknown order ({exc})") from None
        for f in fields(order):
            value = getattr(order, f.name)
            if f.name == _SQUARE:
                good = isinstance(value, tuple) and len(value) == 2 and all(type(v) is int for v in value)
            elif f.name in _NUMBERS:
                good = value is None or type(value) is int
            elif f.name == "value":
                good = value is None or type(value) in (int, str)
            elif f.name == "side":
                good = value == side
            elif f.name == "target":
                good = isinstance(value, str)
            else:  # unit, spotter, passenger: one of the side's own
                good = isinstance(value, str) and value.startswith(f"{side}:")
            if not good:
                raise PbemError(
                    f"{where}: {side}'s orders of turn {package.turn} hold an order that is not theirs to give "
                    f"({body}): the file was made by hand"
                )
        out.append(order)
    return out


TurnHook = Callable[[Battle, int], None]


def new_battle(header: Header, content: Content, scenario: Scenario, setup: tuple[Package, Package]) -> Battle:
    seed = header.seed if header.seed is not None else mixed_seed(header, 0, *setup) >> 1
    try:
        return Battle(content, scenario, seed=seed)
    except SetupError as exc:
        raise PbemError(f"the scenario {header.scenario} cannot be played: {exc}") from None


class PlayedGame:
    """The battle of a game file, turn after revealed turn; `after_turn(battle, turn)` after each combat phase."""

    def __init__(
        self, game: GameFile, content: Content, scenario: Scenario, where: str, after_turn=None, hold_last=False
    ):
        """`hold_last`: stop before the last revealed turn and keep it in `held`, for play_held (the editor's
        battle window records that turn's pulses as it plays it)."""
        self.header, self.where = game.header, where
        turns = revealed_turns(game)
        self.battle: Battle | None = None
        self.resolved = 0  # the last turn played out (0: only the set-up is known, or not even that)
        self.held: tuple[Package, Package] | None = None
        if not turns:
            return
        self.battle = new_battle(self.header, content, scenario, turns[0])
        self.battle.start()  # turn 1 begins (its reinforcements drawn from the set-up's seed) before any orders
        self.session = Session(self.battle, dict.fromkeys(self.battle.state.sides, SESSION_COMPUTER))
        if hold_last and len(turns) > 1:
            self.held = turns.pop()
        for first, second in turns[1:]:
            self.play_turn(first, second)
            if after_turn is not None:
                after_turn(self.battle, first.turn)

    def play_held(self) -> None:
        if self.held is not None:
            held, self.held = self.held, None
            self.play_turn(*held)

    def play_turn(self, first: Package, second: Package) -> None:
        battle, header = self.battle, self.header
        assert battle is not None
        if battle.over:
            raise PbemError(f"{self.where}: orders for turn {first.turn} after the game was over")
        by_side = {header.sides[0]: first, header.sides[1]: second}
        given = {side: orders_of(side, p, self.where) for side, p in by_side.items()}
        if header.seed is None:  # the turn's draws, all of them, from both sides' salts
            battle.state.rng.seed(mixed_seed(header, first.turn, first, second))
        session = self.session
        session.players = {side: SESSION_COMPUTER if given[side] is None else HUMAN for side in given}
        session.begin_orders()
        while session.waiting is not None:
            for order in given[session.waiting] or ():
                try:
                    session.give(order)
                except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
                    raise PbemError(
                        f"{self.where}: an order of turn {first.turn} cannot be carried out ({exc})"
                    ) from None
            session.end_orders()
        session.combat()
        self.resolved = first.turn
