"""Typed weapons to and from the entries of a weapons file: the values a weapon's entry holds (what an edit writes
through the document's commands, in the shipped files' style) and the reader of rows that come from outside
(CSV). Reading goes through the engine's decoder and schema.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from tacforge.engine.issues import Issue
from tacforge.engine.model import Source, Weapon
from tacforge.engine.packs import decode
from tacforge.engine.validation import schemas

from .weapon_columns import class_keys, weapon_schema


def reference_id(weapon: Weapon, pack_id: str | None) -> str:
    """The id as the pack's file writes it: bare for its own weapons, qualified for an override of another pack's
    (and in a file of no pack)."""
    return weapon.local_id if weapon.id.split(":", 1)[0] == pack_id else weapon.id


def entry_values(weapon: Weapon, pack_id: str) -> dict[str, Any]:
    """The keys and values of the weapon's entry, in the schema's order, without keys that hold the default (unless
    its class requires them) or that its class does not take."""
    required, forbidden = class_keys(weapon.unit_class)
    nats = list(weapon.nationalities)
    values = {
        "id": reference_id(weapon, pack_id),
        "name": weapon.name,
        "nationality": nats[0] if len(nats) == 1 else nats,
        "class": weapon.unit_class,
        "mr": weapon.mr,
        "mp": weapon.mp,
        "ss": weapon.ss,
        "ac": weapon.ac,
        "periods": list(weapon.periods),
    }
    for key, (attribute, default) in decode.WEAPON_OPTIONAL.items():
        value = getattr(weapon, attribute)
        if key in forbidden or (value == default and key not in required):
            continue
        values[key] = list(value) if isinstance(value, tuple) else value
    order = list(weapon_schema()["properties"])
    return {k: values[k] for k in order if k in values}


def yaml_value(key: str, value):
    """A value as a new node of the entry: lists in flow style, as the shipped files write [1, 5] and [M4, Lee]."""
    if isinstance(value, list):
        seq = CommentedSeq(value)
        seq.fa.set_flow_style()
        return seq
    return value


def new_entry(weapon: Weapon, pack_id: str) -> CommentedMap:
    return CommentedMap((k, yaml_value(k, v)) for k, v in entry_values(weapon, pack_id).items())


def read_entry(raw: dict, file: Path | None, pack_id: str, index: int) -> tuple[Weapon | None, list[Issue]]:
    """A weapon from an entry built outside the file (a CSV row): schema issues, or the typed weapon."""
    issues = schemas.validate("weapons", {"weapons": [raw]}, file)
    if any(i.is_error for i in issues):
        return None, issues
    return decode.weapon(raw, Source(file, ("weapons", index), pack_id), pack_id), issues
