"""Save As and Duplicate for scenarios. A scenario's id must be unique in its pack, so both give the copy a new id
and the file the same name, in the pack's scenarios/ folder (the files the manifest's patterns load by default).

Save As moves the open document to the new file (the id change is an undo step like any other; the old file keeps
what was last saved); Duplicate writes a copy of the scenario as it is now, edits included, and leaves the open
document as it was.
"""

from __future__ import annotations

import copy
from pathlib import Path

from tacforge.engine.atomic_files import atomic_write_text
from tacforge.engine.yamlio import dump_roundtrip


class ScenarioFileError(Exception):
    """The copy cannot be written where asked; the message says why."""


def copy_path(document, scenario_id: str) -> Path:
    """Where a copy with `scenario_id` goes: next to the open scenario, as <id>.yaml; never over a file."""
    target = document.path.parent / f"{scenario_id}.yaml"
    if target.exists():
        raise ScenarioFileError(f"{target} already exists; choose another id")
    return target


def save_as(document, scenario_id: str, name: str | None = None) -> Path:
    """The document, with the new id (and name), saved as <id>.yaml and shown from there on."""
    target = copy_path(document, scenario_id)
    document.set_value(("id",), scenario_id, "Change scenario id")
    if name:
        document.set_value(("name",), name, "Rename scenario")
    document.save(target)
    return target


def duplicate(document, scenario_id: str, name: str | None = None) -> Path:
    """A copy of the scenario as it is now, with the new id (and name), written as <id>.yaml."""
    target = copy_path(document, scenario_id)
    document.sync_data()
    data = copy.deepcopy(document.data)
    data["id"] = scenario_id
    if name:
        data["name"] = name
    try:
        atomic_write_text(target, dump_roundtrip(data))
    except OSError as exc:
        raise ScenarioFileError(f"could not write {target}: {exc.strerror or exc}") from exc
    return target
