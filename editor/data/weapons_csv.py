"""A weapon table as CSV, for designers who keep their tables in spreadsheets: export, and an import that checks
every row with the engine's schema and semantic checks and previews what it changes before it is applied as one
undo step. Qt-free.

The header is the YAML keys, in the schema's order; a blank cell leaves the key out; lists (nationality, aliases)
are separated by ';' and periods are written first-last (2-5).
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.issues import Issue, error
from tacforge.engine.model import Weapon
from tacforge.engine.validation.semantic import check_weapon

from .columns import FALSE_TEXTS, TRUE_TEXTS, cell_text, span, truth
from .weapon_columns import weapon_schema
from .weapon_usage import usages
from .weapons_table import RowChange, TableChange, WeaponRows
from .weapons_yaml import entry_values, read_entry

LIST_SEPARATOR = ";"


def headers() -> list[str]:
    return list(weapon_schema()["properties"])


def _cell(value) -> str:
    if isinstance(value, list) and not (len(value) == 2 and all(isinstance(v, int) for v in value)):
        return LIST_SEPARATOR.join(str(v) for v in value)
    return cell_text(value)


def export_csv(weapons: list[Weapon], pack_id: str) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=headers(), lineterminator="\n")
    writer.writeheader()
    for weapon in weapons:
        writer.writerow({k: _cell(v) for k, v in entry_values(weapon, pack_id).items()})
    return out.getvalue()


def _value(key: str, text: str):
    """The YAML value a cell stands for; text that is not of the key's type is passed on for the schema to name."""
    spec = weapon_schema()["properties"][key]
    kind = spec.get("type")
    if key == "periods":
        try:
            return list(span(key, text))
        except ValueError:
            return text
    if key == "nationality" or kind == "array":
        items = [t.strip() for t in text.split(LIST_SEPARATOR) if t.strip()]
        return items[0] if key == "nationality" and len(items) == 1 else items
    if kind == "integer" and text.lstrip("-").isdigit():
        return int(text)
    if kind == "boolean" and text.strip().lower() in TRUE_TEXTS + FALSE_TEXTS and text.strip():
        return truth(key, text)
    return text


@dataclass(frozen=True)
class FieldDiff:
    key: str
    before: str
    after: str


@dataclass(frozen=True)
class ImportPreview:
    """What an import would do. `change` applies it (one undo step); it is empty while `errors` has anything."""

    added: tuple[Weapon, ...]
    changed: tuple[tuple[Weapon, tuple[FieldDiff, ...]], ...]
    removed: tuple[Weapon, ...]
    issues: tuple[Issue, ...]
    change: TableChange

    @property
    def errors(self) -> list[Issue]:
        return [i for i in self.issues if i.is_error]

    def summary(self) -> str:
        return f"{len(self.added)} added, {len(self.changed)} changed, {len(self.removed)} removed" + (
            f"; {len(self.errors)} errors" if self.errors else ""
        )


def _located(issue: Issue, file: Path, line: int) -> Issue:
    path = issue.path[2:] if issue.path[:1] == ("weapons",) else issue.path  # the row stands for weapons[i]
    return Issue(issue.severity, issue.code, issue.message, file, path, line, None, issue.hint, issue.pack)


def read_csv(text: str, file: Path, table: WeaponRows) -> tuple[list[Weapon], list[Issue]]:
    """The CSV's weapons, each row checked as the loader checks an entry; issues name the CSV file and line."""
    reader = csv.DictReader(io.StringIO(text))
    known = headers()
    issues: list[Issue] = []
    unknown = [h for h in (reader.fieldnames or []) if h not in known]
    if not reader.fieldnames or "id" not in reader.fieldnames:
        return [], [
            error(
                "csv.header",
                "the first line must be the column names, with an 'id' column",
                file=file,
                line=1,
                hint="export a table to see the expected columns: " + ", ".join(known),
            )
        ]
    for name in unknown:
        issues.append(
            error(
                "csv.unknown-column",
                f"unknown column '{name}'",
                file=file,
                line=1,
                hint="columns are the weapon keys: " + ", ".join(known),
            )
        )
    weapons: list[Weapon] = []
    seen: dict[str, int] = {}  # weapon id -> the line it is on
    for i, row in enumerate(reader):
        line = reader.line_num
        raw = {k: _value(k, v.strip()) for k, v in row.items() if k in known and v is not None and v.strip()}
        weapon, found = read_entry(raw, file, table.pack_id, i)
        issues += [_located(x, file, line) for x in found]
        if weapon is None:
            continue
        if weapon.id in seen:
            issues.append(
                error(
                    "csv.duplicate-id",
                    f"'{weapon.local_id}' is also on line {seen[weapon.id]}",
                    file=file,
                    line=line,
                    path=("id",),
                )
            )
            continue
        seen[weapon.id] = line
        issues += [_located(x, file, line) for x in check_weapon(weapon, table.content)]
        weapons.append(weapon)
    return weapons, issues


def _diffs(before: Weapon, after: Weapon, pack_id: str) -> tuple[FieldDiff, ...]:
    old, new = entry_values(before, pack_id), entry_values(after, pack_id)
    return tuple(
        FieldDiff(k, _cell(old[k]) if k in old else "", _cell(new[k]) if k in new else "")
        for k in headers()
        if old.get(k) != new.get(k)
    )


def preview_import(text: str, file: Path, table: WeaponRows) -> ImportPreview:
    """Compare the CSV with the table: rows added (new ids), changed (by id) and removed (ids not in the CSV).
    A removed weapon that scenarios use is an error, as deleting it in the table is."""
    imported, issues = read_csv(text, file, table)
    by_id = {w.id: w for w in imported}
    current = {w.id for w in table.decoded()}
    changed, rows = [], []
    for i, weapon in enumerate(table.weapons):
        if weapon is None:
            continue  # a row that does not decode stays as it is
        new = by_id.get(weapon.id)
        if new is not None:
            diffs = _diffs(weapon, new, table.pack_id)
            if diffs:
                changed.append((weapon, diffs))
                rows.append(RowChange(i, weapon, new))
    removed = [(i, w) for i, w in enumerate(table.weapons) if w is not None and w.id not in by_id]
    for _, weapon in removed:
        found = usages(table.content, weapon)
        if found:
            issues.append(
                error(
                    "csv.removes-used-weapon",
                    f"the CSV leaves out {weapon.name}, which "
                    + ", ".join(sorted({u.describe() for u in found}))
                    + " use(s)",
                    file=file,
                    hint=f"add a row for '{weapon.local_id}', or replace it in the table first",
                )
            )
    rows += [RowChange(i, w, None) for i, w in reversed(removed)]  # from the end: earlier indexes stay put
    added = [w for w in imported if w.id not in current]
    start = len(table.weapons) - len(removed)
    rows += [RowChange(start + k, None, w) for k, w in enumerate(added)]
    ok = not any(i.is_error for i in issues)
    change = TableChange(f"import {file.name}", tuple(rows) if ok else ())
    return ImportPreview(tuple(added), tuple(changed), tuple(w for _, w in removed), tuple(issues), change)
