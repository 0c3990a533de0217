"""The rules parameters of a pack ("parameter data"): every constant the formulas read, as typed, frozen fields.

rules.yaml keeps the keys flat (`pulses_per_turn: 4`); each key is exactly one field here, of the same name, in a
group by concern, so the engine reads `params.time_space.pulses_per_turn`. Field names equal the YAML keys so that
one search finds a constant in the YAML, the schema, the code and `tacforge rules show`.

Each field carries its metadata (unit, allowed range, one-line meaning, docs/rules.md section); its default is
the manuals' value. These fields are the source of schemas/model.schema.json `$defs/parameters`: `make schemas`
writes it (engine/validation/schema_gen.py) and a test fails when the committed file differs.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import field, fields, replace
from typing import Any

from tacforge.engine.cached_dataclass import dataclass

METADATA_KEY = "parameter"


@dataclass(frozen=True, slots=True)
class ParameterInfo:
    """What a designer needs to know about one parameter. `minimum` is exclusive when `exclusive_minimum` (divisors
    and the like, where zero has no meaning). `pattern` is the regular expression a text value matches; `choices`
    the words a text value may be (empty: any)."""

    unit: str
    meaning: str
    section: str
    minimum: float | None = None
    maximum: float | None = None
    exclusive_minimum: bool = False
    pattern: str | None = None
    choices: tuple[str, ...] = ()

    def describe(self) -> str:
        """The schema's description of the parameter, which a YAML language server shows on hover."""
        return f"{self.meaning[0].upper()}{self.meaning[1:]} ({self.unit}; docs/rules.md {self.section})."


def _param(default, unit: str, meaning: str, section: str, *, minimum=None, maximum=None, above=None, pattern=None):
    """A parameter field. `above` is an exclusive minimum; `minimum` and `maximum` are inclusive."""
    exclusive = above is not None
    info = ParameterInfo(unit, meaning, section, above if exclusive else minimum, maximum, exclusive, pattern)
    return field(default=default, metadata={METADATA_KEY: info})


@dataclass(frozen=True, slots=True)
class TimeSpace:
    square_yards: int = _param(200, "yards", "width of one map square", "1.1", minimum=1, maximum=1000)
    pulses_per_turn: int = _param(
        4, "pulses", "combat pulses in each turn's combat phase", "6.1", minimum=1, maximum=20
    )
    pulse_seconds: int = _param(30, "seconds", "length of one pulse", "6.1", minimum=1, maximum=600)
    map_width: int = _param(60, "squares", "width of a generated battle map", "1.1", minimum=1, maximum=256)
    map_height: int = _param(60, "squares", "height of a generated battle map", "1.1", minimum=1, maximum=256)
    assault_map_height: int = _param(
        30, "squares", "height of a generated map in an assault battle", "1.1", minimum=1, maximum=256
    )
    objective_area_size: int = _param(19, "squares", "side of the square objective area", "1.5", minimum=1, maximum=256)
    default_turns_assault: int = _param(30, "turns", "game length of an assault battle", "5.7", minimum=1, maximum=255)
    default_turns_other: int = _param(20, "turns", "game length of every other battle", "5.7", minimum=1, maximum=255)


@dataclass(frozen=True, slots=True)
class DirectFire:
    range_accuracy_term: int = _param(
        90,
        "accuracy",
        "accuracy term at range 0, falling linearly to 0 at maximum range",
        "6.4",
        minimum=0,
        maximum=1000,
    )
    accuracy_divisor: int = _param(
        100, "divisor", "the squared accuracy term is divided by this", "6.4", above=0, maximum=100000
    )
    max_pulses_for_accuracy: int = _param(
        4, "pulses", "P: at most this many pulses at one target add accuracy", "6.4", minimum=1, maximum=100
    )
    silhouette_divisor: int = _param(
        4, "divisor", "accuracy vs armour is multiplied by SL / this", "6.4", above=0, maximum=1000
    )
    silhouette_bonus_below_range: int = _param(
        6, "squares", "below this range, SL + (this - range) vs armour", "6.4", minimum=0, maximum=256
    )
    apf_shell_divisor: int = _param(
        4, "divisor", "APF = SS x SS / this + MP - MP x (R / MR) / 2", "6.4", above=0, maximum=1000
    )
    apf_first_halving_ratio: float = _param(
        1.25, "x armour", "accuracy halved when APF is below this x armour", "6.4", minimum=0, maximum=100
    )
    apf_cap_ratio: float = _param(2, "x armour", "APF is capped at this x armour", "6.4", above=0, maximum=100)
    kill_divisor_armoured: int = _param(
        1200, "divisor", "kills vs armour = APF x acc x N / (armour x this)", "6.4", above=0, maximum=1000000
    )
    kill_divisor_soft: int = _param(
        1000, "divisor", "kills vs non-armoured = SS x SS x acc x N / (DEF x this)", "6.5", above=0, maximum=1000000
    )
    cover_accuracy_armoured: float = _param(
        0.5, "multiplier", "accuracy vs a stationary armoured vehicle in cover", "6.4", minimum=0, maximum=100
    )
    moving_accuracy_armoured: float = _param(
        0.5, "multiplier", "accuracy vs a moving vehicle", "6.4", minimum=0, maximum=100
    )
    cover_accuracy_soft: float = _param(
        0.25, "multiplier", "accuracy vs a non-armoured target in cover", "6.5", minimum=0, maximum=100
    )
    moving_accuracy_soft: float = _param(
        2, "multiplier", "accuracy vs a moving non-vehicle", "6.5", minimum=0, maximum=100
    )
    mg_bonus_below_range: int = _param(
        6,
        "squares",
        "below this range an armoured vehicle adds its MGs and its AP fire suppresses",
        "6.5",
        minimum=0,
        maximum=256,
    )


@dataclass(frozen=True, slots=True)
class Suppression:
    suppression_divisor: int = _param(
        200, "divisor", "suppression added = SS^2 x max(acc, minimum)^2 x N / this", "6.7", above=0, maximum=1000000
    )
    suppression_min_accuracy: int = _param(
        10, "accuracy", "the least accuracy counted for suppression", "6.7", minimum=0, maximum=1000
    )
    suppression_cap_soft: int = _param(
        200, "suppression", "most suppression a non-armoured unit carries", "6.7", minimum=0, maximum=100000
    )
    suppression_cap_armoured: int = _param(
        50, "suppression", "most suppression an armoured vehicle carries", "6.7", minimum=0, maximum=100000
    )
    suppression_no_search_above: int = _param(
        99, "suppression", "above this a unit does not search", "6.2", minimum=0, maximum=100000
    )
    suppression_pinned_above: int = _param(
        50, "suppression", "above this a unit is pinned and cannot move", "6.7", minimum=0, maximum=100000
    )
    suppression_fire_divisor: int = _param(
        300, "divisor", "a firer's effect is reduced by its suppression / this", "6.7", above=0, maximum=1000000
    )
    suppression_retarget: int = _param(
        200,
        "suppression",
        "firers leave an infantry target with this much suppression",
        "6.3",
        minimum=0,
        maximum=100000,
    )
    siw_suppression: int = _param(
        50, "suppression", "suppression a SIW attack gives its target automatically", "6.7", minimum=0, maximum=100000
    )
    disembark_suppression: int = _param(
        80, "suppression", "suppression of passengers unloaded by a D order", "6.7", minimum=0, maximum=100000
    )


@dataclass(frozen=True, slots=True)
class Spotting:
    sighting_silhouette_bonus: int = _param(1, "SL", "sighting range = target SL + this", "6.2", minimum=0, maximum=256)
    cover_sighting_divisor: int = _param(
        3, "divisor", "sighting range of a target in cover is divided by this", "6.2", above=0, maximum=100
    )
    moving_sighting_multiplier: int = _param(
        3, "multiplier", "sighting range of a moving target is multiplied by this", "6.2", minimum=1, maximum=100
    )
    field_of_view_moving: int = _param(90, "degrees", "field of vision of a moving unit", "6.2", minimum=0, maximum=360)
    field_of_view_stationary: int = _param(
        180, "degrees", "field of vision of a stationary unit", "6.2", minimum=0, maximum=360
    )
    visibility_min: int = _param(7, "squares", "least random visibility level", "6.2", minimum=1, maximum=256)
    visibility_max: int = _param(20, "squares", "greatest random visibility level", "6.2", minimum=1, maximum=256)

    def field_of_view(self, moving: bool) -> int:
        return self.field_of_view_moving if moving else self.field_of_view_stationary


@dataclass(frozen=True, slots=True)
class Command:
    command_radius: int = _param(
        10, "squares", "a unit within this of its HQ is in command", "2.2", minimum=0, maximum=256
    )
    command_radius_unseen: int = _param(
        5, "squares", "the same when the unit cannot see its HQ", "2.2", minimum=0, maximum=256
    )
    out_of_command_extra_delay: int = _param(
        4, "pulses", "delay added to orders of a unit out of command", "4.3", minimum=0, maximum=100
    )
    cancel_delay: int = _param(1, "pulses", "delay a cancel order adds", "5.6", minimum=0, maximum=100)
    disembark_delay_per_unit: int = _param(
        1, "pulses", "delay a carrier gets per unit it unloads", "5.6", minimum=0, maximum=100
    )
    bombard_delay_hq_same_formation: int = _param(
        2, "pulses", "bombardment delay: an HQ calls its own formation's artillery", "5.4", minimum=0, maximum=100
    )
    bombard_delay_same_formation: int = _param(
        4, "pulses", "bombardment delay: a unit calls its own formation's artillery", "5.4", minimum=0, maximum=100
    )
    bombard_delay_command_formation: int = _param(
        6,
        "pulses",
        "bombardment delay: artillery of the command HQ's formation or off the map",
        "5.4",
        minimum=0,
        maximum=100,
    )
    bombard_delay_other: int = _param(
        8, "pulses", "bombardment delay in every other case", "5.4", minimum=0, maximum=100
    )
    bombard_mission_pulses: int = _param(
        4, "pulses", "pulses a bombardment mission fires", "5.4", minimum=1, maximum=100
    )
    indirect_max_range: int = _param(
        99, "squares", "maximum range written for indirect fire in the weapon tables", "5.4", minimum=0, maximum=999
    )
    max_objectives: int = _param(2, "objectives", "movement objectives a unit may hold", "5.3", minimum=1, maximum=10)


@dataclass(frozen=True, slots=True)
class Units:
    starting_ammunition: int = _param(
        40, "pulses of fire", "ammunition of every unit at the start", "6.9", minimum=0, maximum=10000
    )
    stacking_limit: int = _param(
        2, "units", "a unit may not enter a square holding this many friendly units", "6.11", minimum=1, maximum=100
    )
    transport_capacity_per_vehicle: int = _param(
        10, "transport points", "what each vehicle of a carrier can lift", "2.4", minimum=0, maximum=1000
    )
    max_units_per_formation: int = _param(
        8, "units", "combat units a formation may have besides its HQ", "2.1", minimum=1, maximum=99
    )
    formation_letters: str = _param(
        "ABCDEFGHIJKLMNOPQRSTU",
        "letters",
        "letters of the formations, the command HQ's first",
        "2.1",
        pattern="^[A-Z]+$",
    )
    max_unit_index: int = _param(9, "index", "highest unit index within a formation", "2.1", minimum=1, maximum=99)
    max_unit_count: int = _param(
        255, "weapons", "most vehicles, guns or men in one unit", "2.1", minimum=1, maximum=10000
    )
    close_combat_range: int = _param(
        3, "squares", "a unit in close-combat mode charges firers within this", "6.14", minimum=0, maximum=256
    )


@dataclass(frozen=True, slots=True)
class Panic:
    rally_numerator: int = _param(
        2, "count", "rally chance = this / (this + command delay)", "6.8", minimum=1, maximum=100
    )
    rally_hq_lost_divisor: int = _param(
        3, "divisor", "rally chance is divided by this when the HQ is lost", "6.8", above=0, maximum=100
    )
    rout_soft_defence_below: int = _param(
        5, "defence", "rout chance is multiplied when the defence is below this", "6.8", minimum=0, maximum=1000
    )
    rout_low_defence_multiplier: int = _param(
        2, "multiplier", "that multiplier for a low defence", "6.8", minimum=0, maximum=100
    )
    rout_non_vehicle_multiplier: int = _param(
        3, "multiplier", "rout chance multiplier for a non-vehicle", "6.8", minimum=0, maximum=100
    )


@dataclass(frozen=True, slots=True)
class Victory:
    unused_sp_vp: int = _param(
        20, "VP per point", "victory points for each unused selection point", "9", minimum=0, maximum=100000
    )
    unused_sp_vp_cap: int = _param(
        250, "VP", "most victory points from unused selection points", "9", minimum=0, maximum=10000000
    )
    defender_multiplier: int = _param(
        2, "multiplier", "the defender's points are multiplied by this", "9", minimum=1, maximum=100
    )
    defender_unused_sp_cap: int = _param(
        500, "VP", "most the defender's multiplied unused-point VP may reach", "9", minimum=0, maximum=10000000
    )


@dataclass(frozen=True, slots=True)
class Handicap:
    handicap_strong_reduction: float = _param(
        0.5, "strength factor", "strength of the side handicap levels 1 or 5 weaken", "8.1", above=0, maximum=1
    )
    handicap_weak_reduction: float = _param(
        0.75, "strength factor", "strength of the side handicap levels 2 or 4 weaken", "8.1", above=0, maximum=1
    )


@dataclass(frozen=True, slots=True)
class BattleRating:
    """The battle_rating module's numbers (docs/rules.md 16); read only when a scenario turns the module on."""

    counter_min: int = _param(1, "counter", "lowest value of a battle counter drawn", "16.2", minimum=0, maximum=100)
    counter_max: int = _param(
        5,
        "counter",
        "highest value of a battle counter drawn (each value from the lowest up equally likely)",
        "16.2",
        minimum=0,
        maximum=100,
    )
    hq_extra_rating: int = _param(
        1,
        "rating",
        "what an HQ (unit 0 of a formation) adds to the battle rating beyond its class",
        "16.1",
        minimum=0,
        maximum=10,
    )


@dataclass(frozen=True, slots=True)
class AirSupport:
    """The air_support module's numbers (docs/rules.md 16.6-16.9); read only when a scenario turns the module on.
    The tabletop rules give the dice; the chances below are those dice, or our choice where they are silent."""

    air_call_delay: int = _param(
        2, "pulses", "pulses from calling a sortie to its first attack", "16.7", minimum=0, maximum=20
    )
    air_drift_observed: float = _param(
        1 / 6,
        "chance",
        "a bomb drop seen by an air observer lands in a neighbouring square",
        "16.7",
        minimum=0,
        maximum=1,
    )
    air_drift_unobserved: float = _param(
        0.5,
        "chance",
        "a bomb drop the crew spots for itself lands in a neighbouring square",
        "16.7",
        minimum=0,
        maximum=1,
    )
    aa_pin_chance: float = _param(
        1 / 6,
        "chance",
        "one anti-aircraft roll pins the aircraft (it breaks off the sortie)",
        "16.8",
        minimum=0,
        maximum=1,
    )
    aa_damage_chance: float = _param(
        0.5, "chance", "a pinned aircraft is also hit (two hits from a multiple mount)", "16.8", minimum=0, maximum=1
    )
    aa_return_chance: float = _param(
        1 / 6, "chance", "an aircraft hit but not shot down returns to base for good", "16.8", minimum=0, maximum=1
    )
    aircraft_lost_counters: int = _param(
        2,
        "counters",
        "battle counters a side draws for an aircraft shot down (battle_rating module)",
        "16.8",
        minimum=0,
        maximum=10,
    )
    generated_sorties: int = _param(
        2, "sorties", "sorties `tacforge new --modules air_support` gives each side", "16.10", minimum=0, maximum=20
    )
    generated_arrival: int = _param(
        3, "turn", "the first turn a generated battle's aircraft may be called", "16.10", minimum=1, maximum=255
    )


@dataclass(frozen=True, slots=True)
class RulesParameters:
    """Every rules parameter, by group. Build it with `from_values`; a scenario's overrides with `overridden`."""

    time_space: TimeSpace = TimeSpace()
    direct_fire: DirectFire = DirectFire()
    suppression: Suppression = Suppression()
    spotting: Spotting = Spotting()
    command: Command = Command()
    units: Units = Units()
    panic: Panic = Panic()
    victory: Victory = Victory()
    handicap: Handicap = Handicap()
    battle_rating: BattleRating = BattleRating()
    air_support: AirSupport = AirSupport()

    @classmethod
    def from_values(cls, values: Mapping[str, Any]) -> RulesParameters:
        """The defaults with these flat YAML values over them. The values have passed the schema; an unknown key
        is a programming error here (the loader drops what the schema rejected)."""
        return cls().overridden(values)

    def overridden(self, values: Mapping[str, Any]) -> RulesParameters:
        by_group: dict[str, dict[str, Any]] = {}
        for key, value in values.items():
            group, _ = PARAMETER_FIELDS[key]
            # The schema's "integer" admits 4.0; an int field holds an int so that ranges and indexes work.
            by_group.setdefault(group, {})[key] = int(value) if declared_type(key) == "int" else value
        return replace(self, **{g: replace(getattr(self, g), **v) for g, v in by_group.items()})

    def value(self, key: str) -> Any:
        """One value by its YAML key, for tools that list parameters (`tacforge rules show`), not for the rules."""
        group, _ = PARAMETER_FIELDS[key]
        return getattr(getattr(self, group), key)

    def flat(self) -> dict[str, Any]:
        """Every value by its YAML key, in declaration order."""
        return {key: self.value(key) for key in PARAMETER_FIELDS}


def _parameter_fields() -> dict[str, tuple[str, Any]]:
    out = {}
    defaults = RulesParameters()
    for group in fields(RulesParameters):
        for spec in fields(getattr(defaults, group.name)):
            out[spec.name] = (group.name, spec)
    return out


PARAMETER_FIELDS: dict[str, tuple[str, Any]] = _parameter_fields()  # YAML key -> (group, dataclasses.Field)
PARAMETER_GROUPS: tuple[str, ...] = tuple(g.name for g in fields(RulesParameters))


def declared_type(key: str) -> str:
    """'int', 'float' or 'str': the field's annotation (a string under `from __future__ import annotations`)."""
    declared = PARAMETER_FIELDS[key][1].type
    return declared if isinstance(declared, str) else declared.__name__


def parameter_info(key: str) -> ParameterInfo:
    return PARAMETER_FIELDS[key][1].metadata[METADATA_KEY]


def iter_parameters() -> Iterator[tuple[str, str, Any, ParameterInfo]]:
    """(group, key, default, info) of every parameter, in declaration order."""
    for key, (group, spec) in PARAMETER_FIELDS.items():
        yield group, key, spec.default, spec.metadata[METADATA_KEY]
