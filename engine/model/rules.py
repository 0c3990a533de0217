from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, field

from tacforge.engine.cached_dataclass import dataclass

from .parameters import METADATA_KEY, ParameterInfo
from .source import Source
from .tabletop import TabletopSetup

# The key under which a field of a YAML record states the JSON schema of its value: the fields are the source of
# that record's definition in schemas/model.schema.json (engine/validation/schema_gen.py, `make schemas`).
SCHEMA_KEY = "schema"
_DEFS = "defs.schema.json#/$defs/"
_BOOLEAN = {"type": "boolean"}


def _key(schema: dict, default=MISSING):
    """A field of a YAML record, with the JSON schema of its value; without a default the key is required."""
    return field(default=default, metadata={SCHEMA_KEY: schema})


def _described(description: str, schema: dict) -> dict:
    return {"description": description, **schema}


@dataclass(frozen=True, slots=True)
class UnitClass:
    """A unit class of rules.yaml `unit_classes`: its id is the entry's key, every other field one key of the entry."""

    id: str
    name: str = _key({"$ref": _DEFS + "name"})
    armoured: bool = _key(_BOOLEAN)
    vehicle: bool = _key(_BOOLEAN)
    mobility: str | None = _key({"oneOf": [{"$ref": _DEFS + "qualified_id"}, {"type": "null"}]})
    fire_on_selection: bool = _key(_described("May fire in the pulse it selects a target (7.2).", _BOOLEAN))
    kill_vp: int = _key({"type": "integer", "minimum": 0})
    objective_vp: int = _key({"type": "integer", "minimum": 0})
    report: str = _key({"enum": ["small_arms", "artillery", "cannon", "none"]})
    infantry: bool = _key(_BOOLEAN, False)
    artillery: bool = _key(_BOOLEAN, False)
    bombard: bool = _key(_described("Can fire bombardment missions.", _BOOLEAN), False)
    carries: str = _key({"enum": ["none", "infantry", "all"]}, "none")
    transport_cost: int | None = _key({"oneOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]}, None)
    kill_vp_plus_front_armour: bool = _key(_BOOLEAN, False)
    # What the class does, as data (docs/architecture.md 5): the engine reads these, never the class id.
    role: str | None = _key(
        _described(
            "Its part in a force, for building random battles and for the computer player.",
            {
                "enum": [
                    "armour",
                    "tank_hunter",
                    "assault_armour",
                    "recon",
                    "artillery",
                    "infantry",
                    "support",
                    "antitank",
                    "transport",
                ]
            },
        ),
        None,
    )
    placement: str | None = _key(
        _described(
            "Where deployment puts it.",
            {
                "enum": [
                    "infantry",
                    "machine_gun",
                    "gun",
                    "field_gun",
                    "indirect",
                    "armour",
                    "recon",
                    "battery",
                    "transport",
                ]
            },
        ),
        None,
    )
    carries_siw: bool = _key(
        _described(
            "Its platoons carry a special infantry weapon (the default one unless the unit names another).", _BOOLEAN
        ),
        False,
    )
    indirect_only: bool = _key(
        _described("It always fires indirectly, also at targets it sees itself (mortars).", _BOOLEAN), False
    )
    kills_armour: bool = _key(_described("false: its fire only suppresses armoured vehicles (6.4).", _BOOLEAN), True)
    special_weapon: bool = _key(
        _described("A special infantry weapon, carried by a platoon rather than fielded.", _BOOLEAN), False
    )
    offmap: bool = _key(_described("An off-map battery: fires from off the map only.", _BOOLEAN), False)
    aircraft: bool = _key(
        _described(
            "With the air_support module: an aircraft, flying sorties from off the map (docs/rules.md 16.6).", _BOOLEAN
        ),
        False,
    )
    advance_range: int | None = _key(
        _described(
            "Computer player: the range it fires at while advancing (default: its weapon's range).",
            {"type": "integer", "minimum": 1},
        ),
        None,
    )
    ambush_range: int | None = _key(
        _described(
            "Computer player: the range a defender of this class holds its fire to.", {"type": "integer", "minimum": 0}
        ),
        None,
    )
    battle_rating: int = _key(
        _described(
            "With the battle_rating module: what a unit of this class adds to its side's battle rating "
            "(docs/rules.md 16.1).",
            {"type": "integer", "minimum": 0, "maximum": 10},
        ),
        1,
    )


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
    setup: TabletopSetup | None = None  # a tabletop scenario type's set-up (docs/rules.md 16.5); None: the manuals'

    def is_attacker(self, side: str) -> bool:
        return side in self.attackers


@dataclass(frozen=True, slots=True)
class GameSize:
    """A tabletop game size of the points module (docs/rules.md 16.4): the points each side buys its force with, and
    the dice of units arriving per turn that reinforcement waves roll in a game of this size."""

    id: str
    name: str
    min_points: int
    standard_points: int
    max_points: int | None = None  # None: no upper limit
    reinforcement_dice: int = 1

    def allows(self, points: int) -> bool:
        return self.min_points <= points and (self.max_points is None or points <= self.max_points)

    def range_text(self) -> str:
        return f"{self.min_points}-{self.max_points}" if self.max_points is not None else f"{self.min_points} or more"


@dataclass(frozen=True, slots=True)
class SmallArmsBonus:
    nationality: str = _key({"$ref": _DEFS + "id"})
    classes: tuple[str, ...] = _key({"type": "array", "items": {"$ref": _DEFS + "unit_class"}})
    multiplier: float = _key({"type": "number", "minimum": 0})


def _flag(
    meaning: str, section: str, unit: str = "switch", minimum: float | None = None, choices: tuple[str, ...] = ()
):
    """A ruleset switch, with the same metadata as a rules parameter. These fields are the source of
    schemas/model.schema.json `$defs/flags` (`make schemas`)."""
    return field(metadata={METADATA_KEY: ParameterInfo(unit, meaning, section, minimum, choices=choices)})


@dataclass(frozen=True, slots=True)
class RulesetFlags:
    """The switches of a ruleset profile: the rules that differ between the two games (docs/rules.md 12.1, 14)."""

    random_delay_increase: bool = _flag("33% +1 and 33% +2 to a side's command delays per scenario", "4.4")
    siw_target_mg_divisor: bool = _flag("SIWs firing = men / (1 + the target's MGs)", "12.1 D9")
    grenade_divisor: int = _flag("grenades firing are further divided by this", "12.1 D9", "divisor", 1)
    same_square_suppressed_defence: int = _flag(
        "defence of a target above 99 suppression in the firer's square", "12.1 D11", "defence", 1
    )
    same_square_suppressed_accuracy: float = _flag(
        "accuracy multiplier against that target", "12.1 D11", "multiplier", 1
    )
    moving_firer_soft_divisor: float = _flag(
        "a moving firer's accuracy vs non-armoured targets is divided by this, except at range 0",
        "12.1 D12",
        "divisor",
        1,
    )
    small_arms_bonus: SmallArmsBonus | None = _flag(
        "accuracy multiplier of one nationality's small arms, or none", "12.1 D13", "bonus"
    )
    panic_rules: bool = _flag("panic, rout and rally are played", "6.8")
    stacking: bool = _flag("at most stacking_limit friendly units may enter a square", "6.11")
    los_operator: str = _flag(
        "line of sight is clear if round(h - d x H / D) is > (or >=) P", "12.1 D18", "operator", choices=(">=", ">")
    )
    max_range_accuracy_plus_one: bool = _flag("KG 7.3's '1 +' is added to the accuracy base", "12.1 D8")
    indirect_armour: str = _flag(
        "armour against indirect fire: BA + FA/3 or (BA + FA)/3",
        "6.6",
        "rule",
        choices=("ba_plus_fa_third", "sum_third"),
    )
    river_movement: bool = _flag("the river row of the movement costs applies", "12.1 D16")
    entrenchment_is_broken: bool = _flag("entrenchments are broken cover", "12.4 A3")


@dataclass(frozen=True, slots=True)
class Ruleset:
    """The ruleset profile: every per-game rule difference, as data (docs/architecture.md 5)."""

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
    game_sizes: tuple[GameSize, ...] = ()  # the points module's tabletop game sizes, smallest first (16.4)
    description: str = ""
    source: Source = field(default=Source(None), compare=False)

    def side(self, side_id: str) -> Side | None:
        return next((s for s in self.sides if s.id == side_id), None)

    def known_side(self, side_id: str) -> Side:
        """The side of an id already checked against this ruleset (a battle's sides, a validated force's side)."""
        side = self.side(side_id)
        if side is None:
            raise KeyError(f"ruleset '{self.id}' has no side '{side_id}'")
        return side

    def side_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.sides)

    def battle_type(self, type_id: str) -> BattleType | None:
        return next((b for b in self.battle_types if b.id == type_id), None)

    def nationality(self, nat_id: str) -> Nationality | None:
        return next((n for n in self.nationalities if n.id == nat_id), None)

    def force_type(self, type_id: str) -> ForceType | None:
        return next((f for f in self.force_types if f.id == type_id), None)

    def game_size(self, size_id: str) -> GameSize | None:
        return next((g for g in self.game_sizes if g.id == size_id), None)

    def selection_budget(self, size: str, small_battle: bool = False) -> int:
        """Selection points of a force of this size (large/medium/small), halved (by the factor) in a small battle,
        rounded half up."""
        points = dict(self.selection_points).get(size, 0)
        return int(points * self.small_battle_factor + 0.5) if small_battle else points
