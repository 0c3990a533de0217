"""The moves of a play-by-file game, for the command line and the editor alike: start a game, receive the
opponent's file (every check), and write this side's next message. No printing and no prompting here: the caller
shows the battle and asks for the orders between `receive` and `reply`.

    game, journal = start(content, scenario, "allied", seed=None, pack_paths=[])
    turn = receive(path, "german", content, scenario, pack_paths)   # the opponent's file, checked
    turn.battle          # the battle as it now stands (None before the set-up is revealed)
    turn.needs_orders    # whether this side gives orders now (not when the game is over)
    next_game = turn.reply(orders)    # orders: order dicts, or COMPUTER; write next_game, then turn.journal.save()
"""

from __future__ import annotations

import secrets
from pathlib import Path

from tacforge.engine.cached_dataclass import dataclass

from ..model import Scenario
from ..model.content import Content
from ..sim.battle import Battle
from .game import PlayedGame, check_content, pack_hashes, scenario_hash
from .journal import Journal
from .protocol import FIRST, GameFile, Header, Message, Package, PbemError, new_salt, read_game_file


def scenario_sides(content: Content, scenario: Scenario) -> tuple[str, ...]:
    ruleset = content.for_scenario(scenario).ruleset
    if ruleset is None:
        raise PbemError(f"pack '{content.pack_id}' has no ruleset, so its scenarios cannot be played")
    return tuple(ruleset.side_ids())


def start(
    content: Content, scenario: Scenario, side: str, seed: int | None, pack_paths: list
) -> tuple[GameFile, Journal]:
    """A new game started by `side`: its header and first message (the commitment to its share of the set-up)."""
    sides = scenario_sides(content, scenario)
    if side not in sides:
        raise PbemError(f"--as must be one of: {', '.join(sides)}")
    other = next(s for s in sides if s != side)
    header = Header(
        secrets.token_hex(16),
        scenario.id,
        scenario_hash(scenario),
        pack_hashes(content, pack_paths),
        seed,
        (side, other),
    )
    setup = Package(0, [], new_salt())
    message = Message(1, side, header.digest, commit=setup.commitment)
    game = GameFile(header, (message,))
    journal = Journal(header.game, side, scenario.id, [message.digest], secret=setup)
    return game, journal


@dataclass
class Received:
    """The opponent's file, accepted, and the game as it now stands for this side."""

    game: GameFile  # with this side's reveal already added when it has one to make (first side)
    journal: Journal
    side: str
    played: PlayedGame
    pending: Message | None  # this side's next message, waiting for its commitment (first side)

    @property
    def battle(self) -> Battle | None:
        return self.played.battle

    @property
    def over(self) -> bool:
        return self.battle is not None and self.battle.over

    @property
    def needs_orders(self) -> bool:
        """Whether this side gives orders for a turn now (not for the set-up, and not when the game is over)."""
        return self.battle is not None and not self.over and not self.game.over

    @property
    def newest_turn(self) -> int:
        """The turn this side sees resolved for the first time now (0: the set-up; -1: nothing yet)."""
        return self.played.resolved if self.battle is not None else -1

    def check_over(self, where: str) -> None:
        """The opponent's file says the game is over exactly when its battle is."""
        if self.pending is None and self.game.over != self.over:
            raise PbemError(
                f"{where}: the file says the game is {'over' if self.game.over else 'going on'}, but it is not"
            )

    def reply(self, orders: list[dict] | str) -> GameFile | None:
        """The game file with this side's next message, `orders` in it (ignored when it gives none now); write it,
        then save the journal (`journal.save()`): a journal never runs ahead of the files. None when the game is
        over and there is nothing to send (the second side has seen the end): the journal is saved as over."""
        turn = self.played.resolved + 1 if self.battle is not None else 0
        package = Package(turn, orders if self.needs_orders else [], new_salt())
        if self.pending is not None:  # first side: reveal (already in pending), then commit or end
            base = GameFile(self.game.header, self.game.messages[:-1])
            if self.over:
                message = Message(self.pending.n, self.side, self.pending.prev, self.pending.reveal, over=True)
                self.journal.secret = None
                self.journal.over = True
            else:
                message = Message(
                    self.pending.n, self.side, self.pending.prev, self.pending.reveal, commit=package.commitment
                )
                self.journal.secret = package
        else:
            base = self.game
            if self.over or self.game.over:
                self.journal.over = True
                self.journal.save()
                return None
            message = Message(len(base.messages) + 1, self.side, base.next_prev(), package=package)
        out = base.with_message(message)
        self.journal.heads.append(message.digest)
        return out


def receive(
    path: Path, side: str, content: Content, scenario: Scenario, pack_paths: list, hold_last: bool = False
) -> Received:
    """The opponent's file at `path` for `side`, refused unless it is this game's next message, untouched, played
    with the same scenario and packs; the battle played out to where the game now stands (`hold_last`: but for the
    newest turn, which the caller plays with played.play_held() and then calls check_over)."""
    where = str(path)
    game = read_game_file(path)
    header = game.header
    if side not in header.sides:
        raise PbemError(f"{where}: this game is between {' and '.join(header.sides)}; --as names one of them")
    if game.last.side == side:
        raise PbemError(f"{where}: the last message is your own ({side}'s): send this file to your opponent")
    if header.scenario != scenario.id:
        raise PbemError(f"{where}: the game is of scenario {header.scenario}, not {scenario.id}")
    check_content(header, content, scenario, pack_paths, where)
    journal = Journal.open(header.game, side)
    if journal is None:
        if side == header.sides[FIRST] or len(game.messages) != 1:
            raise PbemError(
                f"{where}: you have no journal of game {header.game[:12]}: this file is from a game you did not "
                "play on this computer (as this side); play the files of your own game"
            )
        journal = Journal(header.game, side, header.scenario)
    journal.check_continues(game, where)
    journal.heads.append(game.last.digest)
    pending = None
    if side == header.sides[FIRST]:
        if journal.secret is None or journal.secret.turn != game.last.turn:
            raise PbemError(f"{where}: your journal holds no orders of turn {game.last.turn} to reveal")
        pending = Message(len(game.messages) + 1, side, game.next_prev(), reveal=journal.secret)
        game = game.with_message(pending)
    played = PlayedGame(game, content, scenario, where, hold_last=hold_last)
    received = Received(game, journal, side, played, pending)
    if not hold_last:
        received.check_over(where)
    return received


def verify(path: Path, content: Content, scenario: Scenario, pack_paths: list) -> tuple[GameFile, PlayedGame]:
    """The whole game of a file checked: the file, its chain, every reveal, the packs, and every revealed turn
    played out."""
    game = read_game_file(path)
    if game.header.scenario != scenario.id:
        raise PbemError(f"{path}: the game is of scenario {game.header.scenario}, not {scenario.id}")
    check_content(game.header, content, scenario, pack_paths, str(path))
    return game, PlayedGame(game, content, scenario, str(path))
