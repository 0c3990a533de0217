"""The set-up of a tabletop scenario type (docs/rules.md 16.5): where each side deploys, who starts on the table and
who arrives later, the objectives, a preliminary bombardment. A battle type of the ruleset profile carries one as
`setup:` (rules.yaml); a battle type without it is built as the manuals build it. Distances are in map squares.
"""

from __future__ import annotations

from tacforge.engine.cached_dataclass import dataclass

CORNERS, EDGES = "corners", "edges"
NO_OBJECTIVE, CENTRE, HILL = "none", "centre", "hill"


@dataclass(frozen=True, slots=True)
class Wave:
    """Which of one side's formations start on the table, and how the rest arrive.

    On the table: its scout formations when `scouts`, then `dice` D6 plus `units` more of its units, plus `share` of
    all its units (rounded up), counted in whole formations. The rest arrive from turn `reserves_turn`, every one
    then when `all_at_once`, else as many units each turn as `reserve_dice` D6 (`reserve_dice_large` in a large
    battle) roll. reserves_turn 0: nobody is held back."""

    scouts: bool = False
    dice: int = 0
    units: int = 0
    share: float = 0.0
    reserves_turn: int = 0
    all_at_once: bool = False
    reserve_dice: int = 1
    reserve_dice_large: int = 1


@dataclass(frozen=True, slots=True)
class TabletopSetup:
    """deploy_from: corners (each side's first wave and arrivals within `zone` squares of a table corner, the two
    sides in opposite corners) or edges (the manuals' start lines). scouts_forward: scout formations deploy this many
    squares short of the map's centre line (0: with the rest). flank_scouts: scouts deploy in the other corner of
    their home edge. objectives: how many (`objectives` .. `objectives_max`, rolled), the first at `first_objective`
    (none, centre, hill), each worth `objective_points`, `objective_spacing` squares apart and from every edge.
    attack_line: the attacker's start line, squares from its home edge (0: as the manuals place it). front_zone:
    the defender deploys in the central third of the map. bombardment: (fewest, most) of the defender's deployed
    units start pinned, with `pinned_suppression`."""

    deploy_from: str = EDGES
    zone: int = 17
    scouts_forward: int = 0
    flank_scouts: bool = False
    objectives: int = 0
    objectives_max: int = 0
    first_objective: str = NO_OBJECTIVE
    objective_points: int = 50
    objective_spacing: int = 8
    attack_line: int = 0
    front_zone: bool = False
    bombardment: tuple[int, int] = (0, 0)
    pinned_suppression: int = 100
    attacker: Wave = Wave()
    defender: Wave = Wave()
