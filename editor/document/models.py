"""Typed models of each document kind, built from the engine's own types by the engine's decoders
(engine/packs/decode.py) from the round-trip data the document keeps for saving.

A model is a frozen value: an edit builds a new one. List-valued keys (a weapon table's `weapons`, the terrain
file's `terrain_codes`) are tuples with one entry per row, so a row edit re-decodes that row only. As in the
loader, only what passes the schema is decoded: a row with a value the schema rejects is None (the issues dock
says why) and comes back as soon as its values are valid again; a scenario with schema errors is None.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import field, replace
from datetime import date
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Protocol

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.issues import JsonPath
from tacforge.engine.model import (
    ElevationRule,
    FeatureRule,
    FormationTemplate,
    MobilityClass,
    Period,
    Ruleset,
    Scenario,
    TerrainCode,
    TerrainType,
    UnitClass,
    VictoryBand,
    Weapon,
)
from tacforge.engine.model.parameters import RulesParameters
from tacforge.engine.model.source import Source
from tacforge.engine.packs import decode
from tacforge.engine.packs.file_readers import skip_set
from tacforge.engine.packs.manifest import Manifest, manifest_from_data
from tacforge.engine.validation import schemas
from tacforge.engine.validation.schema_cache import SchemaCache


@dataclass(frozen=True)
class DecodeContext:
    """What a decoder needs beyond the file: where it is, the pack's namespace, and the values it builds on."""

    file: Path
    namespace: str
    inherited_parameters: RulesParameters = RulesParameters()  # the packs this one requires, or the defaults
    pack_parameters: RulesParameters = RulesParameters()  # this pack's values (a scenario's overrides go on these)

    def source(self) -> Source:
        return Source(self.file, (), self.namespace)


# -- list-valued kinds --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class WeaponTable:
    weapons: tuple[Weapon | None, ...] = ()


@dataclass(frozen=True)
class PeriodTable:
    periods: tuple[Period | None, ...] = ()

    def period(self, number: int) -> Period | None:
        return next((p for p in self.periods if p is not None and p.number == number), None)


@dataclass(frozen=True)
class TerrainTables:
    mobility_classes: tuple[MobilityClass | None, ...] = ()
    terrain_types: tuple[TerrainType | None, ...] = ()
    terrain_codes: tuple[TerrainCode | None, ...] = ()


@dataclass(frozen=True)
class FormationTable:
    formations: tuple[FormationTemplate | None, ...] = ()


@dataclass(frozen=True)
class ImportProfileModel:
    """A pack's import profile as the profile room shows it: its rules, one per row of `features` (None while a
    row does not pass the schema), and its elevation thresholds (None while they do not)."""

    features: tuple[FeatureRule | None, ...] = ()
    elevation: ElevationRule | None = None


# -- whole-file kinds ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RulesModel:
    """A pack's rules file: its parameter values over the ones it inherits, its unit classes, victory bands and
    ruleset profile. `own` holds the values this file sets (the ones a form marks as changed)."""

    parameters: RulesParameters
    inherited: RulesParameters
    own: Mapping[str, Any]
    unit_classes: Mapping[str, UnitClass]
    victory_bands: tuple[VictoryBand, ...]
    ruleset: Ruleset | None


@dataclass(frozen=True)
class ScenarioModel:
    """A scenario as the engine reads it (None while it cannot be decoded) and the rules parameters it plays
    with: its pack's values with the scenario's own overrides over them."""

    scenario: Scenario | None
    parameters: RulesParameters

    def game_length(self, assault: bool) -> int:
        """The scenario's turns, else the rules' default length for its kind of battle (5.7)."""
        if self.scenario is not None and self.scenario.turns:
            return int(self.scenario.turns)
        time_space = self.parameters.time_space
        return int(time_space.default_turns_assault if assault else time_space.default_turns_other)

    def sight_range(self) -> int:
        """The scenario's visibility, or for a random one the greatest it can be (6.2)."""
        if self.scenario is not None and isinstance(self.scenario.visibility, int):
            return self.scenario.visibility
        return self.parameters.spotting.visibility_max


@dataclass(frozen=True)
class ManifestModel:
    manifest: Manifest | None  # None while the manifest has errors (the issues say which)


# -- building -----------------------------------------------------------------------------------------------------
RowDecoder = Callable[[Any, Source, str], Any]


class ModelBuilder(Protocol):
    """Decodes a whole file of one kind into its typed model."""

    def __call__(self, data: Any, context: DecodeContext, known_valid: bool = False) -> Any: ...


@dataclass(frozen=True)
class ModelKind:
    """How one document kind becomes its typed model: `build(data, context, known_valid)` decodes the whole file
    (validating it first unless `known_valid`); `tables` decode one row of a list-valued key, so that a row edit
    re-decodes only that row (the model's field of the same name)."""

    build: ModelBuilder
    tables: Mapping[str, RowDecoder] = field(default_factory=dict)


def _rows(schema_kind: str, model_type, tables: Mapping[str, RowDecoder]) -> ModelBuilder:
    def build(data: Any, context: DecodeContext, known_valid: bool = False) -> Any:
        doc = data if isinstance(data, dict) else {}
        skip = set() if known_valid else skip_set(_validate(schema_kind, data, context))
        src = context.source()
        return model_type(
            **{
                key: tuple(
                    None if (key, i) in skip else decoder(row, src.at(key, i), context.namespace)
                    for i, row in enumerate(_list(doc.get(key)))
                )
                for key, decoder in tables.items()
            }
        )

    return build


@cache
def row_validator(schema_kind: str, key: str):
    """The schema of one entry of the list `key` (references are inlined in the kind's validator)."""
    whole = schemas.validator(schema_kind)
    return whole.evolve(schema=whole.schema["properties"][key]["items"])


def schema_view(node):
    """The round-trip data as the schemas see a file: the round-trip reader makes dates of unquoted dates, which
    the fast path (YAML 1.2, as every other tool) keeps as text."""
    if isinstance(node, dict):
        return {k: schema_view(v) for k, v in node.items()}
    if isinstance(node, list):
        return [schema_view(v) for v in node]
    return node.isoformat() if isinstance(node, date) else node


def _validate(schema_kind: str, data, context: DecodeContext) -> list:
    return schemas.validate(schema_kind, schema_view(data), context.file)


def _list(node) -> list:
    return node if isinstance(node, list) else []


def _rules(data, context: DecodeContext, known_valid: bool = False) -> RulesModel:
    """Decoded as the loader does: what the schema rejects is left out (the inherited value shows instead)."""
    skip = set() if known_valid else skip_set(_validate("rules", data, context))
    own: dict[str, Any] = {}
    classes: dict[str, UnitClass] = {}
    bands: list[VictoryBand] | None = []
    profile: Ruleset | None = None
    if () not in skip and isinstance(data, dict):
        own, classes, bands, profile = decode.rules(data, context.source(), context.namespace, skip)
        if ("victory_bands",) in skip:
            bands = []
    return RulesModel(
        context.inherited_parameters.overridden(own),
        context.inherited_parameters,
        MappingProxyType(own),
        MappingProxyType(classes),
        tuple(bands or ()),
        profile,
    )


def _scenario(data, context: DecodeContext, known_valid: bool = False) -> ScenarioModel:
    scenario = None
    if known_valid or not any(i.is_error for i in _validate("scenario", data, context)):
        scenario = decode.scenario(data, context.source(), context.namespace)
    overrides = dict(scenario.parameters) if scenario is not None else {}
    return ScenarioModel(scenario, context.pack_parameters.overridden(overrides))


def _manifest(data, context: DecodeContext, known_valid: bool = False) -> ManifestModel:
    return ManifestModel(manifest_from_data(data, context.file.parent, context.file)[0])


def _import_profile(data, context: DecodeContext, known_valid: bool = False) -> ImportProfileModel:
    """Row by row, as the tables of the other kinds: the loader refuses a profile with any schema error whole, the
    editor shows what decodes so that the designer can mend the rest."""
    doc = data if isinstance(data, dict) else {}
    skip = set() if known_valid else skip_set(_validate("import_profile", data, context))
    features = tuple(
        None if ("features", i) in skip else PROFILE_ROWS["features"](row, context.source(), context.namespace)
        for i, row in enumerate(_list(doc.get("features")))
    )
    elevation = None if ("elevation",) in skip or "elevation" not in doc else decode.elevation_rule(doc["elevation"])
    return ImportProfileModel(features, elevation)


# Per kind (the schema kind of engine/packs/manifest.py FILE_KINDS, and "pack" for pack.yaml). Maps are edited
# through their own grid model (grid/model.py MapModel), which the map document keeps.
WEAPON_ROWS = {"weapons": decode.weapon}
PERIOD_ROWS = {"periods": lambda r, s, _ns: decode.period(r, s)}
TERRAIN_ROWS = {
    "mobility_classes": decode.mobility_class,
    "terrain_types": decode.terrain_type,
    "terrain_codes": lambda r, s, _ns: decode.terrain_code(r, s),
}
FORMATION_ROWS = {"formations": decode.formation_template}
PROFILE_ROWS = {"features": lambda r, _s, _ns: decode.feature_rule(r)}
KINDS: Mapping[str, ModelKind] = MappingProxyType(
    {
        "weapons": ModelKind(_rows("weapons", WeaponTable, WEAPON_ROWS), WEAPON_ROWS),
        "periods": ModelKind(_rows("periods", PeriodTable, PERIOD_ROWS), PERIOD_ROWS),
        "terrain": ModelKind(_rows("terrain", TerrainTables, TERRAIN_ROWS), TERRAIN_ROWS),
        "formations": ModelKind(_rows("formations", FormationTable, FORMATION_ROWS), FORMATION_ROWS),
        "import_profile": ModelKind(_import_profile, PROFILE_ROWS),
        "rules": ModelKind(_rules),
        "scenario": ModelKind(_scenario),
        "pack": ModelKind(_manifest),
    }
)


def build_model(kind: str, data, context: DecodeContext, text: str | None = None):
    """The typed model of a whole file of `kind` (None for a kind without one). `text`, the file as read, spares
    the schema check when the loader's cache knows the text is valid (opening a large table)."""
    spec = KINDS.get(kind)
    if spec is None:
        return None
    return spec.build(data, context, text is not None and SchemaCache().is_valid(kind, text))


def rederive(kind: str, model, data, context: DecodeContext, path: JsonPath):
    """The model after the value at `path` changed: one row re-decoded when the path is inside a row of a table,
    else the whole file."""
    spec = KINDS.get(kind)
    if spec is None:
        return None
    if (
        model is not None
        and len(path) >= 2
        and isinstance(path[0], str)
        and path[0] in spec.tables
        and isinstance(path[1], int)
    ):
        key, index = path[0], path[1]
        rows = list(getattr(model, key))
        raw = _list(data.get(key))
        if len(rows) == len(raw) and 0 <= index < len(rows):
            src = context.source().at(key, index)
            valid = row_validator(kind, key).is_valid(schema_view(raw[index]))
            rows[index] = spec.tables[key](raw[index], src, context.namespace) if valid else None
            return replace(model, **{key: tuple(rows)})
    return spec.build(data, context)
