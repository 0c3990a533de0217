"""Two faults of AI plans that the reviews of issue 28 kept finding, found by reading the plans (nothing is played):

- a unit in no group of a plan fights by the doctrine from the first turn (engine/ai/plans.py); for a headquarters
  that usually means driving into the fight and being killed early, taking command with it;
- a group whose last order is a move or attack, without `then: hold`, is handed to the doctrine once it gets
  there; when that square is on its own side's ground (nearer the side's starting units than the enemy's), the
  doctrine sends it on from there, one unit at a time, which the plan never meant.

Not (yet) part of `validate`: the findings are for a designer to judge (a rifle platoon left to the doctrine may be
meant), so they are listed by scripts/plan_audit.py rather than reported as problems.
"""

from __future__ import annotations

from tacforge.engine.cached_dataclass import dataclass

from ..model import AiPlan, PlanGroup, Scenario, unit_arrival

Square = tuple[int, int]


@dataclass(frozen=True, slots=True)
class PlanFault:
    side: str
    plan: str
    kind: str  # "ungrouped" | "released-at-home"
    what: str  # the unit reference ("A0") or the group's units ("B, C1")
    hq: bool = False  # an ungrouped headquarters (index 0)
    square: Square | None = None  # released-at-home: where the group's last order leaves it


def start_squares(s: Scenario, side: str) -> list[Square]:
    """Where the side's units deployed at the start stand (reinforcements are not on the map yet)."""
    force = s.force(side)
    return [
        u.at
        for f in (force.formations if force else ())
        for u in f.units
        if u.at is not None and unit_arrival(f, u) is None
    ]


def on_own_ground(square: Square, own: list[Square], enemy: list[Square]) -> bool:
    """Nearer (in squares, diagonals counting one) the side's own starting units than any of the enemy's."""
    if not own:
        return False

    def nearest(squares: list[Square]) -> int:
        return min((max(abs(x - square[0]), abs(y - square[1])) for x, y in squares), default=10**6)

    return nearest(own) <= nearest(enemy)


def grouped_refs(s: Scenario, side: str, plan: AiPlan) -> set[str]:
    """Every unit reference ("A1") a group of the plan names, directly or through its formation's letter."""
    force = s.force(side)
    letters = {ref for g in plan.groups for ref in g.units if len(ref) == 1}
    out = {ref for g in plan.groups for ref in g.units if len(ref) > 1}
    for formation in force.formations if force else ():
        if formation.letter in letters:
            out.update(f"{formation.letter}{u.index}" for u in formation.units)
    return out


def released_square(group: PlanGroup) -> Square | None:
    """Where a group is handed to the doctrine: its last order's square when that is a move or attack and it has
    no `then: hold` (a last hold lasts to the end)."""
    if group.then == "hold" or not group.orders:
        return None
    last = group.orders[-1]
    return last.square if last.kind in ("move", "attack") else None


def plan_faults(s: Scenario) -> list[PlanFault]:
    out: list[PlanFault] = []
    sides = [f.side for f in s.forces]
    for side, plans in s.ai_plans.items():
        own = start_squares(s, side)
        enemy = [sq for other in sides if other != side for sq in start_squares(s, other)]
        force = s.force(side)
        for plan in plans:
            grouped = grouped_refs(s, side, plan)
            for formation in force.formations if force else ():
                for unit in formation.units:
                    ref = f"{formation.letter}{unit.index}"
                    if ref not in grouped:
                        out.append(PlanFault(side, plan.id, "ungrouped", ref, hq=unit.index == 0))
            for group in plan.groups:
                square = released_square(group)
                if square is not None and on_own_ground(square, own, enemy):
                    out.append(PlanFault(side, plan.id, "released-at-home", ", ".join(group.units), square=square))
    return out
