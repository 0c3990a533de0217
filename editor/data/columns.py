"""A table column of a data room (Qt-free): the value's path below its entry, what the schema allows there, and
what a typed or chosen value becomes; and the parsing and writing of cell text that every table of the data rooms
(terrain, periods, weapons and the weapons' CSV) shares, so a cell means the same everywhere."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from tacforge.engine.cached_dataclass import dataclass


@dataclass(frozen=True)
class Column:
    """One table column: the value's path below its entry, and what the schema allows there."""

    title: str
    path: tuple[str | int, ...]  # keys, and positions in a list (a period's command delays: side, position)
    kind: str  # text | symbol | bool | choice | int | date | tags | colour (colour: derived, read-only)
    minimum: int | None = None
    maximum: int | None = None
    options: tuple[str, ...] = ()
    blank_means_none: bool = False  # an empty cell writes null (a movement cost: the class cannot enter)
    editable: bool = True
    tip: str = ""


TRUE_TEXTS = ("true", "yes", "1", "x")
FALSE_TEXTS = ("false", "no", "0", "")


def whole_number(title: str, text: str, minimum: int | None = None, maximum: int | None = None) -> int:
    try:
        number = int(text.strip())
    except ValueError:
        raise ValueError(f"{title} must be a whole number, not '{text.strip()}'") from None
    if minimum is not None and number < minimum:
        raise ValueError(f"{title} must be at least {minimum}, not {number}")
    if maximum is not None and number > maximum:
        raise ValueError(f"{title} must be at most {maximum}, not {number}")
    return number


def truth(title: str, value: Any) -> bool:
    """A check box's state, or text such as true / no / x."""
    if isinstance(value, bool):
        return value
    text = str(value if value is not None else "").strip().lower()
    if text in TRUE_TEXTS or text in FALSE_TEXTS:
        return text in TRUE_TEXTS
    raise ValueError(f"{title} is true or false, not '{text}'")


def choice(title: str, text: str, options: tuple[str, ...]) -> str:
    if text.strip() not in options:
        raise ValueError(f"{title} must be one of: {', '.join(options)}, not '{text.strip()}'")
    return text.strip()


def span(title: str, text: str) -> tuple[int, int]:
    """'first-last' (periods 2-5) as two whole numbers."""
    parts = text.replace("–", "-").split("-")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise ValueError(f"{title} is 'first-last', e.g. 2-5, not '{text.strip()}'")
    return int(parts[0]), int(parts[1])


def tags_text(match: Mapping[str, Sequence[str]]) -> str:
    """OpenStreetMap tags to match as a cell shows them: `highway=primary,secondary; natural=wood`."""
    return "; ".join(f"{key}={','.join(values)}" for key, values in match.items())


def parse_tags(title: str, text: str) -> dict[str, list[str]]:
    """`key=value,value; key=*` as the mapping an import profile's `match` holds (a key given twice gets both
    lists); ValueError saying how to write it."""
    match: dict[str, list[str]] = {}
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        key, equals, values = (s.strip() for s in part.partition("="))
        listed = [v.strip() for v in values.split(",") if v.strip()]
        if not equals or not key or not listed or any(c.isspace() or c == "=" for c in key + "".join(listed)):
            raise ValueError(
                f"{title}: '{part}' is not key=value; write tags as key=value,value; key=* (e.g. highway=primary; "
                "natural=wood)"
            )
        match.setdefault(key, [])
        match[key] += [v for v in listed if v not in match[key]]
    if not match:
        raise ValueError(f"{title} must name at least one tag, e.g. landuse=forest")
    return match


def cell_text(value: Any) -> str:
    """How a value reads in a cell and in a CSV file: true/false, a span 'first-last', the text of anything else
    ('' for none)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (tuple, list)) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return f"{value[0]}-{value[1]}"
    return str(value)


def parse_cell(column: Column, value: Any) -> Any:
    """The value to write for what was typed or chosen; ValueError with a designer's message if it is not allowed."""
    if not column.editable:
        raise ValueError(f"{column.title} is derived and cannot be edited")
    if column.kind == "bool":
        return truth(column.title, value)
    text = str(value).strip() if value is not None else ""
    if column.kind == "choice":
        return choice(column.title, text, column.options)
    if column.kind == "int":
        if text == "" and column.blank_means_none:
            return None
        return whole_number(column.title, text, column.minimum, column.maximum)
    if column.kind == "date":
        try:
            date.fromisoformat(text)
        except ValueError:
            raise ValueError(f"{column.title} must be a date such as 1944-06-30, not '{text}'") from None
        return text  # periods.yaml writes dates as text (YAML 1.2)
    if column.kind == "tags":
        return parse_tags(column.title, text)
    if column.kind == "symbol":
        if len(text) != 1 or not ("!" <= text <= "~"):
            raise ValueError(f"{column.title} is one printable character (no space)")
        return text
    if not text:
        raise ValueError(f"{column.title} must not be empty")
    return text
