"""The weapon table's columns, in the manuals' order, with the bounds the schema puts on each value.

Bounds, enums and which keys a class takes are read from schemas/weapons.schema.json through the engine's schema
module, here and nowhere else: the table's editors, the CSV importer and the bulk edit all ask this module.
Qt-free.
"""

from __future__ import annotations

import dataclasses
import re
from functools import cache, lru_cache

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.model import Weapon
from tacforge.engine.packs.decode import WEAPON_OPTIONAL

from ..common.schema_bounds import ANY, schema_node
from .columns import cell_text, choice, span, truth, whole_number

STATS = ("mr", "mp", "ss", "ac", "sp", "mg", "fa", "ba", "sl", "df")
FLAGS = ("single_use", "thrown", "designer_value")
LIST_SEPARATOR = "; "  # between the items of a list cell (nationalities, aliases), as the CSV separates them


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
    pattern: str = ""  # a text's schema pattern (an id)

    def value(self, weapon: Weapon):
        return getattr(weapon, self.attribute)

    def text(self, weapon: Weapon) -> str:
        value = self.value(weapon)
        if self.kind == "list":
            return LIST_SEPARATOR.join(value)
        return cell_text(value)

    @property
    def blank_is_none(self) -> bool:
        """An empty cell leaves the key out (its default is none: no legacy number, no kill_vp, ...)."""
        return self.optional and WEAPON_OPTIONAL.get(self.key, ("", 0))[1] is None

    def parse(self, text: str):
        """The typed value of `text`; ValueError with a designer's message when it is out of bounds or malformed."""
        text = text.strip()
        if not text and self.blank_is_none:
            return None
        if self.kind == "list":
            items = tuple(t.strip() for t in text.split(LIST_SEPARATOR.strip()) if t.strip())
            if not items and not self.optional:
                raise ValueError(f"{self.header} needs at least one entry")
            for item in items:
                self._match(item)
            return items
        if self.kind == "text":
            if not text and not self.optional:
                raise ValueError(f"{self.header} cannot be empty")
            return self._match(text) if text else text
        if self.kind == "bool":
            return truth(self.header, text)
        if self.kind == "enum":
            return choice(self.header, text, self.choices)
        if self.kind == "periods":
            first, last = span(self.header, text)
            return (
                whole_number(self.header, str(first), self.minimum, self.maximum),
                whole_number(self.header, str(last), self.minimum, self.maximum),
            )
        return whole_number(self.header, text, self.minimum, self.maximum)

    def _match(self, text: str) -> str:
        if self.pattern and not re.fullmatch(self.pattern, text):
            raise ValueError(f"{self.header} '{text}' may hold only lower-case letters, digits, '_' and '-'")
        return text


# (YAML key, the manuals' header, Weapon attribute); the manuals' column order, then the behaviour flags
_LAYOUT = (
    ("legacy_number", "#", "legacy_number"),
    ("name", "Name", "name"),
    ("mr", "MR", "mr"),
    ("mp", "MP", "mp"),
    ("ss", "SS", "ss"),
    ("ac", "AC", "ac"),
    ("sp", "SP", "sp"),
    ("mg", "MG", "mg"),
    ("fa", "FA", "fa"),
    ("ba", "BA", "ba"),
    ("sl", "SL", "sl"),
    ("df", "DF", "df"),
    ("periods", "YR", "periods"),
    ("class", "Class", "unit_class"),
    ("single_use", "Single use", "single_use"),
    ("thrown", "Thrown", "thrown"),
    ("designer_value", "Designer value", "designer_value"),
)
# after the manuals' columns (so that their positions stay), hidden or shown with the header's column chooser
_MORE = (
    ("id", "Id", "id"),
    ("nationality", "Nationality", "nationalities"),
    ("aliases", "Aliases", "aliases"),
    ("kill_vp", "Kill VP", "kill_vp"),
    ("transport_cost", "Transport cost", "transport_cost"),
    ("carries", "Carries", "carries"),
    ("indirect_mr", "Indirect MR", "indirect_mr"),
    ("fires_as", "Fires as", "fires_as"),
    ("description", "Description", "description"),
    # the points module's tabletop points (docs/rules.md 16.4: derived by scripts/tabletop_points.py in the packs)
    ("points", "Points", "points"),
    # the air_support module's keys (docs/rules.md 16.6, 16.8)
    ("hits", "Hits", "hits"),
    ("passes", "Passes", "passes"),
    ("bombs", "Bombs", "bombs"),
    ("dive_bomber", "Dive bomber", "dive_bomber"),
    ("aa_rolls", "AA rolls", "aa_rolls"),
)


def weapon_schema() -> dict:
    """The schema of one weapon entry, references inlined (the engine's validator holds it)."""
    return schema_node("weapons", "weapons", ANY)


def _columns(layout) -> tuple[Column, ...]:
    entry = weapon_schema()
    props, required = entry["properties"], set(entry["required"])
    out = []
    for key, header, attribute in layout:
        spec = props[key]
        if key == "periods":
            spec = spec["prefixItems"][0]
            kind = "periods"
        elif key in ("nationality", "aliases"):
            kind = "list"
            spec = spec.get("items") or spec["oneOf"][0]
        elif "enum" in spec:
            kind = "enum"
        else:
            kind = {"integer": "int", "boolean": "bool"}.get(spec.get("type"), "text")
        out.append(
            Column(
                key,
                header,
                attribute,
                kind,
                spec.get("minimum"),
                spec.get("maximum"),
                tuple(spec.get("enum", ())),
                key not in required,
                props[key].get("description", ""),
                spec.get("pattern", ""),
            )
        )
    return tuple(out)


@lru_cache(maxsize=1)
def columns() -> tuple[Column, ...]:
    """The manuals' columns and the behaviour flags (the values the plots and the CSV compare)."""
    return _columns(_LAYOUT)


@lru_cache(maxsize=1)
def all_columns() -> tuple[Column, ...]:
    """Every column of the table: the manuals' ones, then id, nationality, aliases and the rest of an entry."""
    return columns() + _columns(_MORE)


def column(key: str) -> Column:
    return next(c for c in all_columns() if c.key == key)


@cache
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
