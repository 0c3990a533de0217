"""The play-by-file format: a game file holds the game's header and every message sent so far, each message chained
to the one before it by its hash (docs/pbem.md gives the protocol; this module only reads, checks and writes it).

Who sends what. The side that started the game ("first") and the other ("second") take turns writing messages:

* first, message 2k+1: reveals its package of turn k-1 (none in message 1) and commits to its package of turn k;
* second, message 2k+2: its package of turn k, in the open (the first side's is only a hash by then).

A package is what one side puts into one turn: its orders (a list, or "computer": the computer player gives them when
the turn is resolved) and a random salt. Turn 0 is the set-up: no orders, and the two salts choose the game's seed.
A commitment is the SHA-256 of the package's canonical JSON; the salt makes the orders behind it impossible to guess.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from pathlib import Path
from typing import Any

from tacforge.engine.cached_dataclass import dataclass

FORMAT = "tacforge-pbem"
VERSION = 1
COMPUTER = "computer"
FIRST, SECOND = 0, 1  # index into Header.sides


class PbemError(Exception):
    """A game file or a move that cannot be accepted; the message names the file and says what to do."""


def canonical(value: Any) -> bytes:
    """The one byte string a JSON value hashes as: sorted keys, no spaces, UTF-8."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def sha256(value: Any) -> str:
    return hashlib.sha256(canonical(value)).hexdigest()


def new_salt() -> str:
    return secrets.token_hex(32)


@dataclass(frozen=True)
class Package:
    """One side's contribution to one turn."""

    turn: int
    orders: list[dict] | str  # order dicts (engine.sim.record.order_to_dict) or COMPUTER
    salt: str

    def to_dict(self) -> dict:
        return {"turn": self.turn, "orders": self.orders, "salt": self.salt}

    @property
    def commitment(self) -> str:
        return sha256(self.to_dict())

    @classmethod
    def from_dict(cls, body: Any, where: str) -> Package:
        if not isinstance(body, dict):
            raise PbemError(f"{where}: a package is not an object")
        turn, orders, salt = body.get("turn"), body.get("orders"), body.get("salt")
        if orders != COMPUTER and not (isinstance(orders, list) and all(isinstance(o, dict) for o in orders)):
            orders = None
        if type(turn) is not int or orders is None or not isinstance(salt, str) or len(salt) != 64:
            raise PbemError(f"{where}: a package needs a whole-number turn, orders and a 64-digit salt")
        return cls(turn, orders, salt)


@dataclass(frozen=True)
class Header:
    game: str  # a random id, fixed at the start
    scenario: str  # pack:id
    scenario_hash: str  # SHA-256 of the scenario file
    packs: dict[str, dict[str, str]]  # pack id -> {"version", "hash"}: the packs the scenario is played with
    seed: int | None  # agreed with --seed (the game then plays as `tacforge play --seed N`); None: from the salts
    sides: tuple[str, str]  # (first, second): the side that started the game, then the other

    def to_dict(self) -> dict:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "scenario": self.scenario,
            "scenario_hash": self.scenario_hash,
            "packs": self.packs,
            "seed": self.seed,
            "sides": list(self.sides),
        }

    @classmethod
    def from_dict(cls, body: Any, where: str) -> Header:
        if not isinstance(body, dict) or body.get("format") != FORMAT:
            raise PbemError(f"{where}: not a tacforge play-by-file game")
        if body.get("version") != VERSION:
            raise PbemError(
                f"{where}: game file version {body.get('version')} is not one this tacforge reads (it reads "
                f"{VERSION}); play it with the tacforge version your opponent uses"
            )
        try:
            sides = body["sides"]
            packs = {str(k): {"version": str(v["version"]), "hash": str(v["hash"])} for k, v in body["packs"].items()}
            seed = body["seed"]
            if seed is not None and (type(seed) is not int or seed < 0):
                raise ValueError("seed")
            if not (isinstance(sides, list) and len(sides) == 2 and all(isinstance(s, str) for s in sides)):
                raise ValueError("sides")
            if not re.fullmatch(r"[0-9a-f]{32}", str(body["game"])):
                raise ValueError("game id")
            if not re.fullmatch(r"[\w-]+:[\w-]+", str(body["scenario"])):  # an id, never a path to load from
                raise ValueError("scenario")
            return cls(str(body["game"]), str(body["scenario"]), str(body["scenario_hash"]), packs, seed, tuple(sides))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise PbemError(f"{where}: the game's header is damaged ({exc})") from None

    @property
    def digest(self) -> str:
        return sha256(self.to_dict())


@dataclass(frozen=True)
class Message:
    n: int  # 1, 2, ...: its place in the game
    side: str
    prev: str  # the hash of the message before it (of the header, for message 1): the chain
    reveal: Package | None = None  # first side: its package of the turn before
    commit: str | None = None  # first side: the hash of its package of this turn
    package: Package | None = None  # second side: its package of this turn, in the open
    over: bool = False  # the game ended when the turn revealed here was resolved

    def to_dict(self) -> dict:
        return {
            "n": self.n,
            "side": self.side,
            "prev": self.prev,
            "reveal": self.reveal.to_dict() if self.reveal else None,
            "commit": self.commit,
            "package": self.package.to_dict() if self.package else None,
            "over": self.over,
        }

    @property
    def digest(self) -> str:
        return sha256(self.to_dict())

    @property
    def turn(self) -> int:
        """The turn this message gives orders for (the first side's commitment, the second's package)."""
        return (self.n - 1) // 2

    @classmethod
    def from_dict(cls, body: Any, where: str) -> Message:
        if not isinstance(body, dict):
            raise PbemError(f"{where}: a message is not an object")
        n, side, prev, commit, over = (body.get(k) for k in ("n", "side", "prev", "commit", "over"))
        if type(n) is not int or not isinstance(side, str) or not isinstance(prev, str) or type(over) is not bool:
            raise PbemError(f"{where}: a message needs its number, side, previous hash and end flag")
        if commit is not None and not isinstance(commit, str):
            raise PbemError(f"{where}: message {n}'s commitment is not a hash")
        reveal = Package.from_dict(body["reveal"], f"{where}: message {n}") if body.get("reveal") else None
        package = Package.from_dict(body["package"], f"{where}: message {n}") if body.get("package") else None
        return cls(n, side, prev, reveal, commit, package, over)


@dataclass(frozen=True)
class GameFile:
    header: Header
    messages: tuple[Message, ...]

    def body(self) -> dict:
        return {"header": self.header.to_dict(), "messages": [m.to_dict() for m in self.messages]}

    def text(self) -> str:
        body = self.body()
        return json.dumps({**body, "digest": sha256(body)}, indent=1, sort_keys=True) + "\n"

    @property
    def last(self) -> Message:
        return self.messages[-1]

    @property
    def over(self) -> bool:
        return bool(self.messages) and self.last.over

    def with_message(self, message: Message) -> GameFile:
        return GameFile(self.header, (*self.messages, message))

    def next_prev(self) -> str:
        return self.messages[-1].digest if self.messages else self.header.digest


def read_game_file(path: Path) -> GameFile:
    """The game file at `path`, checked as a whole: its digest, its chain and who sent which message; what a
    changed, truncated or spliced file fails here with a message saying so."""
    where = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise PbemError(f"{where}: cannot read the game file ({exc.strerror or exc})") from None
    try:
        body = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise PbemError(
            f"{where}: not a whole tacforge game file (it is cut short or is not JSON); ask your opponent to send "
            "the file again"
        ) from None
    if not isinstance(body, dict) or not isinstance(body.get("header"), dict):
        raise PbemError(f"{where}: not a tacforge play-by-file game")
    header = Header.from_dict(body["header"], where)
    if not isinstance(body.get("messages"), list) or not body["messages"]:
        raise PbemError(f"{where}: the game file holds no message")
    content = {"header": body["header"], "messages": body["messages"]}
    if body.get("digest") != sha256(content):
        raise PbemError(
            f"{where}: the file was changed after tacforge wrote it (its digest does not match); ask your "
            "opponent to send the file tacforge wrote"
        )
    game = GameFile(header, tuple(Message.from_dict(m, where) for m in body["messages"]))
    check_chain(game, where)
    return game


def check_chain(game: GameFile, where: str) -> None:
    """Every message follows the one before (its `prev`), is numbered in order, comes from the side whose turn it
    was and carries what that side sends; every reveal matches the commitment it answers."""
    prev, first, second = game.header.digest, *game.header.sides
    for i, m in enumerate(game.messages):
        n = i + 1
        if m.n != n or m.prev != prev:
            raise PbemError(
                f"{where}: message {n} does not follow the one before it (the chain of turns is broken): the file "
                "was put together from other files or another game"
            )
        expected = first if n % 2 == 1 else second
        if m.side != expected:
            raise PbemError(f"{where}: message {n} is from {m.side}, but it was {expected}'s to send")
        if n % 2 == 1:
            _check_first_message(game, m, where)
        elif m.package is None or m.package.turn != m.turn or m.reveal or m.commit or m.over:
            raise PbemError(f"{where}: message {n} should hold {second}'s orders of turn {m.turn} and nothing else")
        if m.over and n != len(game.messages):
            raise PbemError(f"{where}: message {n} ends the game, but more messages follow it")
        prev = m.digest


def _check_first_message(game: GameFile, m: Message, where: str) -> None:
    if m.package is not None or (m.commit is None) != m.over:
        raise PbemError(f"{where}: message {m.n} should hold a commitment (or end the game) and no open orders")
    if m.n == 1:
        if m.reveal is not None:
            raise PbemError(f"{where}: message 1 reveals nothing")
        return
    committed = game.messages[m.n - 3].commit
    if m.reveal is None or m.reveal.turn != m.turn - 1 or m.reveal.commitment != committed:
        raise PbemError(
            f"{where}: message {m.n} reveals orders for turn {m.turn - 1} that are not the ones committed to in "
            f"message {m.n - 2}: the orders were changed after the opponent's were seen"
        )


def revealed_turns(game: GameFile) -> list[tuple[Package, Package]]:
    """(first's, second's) package of every turn both have revealed, from turn 0 on."""
    out = []
    for m in game.messages:
        if m.n % 2 == 1 and m.reveal is not None:
            out.append((m.reveal, game.messages[m.n - 2].package))
    return [(a, b) for a, b in out if b is not None]
