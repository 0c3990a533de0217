from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from .source import Source


@dataclass(frozen=True, slots=True)
class UnitClass:
    id: str
    name: str
    armoured: bool
    vehicle: bool
    mobility: str | None
    fire_on_selection: bool
    kill_vp: int
    objective_vp: int
    report: str
    infantry: bool = False
    artillery: bool = False
    bombard: bool = False
    carries: str = "none"
    transport_cost: int | None = None
    kill_vp_plus_front_armour: bool = False


@dataclass(frozen=True, slots=True)
class VictoryBand:
    min_ratio: float
    result: str  # decisive | substantive | marginal | draw
    favours: str | None = None  # numerator | other
    source: Source = field(default=Source(None), compare=False)


@dataclass(frozen=True, slots=True)
class Side:
    id: str
    name: str
    home_edge: str
    command_hq_name: str
    command_hq_symbol: str


@dataclass(frozen=True, slots=True)
class Nationality:
    id: str
    name: str
    side: str


@dataclass(frozen=True, slots=True)
class ForceType:
    id: str
    name: str
    side: str
    nationality: str | None = None


@dataclass(frozen=True, slots=True)
class BattleType:
    id: str
    name: str
    attackers: tuple[str, ...]
    assault: bool
    sizes: tuple[tuple[str, str], ...]
    description: str = ""

    def is_attacker(self, side: str) -> bool:
        return side in self.attackers


@dataclass(frozen=True, slots=True)
class SmallArmsBonus:
    nationality: str
    classes: tuple[str, ...]
    multiplier: float


@dataclass(frozen=True, slots=True)
class RulesetFlags:
    random_delay_increase: bool
    siw_target_mg_divisor: bool
    grenade_divisor: int
    same_square_suppressed_defence: int
    same_square_suppressed_accuracy: float
    moving_firer_soft_divisor: float
    small_arms_bonus: SmallArmsBonus | None
    panic_rules: bool
    stacking: bool
    los_operator: str
    max_range_accuracy_plus_one: bool
    indirect_armour: str
    river_movement: bool
    entrenchment_is_broken: bool


@dataclass(frozen=True, slots=True)
class Ruleset:
    """The ruleset profile: every per-game rule difference, as data (design.md 5)."""

    id: str
    name: str
    periods: int
    sides: tuple[Side, ...]
    ratio_numerator: str
    nationalities: tuple[Nationality, ...]
    force_types: tuple[ForceType, ...]
    battle_types: tuple[BattleType, ...]
    entrenchment_max: int
    entrenchment_terrain: tuple[str, ...]
    entrenchment_battle_types: tuple[str, ...]
    custom_game_length: bool
    game_length_min: int | None
    game_length_max: int | None
    after_end_extra_turns: int | None
    siws: tuple[str, ...]
    default_siw: str
    flags: RulesetFlags
    reports: Mapping[str, object]
    handicap_low: str = ""
    handicap_high: str = ""
    selection_points: tuple[tuple[str, int], ...] = ()  # (force size, budget): large, medium, small
    small_battle_factor: float = 0.5
    description: str = ""
    source: Source = field(default=Source(None), compare=False)

    def side(self, side_id: str) -> Side | None:
        return next((s for s in self.sides if s.id == side_id), None)

    def side_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.sides)

    def battle_type(self, type_id: str) -> BattleType | None:
        return next((b for b in self.battle_types if b.id == type_id), None)

    def nationality(self, nat_id: str) -> Nationality | None:
        return next((n for n in self.nationalities if n.id == nat_id), None)

    def force_type(self, type_id: str) -> ForceType | None:
        return next((f for f in self.force_types if f.id == type_id), None)

    def selection_budget(self, size: str, small_battle: bool = False) -> int:
        """Selection points of a force of this size (large/medium/small), halved (by the factor) in a small battle,
        rounded half up."""
        points = dict(self.selection_points).get(size, 0)
        return int(points * self.small_battle_factor + 0.5) if small_battle else points

