"""Reinforcements: when and where a formation or a unit of the order of battle arrives (schemas/scenario.schema.json
$defs/arrival; engine/model/scenario.py Arrival). Qt-free; each edit is ONE undo command on the document.

The whole `arrives` mapping is set at once: consecutive changes of one reinforcement (ticking it, typing its turn,
choosing its edge) are edits of one path and merge into one undo step, as typing "12" does; an edit of anything else
in between starts a new step. Values equal to the engine's defaults are left
out of the file (a `last_turn` equal to `turn`, a chance of 1, the side's home edge).
"""

from __future__ import annotations

import re

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.model import Arrival

from ..common.schema_bounds import ANY, bounds
from ..document import MISSING
from .scenario_edits import flow_square

HOME_EDGE = None  # an arrival's `edge` when it enters on its side's home edge (the schema's default)


def arrival_bounds(key: str):
    return bounds("scenario", "forces", ANY, "formations", ANY, "arrives", key)


def arrival_path(side: str, formation_row: int, unit_row: int | None) -> tuple:
    path = ("forces", side, "formations", formation_row)
    return (*path, "units", unit_row, "arrives") if unit_row is not None else (*path, "arrives")


@dataclass(frozen=True)
class ArrivalValues:
    """What the arrival form shows: turn, last turn, chance, and where (squares, else an edge, else home)."""

    turn: int
    last_turn: int
    chance: float = 1.0
    edge: str | None = HOME_EDGE
    squares: tuple[tuple[int, int], ...] = ()

    @classmethod
    def of(cls, arrival: Arrival) -> ArrivalValues:
        return cls(arrival.turn, arrival.last_turn, arrival.chance, arrival.edge, arrival.squares)

    @classmethod
    def first(cls) -> ArrivalValues:
        """A new reinforcement: on the first turn the schema allows, for certain, on its home edge."""
        turn = int(arrival_bounds("turn")[0])
        return cls(turn, turn)

    def mapping(self) -> CommentedMap:
        """As the file writes it: only what differs from the engine's defaults."""
        row = CommentedMap([("turn", self.turn)])
        if self.last_turn != self.turn:
            row["last_turn"] = self.last_turn
            if self.chance != 1.0:
                row["chance"] = self.chance  # certain on its last turn, so a chance means nothing without one
        if self.squares:
            row["squares"] = CommentedSeq([flow_square(s) for s in self.squares])
            row["squares"].fa.set_flow_style()
        elif self.edge is not HOME_EDGE:
            row["edge"] = self.edge
        row.fa.set_flow_style()
        return row


def set_arrival(document, side: str, formation_row: int, unit_row: int | None, values: ArrivalValues | None) -> bool:
    """Make the formation (unit_row None) or unit a reinforcement with `values`, or (None) deployed at the start.
    One undo step; True if anything changed."""
    path = arrival_path(side, formation_row, unit_row)
    new = MISSING if values is None else values.mapping()
    old = document.value(*path, default=MISSING)
    if (old is MISSING and new is MISSING) or (
        isinstance(old, dict) and isinstance(new, dict) and dict(old) == dict(new)
    ):
        return False
    what = f"{side} {'unit' if unit_row is not None else 'formation'}"
    text = f"Deploy {what} at the start" if values is None else f"Change arrival of {what}"
    document.set_value(path, new, text)
    return True


def arrival_label(arrival: Arrival | None) -> str:
    """A reinforcement's arrival in a few words for the order of battle ("" for a unit deployed at the start)."""
    if arrival is None:
        return ""
    turns = f"turn {arrival.turn}" if arrival.last_turn == arrival.turn else f"turns {arrival.turn}-{arrival.last_turn}"
    return f"arrives {turns}"


SQUARE = re.compile(r"^\s*(\d+)\s*[, ]\s*(\d+)\s*$")


def parse_squares(text: str) -> tuple[tuple[int, int], ...]:
    """Squares typed as "x,y; x,y" (or one a line). ValueError, saying which part, for anything else."""
    squares = []
    for part in re.split(r"[;\n]", text):
        if not part.strip():
            continue
        found = SQUARE.match(part)
        if found is None:
            raise ValueError(f"'{part.strip()}' is not a square: write x,y (e.g. 12,30)")
        squares.append((int(found.group(1)), int(found.group(2))))
    return tuple(squares)


def squares_text(squares) -> str:
    return "; ".join(f"{x},{y}" for x, y in squares)
