"""What the map shows of one AI plan, without widgets: each group's route (where its units stand, then its orders'
squares numbered in order, in the group's colour) and the trigger areas (`enemy_in` rectangles, named by their
trigger). The scenario room builds these from the scenario model; the map room paints them.
"""

from __future__ import annotations

from tacforge.engine.cached_dataclass import dataclass

# One colour a group, in the order of the plan's groups (distinct from the sides' colours on the map).
GROUP_COLOURS = (
    (230, 120, 0),
    (0, 150, 110),
    (170, 40, 170),
    (200, 30, 60),
    (30, 120, 220),
    (120, 110, 0),
)


def group_colour(group: int) -> tuple[int, int, int]:
    return GROUP_COLOURS[group % len(GROUP_COLOURS)]


@dataclass(frozen=True, slots=True)
class Waypoint:
    number: int  # the order's place in the group's sequence, from 1
    square: tuple[int, int]
    kind: str  # move, attack, ...
    waits: str  # what the order waits for besides the one before ("turn 5", "trigger go"), or ""


@dataclass(frozen=True, slots=True)
class PlanRoute:
    group: int  # row in the plan's groups
    colour: tuple[int, int, int]
    label: str  # the group's units, "A1, A2"
    start: tuple[int, int] | None  # where the group's first placed unit stands (None: none placed)
    waypoints: tuple[Waypoint, ...]
    focused: bool = False  # the group chosen in the AI Plans dock: drawn stronger


@dataclass(frozen=True, slots=True)
class TriggerArea:
    trigger: str  # the trigger's id
    rect: tuple[int, int, int, int]  # inclusive corners x0, y0, x1, y1 as the file writes them
    focused: bool = False


@dataclass(frozen=True, slots=True)
class PlanMarks:
    plan: str  # "german: flank"
    routes: tuple[PlanRoute, ...] = ()
    areas: tuple[TriggerArea, ...] = ()
