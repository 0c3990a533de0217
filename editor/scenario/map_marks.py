"""Entrenchments and typed objectives put on a scenario's squares by the map tools (map/tools/scenario_tools.py),
as edits of the scenario document, each one undo step; no widgets.

Entrenchments (schema `entrenchments: {side: [[x, y], ...]}`): a stroke toggles its squares - if the first square
is entrenched the stroke clears every square it crossed, else it entrenches them for one side: the side asked for,
else the side whose start line has the square on its friendly side (the one side there is, else the first).
Objectives: which stand on a square, and what the Objective tool's dialog chose for a square (`ObjectiveChoice`:
add another, change the one chosen, or remove it) as one undo step; the edits are objective_edits.py's, as for the
table.
"""

from __future__ import annotations

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.model.content import Content
from tacforge.engine.model.scenario import Scenario
from tacforge.engine.validation.force_checks import on_friendly_side

from ..document import MISSING, bulk_edit
from ..grid.model import as_cell
from . import objective_edits

SQUARE_KINDS = ("capture", "hold")  # the objective kinds that stand on a square (exit and destroy do not)


def _flow(items) -> CommentedSeq:
    seq = CommentedSeq(items)
    seq.fa.set_flow_style()
    return seq


def _squares(squares) -> CommentedSeq:
    return _flow([_flow([int(x), int(y)]) for x, y in squares])


def side_for_square(content: Content, scenario: Scenario, square: tuple[int, int]) -> str | None:
    """The side whose start line has `square` on its friendly side, if exactly one has; None otherwise."""
    profile = content.ruleset
    sides = [
        side
        for side, line in scenario.start_lines
        if profile is not None
        and (ruled := profile.side(side)) is not None
        and on_friendly_side(square[0], line, ruled.home_edge)
    ]
    return sides[0] if len(sides) == 1 else None


def entrenched(scenario: Scenario) -> dict[tuple[int, int], str]:
    return {as_cell(sq): side for side, squares in scenario.entrenchments for sq in squares}


def toggle_entrenchments(document, squares: list[tuple[int, int]], side: str | None = None) -> str:
    """Entrench or clear the stroke's squares (see the module's docstring) in one undo step; what was done."""
    scenario, content = document.model.scenario, document.content
    squares = [as_cell(sq) for sq in squares]
    current = {s: [as_cell(sq) for sq in sqs] for s, sqs in scenario.entrenchments}
    if squares[0] in entrenched(scenario):
        text = f"Clear {len(squares)} entrenchment square(s)"
        changed = {
            s: [sq for sq in sqs if sq not in squares] for s, sqs in current.items() if any(sq in squares for sq in sqs)
        }
    else:
        side = side or side_for_square(content, scenario, squares[0]) or scenario.forces[0].side
        taken = set(entrenched(scenario))
        text = f"Entrench {len(squares)} square(s) for {side}"
        changed = {side: current.get(side, []) + [sq for sq in squares if sq not in taken]}
    with bulk_edit(document, text):
        if not any({**current, **changed}.values()):
            document.set_value(("entrenchments",), MISSING, text)  # nothing left: no empty mapping in the file
        else:
            if document.value("entrenchments") is None:
                document.set_value(("entrenchments",), CommentedMap(), text)
            for s, sqs in changed.items():
                document.set_value(("entrenchments", s), _squares(sqs) if sqs else MISSING, text)
    return text


def objective_at(scenario: Scenario, square: tuple[int, int]) -> int | None:
    """The row of the objective standing on `square`, or None."""
    return next((row for row, o in enumerate(scenario.objectives) if o.at == tuple(square)), None)


def objectives_at(scenario: Scenario, square: tuple[int, int]) -> list[int]:
    """The rows of every objective standing on `square` (a town square may be one side's capture and the other's
    hold), in the table's order."""
    return [row for row, o in enumerate(scenario.objectives) if o.at == tuple(square)]


@dataclass(frozen=True)
class SquareObjective:
    """What the Objective tool's dialog sets of an objective on a square; an empty name is no name."""

    kind: str
    side: str
    points: int
    name: str = ""


@dataclass(frozen=True)
class ObjectiveChoice:
    """The designer's answer for a square: "add" a new objective with `values`, "change" objective `row` to
    `values`, or "remove" objective `row`."""

    action: str
    values: SquareObjective | None = None
    row: int | None = None


def apply_choice(document, square: tuple[int, int], choice: ObjectiveChoice) -> str:
    """Do what the dialog chose for `square` in one undo step (none if nothing changes); what was done."""
    scenario = document.model.scenario
    values = choice.values
    if choice.action == "remove" and choice.row is not None:
        gone = scenario.objectives[choice.row].id
        objective_edits.remove_objective(document, choice.row)
        return f"removed objective {gone}"
    if choice.action == "add" and values is not None:
        where = ("at", as_cell(square))
        row = objective_edits.add_objective(document, values.kind, values.side, values.points, where, values.name)
        return f"objective {document.model.scenario.objectives[row].id}: {_described(values)}"
    if choice.action == "change" and values is not None and choice.row is not None:
        old = scenario.objectives[choice.row]
        wanted = {"kind": values.kind, "side": values.side, "points": values.points, "name": values.name or MISSING}
        changed = {k: v for k, v in wanted.items() if v != (getattr(old, k) or MISSING)}
        if not changed:
            return f"objective {old.id} unchanged"
        with bulk_edit(document, f"Change objective {old.id}"):
            for key, value in changed.items():
                objective_edits.set_objective_value(document, choice.row, key, value)
        return f"objective {document.model.scenario.objectives[choice.row].id}: {_described(values)}"
    raise ValueError(f"not a choice for a square: {choice}")


def _described(values: SquareObjective) -> str:
    named = f" ({values.name})" if values.name else ""
    return f"{values.kind}, {values.points} points for {values.side}{named}"
