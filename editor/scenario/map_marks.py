"""Entrenchments and typed objectives put on a scenario's squares by the map tools (map/tools/scenario_tools.py),
as edits of the scenario document, each one undo step; no widgets.

Entrenchments (schema `entrenchments: {side: [[x, y], ...]}`): a stroke toggles its squares - if the first square
is entrenched the stroke clears every square it crossed, else it entrenches them for one side: the side asked for,
else the side whose start line has the square on its friendly side (the one side there is, else the first).
Objectives: which one stands on a square; adding and removing them is objective_edits.py's, as for the table.
"""

from __future__ import annotations

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from tacforge.engine.model.content import Content
from tacforge.engine.model.scenario import Scenario
from tacforge.engine.validation.force_checks import on_friendly_side

from ..document import MISSING, bulk_edit
from ..grid.model import as_cell

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
