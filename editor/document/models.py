"""Typed models of each document kind, built from the engine's own types by the engine's decoders
(engine/packs/decode.py) from the round-trip data the document keeps for saving.

A model is a frozen value: an edit builds a new one. List-valued keys (a weapon table's `weapons`, the terrain
file's `terrain_codes`) are tuples with one entry per row, so a row edit re-decodes that row only. An entry that
cannot be decoded (a designer has typed a value the schema rejects) is None; the issues dock says why, and the row
comes back as soon as its value is valid again.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Mapping

from tacforge.engine.issues import JsonPath
from tacforge.engine.model import (FormationTemplate, MobilityClass, Period, Ruleset, Scenario, TerrainCode, TerrainType,
                                   UnitClass, VictoryBand, Weapon)
from tacforge.engine.model.parameters import PARAMETER_FIELDS, RulesParameters
from tacforge.engine.model.source import Source
from tacforge.engine.packs import decode
from tacforge.engine.packs.manifest import Manifest, manifest_from_data

# What a value the schema has not vetted can make a decoder raise.
_DECODE_ERRORS = (KeyError, IndexError, TypeError, ValueError, AttributeError)


@dataclass(frozen=True)
class DecodeContext:
    """What a decoder needs beyond the file: where it is, the pack's namespace, and the values it builds on."""

    file: Path
    namespace: str
    inherited_parameters: RulesParameters = RulesParameters()  # the packs this one requires, or the defaults
    pack_parameters: RulesParameters = RulesParameters()  # this pack's values (a scenario's overrides go on these)

    def source(self) -> Source:
        return Source(self.file, (), self.namespace)


def _or_none(build: Callable[[], Any]) -> Any:
    try:
        return build()
    except _DECODE_ERRORS:
        return None


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


@dataclass(frozen=True)
class ModelKind:
    """How one document kind becomes its typed model: `build` decodes the whole file; `tables` decode one row of a
    list-valued key, so that a row edit re-decodes only that row (the model's field of the same name)."""

    build: Callable[[Any, DecodeContext], Any]
    tables: Mapping[str, RowDecoder] = field(default_factory=dict)


def _rows(model_type, tables: Mapping[str, RowDecoder]) -> Callable[[Any, DecodeContext], Any]:
    def build(data, context: DecodeContext):
        src = context.source()
        doc = data if isinstance(data, dict) else {}
        return model_type(**{key: tuple(_row(decoder, row, src.at(key, i), context.namespace)
                                        for i, row in enumerate(_list(doc.get(key))))
                             for key, decoder in tables.items()})
    return build


def _list(node) -> list:
    return node if isinstance(node, list) else []


def _row(decoder: RowDecoder, raw, src: Source, namespace: str):
    return _or_none(lambda: decoder(raw, src, namespace))


def _valid_parameters(raw) -> dict[str, Any]:
    """The parameter values that are known keys of a usable type (others are reported by validation)."""
    out = {}
    for key, value in (raw.items() if isinstance(raw, dict) else ()):
        if key in PARAMETER_FIELDS and _or_none(lambda: RulesParameters.from_values({key: value})) is not None:
            out[key] = value
    return out


def _rules(data, context: DecodeContext) -> RulesModel:
    doc = data if isinstance(data, dict) else {}
    own = _valid_parameters(doc.get("parameters"))
    src = context.source()
    classes = {}
    for key, raw in (doc.get("unit_classes") or {}).items():
        built = _or_none(lambda: decode.unit_class(key, raw))
        if built is not None:
            classes[key] = built
    bands = tuple(b for b in (_or_none(lambda: VictoryBand(r["min_ratio"], r["result"], r.get("favours"),
                                                            src.at("victory_bands", i)))
                              for i, r in enumerate(_list(doc.get("victory_bands")))) if b is not None)
    profile = None
    if doc.get("ruleset") is not None:
        profile = _or_none(lambda: decode.ruleset(doc["ruleset"], src.at("ruleset"), context.namespace))
    return RulesModel(context.inherited_parameters.overridden(own), context.inherited_parameters,
                      MappingProxyType(own), MappingProxyType(classes), bands, profile)


def _scenario(data, context: DecodeContext) -> ScenarioModel:
    scenario = _or_none(lambda: decode.scenario(data, context.source(), context.namespace))
    overrides = _valid_parameters(dict(scenario.parameters)) if scenario is not None else {}
    return ScenarioModel(scenario, context.pack_parameters.overridden(overrides))


def _manifest(data, context: DecodeContext) -> ManifestModel:
    return ManifestModel(_or_none(lambda: manifest_from_data(data, context.file.parent, context.file)[0]))


# Per kind (the schema kind of engine/packs/manifest.py FILE_KINDS, and "pack" for pack.yaml). Maps are edited
# through their own grid model (map/tools/model.py MapModel), which the map document keeps.
WEAPON_ROWS = {"weapons": decode.weapon}
TERRAIN_ROWS = {"mobility_classes": decode.mobility_class, "terrain_types": decode.terrain_type,
                "terrain_codes": lambda r, s, _ns: decode.terrain_code(r, s)}
KINDS: Mapping[str, ModelKind] = MappingProxyType({
    "weapons": ModelKind(_rows(WeaponTable, WEAPON_ROWS), WEAPON_ROWS),
    "periods": ModelKind(_rows(PeriodTable, {"periods": lambda r, s, _ns: decode.period(r, s)}),
                         {"periods": lambda r, s, _ns: decode.period(r, s)}),
    "terrain": ModelKind(_rows(TerrainTables, TERRAIN_ROWS), TERRAIN_ROWS),
    "formations": ModelKind(_rows(FormationTable, {"formations": decode.formation_template}),
                            {"formations": decode.formation_template}),
    "rules": ModelKind(_rules),
    "scenario": ModelKind(_scenario),
    "pack": ModelKind(_manifest),
})


def build_model(kind: str, data, context: DecodeContext):
    """The typed model of a whole file of `kind` (None for a kind without one)."""
    spec = KINDS.get(kind)
    return spec.build(data, context) if spec is not None else None


def rederive(kind: str, model, data, context: DecodeContext, path: JsonPath):
    """The model after the value at `path` changed: one row re-decoded when the path is inside a row of a table,
    else the whole file."""
    spec = KINDS.get(kind)
    if spec is None:
        return None
    if model is not None and len(path) >= 2 and path[0] in spec.tables and isinstance(path[1], int):
        key, index = path[0], path[1]
        rows = list(getattr(model, key))
        raw = _list(data.get(key))
        if len(rows) == len(raw) and 0 <= index < len(rows):
            src = context.source().at(key, index)
            rows[index] = _row(spec.tables[key], raw[index], src, context.namespace)
            return replace(model, **{key: tuple(rows)})
    return spec.build(data, context)


def rows_moved(kind: str, model, data, context: DecodeContext, table: JsonPath):
    """The model after rows were inserted into or removed from `table`: that table re-decoded (each row's source
    path names its index, so rows after the change are re-read with their new place), the rest kept."""
    spec = KINDS.get(kind)
    if spec is None:
        return None
    if model is not None and len(table) == 1 and table[0] in spec.tables:
        key = table[0]
        src = context.source()
        rows = tuple(_row(spec.tables[key], raw, src.at(key, i), context.namespace)
                     for i, raw in enumerate(_list(data.get(key))))
        return replace(model, **{key: rows})
    return spec.build(data, context)
