"""A table column of a data room (Qt-free): the value's path below its entry, what the schema allows there, and
what a typed or chosen value becomes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any


@dataclass(frozen=True)
class Column:
    """One table column: the value's path below its entry, and what the schema allows there."""

    title: str
    path: tuple[str, ...]
    kind: str  # text | symbol | bool | choice | int | date | colour (colour: derived, read-only)
    minimum: int | None = None
    maximum: int | None = None
    options: tuple[str, ...] = ()
    blank_means_none: bool = False  # an empty cell writes null (a movement cost: the class cannot enter)
    editable: bool = True
    tip: str = ""


def parse_cell(column: Column, value: Any) -> Any:
    """The value to write for what was typed or chosen; ValueError with a designer's message if it is not allowed."""
    if not column.editable:
        raise ValueError(f"{column.title} is derived and cannot be edited")
    if column.kind == "bool":
        return bool(value)
    text = str(value).strip() if value is not None else ""
    if column.kind == "choice":
        if text not in column.options:
            raise ValueError(f"{column.title} must be one of: {', '.join(column.options)}")
        return text
    if column.kind == "int":
        if text == "" and column.blank_means_none:
            return None
        try:
            number = int(text)
        except ValueError:
            raise ValueError(f"{column.title} must be a whole number, not '{text}'") from None
        if column.minimum is not None and number < column.minimum:
            raise ValueError(f"{column.title} must be at least {column.minimum}")
        if column.maximum is not None and number > column.maximum:
            raise ValueError(f"{column.title} must be at most {column.maximum}")
        return number
    if column.kind == "date":
        try:
            date.fromisoformat(text)
        except ValueError:
            raise ValueError(f"{column.title} must be a date such as 1944-06-30, not '{text}'") from None
        return text  # periods.yaml writes dates as text (YAML 1.2)
    if column.kind == "symbol":
        if len(text) != 1 or not ("!" <= text <= "~"):
            raise ValueError(f"{column.title} is one printable character (no space)")
        return text
    if not text:
        raise ValueError(f"{column.title} must not be empty")
    return text
