"""Renaming a weapon's id with every use of it renamed too: the scenarios' units and off-map batteries, the
formation templates' HQs and units, and other weapons' fires_as. Planned Qt-free (`plan_rename`); made as one undo
step of the weapon table, as replace-everywhere is (`rename_weapon`).

A use that names the weapon by its manual name or an alias is left as written: it still finds the weapon."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from pathlib import Path

from ..document import Document, SetValue, bulk_edit
from .weapon_edits import apply_change
from .weapon_usage import ReferenceEdit, usages
from .weapons_table import RowChange, TableChange, WeaponRows
from .weapons_yaml import reference_id

LOCAL_ID = re.compile(r"[a-z0-9][a-z0-9_-]*")


def new_qualified_id(rows: WeaponRows, old_id: str, typed: str) -> str:
    """The qualified id `typed` stands for (bare: in the renamed weapon's namespace); ValueError with what to type
    when it is malformed, moves the weapon to another pack's namespace, or is taken."""
    typed = typed.strip()
    namespace = old_id.split(":", 1)[0]
    if namespace != rows.pack_id:
        raise ValueError(f"Id: {old_id} changes a weapon of pack '{namespace}' and keeps its id; rename it there")
    given_ns, _, local = typed.rpartition(":")
    if given_ns and given_ns != namespace:
        raise ValueError(f"Id: a weapon keeps its namespace '{namespace}:'; type the id without it")
    if not LOCAL_ID.fullmatch(local):
        raise ValueError(f"Id '{typed}' may hold only lower-case letters, digits, '_' and '-' (and start with one)")
    new_id = f"{namespace}:{local}"
    if new_id != old_id and (rows.by_id(new_id) is not None or new_id in rows.content.weapons):
        raise ValueError(f"Id '{local}' is taken by another weapon; choose another")
    return new_id


def _names_by_id(written: object, old_id: str) -> bool:
    """Whether a reference as written is the old id (bare or qualified), not a name or an alias."""
    return isinstance(written, str) and written in (old_id, old_id.split(":", 1)[-1])


def plan_rename(rows: WeaponRows, old_id: str, new_id: str) -> tuple[TableChange, list[ReferenceEdit]]:
    """The table's change (the row's id, and this file's fires_as naming it) and the other files' edits."""
    i, weapon = rows.row_of(old_id)
    renamed = dataclasses.replace(weapon, id=new_id)
    changes = [RowChange(i, weapon, renamed)]
    edits = []
    for use in usages(rows.content, weapon):
        row = rows.by_id(use.owner_id) if use.kind == "weapon" else None
        if row is not None:
            if _names_by_id(row.fires_as, old_id):
                j = rows.index_of(row.id)
                changes.append(
                    RowChange(j, row, dataclasses.replace(row, fires_as=reference_id(renamed, rows.pack_id)))
                )
        elif use.file is not None and _names_by_id(use.reference, old_id):
            edits.append(ReferenceEdit(use.file, use.path, reference_id(renamed, use.pack)))
    old_local, new_local = old_id.split(":", 1)[-1], new_id.split(":", 1)[-1]
    return TableChange(f"rename {old_local} to {new_local} everywhere", tuple(changes)), edits


def rename_weapon(
    document, rows: WeaponRows, old_id: str, new_id: str, open_file: Callable[[Path], Document]
) -> list[Path]:
    """Rename as one step in the table's history (the other files' edits are pushed there, as replace-everywhere
    pushes them, and mark those files changed). Returns the other files changed."""

    change, edits = plan_rename(rows, old_id, new_id)
    with bulk_edit(document, change.text):
        for edit in edits:
            document.undo.push(SetValue(open_file(edit.file), edit.path, edit.new_ref, f"use {edit.new_ref}"))
        apply_change(document, change, rows.pack_id)
    return sorted({e.file for e in edits})
