"""The mutable state of a battle in progress. Only the simulation changes it; everything else reads events."""

from __future__ import annotations

import random
from dataclasses import field

from tacforge.engine.cached_dataclass import dataclass

from ..model import Arrival, Objective, Weapon


@dataclass
class Mission:
    """A bombardment: who fires, where, when it starts and how many pulses remain."""

    square: tuple[int, int]
    spotter: str
    starts_in: int
    pulses_left: int


@dataclass
class AircraftStatus:
    """An aircraft of the air_support module (docs/rules.md 16.6): the first turn it may be called, the hits it has
    taken, whether it has gone home for good and where its sortie was called. Its sorties left are its unit's
    `ammo`."""

    arrival: int
    hits_taken: int = 0
    returned: bool = False
    aimed_at: tuple[int, int] | None = None  # the square its sortie under way was called on


@dataclass
class PlanProgress:
    """How far a side's AI plan has got (docs/rules.md 15.9): kept in the state so a saved game goes on with it."""

    plan: str
    steps: list[int]  # per group of the plan: the index of the order it is on, -1 before its first has started
    fired: list[str] = field(default_factory=list)  # the trigger ids fired, in order


@dataclass
class UnitState:
    uid: str  # "allied:B3"
    side: str
    letter: str
    index: int
    weapon: Weapon
    count: int
    name: str = ""
    initial_count: int = 0
    pos: tuple[int, int] | None = None
    start_pos: tuple[int, int] | None = None  # where it was deployed: the shape of its formation
    facing: str = "N"
    speed: int = 0
    range_limit: int = 0
    objectives: list[tuple[int, int]] = field(default_factory=list)
    delay: int = 0
    suppression: float = 0.0
    ammo: int = 40
    target: str | None = None
    pulses_at_target: int = 0
    priority: str | None = None
    carrier: str | None = None
    passengers: list[str] = field(default_factory=list)
    embark_queue: list[str] = field(default_factory=list)
    routed: bool = False
    mp: int = 0
    siw: Weapon | None = None
    siw_used: bool = False
    fired: bool = False
    mission: Mission | None = None
    offmap: bool = False
    nationality: str = ""
    seen_by: set[str] = field(default_factory=set)  # enemy uids that see this unit this pulse
    arrival: Arrival | None = None  # a reinforcement still to arrive (engine/sim/reinforcements.py)
    exited: bool = False  # left the map by an exit objective's edge

    @property
    def label(self) -> str:
        return f"{self.letter}{self.index}"

    @property
    def alive(self) -> bool:
        return self.count > 0

    @property
    def is_hq(self) -> bool:
        return self.index == 0

    @property
    def present(self) -> bool:
        """In the battle: neither a reinforcement still to come nor gone off the map by an exit."""
        return self.arrival is None and not self.exited

    @property
    def on_map(self) -> bool:
        return self.alive and not self.offmap and self.carrier is None and self.pos is not None

    @property
    def square(self) -> tuple[int, int]:
        """Where a unit known to stand on the map is (`on_map`, or a passenger riding with its carrier)."""
        if self.pos is None:
            raise ValueError(f"unit {self.uid} is on no square")
        return self.pos


@dataclass
class GameState:
    pack: str
    scenario: str
    seed: int
    sides: tuple[str, str]
    attackers: tuple[str, ...]
    units: dict[str, UnitState]
    visibility: int
    delays: dict[str, tuple[int, int]]
    last_turn: int
    rng: random.Random
    turn: int = 0
    pulse: int = 0
    objective_center: tuple[int, int] | None = None
    start_lines: dict[str, int] = field(default_factory=dict)
    starting_vp: dict[str, int] = field(default_factory=dict)
    unused_sp: dict[str, int] = field(default_factory=dict)
    kill_vp: dict[str, int] = field(default_factory=dict)  # earned by a side for what it destroyed
    entrenchments: set[tuple[int, int]] = field(default_factory=set)
    over: bool = False
    objectives: tuple[Objective, ...] = ()  # the scenario's typed objectives (engine/sim/objectives.py)
    captured: set[str] = field(default_factory=set)  # ids of capture objectives taken
    held_turns: dict[str, int] = field(default_factory=dict)  # every-turn hold objective id -> turns held
    exits: dict[str, int] = field(default_factory=dict)  # exit objective id -> units that left by its edge
    plans: dict[str, PlanProgress] = field(default_factory=dict)  # side -> the AI plan the computer follows
    modules: tuple[str, ...] = ()  # the optional ruleset modules on (engine/model/modules.py)
    # The battle_rating module (engine/sim/battle_rating.py): each side's counters so far, who held the objective
    # area at the end of the last turn, and the side that withdrew.
    battle_counters: dict[str, int] = field(default_factory=dict)
    area_holder: str | None = None
    withdrew: str | None = None
    # The air_support module (engine/sim/air_support.py): the weather, each aircraft by uid, and the sides whose
    # units have come under air attack (the first time draws a battle counter with battle_rating on).
    weather: str = "clear"
    aircraft: dict[str, AircraftStatus] = field(default_factory=dict)
    air_attacked: list[str] = field(default_factory=list)

    def side_units(self, side: str):
        return [u for u in self.units.values() if u.side == side]

    def enemy_of(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def unit(self, side: str, label: str) -> UnitState | None:
        return self.units.get(f"{side}:{label}")
