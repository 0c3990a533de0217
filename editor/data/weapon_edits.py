"""Planned changes of the weapon table (TableChange) made on the document: each becomes the document's own
commands (set a value, insert or remove rows) inside one bulk edit, so that it is one undo step and the file keeps
its comments, key order and the style of what is not edited."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tacforge.engine.model import Weapon

from ..document import MISSING, Document, SetValue, bulk_edit
from .weapon_columns import class_keys
from .weapon_usage import replace_everywhere
from .weapons_table import TableChange, WeaponRows
from .weapons_yaml import entry_values, new_entry, yaml_value

TABLE = ("weapons",)


def base_weapons(workspace, pack_id: str) -> dict:
    """The weapons of the packs `pack_id` requires (not its own), by id: what its values are compared with."""
    out: dict[str, Weapon] = {}
    for pid in workspace.packset.requirements(pack_id):
        if pid != pack_id and pid in workspace.packset.packs:
            out.update((w.id, w) for w in workspace.packset.packs[pid].docs.weapons)
    return out


def rows_of(document, base: dict) -> WeaponRows:
    """The document's weapons as the room's Qt-free logic reads them."""
    return WeaponRows(document.model.weapons, document.content, base)


def _set_row(document, index: int, before, after, pack_id: str) -> None:
    old, new = entry_values(before, pack_id), entry_values(after, pack_id)
    keys = [k for k in new if old.get(k) != new[k]] + [k for k in old if k not in new]
    forbidden = class_keys(after.unit_class)[1]  # a class changed: keys the new class does not take go
    keys += [k for k in forbidden if k not in keys and document.value(*TABLE, index, k, default=MISSING) is not MISSING]
    for key in keys:
        value = yaml_value(key, new[key]) if key in new else MISSING
        document.undo.push(SetValue(document, (*TABLE, index, key), value, f"set {key}"))


def _new_row(document, row, pack_id: str):
    """The entry of an inserted row: a copy of the row it copies (its comments, quoting and flow style kept) with
    the values that differ, or a new entry in the shipped files' style."""
    if row.copy_of is None:
        return new_entry(row.after, pack_id)
    original = rows_of(document, {}).weapons[row.copy_of]
    old, new = entry_values(original, pack_id), entry_values(row.after, pack_id)
    entry = document.row_copy(
        TABLE, row.copy_of, **{k: yaml_value(k, v) for k, v in new.items() if k in old and old[k] != v}
    )
    for key in [k for k in old if k not in new]:  # the copy drops what the variant does not have (its aliases)
        del entry[key]
    order = list(new)  # the schema's order
    for key in [k for k in new if k not in old]:  # a key the original lacks goes in its place, not at the end
        entry.insert(
            sum(1 for k in entry if k in order and order.index(k) < order.index(key)), key, yaml_value(key, new[key])
        )
    return entry


def apply_change(document, change: TableChange, pack_id: str) -> None:
    """Make the change on the document as one undo step."""
    if not change:
        return
    with bulk_edit(document, change.text):
        for row in change.rows:
            if row.before is None:
                document.insert_rows(TABLE, row.index, [_new_row(document, row, pack_id)], change.text)
            elif row.after is None:
                document.remove_rows(TABLE, row.index, 1, change.text)
            else:
                _set_row(document, row.index, row.before, row.after, pack_id)


def replace_weapon(document, rows: WeaponRows, old_id: str, new_id: str, open_file: Callable[[Path], Document]) -> None:
    """Delete `old_id` and point every scenario, formation and weapon using it at `new_id`, as one step in this
    table's history (the other files' edits are pushed there too, and mark those files changed)."""
    change, references = replace_everywhere(rows, old_id, new_id)
    with bulk_edit(document, change.text):
        for ref in references:
            other = open_file(ref.file)
            document.undo.push(SetValue(other, ref.path, ref.new_ref, f"use {ref.new_ref}"))
        apply_change(document, change, rows.pack_id)
