"""What a spreadsheet does with a block of cells, on the weapon table: copy as tab-separated text (what spreadsheets
put on and take from the clipboard), paste such text, fill down, and a relative edit of numbers (+1, -2, *1.1,
/2, =5). Each is planned as one TableChange (one undo step); a value that does not fit its column refuses the whole
change with a message naming the row and column, and nothing is written. Qt-free.

A block is rows (table indexes, in the order shown) by columns (weapon_columns.Column, in the order shown)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.model import Weapon

from .weapon_columns import Column, applies
from .weapons_table import RowChange, TableChange, WeaponRows

NOT_PASTED = ("id",)  # an id is renamed with its uses (weapon_rename.py), one cell at a time


class SheetError(ValueError):
    """A block that cannot be written; the message says which cell and what to do."""


def copy_text(rows: WeaponRows, indexes: Sequence[int], cols: Sequence[Column]) -> str:
    """The block as tab-separated lines; a column the weapon's class does not take is an empty cell."""
    lines = []
    for i in indexes:
        weapon = rows.weapons[i]
        cells = [c.text(weapon) if weapon is not None and applies(c, weapon) else "" for c in cols]
        lines.append("\t".join(_clean(t) for t in cells))
    return "\n".join(lines) + "\n"


def _clean(text: str) -> str:
    """Tabs and line breaks would split the cell (a description): spaces instead."""
    return re.sub(r"[\t\r\n]+", " ", text)


def parse_block(text: str) -> list[list[str]]:
    """Tab-separated text as rows of cells (a spreadsheet ends its copy with a line break; Windows' is \\r\\n)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line.split("\t") for line in lines]


def _label(weapon: Weapon, col: Column) -> str:
    return f"{col.header} of {weapon.name}"


def _plan(rows: WeaponRows, values: dict[int, dict[Column, Any]], text: str) -> TableChange:
    """One RowChange per row whose values differ."""
    changes = []
    for i in sorted(values):
        weapon = rows.weapons[i]
        if weapon is None:
            continue
        after = dataclasses.replace(weapon, **{c.attribute: v for c, v in values[i].items()})
        if after != weapon:
            changes.append(RowChange(i, weapon, after))
    return TableChange(text, tuple(changes))


def _typed(weapon: Weapon, col: Column, text: str, where: str) -> tuple[bool, object]:
    """(whether the cell is written, its value): a blank in a column the class does not take is skipped."""
    if not applies(col, weapon):
        if text.strip():
            raise SheetError(f"{where}: a {weapon.unit_class} has no {col.header}; leave that cell empty")
        return False, None
    if col.key in NOT_PASTED:
        if text.strip() not in (weapon.id, weapon.local_id):
            raise SheetError(f"{where}: ids are not pasted; rename a weapon in its Id cell (its uses follow)")
        return False, None
    try:
        return True, col.parse(text)
    except ValueError as exc:
        raise SheetError(f"{where}: {exc}") from None


def paste(rows: WeaponRows, indexes: Sequence[int], cols: Sequence[Column], block: list[list[str]]) -> TableChange:
    """Write the block from the first of `indexes` and `cols` (the top left cell chosen) downwards and rightwards;
    one pasted value fills every chosen cell, as in a spreadsheet. `indexes` and `cols` run from that cell to the
    end of the table as shown (or over the chosen cells, for one value)."""
    if not block or not block[0]:
        raise SheetError("the clipboard holds no cells")
    single = len(block) == 1 and len(block[0]) == 1
    height, width = (len(indexes), len(cols)) if single else (len(block), max(len(r) for r in block))
    if height > len(indexes) or width > len(cols):
        raise SheetError(
            f"the clipboard holds {len(block)} rows of {width} cells; from the chosen cell there are "
            f"{len(indexes)} rows and {len(cols)} columns. Choose a cell further up or left"
        )
    values: dict[int, dict[Column, Any]] = {}
    for r in range(height):
        i = indexes[r]
        weapon = rows.weapons[i]
        if weapon is None:
            raise SheetError(f"row {r + 1} of the paste is an entry with errors; fix it first (see the issues)")
        cells = block[0] if single else block[r]
        for c, text in enumerate(cells[:width] if not single else cells * width):
            col = cols[c]
            where = f"line {r + 1}, cell {c + 1} ({_label(weapon, col)})"
            written, value = _typed(weapon, col, text, where)
            if written:
                values.setdefault(i, {})[col] = value
    count = sum(len(v) for v in values.values())
    return _plan(rows, values, f"paste {count} cell{'s' if count != 1 else ''}")


def fill_down(rows: WeaponRows, indexes: Sequence[int], cols: Sequence[Column]) -> TableChange:
    """The first row's values of each column into the rows below it (Ctrl+D)."""
    if len(indexes) < 2:
        raise SheetError("fill down needs the cell to copy and the cells below it: choose two rows or more")
    first = rows.weapons[indexes[0]]
    if first is None:
        raise SheetError("the first row chosen has errors; fix it first (see the issues)")
    values: dict[int, dict[Column, Any]] = {}
    for col in cols:
        if col.key in NOT_PASTED or not applies(col, first):
            continue
        for i in indexes[1:]:
            weapon = rows.weapons[i]
            if weapon is not None and applies(col, weapon):
                values.setdefault(i, {})[col] = col.value(first)
    names = ", ".join(c.header for c in cols if c.key not in NOT_PASTED)
    return _plan(rows, values, f"fill down {names} of {first.name}")


@dataclass(frozen=True)
class Adjustment:
    """A relative edit of numbers: `operator` one of + - * / =, and its operand."""

    operator: str
    operand: Decimal

    def apply(self, value: int) -> Decimal:
        x = Decimal(value)
        return {
            "+": lambda: x + self.operand,
            "-": lambda: x - self.operand,
            "*": lambda: x * self.operand,
            "/": lambda: x / self.operand,
            "=": lambda: self.operand,
        }[self.operator]()

    def __str__(self) -> str:
        return f"{self.operator}{self.operand}"


ADJUSTMENT = re.compile(r"\s*([-+*/=xX×])\s*([0-9]+(?:\.[0-9]+)?|\.[0-9]+)\s*%?\s*")


def parse_adjustment(text: str) -> Adjustment:
    """'+1', '-2', '*1.1' (or 'x1.1'), '/2', '=5', '+10%' (per cent of the value)."""
    found = ADJUSTMENT.fullmatch(text)
    if found is None:
        raise SheetError(f"'{text.strip()}' is not an adjustment: type +1, -2, *1.1, /2, =5 or +10%")
    operator = {"x": "*", "X": "*", "×": "*"}.get(found.group(1), found.group(1))
    try:
        operand = Decimal(found.group(2))
    except InvalidOperation:  # (the pattern admits only numbers)
        raise SheetError(f"'{found.group(2)}' is not a number") from None
    if text.strip().endswith("%"):
        if operator not in "+-":
            raise SheetError("a percentage goes with + or -: +10% or -5%")
        operator, operand = "*", 1 + operand / 100 if operator == "+" else 1 - operand / 100
    if operator == "/" and operand == 0:
        raise SheetError("a division by 0 has no value")
    return Adjustment(operator, operand)


def adjust(rows: WeaponRows, indexes: Sequence[int], cols: Sequence[Column], adjustment: Adjustment) -> TableChange:
    """Every whole-number cell of the block changed by the adjustment, rounded half up; a result outside a
    column's bounds refuses the whole change (nothing is clipped silently). Text, flags and blank cells stay."""
    values: dict[int, dict[Column, Any]] = {}
    for i in indexes:
        weapon = rows.weapons[i]
        if weapon is None:
            continue
        for col in cols:
            current = col.value(weapon) if applies(col, weapon) else None
            if col.kind != "int" or current is None:
                continue
            result = int(adjustment.apply(current).quantize(Decimal(1), rounding=ROUND_HALF_UP))
            try:
                values.setdefault(i, {})[col] = col.parse(str(result))
            except ValueError as exc:
                raise SheetError(f"{_label(weapon, col)} {current} {adjustment} = {result}: {exc}") from None
    if not any(values.values()):
        raise SheetError("the chosen cells hold no numbers to adjust")
    names = ", ".join(dict.fromkeys(c.header for c in cols if c.kind == "int"))
    return _plan(rows, values, f"{names} {adjustment} on {len(values)} weapons")
