"""Typed objectives of a scenario (schemas/scenario.schema.json `objectives`) as edits, each ONE undo command.
Qt-free: the Properties dock's objectives table calls these, and so may the map (drawing an objective on a square):

    add_objective_at(document, side, (x, y))          a capture objective on a square; returns its row
    add_objective(document, kind, side, points, ...)  any kind, with where it is (square, edge or enemy unit)
    set_objective_value(document, row, key, value)    one field; a change of kind also sets where the new kind needs
    remove_objective(document, row)

Where each kind needs to be (a square, an edge, a unit) is read from the schema's own rules, never repeated here.
A new objective's default square is the objective area's centre, its edge the enemy's home edge and its unit the
enemy's first: values from the scenario and the ruleset, so the file is valid at once.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from ruamel.yaml.comments import CommentedMap

from tacforge.engine.model import Scenario
from tacforge.engine.model.content import Content

from ..common.schema_bounds import ANY, choices, schema_node, whole_bound
from ..document import MISSING, bulk_edit
from .arrival_edits import parse_squares
from .scenario_edits import flow_square as _square
from .scenario_edits import objective_area_centre

TABLE = ("objectives",)


@lru_cache(maxsize=1)
def where_keys() -> dict[str, str]:
    """kind -> the key it requires besides the common ones ("capture" -> "at"), from the schema's if/then rules."""
    found = {}
    for rule in schema_node("scenario", "objectives", ANY).get("allOf", ()):
        kind = rule["if"]["properties"]["kind"]
        for name in kind.get("enum", [kind.get("const")]):
            found[name] = rule["then"]["required"][0]
    return found


def kinds() -> tuple[str, ...]:
    return choices("scenario", "objectives", ANY, "kind")


def least_points() -> int:
    """The fewest points an objective may be worth (the schema's minimum): a new row's value until it is typed."""
    return whole_bound("scenario", "objectives", ANY, "points")


def _enemy(content: Content | None, side: str) -> str | None:
    profile = content.ruleset if content is not None else None
    return next((s for s in profile.side_ids() if s != side), None) if profile else None


def default_where(content: Content | None, scenario: Scenario, side: str, kind: str) -> tuple[str, Any] | None:
    """(key, value) of where a new objective of `kind` for `side` goes, or None if the scenario offers nothing."""
    key = where_keys().get(kind)
    enemy = _enemy(content, side)
    if key == "at":
        square = objective_area_centre(content, scenario)
        return (key, square) if square is not None else None
    if key == "edge":
        profile = content.ruleset if content is not None else None
        found = profile.side(enemy) if enemy and profile else None
        return (key, found.home_edge) if found is not None else None
    if key == "unit":
        force = scenario.force(enemy) if enemy else None
        first = force.formations[0] if force and force.formations else None
        return (key, f"{first.letter}{first.units[0].index}") if first and first.units else None
    return None


def _new_id(scenario: Scenario, kind: str) -> str:
    taken = {o.id for o in scenario.objectives}
    return next(f"{kind}_{n}" for n in range(1, len(taken) + 2) if f"{kind}_{n}" not in taken)


def _named_by_kind(objective_id: str, kind: str) -> bool:
    """Whether `objective_id` is one `_new_id` gave (kind_N), so a change of kind may rename it."""
    return re.fullmatch(rf"{re.escape(kind)}_\d+", objective_id) is not None


def _mentions(node: Any, text: str) -> bool:
    """Whether the round-trip data `node` holds the string `text` anywhere (an AI plan's trigger naming an
    objective): such an id is the designer's to rename, not ours."""
    if isinstance(node, str):
        return node == text
    if isinstance(node, dict):
        return any(_mentions(value, text) for value in node.values())
    if isinstance(node, list):
        return any(_mentions(value, text) for value in node)
    return False


def add_objective(
    document, kind: str, side: str, points: int, where: tuple[str, Any] | None = None, name: str = ""
) -> int:
    """A new objective after the others, as one undo step; `where` is (key, value) as `default_where` gives it
    (None: the default). Its row."""
    scenario = document.model.scenario
    where = where or default_where(document.content, scenario, side, kind)
    row = CommentedMap([("id", _new_id(scenario, kind))])
    if name:
        row["name"] = name
    row.update([("kind", kind), ("side", side), ("points", points)])
    if where is not None:
        key, value = where
        row[key] = _square(value) if key == "at" else value
    row.fa.set_flow_style()
    rows = document.value(*TABLE)
    text = f"Add {kind} objective for {side}"
    if rows is None:
        document.set_value(TABLE, [row], text)
        return 0
    at = len(rows)  # before the insert: `rows` is the document's own list, which the insert grows
    document.insert_rows(TABLE, at, [row], text)
    return at


def add_objective_at(document, side: str, square: tuple[int, int], points: int | None = None, name: str = "") -> int:
    """A capture objective for `side` on `square` (what the map calls when an objective is drawn on it): one undo
    step; points default to the least the schema allows, for the designer to type. Its row in the table."""
    return add_objective(document, "capture", side, least_points() if points is None else points, ("at", square), name)


def remove_objective(document, row: int) -> None:
    rows = document.value(*TABLE)
    text = f"Delete objective {rows[row].get('id', row)}"
    if len(rows) == 1:
        document.set_value(TABLE, MISSING, text)  # no empty `objectives: []` left behind
    else:
        document.remove_rows(TABLE, row, 1, text)


def set_objective_value(document, row: int, key: str, value: Any) -> None:
    """One field of an objective (MISSING removes an optional one). A new kind takes where it needs to be (and
    drops where the old kind was, and a hold's counting), all in one undo step."""
    path = (*TABLE, row)
    old = document.value(*path, key, default=MISSING)
    if old == value or (key == "at" and old is not MISSING and value is not MISSING and list(old) == list(value)):
        return
    objective_id = document.value(*path, "id")
    text = f"Change {key} of objective {objective_id}"
    if key != "kind":
        document.set_value((*path, key), _square(value) if key == "at" and value is not MISSING else value, text)
        return
    scenario, node = document.model.scenario, document.value(*path)
    needed = where_keys().get(value)
    old_kind = str(node.get("kind", ""))
    with bulk_edit(document, text):
        document.set_value((*path, "kind"), value, text)
        if _named_by_kind(str(objective_id), old_kind) and not _mentions(document.value("ai_plans"), objective_id):
            # a new objective is named by its kind (an exit objective is not capture_3): the name follows the kind
            document.set_value((*path, "id"), _new_id(scenario, str(value)), text)
        for other in {*where_keys().values(), "every_turn"} - {needed}:
            if other in node and not (other == "every_turn" and value == "hold"):
                document.set_value((*path, other), MISSING, text)
        if needed is not None and needed not in node:
            where = default_where(document.content, scenario, str(node.get("side")), value)
            if where is not None:
                document.set_value((*path, needed), _square(where[1]) if needed == "at" else where[1], text)


def where_text(objective) -> str:
    """Where an objective is, as the table shows it and `parse_where` reads it: "12,30", "east" or "B1"."""
    if objective.at is not None:
        return f"{objective.at[0]},{objective.at[1]}"
    return objective.edge or objective.unit or ""


def parse_where(kind: str, text: str) -> tuple[str, Any]:
    """(key, value) of where an objective of `kind` is, from text as `where_text` writes it. ValueError, saying
    what is wanted, for anything the schema would refuse."""
    key, text = where_keys().get(kind), text.strip()
    if key == "at":
        squares = parse_squares(text)
        if len(squares) != 1:
            raise ValueError(f"a {kind} objective is on one square: write x,y (e.g. 12,30)")
        return key, squares[0]
    if key == "edge":
        edges = choices("scenario", "objectives", ANY, "edge")
        if text.lower() not in edges:
            raise ValueError(f"an exit objective names an edge: {', '.join(edges)}")
        return key, text.lower()
    if key == "unit":
        pattern = schema_node("scenario", "objectives", ANY, "unit")["pattern"]
        if not re.match(pattern, text.upper()):
            raise ValueError("a destroy objective names an enemy unit by letter and index, e.g. B1")
        return key, text.upper()
    raise ValueError(f"unknown kind of objective '{kind}'")
