"""Typed events: the only way results leave the engine. The CLI log, statistics and the editor read them.

Every event is a frozen dataclass with a `kind`; `to_dict` gives a JSON-ready dict with the kind first, so an event
log is a JSON-lines file a person can read and diff.
"""

from __future__ import annotations

from dataclasses import field, fields
from typing import ClassVar

from tacforge.engine.cached_dataclass import dataclass

from ..quick_init import quick_init


@quick_init
@dataclass(frozen=True)
class Event:
    kind: ClassVar[str] = "event"
    turn: int
    pulse: int

    def to_dict(self) -> dict:
        body = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, float):
                value = round(value, 6)
            elif isinstance(value, tuple):
                value = list(value)  # squares and notes: JSON lists
            body[f.name] = value
        return body


@quick_init
@dataclass(frozen=True)
class TurnStarted(Event):
    kind: ClassVar[str] = "turn"


@quick_init
@dataclass(frozen=True)
class PulseStarted(Event):
    kind: ClassVar[str] = "pulse"
    first_side: str = ""


@quick_init
@dataclass(frozen=True)
class OrderGiven(Event):
    kind: ClassVar[str] = "order"
    unit: str = ""
    order: str = ""
    detail: str = ""
    delay: int = 0


@quick_init
@dataclass(frozen=True)
class Spotted(Event):
    kind: ClassVar[str] = "spotted"
    unit: str = ""
    target: str = ""
    range: int = 0


@quick_init
@dataclass(frozen=True)
class Fired(Event):
    kind: ClassVar[str] = "fired"
    unit: str = ""
    target: str = ""
    weapon: str = ""
    range: int = 0
    report: str = ""
    pulses: int = 0
    accuracy: float = 0.0
    penetration: float = 0.0
    defence: float = 0.0
    expected_kills: float = 0.0
    kills: int = 0
    suppression: float = 0.0
    notes: tuple = field(default=())


@quick_init
@dataclass(frozen=True)
class Killed(Event):
    kind: ClassVar[str] = "killed"
    unit: str = ""
    by: str = ""
    count: int = 0
    remaining: int = 0
    destroyed: bool = False


@quick_init
@dataclass(frozen=True)
class Suppressed(Event):
    kind: ClassVar[str] = "suppressed"
    unit: str = ""
    level: float = 0.0


@quick_init
@dataclass(frozen=True)
class Routed(Event):
    kind: ClassVar[str] = "routed"
    unit: str = ""


@quick_init
@dataclass(frozen=True)
class Rallied(Event):
    kind: ClassVar[str] = "rallied"
    unit: str = ""


@quick_init
@dataclass(frozen=True)
class Moved(Event):
    kind: ClassVar[str] = "moved"
    unit: str = ""
    frm: tuple = ()
    to: tuple = ()
    cost: int = 0


@quick_init
@dataclass(frozen=True)
class Embarked(Event):
    kind: ClassVar[str] = "embarked"
    unit: str = ""
    carrier: str = ""


@quick_init
@dataclass(frozen=True)
class Disembarked(Event):
    kind: ClassVar[str] = "disembarked"
    unit: str = ""
    carrier: str = ""
    under_fire: bool = False
    lost: int = 0


@quick_init
@dataclass(frozen=True)
class BombardmentRequested(Event):
    kind: ClassVar[str] = "bombard_requested"
    unit: str = ""
    spotter: str = ""
    square: tuple = ()
    delay: int = 0


@quick_init
@dataclass(frozen=True)
class BombardmentStarted(Event):
    kind: ClassVar[str] = "bombard_started"
    unit: str = ""
    square: tuple = ()


@quick_init
@dataclass(frozen=True)
class BombardmentDrifted(Event):
    kind: ClassVar[str] = "bombard_drifted"
    unit: str = ""
    frm: tuple = ()
    to: tuple = ()


@quick_init
@dataclass(frozen=True)
class BombardmentCancelled(Event):
    kind: ClassVar[str] = "bombard_cancelled"
    unit: str = ""
    reason: str = ""


@quick_init
@dataclass(frozen=True)
class Arrived(Event):
    """A reinforcement entered the map (at the start of a turn, before orders)."""

    kind: ClassVar[str] = "arrived"
    unit: str = ""
    at: tuple = ()


@quick_init
@dataclass(frozen=True)
class Exited(Event):
    """A unit left the map by an exit objective's edge."""

    kind: ClassVar[str] = "exited"
    unit: str = ""
    at: tuple = ()
    objective: str = ""


@quick_init
@dataclass(frozen=True)
class ObjectiveCaptured(Event):
    kind: ClassVar[str] = "objective_captured"
    objective: str = ""
    side: str = ""
    points: int = 0


@quick_init
@dataclass(frozen=True)
class PlanChosen(Event):
    """The AI plan the computer player follows for `side` this game (drawn at the start, docs/rules.md 15.9)."""

    kind: ClassVar[str] = "plan"
    side: str = ""
    plan: str = ""


@quick_init
@dataclass(frozen=True)
class TriggerFired(Event):
    """A trigger of `side`'s AI plan fired: orders that wait for it may start."""

    kind: ClassVar[str] = "trigger"
    side: str = ""
    trigger: str = ""


@dataclass(frozen=True)
class VictoryScored(Event):
    kind: ClassVar[str] = "victory"
    points: dict = field(default_factory=dict)
    ratio: float = 0.0
    result: str = ""
    final: bool = False


@quick_init
@dataclass(frozen=True)
class BattleCounter(Event):
    """The battle_rating module (docs/rules.md 16): `side` draws a counter worth `value` because of `cause`
    (unit_destroyed, hq_destroyed, rout, objective_lost)."""

    kind: ClassVar[str] = "battle_counter"
    side: str = ""
    value: int = 0
    cause: str = ""


@quick_init
@dataclass(frozen=True)
class Withdrew(Event):
    """The side's counters reached its battle rating: it withdraws and loses (docs/rules.md 16.3)."""

    kind: ClassVar[str] = "withdrew"
    side: str = ""


@quick_init
@dataclass(frozen=True)
class AirAttack(Event):
    """The air_support module (docs/rules.md 16.7): aircraft `unit` of `side` attacks `square` (the square called was
    `aimed_at`; a bomb drop may land beside it), flying in from `entry` on its side's map edge; `caller` called it,
    `observed` when an air observer saw the square; `attacked` enemy units were there. One event per pass."""

    kind: ClassVar[str] = "air_attack"
    unit: str = ""
    side: str = ""
    aircraft: str = ""
    square: tuple = ()
    aimed_at: tuple = ()
    entry: tuple = ()
    caller: str = ""
    observed: bool = False
    attacked: int = 0


@quick_init
@dataclass(frozen=True)
class AntiAircraftFire(Event):
    """Anti-aircraft fire at aircraft `unit` after its pass (16.8): `firers` units fired; `pinned`: it breaks off the
    sortie; `hits` taken now, `hits_left` before it is shot down; `returned`: it went home for good."""

    kind: ClassVar[str] = "aa_fire"
    unit: str = ""
    firers: int = 0
    pinned: bool = False
    hits: int = 0
    hits_left: int = 0
    returned: bool = False


@quick_init
@dataclass(frozen=True)
class AircraftLost(Event):
    """Aircraft `unit` of `side` was shot down by anti-aircraft fire from `by` (16.8)."""

    kind: ClassVar[str] = "aircraft_lost"
    unit: str = ""
    side: str = ""
    aircraft: str = ""
    by: str = ""


__all__ = [name for name in dir() if name[0].isupper() and name not in ("ClassVar",)]
