"""What a scenario's games depend on, as two hashes (issue 28, "balance that stays true"): a balance table measured
with them says which content it describes, and a test tells when the content has moved on.

- rules_fingerprint: the rules parameters in effect (the scenario's overrides merged over the packs', as `tacforge
  rules show` lists them) and the ruleset profile.
- scenario_content_hash: the scenario file (the hash a play-by-file game is started with), its map, the
  rules fingerprint, the terrain, mobility and unit-class tables, the victory bands, the scenario's period and
  exactly the weapons and formation templates its forces use. An entry the scenario does not use (a new weapon in
  weapons.yaml) changes neither hash, unlike a pack's folder digest (engine.packs.fingerprint), which covers every
  file.

Both hash the typed model, never raw YAML, in a canonical text: dataclass fields in declaration order without the
ones left out of comparison (a `source` says where an entry was read from: file paths and line positions differ
between checkouts and move when an unrelated entry is added above), mappings in key order. The same content gives
the same hashes on any machine, in any checkout, whatever PYTHONHASHSEED.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import fields, is_dataclass
from datetime import date
from enum import Enum
from pathlib import Path

from ..model.content import Content
from ..model.scenario import Scenario
from ..model.weapons import Weapon

DIGITS = 16  # hex digits kept: 64 bits, plenty to tell two versions of one scenario apart, short enough for a table


def canonical(value: object) -> str:
    """A stable text of a typed model value: equal values give equal text, wherever they were read from."""
    if is_dataclass(value) and not isinstance(value, type):
        parts = (f"{f.name}={canonical(getattr(value, f.name))}" for f in fields(value) if f.compare)
        return f"{type(value).__name__}({', '.join(parts)})"
    if isinstance(value, Mapping):
        items = sorted((canonical(k), canonical(v)) for k, v in value.items())
        return "{" + ", ".join(f"{k}: {v}" for k, v in items) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(canonical(v) for v in value) + "]"
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(canonical(v) for v in value)) + "}"
    if isinstance(value, Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, (bytes, bytearray)):
        return "bytes:" + hashlib.sha256(value).hexdigest()
    if isinstance(value, (date, Path)):
        return repr(str(value))
    return repr(value)


def _digest(parts: Iterable[str]) -> str:
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8")
        digest.update(len(data).to_bytes(8, "big") + data)  # length first: no two part lists hash alike
    return digest.hexdigest()[:DIGITS]


def rules_fingerprint(content: Content, scenario: Scenario | None = None) -> str:
    """The rules in effect: every parameter's value (with the scenario's overrides, when a scenario is given) and
    the ruleset profile."""
    rules = content.for_scenario(scenario) if scenario is not None else content
    return _digest(["parameters", canonical(rules.parameters.flat()), "ruleset", canonical(rules.ruleset)])


def weapons_used(content: Content, scenario: Scenario) -> list[Weapon]:
    """The weapons the scenario's forces field, carry (special infantry weapons, the profile's default included)
    and call on off the map, as engine.sim.initial_state resolves them; by id, each once."""
    found: dict[str, Weapon] = {}
    default_siw = content.ruleset.default_siw if content.ruleset is not None else None
    for force in scenario.forces:
        nationalities = content.side_nationalities(force.side)
        for formation in force.formations:
            for unit in formation.units:
                for ref in (unit.weapon, unit.siw or default_siw):
                    weapon = content.resolve_weapon(ref, nationalities) if ref else None
                    if weapon is not None:
                        found[weapon.id] = weapon
    for battery in scenario.offmap_artillery:
        weapon = content.resolve_weapon(battery.weapon, content.side_nationalities(battery.side))
        if weapon is not None:
            found[weapon.id] = weapon
    return [found[key] for key in sorted(found)]


def _file_hash(file: Path | None, fallback: object) -> str:
    """SHA-256 of a file's bytes; of the model's repr when it has none (made in memory)."""
    if file is not None and Path(file).is_file():
        return hashlib.sha256(Path(file).read_bytes()).hexdigest()
    return hashlib.sha256(repr(fallback).encode("utf-8")).hexdigest()


def scenario_file_hash(scenario: Scenario) -> str:
    """SHA-256 of the scenario's file (of its typed model when it has none): what a play-by-file game is started
    with (engine.pbem.game) and the first part of scenario_content_hash."""
    return _file_hash(scenario.source.file, scenario)


def scenario_content_hash(content: Content, scenario: Scenario) -> str:
    """The hash of everything the scenario's games are played from (this module's docstring)."""
    game_map = content.map(scenario.map)
    templates = sorted({f.template for force in scenario.forces for f in force.formations if f.template is not None})
    parts = [
        "scenario",
        scenario_file_hash(scenario),
        "map",
        "none" if game_map is None else _file_hash(game_map.source.file, game_map),
        "rules",
        rules_fingerprint(content, scenario),
        "terrain",
        canonical((content.terrain_types, content.terrain_codes, content.mobility)),
        "unit classes",
        canonical((content.unit_classes, content.victory_bands)),
        "period",
        canonical(content.periods.get(scenario.period)),
        "weapons",
        canonical(weapons_used(content, scenario)),
        "formations",
        canonical([content.formation(t) for t in templates]),
    ]
    return _digest(parts)


__all__ = ["canonical", "rules_fingerprint", "scenario_content_hash", "scenario_file_hash", "weapons_used"]
