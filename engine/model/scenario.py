from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from datetime import date as Date
from types import MappingProxyType
from typing import TypeVar

from tacforge.engine.cached_dataclass import dataclass

from .ai_plans import AiPlan
from .maps import Map
from .source import Source

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Arrival:
    """When and where a reinforcement enters the battle. It may arrive on turn `turn`; until `last_turn` it does so
    with probability `chance` each turn (one draw per formation or unit, from the battle's generator), on `last_turn`
    for certain. It enters on the first free square of `squares`, or else of its side's entry `edge` (None: the
    side's home edge)."""

    turn: int
    last_turn: int
    chance: float = 1.0
    edge: str | None = None
    squares: tuple[tuple[int, int], ...] = ()
    source: Source = field(default=Source(None), compare=False)

    def entry_squares(self, game_map: Map, home_edge: str) -> list[tuple[int, int]]:
        """The squares it may enter on, in the order they are tried: its own, else those of its entry edge (the
        side's `home_edge` unless it names one), from the edge's middle outwards (Map.edge_squares)."""
        return list(self.squares) or game_map.edge_squares(self.edge or home_edge)


@dataclass(frozen=True, slots=True)
class Objective:
    """A typed objective (opt-in, beside the rules' objective area): `points` for `side` when it is achieved.

    capture: a unit of the side ends a turn alone on `at`; the points are kept from then on.
    hold: the side alone holds `at` at the end (or, with every_turn, points at the end of each turn it holds it).
    exit: points for each of the side's units that leaves the map from `edge`.
    destroy: points when the enemy unit `unit` (letter + index) is destroyed.
    A hidden objective is shown only to its own side until the battle ends."""

    id: str
    kind: str
    side: str
    points: int
    name: str = ""
    at: tuple[int, int] | None = None
    every_turn: bool = False
    edge: str | None = None
    unit: str | None = None
    hidden: bool = False
    source: Source = field(default=Source(None), compare=False)

    # The field each kind needs, which the schema requires of it (schemas/scenario.schema.json, objectives):
    @property
    def square(self) -> tuple[int, int]:
        """`at` of a capture or hold objective."""
        return _required(self.at, self, "at")

    @property
    def exit_edge(self) -> str:
        """`edge` of an exit objective."""
        return _required(self.edge, self, "edge")

    @property
    def target_unit(self) -> str:
        """`unit` of a destroy objective."""
        return _required(self.unit, self, "unit")


def _required(value: T | None, objective: Objective, key: str) -> T:
    if value is None:
        raise ValueError(f"{objective.kind} objective '{objective.id}' has no {key}")
    return value


@dataclass(frozen=True, slots=True)
class Unit:
    index: int
    weapon: str  # reference as written; resolved by the content registry
    count: int
    name: str = ""
    at: tuple[int, int] | None = None
    facing: str | None = None
    siw: str | None = None
    carrier: str | None = None
    ammunition: int | None = None
    arrives: Arrival | None = None  # a reinforcement; None: deployed at the start (or with its formation)
    source: Source = field(default=Source(None), compare=False)
    speed: int | None = None  # the speed setting it starts with (None: halted)
    target_range: int | None = None  # the target-selection range it starts with (None: its weapon's MR)
    suppression: int = 0  # the suppression it starts with: pinned by a preliminary bombardment (docs/rules.md 16.5)


@dataclass(frozen=True, slots=True)
class Formation:
    letter: str
    units: tuple[Unit, ...]
    name: str = ""
    template: str | None = None
    arrives: Arrival | None = None  # the whole formation is a reinforcement
    source: Source = field(default=Source(None), compare=False)


@dataclass(frozen=True, slots=True)
class Force:
    side: str
    formations: tuple[Formation, ...]
    force_type: str | None = None
    name: str = ""
    source: Source = field(default=Source(None), compare=False)


@dataclass(frozen=True, slots=True)
class OffmapBattery:
    side: str
    weapon: str
    count: int
    name: str = ""
    source: Source = field(default=Source(None), compare=False)


@dataclass(frozen=True, slots=True)
class AirSortie:
    """The air_support module (docs/rules.md 16.6): an aircraft a side may call on, how many sorties it flies and
    from which turn."""

    side: str
    aircraft: str  # a weapon of an aircraft class
    sorties: int
    arrival: int = 1  # the first turn it may be called in
    name: str = ""
    source: Source = field(default=Source(None), compare=False)


WEATHERS = ("clear", "overcast", "storm")  # a scenario's `weather` (docs/rules.md 16.9)


@dataclass(frozen=True)
class Scenario:
    id: str
    name: str
    map: str
    period: int
    battle_type: str
    forces: tuple[Force, ...]
    date: Date | None = None
    historical: bool = False
    size: str | None = None
    turns: int | None = None
    visibility: int | str = "random"
    handicap: int = 3
    objective_center: tuple[int, int] | None = None
    start_lines: tuple[tuple[str, int], ...] = ()
    command_delays: tuple[tuple[str, int], ...] = ()
    starting_vp: tuple[tuple[str, int], ...] = ()
    unused_selection_points: tuple[tuple[str, int], ...] = ()
    game_size: str | None = None  # the points module's game size (docs/rules.md 16.4)
    points: tuple[tuple[str, int], ...] = ()  # (side, budget in tabletop points): the points module
    entrenchments: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] = ()
    offmap_artillery: tuple[OffmapBattery, ...] = ()
    parameters: tuple[tuple[str, object], ...] = ()  # (YAML key, value): overrides of the pack's rules parameters
    objectives: tuple[Objective, ...] = ()
    briefing: str = ""  # told to both sides
    side_briefings: tuple[tuple[str, str], ...] = ()  # (side, text): told to that side only, after `briefing`
    notes: str = ""
    modules: tuple[str, ...] = ()  # the optional ruleset modules turned on (engine/model/modules.py)
    air_support: tuple[AirSortie, ...] = ()  # the air_support module's aircraft (docs/rules.md 16.6)
    weather: str = "clear"  # one of WEATHERS; a storm grounds aircraft (16.9)
    source: Source = field(default=Source(None), compare=False)
    # side -> its AI plans (docs/rules.md 15); a side without plans is absent. Not hashed: a mapping cannot be.
    ai_plans: Mapping[str, tuple[AiPlan, ...]] = field(default_factory=lambda: MappingProxyType({}), hash=False)

    def force(self, side: str) -> Force | None:
        return next((f for f in self.forces if f.side == side), None)

    def side_briefing(self, side: str) -> str:
        return dict(self.side_briefings).get(side, "")


def unit_arrival(formation: Formation, unit: Unit) -> Arrival | None:
    """A unit's own arrival, else its formation's: the one place that decides when a unit enters."""
    return unit.arrives or formation.arrives
