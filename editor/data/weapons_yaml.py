"""Typed weapons to and from the entries of a weapons file: the round-trip writer of the weapon table (edits keep
the file's comments, key order and list styles) and the reader of rows that come from outside (CSV). The only
module of the room that touches raw YAML mappings; reading goes through the engine's decoder and schema.
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

# key -> (Weapon attribute, the value the decoder reads when the key is absent)
_OPTIONAL = {"aliases": ("aliases", ()), "legacy_number": ("legacy_number", None), "sp": ("sp", 0), "mg": ("mg", 0),
             "fa": ("fa", 0), "ba": ("ba", 0), "sl": ("sl", 0), "df": ("df", 0), "indirect_mr": ("indirect_mr", None),
             "fires_as": ("fires_as", None), "carries": ("carries", None), "kill_vp": ("kill_vp", None),
             "transport_cost": ("transport_cost", None), "single_use": ("single_use", False),
             "thrown": ("thrown", False), "designer_value": ("designer_value", False),
             "description": ("description", "")}


def reference_id(weapon: Weapon, pack_id: str) -> str:
    """The id as the pack's file writes it: bare for its own weapons, qualified for an override of another pack's."""
    return weapon.local_id if weapon.id.split(":", 1)[0] == pack_id else weapon.id


def entry_values(weapon: Weapon, pack_id: str) -> dict[str, Any]:
    """The keys and values of the weapon's entry, in the schema's order, without keys that hold the default (unless
    its class requires them) or that its class does not take."""
    required, forbidden = class_keys(weapon.unit_class)
    nats = list(weapon.nationalities)
    values = {"id": reference_id(weapon, pack_id), "name": weapon.name, "nationality": nats[0] if len(nats) == 1 else nats,
              "class": weapon.unit_class, "mr": weapon.mr, "mp": weapon.mp, "ss": weapon.ss, "ac": weapon.ac,
              "periods": list(weapon.periods)}
    for key, (attribute, default) in _OPTIONAL.items():
        value = getattr(weapon, attribute)
        if key in forbidden or (value == default and key not in required):
            continue
        values[key] = list(value) if isinstance(value, tuple) else value
    order = list(weapon_schema()["properties"])
    return {k: values[k] for k in order if k in values}


def _same(raw_value, value) -> bool:
    if isinstance(value, list) and isinstance(raw_value, list):
        return list(raw_value) == value
    return raw_value == value


def write_entry(raw: CommentedMap, weapon: Weapon, pack_id: str) -> None:
    """Bring one entry up to date with the weapon, touching only what differs (flow lists stay flow lists)."""
    wanted = entry_values(weapon, pack_id)
    for key in [k for k in raw if k not in wanted]:
        del raw[key]
    for key, value in wanted.items():
        if key in raw and _same(raw[key], value):
            continue
        if isinstance(value, list) and isinstance(raw.get(key), CommentedSeq):
            raw[key][:] = value
            continue
        if key in raw:
            raw[key] = value
        else:
            raw.insert(_position(raw, key), key, _flow(value) if key in ("periods", "aliases") else value)


def _position(raw: CommentedMap, key: str) -> int:
    """Where a new key goes: after the keys that come before it in the schema's order."""
    order = list(weapon_schema()["properties"])
    rank = order.index(key)
    return sum(1 for k in raw if k in order and order.index(k) < rank)


def _flow(values: list) -> CommentedSeq:
    seq = CommentedSeq(values)
    seq.fa.set_flow_style()  # the shipped files write [1, 5] and [M4, M4 Sherman]
    return seq


def new_entry(weapon: Weapon, pack_id: str) -> CommentedMap:
    entry = CommentedMap()
    write_entry(entry, weapon, pack_id)
    return entry


def sync_entries(seq: CommentedSeq, weapons: list[Weapon], pack_id: str) -> None:
    """Make the `weapons:` list hold the table's rows, in order, reusing each weapon's existing entry."""
    by_id = {}
    for entry in seq:
        if isinstance(entry, dict) and isinstance(entry.get("id"), str):
            by_id[decode.qualify(entry["id"], pack_id)] = entry
    wanted = []
    for weapon in weapons:
        entry = by_id.get(weapon.id)
        if entry is None:
            entry = new_entry(weapon, pack_id)
        else:
            write_entry(entry, weapon, pack_id)
        wanted.append(entry)
    if len(wanted) != len(seq) or any(a is not b for a, b in zip(wanted, seq)):
        seq[:] = wanted


def read_entry(raw: dict, file: Path | None, pack_id: str, index: int) -> tuple[Weapon | None, list[Issue]]:
    """A weapon from an entry built outside the file (a CSV row): schema issues, or the typed weapon."""
    issues = schemas.validate("weapons", {"weapons": [raw]}, file)
    if any(i.is_error for i in issues):
        return None, issues
    return decode.weapon(raw, Source(file, ("weapons", index), pack_id), pack_id), issues
