"""Where a weapon is used (scenario forces and off-map batteries, formation templates, other weapons' fires_as),
so that deleting it is refused with the list, or it is replaced by another weapon everywhere. Qt-free.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.issues import JsonPath
from tacforge.engine.model import Weapon
from tacforge.engine.model.content import Content

from .weapon_plots import sides
from .weapons_table import RowChange, TableChange, WeaponRows
from .weapons_yaml import reference_id


@dataclass(frozen=True)
class Usage:
    """One reference to a weapon: in `owner` (a scenario's, formation's or weapon's name), of `kind`, written at
    `path` of `file`, in pack `pack`; `owner_id` the id of the scenario, formation or weapon."""

    kind: str  # scenario | formation | weapon
    owner: str
    file: Path | None
    path: JsonPath
    pack: str | None
    owner_id: str = ""
    reference: str = ""  # the reference as written (an id, a name or an alias)

    def describe(self) -> str:
        where = f" ({self.file.name})" if self.file is not None else ""
        return f"{self.kind} {self.owner}{where}"


def usages(content: Content, weapon: Weapon) -> list[Usage]:
    """Every reference in the content that resolves to `weapon`, as the loader resolves it."""
    out = []

    def refers(ref: str, nationalities) -> bool:
        hit = content.resolve_weapon(ref, nationalities)
        return hit is not None and hit.id == weapon.id

    for scenario in content.scenarios.values():
        for force in scenario.forces:
            nats = content.side_nationalities(force.side)
            for formation in force.formations:
                for unit in formation.units:
                    if refers(unit.weapon, nats):
                        out.append(
                            Usage(
                                "scenario",
                                scenario.name,
                                unit.source.file,
                                unit.source.path + ("weapon",),
                                unit.source.pack,
                                scenario.id,
                                unit.weapon,
                            )
                        )
        for battery in scenario.offmap_artillery:
            if refers(battery.weapon, content.side_nationalities(battery.side)):
                out.append(
                    Usage(
                        "scenario",
                        scenario.name,
                        battery.source.file,
                        battery.source.path + ("weapon",),
                        battery.source.pack,
                        scenario.id,
                        battery.weapon,
                    )
                )
    for template in content.formations.values():
        nats = [template.nationality] if template.nationality else content.side_nationalities(template.side)
        for element in (template.hq, *template.units):
            if element is not None and refers(element.weapon, nats):
                out.append(
                    Usage(
                        "formation",
                        template.name,
                        element.source.file,
                        element.source.path + ("weapon",),
                        element.source.pack,
                        template.id,
                        element.weapon,
                    )
                )
    for other in content.weapons.values():
        if other.fires_as is not None and other.id != weapon.id and refers(other.fires_as, other.nationalities):
            out.append(
                Usage(
                    "weapon",
                    other.name,
                    other.source.file,
                    other.source.path + ("fires_as",),
                    other.source.pack,
                    other.id,
                    other.fires_as,
                )
            )
    return out


def scenario_names(found: list[Usage]) -> list[str]:
    return sorted({u.owner for u in found if u.kind == "scenario"})


class WeaponInUse(Exception):
    """A weapon cannot be deleted while something uses it; `usages` says what."""

    def __init__(self, weapon: Weapon, found: list[Usage]):
        self.weapon, self.usages = weapon, found
        names = ", ".join(sorted({u.describe() for u in found}))
        super().__init__(
            f"{weapon.name} is used by {names}; replace it by another weapon everywhere, or remove those uses first"
        )


def delete_weapon(table: WeaponRows, weapon_id: str) -> TableChange:
    """Delete one row; WeaponInUse when a scenario, formation or weapon refers to it."""
    i, weapon = table.row_of(weapon_id)
    found = usages(table.content, weapon)
    if found:
        raise WeaponInUse(weapon, found)
    return TableChange(f"delete {weapon.name}", (RowChange(i, weapon, None),))


@dataclass(frozen=True)
class ReferenceEdit:
    """Write `new_ref` at `path` of `file` (the replacement of one usage)."""

    file: Path
    path: JsonPath
    new_ref: str


def replace_everywhere(table: WeaponRows, old_id: str, new_id: str) -> tuple[TableChange, list[ReferenceEdit]]:
    """Delete `old_id` from the table and point every use of it at `new_id`: the table's own rows (fires_as) in
    the TableChange, other files' references as ReferenceEdits (the caller makes them all one step)."""
    i, old = table.row_of(old_id)
    new = table.by_id(new_id) or table.content.weapons.get(new_id)
    if new is None:
        raise KeyError(f"no weapon {new_id}")
    if new.id == old.id:
        raise ValueError("a weapon cannot replace itself")
    rows, edits = [], []
    for use in usages(table.content, old):
        row = table.by_id(use.owner_id) if use.kind == "weapon" else None
        if row is not None:
            j = table.index_of(row.id)
            rows.append(RowChange(j, row, dataclasses.replace(row, fires_as=reference_id(new, table.pack_id))))
        elif use.file is not None:
            edits.append(ReferenceEdit(use.file, use.path, reference_id(new, use.pack)))
    rows.append(RowChange(i, old, None))  # last: the rows above keep their indexes
    return TableChange(f"replace {old.name} by {new.name} everywhere", tuple(rows)), edits


def replacement_candidates(content: Content, pool: list[Weapon], weapon: Weapon) -> list[Weapon]:
    """The weapons that may stand in for `weapon` in the forces using it: fielded by its nationality, then by the
    rest of its side, each of its class first. Never the other side's (a US tank is not replaced by a German one):
    a force fields its own side's weapons."""
    others = [w for w in pool if w.id != weapon.id]
    own = [w for w in others if w.fielded_by(weapon.nationalities)]
    if "any" not in weapon.nationalities:
        friends = sides(content, weapon)[0]
        own += [w for w in others if w not in own and w.fielded_by(friends)]
    else:  # a weapon every nationality fields may be replaced by any
        own += [w for w in others if w not in own]
    return [w for w in own if w.unit_class == weapon.unit_class] + [w for w in own if w.unit_class != weapon.unit_class]
