"""What the battle's helpers (combat, bombard, fire_inputs, move_resolution, objectives, reinforcements) use of the
Battle that calls them. They take this protocol rather than Battle, which imports them: the battle loop stands above
what it runs, also for the type checker."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from ..model import Map, Ruleset, RulesetFlags, RulesParameters, Scenario, UnitClass
from ..model.content import Content
from ..rules.geometry import Square
from ..rules.terrain_grid import TerrainGrid
from .events import Event
from .pathing import MovementField
from .roster import Roster
from .state import GameState, UnitState


class BattleView(Protocol):
    content: Content  # the scenario's: its parameter overrides merged in
    scenario: Scenario
    state: GameState
    map: Map  # the scenario's map with its entrenchments built
    grid: TerrainGrid
    params: RulesParameters
    ruleset: Ruleset
    flags: RulesetFlags
    reports: Mapping[str, object]
    los_known: dict[tuple[Square, Square], bool]  # has_los of the pairs of squares asked so far, the lesser first
    moving: set[str]  # uids of the units moving this pulse
    revealed: dict[str, set[str]]  # side -> enemy uids revealed to it this pulse (by firing)
    seen_by_side: dict[str, set[str]]  # side -> enemy uids it has spotted
    stacks: dict[tuple, int] | None  # (side, square) -> units on the map there, during the movement phase

    def emit(self, *events: Event) -> None: ...

    def unit_class(self, unit: UnitState) -> UnitClass: ...

    def sees(self, a: Square, b: Square) -> bool: ...

    def sees_unit_from(self, origin: Square, unit: UnitState) -> bool: ...

    def units_at(self, square: Square) -> list[UnitState]: ...

    def enemies_on_map(self, side: str) -> list[UnitState]: ...

    def roster(self, side: str) -> Roster: ...

    def note_spotted(self, unit: UnitState, enemy: UnitState) -> None: ...

    def field(self, unit: UnitState) -> MovementField: ...

    def embark(self, carrier: UnitState, passenger: UnitState) -> None: ...
