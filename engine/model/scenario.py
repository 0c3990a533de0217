from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date as Date

from .source import Source


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
    source: Source = field(default=Source(None), compare=False)


@dataclass(frozen=True, slots=True)
class Formation:
    letter: str
    units: tuple[Unit, ...]
    name: str = ""
    template: str | None = None
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
    entrenchments: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] = ()
    offmap_artillery: tuple[OffmapBattery, ...] = ()
    parameters: tuple[tuple[str, object], ...] = ()  # (YAML key, value): overrides of the pack's rules parameters
    briefing: str = ""
    notes: str = ""
    source: Source = field(default=Source(None), compare=False)

    def force(self, side: str) -> Force | None:
        return next((f for f in self.forces if f.side == side), None)
