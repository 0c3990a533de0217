"""A game record: what it takes to play a battle again exactly (the scenario, the rules' fingerprint, the seed, the
handicap, who played each side, and every order a human gave), and the replay log file that carries it.

A replay log (`tacforge play --log`, the editor's playtests) is JSON lines: first a header line of kind `replay`
holding the record, then every event of the battle. The computer player keeps no state and uses no randomness
(engine/ai/players.py), so the record and the packs reproduce the event log exactly (engine/sim/session.py).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import field, fields
from pathlib import Path
from typing import Any

from tacforge.engine.cached_dataclass import dataclass

from . import events as ev
from . import orders as o

FORMAT = "tacforge-replay"
VERSION = 1
HUMAN, COMPUTER = "human", "computer"

# keyed by name, and looked up with whatever a file holds there
_ORDER_TYPES: dict[object, type[o.Order]] = {
    cls.__name__: cls
    for cls in (
        o.Move,
        o.Advance,
        o.AllUnits,
        o.SetSpeed,
        o.SetRange,
        o.Face,
        o.Bombard,
        o.Priority,
        o.Embark,
        o.Disembark,
        o.Cancel,
    )
}
_EVENT_TYPES: dict[object, type[ev.Event]] = {
    cls.kind: cls
    for cls in vars(ev).values()
    if isinstance(cls, type) and issubclass(cls, ev.Event) and cls is not ev.Event
}


class RecordError(Exception):
    """A replay that cannot be read or played; the message says why and what to do."""


def order_to_dict(order: o.Order) -> dict:
    body: dict[str, Any] = {"order": type(order).__name__}
    for f in fields(order):
        value = getattr(order, f.name)
        body[f.name] = list(value) if isinstance(value, tuple) else value
    return body


def order_from_dict(body: dict) -> o.Order:
    cls = _ORDER_TYPES.get(body.get("order")) if isinstance(body, dict) else None
    if cls is None:
        raise RecordError(f"unknown order {body!r}")
    values: dict[str, Any] = {f.name: body.get(f.name) for f in fields(cls)}
    if "square" in values:
        values["square"] = tuple(values["square"])
    return cls(**values)


def event_from_dict(body: dict) -> ev.Event:
    """The typed event of one line of a log or a save (lists back to tuples where the event holds a tuple)."""
    cls = _EVENT_TYPES.get(body.get("kind"))
    if cls is None:
        raise RecordError(f"unknown event kind {body.get('kind')!r}")
    values: dict[str, Any] = {}
    for f in fields(cls):
        value = body.get(f.name)
        if isinstance(value, list):
            value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
        if value is not None:
            values[f.name] = value
    return cls(**values)


@dataclass
class GameRecord:
    scenario: str  # pack:id
    pack: str
    rules_fingerprint: str
    seed: int
    handicap: int | None
    turns: int | None  # the turns asked for instead of the scenario's length
    players: dict[str, str]  # side -> human | computer
    orders: list[tuple[int, str, o.Order]] = field(default_factory=list)  # (turn, side, order), as given
    end_proposals: list[tuple[int, str]] = field(default_factory=list)  # (turn, side): proposed to end now
    played_on: list[int] = field(default_factory=list)  # turns after whose end the players played on

    def orders_of(self, turn: int, side: str) -> list[o.Order]:
        return [order for t, s, order in self.orders if t == turn and s == side]

    def to_dict(self) -> dict:
        return {
            "kind": "replay",
            "format": FORMAT,
            "version": VERSION,
            "scenario": self.scenario,
            "pack": self.pack,
            "rules_fingerprint": self.rules_fingerprint,
            "seed": self.seed,
            "handicap": self.handicap,
            "turns": self.turns,
            "players": dict(self.players),
            "orders": [{"turn": t, "side": s, **order_to_dict(order)} for t, s, order in self.orders],
            "end_proposals": [[t, s] for t, s in self.end_proposals],
            "played_on": list(self.played_on),
        }

    @classmethod
    def from_dict(cls, body: dict) -> GameRecord:
        return cls(
            body["scenario"],
            body["pack"],
            body["rules_fingerprint"],
            int(body["seed"]),
            body["handicap"],
            body["turns"],
            dict(body["players"]),
            [(int(b["turn"]), b["side"], order_from_dict(b)) for b in body["orders"]],
            [(int(t), s) for t, s in body["end_proposals"]],
            [int(t) for t in body["played_on"]],
        )


def _digest(head_line: str, events_text: str) -> str:
    return hashlib.sha256((head_line + "\n" + events_text).encode("utf-8")).hexdigest()


def replay_text(record: GameRecord, events: list, continues_save: str | None = None) -> str:
    """The replay log: the header line, then the events (typed or as dicts) as JSON lines. A game continued from
    a save is marked as such: the orders before the save are unknown, so it cannot be played again. The header
    ends with a digest of the rest as written: a file edited afterwards is then told apart from an engine that
    now plays the record differently."""
    from .savegame import events_jsonl

    head = record.to_dict() | ({"continues_save": continues_save} if continues_save else {})
    events_text = events_jsonl(events)
    head_line = json.dumps(head, separators=(",", ":"))
    head["digest"] = _digest(head_line, events_text)
    return json.dumps(head, separators=(",", ":")) + "\n" + events_text


@dataclass(frozen=True)
class Replay:
    """A replay log as read: its record, the events it logged, and whether its digest shows it as tacforge wrote
    it (None for a log written before replays had a digest)."""

    record: GameRecord
    logged: list[dict]
    intact: bool | None


def read_replay(path: Path) -> tuple[GameRecord, list[dict]]:
    """The record and the logged events of a replay log (see read_replay_file)."""
    replay = read_replay_file(path)
    return replay.record, replay.logged


def read_replay_file(path: Path) -> Replay:
    """A replay log, checked: its header against schemas/replay.schema.json and its digest. Logs written before
    records existed (events only), damaged or edited ones and anything else are refused with a message that says
    so."""
    from .savegame import schema_problem

    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"{path}: cannot read the replay ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a tacforge replay (not UTF-8 text)") from None
    lines = text.splitlines()
    try:
        rows = [json.loads(line) for line in lines if line.strip()]
    except (ValueError, RecursionError):
        raise RecordError(f"{path}: not a tacforge replay (a line is not JSON)") from None
    head = rows[0] if rows and isinstance(rows[0], dict) else {}
    if head.get("kind") == "turn":
        raise RecordError(
            f"{path}: an event log written by an older tacforge: it does not name its scenario, seed "
            "and orders, so it cannot be replayed; play the game again with --log to get a replay"
        )
    if head.get("format") != FORMAT:
        raise RecordError(f"{path}: not a tacforge replay (a `tacforge play --log` file)")
    if head.get("version") != VERSION:
        raise RecordError(
            f"{path}: replay format version {head.get('version')} is not one this tacforge reads "
            f"(it reads version {VERSION})"
        )
    problem = schema_problem("replay", head, path)
    if problem is not None:
        raise RecordError(f"{problem}; the replay's header is damaged or was edited, so it is no record of a game")
    if head.get("continues_save"):
        raise RecordError(
            f"{path}: the log of a game continued from the save {head['continues_save']}: the orders "
            "given before the save are not in it, so it cannot be played again"
        )
    intact = _intact(head, text)
    if intact is False:
        raise RecordError(
            f"{path}: the file was edited after tacforge wrote it (its header or events do not match the digest "
            "it was written with), so it is no record of a game; play the game again with --log"
        )
    try:
        record = GameRecord.from_dict(head)
    except (KeyError, TypeError, ValueError, RecordError) as exc:
        raise RecordError(f"{path}: the replay's header is damaged ({type(exc).__name__}: {exc})") from None
    return Replay(record, [r for r in rows[1:] if isinstance(r, dict)], intact)


def _intact(head: dict, text: str) -> bool | None:
    """Whether the log is as written (its digest matches), None when it has no digest (an older log)."""
    written = head.get("digest")
    if written is None:
        return None
    rest = {k: v for k, v in head.items() if k != "digest"}
    head_line = json.dumps(rest, separators=(",", ":"))
    _, _, events_text = text.partition("\n")
    return _digest(head_line, events_text) == written


def file_format(path: Path) -> str | None:
    """The `format` a replay or save names at its start, without reading all of it (a save is one large JSON
    object); None when it names none or cannot be read (the reader then says what is wrong)."""
    try:
        with open(path, encoding="utf-8") as handle:
            start = handle.read(200)
    except (OSError, UnicodeDecodeError):
        return None
    at = start.find('"format":')
    rest = start[at + len('"format":') :].lstrip() if at >= 0 else ""
    return rest[1 : rest.find('"', 1)] if rest.startswith('"') else None


def saved_scenario(path: Path) -> str:
    """The scenario (pack:id) a saved game is of, to load its packs before the save itself."""
    try:
        body = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        raise RecordError(f"{path}: not a tacforge save") from None
    scenario = body.get("scenario") if isinstance(body, dict) else None
    if not isinstance(scenario, str):
        raise RecordError(f"{path}: the save names no scenario")
    return scenario
