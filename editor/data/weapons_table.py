"""The rows of one weapons file as typed weapons, and every edit of them planned as a `TableChange` that the
document turns into undoable commands (weapon_edits.py): filtering, sorting, bulk edits, variants, and the values
that differ from the pack this one extends. Qt-free.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.model import Weapon
from tacforge.engine.model.content import Content, normalise

from .columns import cell_text
from .weapon_columns import Column, all_columns, applies, column


@dataclass(frozen=True)
class RowChange:
    """One row: `before` None inserts `after` at `index`, `after` None deletes the row at `index`, both set
    replace it. Indexes are those of the table as the earlier changes of the same TableChange left it."""

    index: int
    before: Weapon | None
    after: Weapon | None
    copy_of: int | None = None  # an inserted row that is a copy of this row (a variant): written as its copy


@dataclass(frozen=True)
class TableChange:
    """Row changes made in order as one undo step."""

    text: str
    rows: tuple[RowChange, ...]

    def __bool__(self) -> bool:
        return bool(self.rows)


class WeaponRows:
    """The rows of one weapons file as the document's model has them (None: an entry that does not decode; row i
    is entry i of the file), `content` the pack's merged content (classes, periods, scenarios) and `base` the
    weapons of the packs it requires, by id."""

    def __init__(self, weapons: Iterable[Weapon | None], content: Content, base: dict[str, Weapon] | None = None):
        self.weapons: tuple[Weapon | None, ...] = tuple(weapons)
        self.content = content
        self.base = dict(base or {})
        self.pack_id = content.pack_id

    def __len__(self) -> int:
        return len(self.weapons)

    def decoded(self) -> list[Weapon]:
        return [w for w in self.weapons if w is not None]

    def index_of(self, weapon_id: str) -> int:
        return self.row_of(weapon_id)[0]

    def row_of(self, weapon_id: str) -> tuple[int, Weapon]:
        """The index and weapon of the decoded row with `weapon_id` (StopIteration if there is none)."""
        return next((i, w) for i, w in enumerate(self.weapons) if w is not None and w.id == weapon_id)

    def by_id(self, weapon_id: str) -> Weapon | None:
        return next((w for w in self.weapons if w is not None and w.id == weapon_id), None)

    def after(self, change: TableChange) -> WeaponRows:
        """The rows as the change leaves them (what the document will hold once it is applied)."""
        rows = list(self.weapons)
        for row in change.rows:
            if row.before is None:
                rows.insert(row.index, row.after)
            elif row.after is None:
                del rows[row.index]
            else:
                rows[row.index] = row.after
        return WeaponRows(rows, self.content, self.base)

    # -- what differs from the extended pack ----------------------------------------------------------------------
    def differences(self, weapon: Weapon) -> dict[str, str]:
        """Column key -> the extended pack's value, for each column where this weapon differs from it."""
        original = self.base.get(weapon.id)
        if original is None:
            return {}
        return {c.key: c.text(original) for c in all_columns() if c.value(original) != c.value(weapon)}

    def unit_class_ids(self) -> list[str]:
        return sorted(self.content.unit_classes)

    def period_count(self) -> int:
        return self.content.ruleset.periods if self.content.ruleset else max(self.content.periods, default=1)


# -- filtering and sorting ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class WeaponFilter:
    """Rows shown: of a class (None: all), available in a period (None: any), whose id, name, alias or '#number'
    contains the text (case-insensitive), fielded by a nationality (None: all)."""

    unit_class: str | None = None
    period: int | None = None
    text: str = ""
    nationality: str | None = None

    def accepts(self, weapon: Weapon) -> bool:
        if self.unit_class is not None and weapon.unit_class != self.unit_class:
            return False
        if self.period is not None and not weapon.available_in(self.period):
            return False
        if self.nationality is not None and self.nationality not in weapon.nationalities:
            return False
        wanted = normalise(self.text)
        if not wanted:
            return True
        names = [normalise(n) for n in weapon.search_names()]
        if weapon.legacy_number is not None:
            names.append(f"#{weapon.legacy_number}")
        return any(wanted in n for n in names)


def sort_key(column_: Column, weapon: Weapon):
    """Numbers sort as numbers, blanks (no legacy number) last, text case-insensitively."""
    value = column_.value(weapon)
    if value is None:
        return (1, 0)
    if isinstance(value, str):
        return (0, value.casefold())
    return (0, value)


def arrange(
    weapons: list[Weapon], filter_: WeaponFilter, column_: Column | None = None, descending: bool = False
) -> list[int]:
    """Indexes of the rows shown, in display order (what the view's proxy shows)."""
    shown = [i for i, w in enumerate(weapons) if filter_.accepts(w)]
    if column_ is not None:
        shown.sort(key=lambda i: sort_key(column_, weapons[i]), reverse=descending)
    return shown


def nationalities_of(weapons: Iterable[Weapon]) -> list[str]:
    """The nationalities a table has, for its one-table-per-nationality tabs ('any' last)."""
    weapons = [w for w in weapons if w is not None]
    found = sorted({n for w in weapons for n in w.nationalities} - {"any"})
    return found + (["any"] if any("any" in w.nationalities for w in weapons) else [])


# -- edits -------------------------------------------------------------------------------------------------------
def bulk_set(table: WeaponRows, weapon_ids: Iterable[str], key: str, value) -> TableChange:
    """Set one column on several rows (rows whose class does not take the column are left out)."""
    col = column(key)
    rows = []
    for weapon_id in weapon_ids:
        i, weapon = table.row_of(weapon_id)
        if not applies(col, weapon) or col.value(weapon) == value:
            continue
        rows.append(RowChange(i, weapon, dataclasses.replace(weapon, **{col.attribute: value})))
    count = len(rows)
    what = f"{col.header} = {cell_text(value)}"
    on = rows[0].before.name if count == 1 and rows[0].before is not None else f"{count} weapons"
    return TableChange(f"set {what} on {on}", tuple(rows))  # the history names what was edited


def _free_id(table: WeaponRows, stem: str) -> str:
    namespace = table.pack_id
    taken = {w.id for w in table.decoded()} | set(table.content.weapons)
    candidate, n = f"{namespace}:{stem}", 2
    while candidate in taken:
        candidate, n = f"{namespace}:{stem}_{n}", n + 1
    return candidate


def clone_variant(table: WeaponRows, weapon_id: str) -> TableChange:
    """A copy of the weapon just below it, as a variant: a new id and name, no aliases or legacy number (they
    would make the manual's names ambiguous), marked as the designer's values and saying what it is a variant of."""
    i, original = table.row_of(weapon_id)
    new_id = _free_id(table, f"{original.local_id}_variant")
    note = f"Variant of {original.name} ({original.id})."
    variant = dataclasses.replace(
        original,
        id=new_id,
        name=f"{original.name} variant",
        aliases=(),
        legacy_number=None,
        designer_value=True,
        description=note + (" " + original.description if original.description else ""),
    )
    return TableChange(f"clone {original.name} as a variant", (RowChange(i + 1, None, variant, copy_of=i),))


def add_weapon(table: WeaponRows, unit_class: str, nationality: str) -> TableChange:
    """A new row at the end: the class and nationality chosen, available in every period, ratings 0 for the
    designer to fill in (0 is the schema's floor; the plots skip a target without armour)."""
    weapon = Weapon(
        id=_free_id(table, "new_weapon"),
        name="New weapon",
        nationalities=(nationality,),
        unit_class=unit_class,
        mr=0,
        mp=0,
        ss=0,
        ac=0,
        periods=(1, table.period_count()),
        designer_value=True,
    )
    return TableChange(f"add a {unit_class}", (RowChange(len(table.weapons), None, weapon),))
