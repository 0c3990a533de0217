"""What the JSON Schema allows for one value, so that inline editors are bounded by the schema itself rather than
by numbers repeated in widgets. Qt-free."""

from __future__ import annotations

from typing import Any

from tacforge.engine.validation.schemas import validator

ANY = "*"  # a path part: any list item or any key of a mapping


def schema_node(kind: str, *path: str | int) -> dict[str, Any]:
    """The schema of the value at `path` in a document of `kind` (a key, ANY, or a tuple position)."""
    node: dict[str, Any] = validator(kind).schema
    for part in path:
        if isinstance(part, int):
            node = node["prefixItems"][part]
        elif part == ANY:
            node = node.get("items") or node["additionalProperties"]
        else:
            node = node["properties"][part]
    return node


def _typed(node: dict[str, Any]) -> dict[str, Any]:
    """The alternative of a oneOf that holds a number (a movement cost is an integer or null)."""
    for option in node.get("oneOf", ()):
        if option.get("type") in ("integer", "number"):
            return option
    return node


def bounds(kind: str, *path: str | int) -> tuple[int | float | None, int | float | None]:
    """(minimum, maximum) of a number, None where the schema sets no bound."""
    node = _typed(schema_node(kind, *path))
    return node.get("minimum"), node.get("maximum")


def whole_bounds(kind: str, *path: str | int) -> tuple[int | None, int | None]:
    """(minimum, maximum) of a whole number, None where the schema sets no bound (an integer's bounds are whole)."""
    low, high = bounds(kind, *path)
    return (None if low is None else int(low)), (None if high is None else int(high))


def whole_bound(kind: str, *path: str | int, upper: bool = False) -> int:
    """The least (`upper`: the greatest) whole number the schema allows at `path`, where the schema sets it."""
    bound = whole_bounds(kind, *path)[1 if upper else 0]
    if bound is None:
        raise KeyError(f"the {kind} schema sets no {'maximum' if upper else 'minimum'} at {path}")
    return bound


def choices(kind: str, *path: str | int) -> tuple[str, ...]:
    return tuple(schema_node(kind, *path).get("enum", ()))


def nullable(kind: str, *path: str | int) -> bool:
    return any(option.get("type") == "null" for option in schema_node(kind, *path).get("oneOf", ()))
