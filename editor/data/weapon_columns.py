"""The weapon table's columns, in the manuals' order, with the bounds the schema puts on each value.

Bounds, enums and which keys a class takes are read from schemas/weapons.schema.json through the engine's schema
module, here and nowhere else: the table's editors, the CSV importer and the bulk edit all ask this module.
Qt-free.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache

from tacforge.engine.model import Weapon
from .schema_bounds import ANY, schema_node

STATS = ("mr", "mp", "ss", "ac", "sp", "mg", "fa", "ba", "sl", "df")
FLAGS = ("single_use", "thrown", "designer_value")


@dataclass(frozen=True)
class Column:
    """One column: `key` is the YAML key (and the CSV header), `attribute` the Weapon field it shows."""

    key: str
    header: str
    attribute: str
    kind: str  # int | text | enum | bool | periods
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    optional: bool = True  # the key may be left out of an entry
    description: str = ""

    def value(self, weapon: Weapon):
        return getattr(weapon, self.attribute)

    def text(self, weapon: Weapon) -> str:
        return format_value(self, self.value(weapon))

    def parse(self, text: str):
        """The typed value of `text`; ValueError with a designer's message when it is out of bounds or malformed."""
        text = text.strip()
        if self.kind == "text":
            if not text and not self.optional:
                raise ValueError(f"{self.header} cannot be empty")
            return text
        if self.kind == "bool":
            lowered = text.lower()
            if lowered in ("true", "yes", "1", "x"):
                return True
            if lowered in ("false", "no", "0", ""):
                return False
            raise ValueError(f"{self.header} is true or false, not {text!r}")
        if self.kind == "enum":
            if text not in self.choices:
                raise ValueError(f"{self.header} is one of {', '.join(self.choices)}, not {text!r}")
            return text
        if self.kind == "periods":
            parts = text.replace("–", "-").split("-")
            if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
                raise ValueError(f"{self.header} is 'first-last', e.g. 2-5, not {text!r}")
            first, last = (int(p) for p in parts)
            for number in (first, last):
                self._check(number)
            return first, last
        if not text:
            if self.optional and self.attribute == "legacy_number":
                return None
            raise ValueError(f"{self.header} needs a whole number")
        try:
            number = int(text)
        except ValueError:
            raise ValueError(f"{self.header} is a whole number, not {text!r}") from None
        self._check(number)
        return number

    def _check(self, number: int) -> None:
        if self.minimum is not None and number < self.minimum:
            raise ValueError(f"{self.header} must be at least {self.minimum}, not {number}")
        if self.maximum is not None and number > self.maximum:
            raise ValueError(f"{self.header} must be at most {self.maximum}, not {number}")


def format_value(column: Column, value) -> str:
    if value is None:
        return ""
    if column.kind == "periods":
        return f"{value[0]}-{value[1]}"
    if column.kind == "bool":
        return "true" if value else "false"
    return str(value)


# (YAML key, the manuals' header, Weapon attribute); the manuals' column order, then the behaviour flags
_LAYOUT = (("legacy_number", "#", "legacy_number"), ("name", "Name", "name"), ("mr", "MR", "mr"),
           ("mp", "MP", "mp"), ("ss", "SS", "ss"), ("ac", "AC", "ac"), ("sp", "SP", "sp"), ("mg", "MG", "mg"),
           ("fa", "FA", "fa"), ("ba", "BA", "ba"), ("sl", "SL", "sl"), ("df", "DF", "df"),
           ("periods", "YR", "periods"), ("class", "Class", "unit_class"), ("single_use", "Single use", "single_use"),
           ("thrown", "Thrown", "thrown"), ("designer_value", "Designer value", "designer_value"))


def weapon_schema() -> dict:
    """The schema of one weapon entry, references inlined (the engine's validator holds it)."""
    return schema_node("weapons", "weapons", ANY)


@lru_cache(maxsize=1)
def columns() -> tuple[Column, ...]:
    entry = weapon_schema()
    props, required = entry["properties"], set(entry["required"])
    out = []
    for key, header, attribute in _LAYOUT:
        spec = props[key]
        if key == "periods":
            spec = spec["prefixItems"][0]
            kind = "periods"
        elif "enum" in spec:
            kind = "enum"
        else:
            kind = {"integer": "int", "boolean": "bool"}.get(spec.get("type"), "text")
        out.append(Column(key, header, attribute, kind, spec.get("minimum"), spec.get("maximum"),
                          tuple(spec.get("enum", ())), key not in required,
                          props[key].get("description", "")))
    return tuple(out)


def column(key: str) -> Column:
    return next(c for c in columns() if c.key == key)


@lru_cache(maxsize=None)
def class_keys(unit_class: str) -> tuple[frozenset[str], frozenset[str]]:
    """(keys a class requires, keys it must not have), from the schema's per-class rules (its allOf)."""
    required: set[str] = set()
    forbidden: set[str] = set()
    for rule in weapon_schema().get("allOf", ()):
        if unit_class not in rule["if"]["properties"]["class"]["enum"]:
            continue
        then = rule["then"]
        required.update(then.get("required", ()))
        denied = then.get("not", {})
        forbidden.update(denied.get("required", ()))
        for alternative in denied.get("anyOf", ()):
            forbidden.update(alternative.get("required", ()))
    return frozenset(required), frozenset(forbidden)


def applies(column_: Column, weapon: Weapon) -> bool:
    """Whether the weapon's class takes this column's key (a truck has no front armour, a SIW no speed)."""
    return column_.key not in class_keys(weapon.unit_class)[1]


def with_value(weapon: Weapon, column_: Column, value) -> Weapon:
    """The weapon with one column changed (a new frozen object)."""
    return dataclasses.replace(weapon, **{column_.attribute: value})
