"""Checks of a pack manifest as it is typed (Qt-free): the version, each requirement's pack id (among the packs
found, with did-you-mean) and version range, parsed and matched by the engine's manifest reader, so the form
accepts exactly what the loader accepts."""

from __future__ import annotations

from collections.abc import Mapping

from packaging.version import Version

from tacforge.engine.issues import did_you_mean
from tacforge.engine.packs.manifest import RANGE_HINT, VERSION_HINT, parse_range, parse_version, satisfies


def check_version(text: str) -> str | None:
    """None if `text` is a version number, else why not."""
    return None if parse_version(text) is not None else f"'{text}' is not a version number; {VERSION_HINT}"


def check_requirement(pack_id: str, range_text: str, found: Mapping[str, Version], own_id: str) -> list[str]:
    """What is wrong with requiring `pack_id` at `range_text`, given the packs found (id -> version); [] if nothing."""
    problems = []
    pack_id, range_text = pack_id.strip(), range_text.strip()
    if not pack_id:
        return ["the required pack's id is empty"]
    if pack_id == own_id:
        problems.append(f"'{pack_id}' is this pack; a pack cannot require itself")
    elif pack_id not in found:
        hint = did_you_mean(pack_id, [p for p in found if p != own_id])
        problems.append(f"no pack '{pack_id}' is installed" + (f"; {hint}" if hint else ""))
    spec = parse_range(range_text)
    if spec is None:
        return problems + [f"'{range_text}' is not a version range; {RANGE_HINT}"]
    version = found.get(pack_id)
    if version is not None and pack_id != own_id and not satisfies(version, spec):
        problems.append(f"'{pack_id}' is installed at {version}, outside {range_text or 'any version'}")
    return problems


def check_id(pack_id: str, found: Mapping[str, Version], folder_owner: str | None) -> str | None:
    """An id must be new among the packs found unless it is this pack's own (`folder_owner`)."""
    if not pack_id.strip():
        return "the pack id must not be empty"
    if pack_id in found and pack_id != folder_owner:
        return f"another pack found already has the id '{pack_id}'"
    return None
