"""The content a pack sees: its own entries merged over those of the packs it requires.

Bare ids are looked up in the pack itself, then in its requirements; qualified ids directly. Weapons are also
found by manual name, alias or legacy number, case-insensitively (docs/architecture.md 2). engine.packs builds it; the
checks in engine.validation, which the loader runs, read it, so it lives here, below both.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field, replace
from typing import TypeVar

from tacforge.engine.cached_dataclass import dataclass

from ..caching import LRU
from .formations import FormationTemplate
from .import_profile import ImportProfile
from .maps import Map
from .parameters import RulesParameters
from .periods import Period
from .rules import Ruleset
from .scenario import Scenario
from .terrain import MobilityClass, TerrainCode, TerrainType
from .weapons import Weapon

T = TypeVar("T")
SCENARIO_ORIGIN = "scenario"  # where a parameter overridden by the scenario comes from


def normalise(name: str) -> str:
    return " ".join(str(name).casefold().replace("_", " ").replace(".", " ").split())


@dataclass
class Content:
    pack_id: str
    namespaces: tuple[str, ...]  # lookup order for bare ids: the pack, then its requirements, nearest first
    mobility: dict[str, MobilityClass] = field(default_factory=dict)
    terrain_types: dict[str, TerrainType] = field(default_factory=dict)
    terrain_codes: dict[int, TerrainCode] = field(default_factory=dict)
    parameters: RulesParameters = RulesParameters()
    parameter_origins: dict[str, str] = field(default_factory=dict)  # YAML key -> pack id (or SCENARIO_ORIGIN)
    unit_classes: dict = field(default_factory=dict)
    victory_bands: tuple = ()
    rulesets: dict[str, Ruleset] = field(default_factory=dict)
    ruleset: Ruleset | None = None
    weapons: dict[str, Weapon] = field(default_factory=dict)
    periods: dict[int, Period] = field(default_factory=dict)
    formations: dict[str, FormationTemplate] = field(default_factory=dict)
    maps: dict[str, Map] = field(default_factory=dict)
    scenarios: dict[str, Scenario] = field(default_factory=dict)
    import_profile: ImportProfile | None = None  # the nearest pack's (docs/real-ground.md)
    _names: dict[str, list[str]] = field(default_factory=dict, repr=False)
    # Values worked out from this content and kept for every battle played with it (the computer player's expected
    # kills, for_scenario's copies): a copy made by replace() - an edited one, for_scenario's - starts without them
    # (and for_scenario keeps one copy per set of overrides, so a scenario's battles share its memos).
    memos: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def known_ruleset(self) -> Ruleset:
        """The ruleset of content that battles are played or generated with (a pack without one is refused where a
        battle is set up: initial_state.build_state, Battle)."""
        if self.ruleset is None:
            raise ValueError(f"pack '{self.pack_id}' has no ruleset")
        return self.ruleset

    # -- building -----------------------------------------------------------------------------------------------
    def index_weapon_names(self) -> None:
        self._names.clear()
        for weapon in self.weapons.values():
            for name in {normalise(n) for n in weapon.search_names()}:
                self._names.setdefault(name, []).append(weapon.id)

    def for_scenario(self, scenario: Scenario) -> Content:
        """This content with the scenario's parameter overrides merged over the pack's (a shallow copy: the tables
        are shared). A battle of the scenario reads its rules from it."""
        if not scenario.parameters:
            return self
        # one copy per set of overrides, so that the battles of a scenario (a balance run's hundreds) share what
        # is worked out from the content and kept with it (memos, the terrain grid)
        copies = self.memos.get("for_scenario")
        if copies is None:  # the copies of 64 sets of overrides (setdefault: two threads share one)
            copies = self.memos.setdefault("for_scenario", LRU(64))
        key = repr(scenario.parameters)  # the values may be lists (tables), which do not hash
        found = copies.get(key)
        if found is None:
            overrides = dict(scenario.parameters)
            found = copies.put(
                key,
                replace(
                    self,
                    parameters=self.parameters.overridden(overrides),
                    parameter_origins={**self.parameter_origins, **dict.fromkeys(overrides, SCENARIO_ORIGIN)},
                ),
            )
        return found

    def game_length(self, scenario: Scenario, turns: int | None = None) -> int:
        """Turns the scenario's battle lasts: as asked, else the scenario's, else the rules' default for its battle
        type (the rules of this content: call it on content.for_scenario(scenario))."""
        battle = self.ruleset.battle_type(scenario.battle_type) if self.ruleset else None
        t = self.parameters.time_space
        return (
            turns
            or scenario.turns
            or int(t.default_turns_assault if battle and battle.assault else t.default_turns_other)
        )

    # -- lookups ------------------------------------------------------------------------------------------------
    def _by_id(self, table: dict[str, T], ref: str) -> T | None:
        if ":" in ref:
            return table.get(ref)
        for ns in self.namespaces:
            hit = table.get(f"{ns}:{ref}")
            if hit is not None:
                return hit
        return None

    def terrain_type(self, ref: str) -> TerrainType | None:
        return self._by_id(self.terrain_types, ref)

    def mobility_class(self, ref: str) -> MobilityClass | None:
        return self._by_id(self.mobility, ref)

    def formation(self, ref: str) -> FormationTemplate | None:
        return self._by_id(self.formations, ref)

    def map(self, ref: str) -> Map | None:
        return self._by_id(self.maps, ref)

    def scenario(self, ref: str) -> Scenario | None:
        return self._by_id(self.scenarios, ref)

    def weapon_candidates(self, ref: str) -> list[Weapon]:
        """Every weapon the reference may mean: by id first, else by name, alias or legacy number '#24'."""
        hit = self._by_id(self.weapons, ref)
        if hit is not None:
            return [hit]
        text = str(ref).strip()
        if text.startswith("#") and text[1:].isdigit():
            number = int(text[1:])
            return [w for w in self.weapons.values() if w.legacy_number == number]
        return [self.weapons[i] for i in self._names.get(normalise(text), [])]

    def resolve_weapon(self, ref: str, nationalities: Iterable[str] = ()) -> Weapon | None:
        """The one weapon a reference means, preferring those of the given nationalities (and 'any')."""
        candidates = self.weapon_candidates(ref)
        if len(candidates) > 1:
            narrowed = [w for w in candidates if w.fielded_by(nationalities)]
            if narrowed:
                candidates = narrowed
        return candidates[0] if len(candidates) == 1 else None

    def weapon_names(self) -> list[str]:
        names: set[str] = set()
        for weapon in self.weapons.values():
            names.update(weapon.search_names())
        return sorted(names)

    def side_nationalities(self, side: str) -> list[str]:
        if self.ruleset is None:
            return []
        return [n.id for n in self.ruleset.nationalities if n.side == side]

    def unit_class_of(self, weapon: Weapon):
        return self.unit_classes.get(weapon.unit_class)

    # -- transport (docs/rules.md 2.4): the one place that reads the weapon's and its class's transport data --
    def carries(self, weapon: Weapon) -> str:
        """What a unit of this weapon carries: 'none', 'infantry' or 'all' (guns and mortars too). Only vehicles
        carry; the weapon's own `carries` overrides its class's."""
        cls = self.unit_class_of(weapon)
        if not (cls and cls.vehicle):
            return "none"
        return weapon.carries or cls.carries

    def transport_cost(self, weapon: Weapon) -> int | None:
        """Transport points each man or piece of this weapon takes (the weapon's, else its class's); None when it
        cannot be carried."""
        if weapon.transport_cost is not None:
            return weapon.transport_cost
        cls = self.unit_class_of(weapon)
        return cls.transport_cost if cls else None

    def can_carry(self, carrier: Weapon, passenger: Weapon) -> bool:
        """Whether a unit of `carrier` may take a unit of `passenger` aboard: never a vehicle; infantry in any
        carrier; anything else only in one that carries 'all'."""
        carries = self.carries(carrier)
        pcls = self.unit_class_of(passenger)
        if carries == "none" or pcls is None or pcls.vehicle:
            return False
        return carries == "all" or pcls.infantry

    def is_special_weapon(self, weapon: Weapon) -> bool:
        """A special infantry weapon (its class says `special_weapon`), carried by a platoon rather than fielded."""
        cls = self.unit_class_of(weapon)
        return cls is not None and cls.special_weapon

    def is_offmap(self, weapon: Weapon) -> bool:
        """An off-map battery (its class says `offmap`; an aircraft, off the map too, is not a battery)."""
        cls = self.unit_class_of(weapon)
        return cls is not None and cls.offmap and not cls.aircraft
