"""What the AI Plans dock lists and the map draws of a scenario's AI plans (engine/model/ai_plans.py), read from
the scenario model, without widgets: the texts of plans, groups, orders and triggers, the values a condition's
form shows, which plan, group, order and trigger are chosen (kept valid as rows come and go), and the plan's
routes and trigger areas for the map (common/plan_marks.py).
"""

from __future__ import annotations

from typing import Any

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.model.ai_plans import (
    ORDER_KINDS,
    AiPlan,
    AllOf,
    AnyOf,
    Condition,
    EnemyIn,
    Losses,
    ObjectiveHeld,
    PlanGroup,
    PlanOrder,
    Trigger,
    TurnReached,
)
from tacforge.engine.model.scenario import Scenario

from ..common.plan_marks import PlanMarks, PlanRoute, TriggerArea, Waypoint, group_colour

# The condition kinds as the form names them (all/any are shown, and edited in the file).
CONDITION_NAMES = {
    "turn": "from a turn on",
    "objective": "an objective is held by a side",
    "enemy_in": "an enemy unit is seen in an area",
    "losses": "losses of units are over a share",
    "all": "all of several conditions",
    "any": "any of several conditions",
}


@dataclass(frozen=True)
class Chosen:
    """The side, plan, group, order and trigger chosen in the dock (rows; None: none)."""

    side: str | None = None
    plan: int | None = None
    group: int | None = None
    order: int | None = None
    trigger: int | None = None

    def rows(self, depth: str) -> tuple[Any, ...] | None:
        """(side, plan, ...) down to `depth` ("plan", "group", "order" or "trigger"), the arguments plan_edits.py
        takes; None if something on the way is not chosen."""
        names = {"plan": ("plan",), "group": ("plan", "group"), "order": ("plan", "group", "order")}
        found = (self.side, *(getattr(self, n) for n in names.get(depth, ("plan", depth))))
        return None if None in found else found


def order_kinds() -> tuple[str, ...]:
    return ORDER_KINDS


def plans_of(scenario: Scenario, side: str | None) -> tuple[AiPlan, ...]:
    return scenario.ai_plans.get(side, ()) if side is not None else ()


def _row(index: int | None, rows) -> int | None:
    return index if index is not None and 0 <= index < len(rows) else None


def settle(scenario: Scenario, chosen: Chosen, sides: list[str]) -> Chosen:
    """`chosen` with rows that are gone dropped: a side (else the first), a plan (else the first, if any)."""
    side = chosen.side if chosen.side in sides else (sides[0] if sides else None)
    plans = plans_of(scenario, side)
    plan = _row(chosen.plan if side == chosen.side else None, plans)
    plan = 0 if plan is None and plans else plan
    if plan is None:
        return Chosen(side)
    groups, triggers = plans[plan].groups, plans[plan].triggers
    group = _row(chosen.group, groups)
    order = _row(chosen.order, groups[group].orders) if group is not None else None
    return Chosen(side, plan, group, order, _row(chosen.trigger, triggers))


def chosen_by_path(path: tuple) -> Chosen:
    """What a path into the file (an issue's) names: ("ai_plans", side, plan, "groups", g, "orders", o) and
    ("ai_plans", side, plan, "triggers", t)."""
    rows = {key: value for key, value in zip(path[3::2], path[4::2], strict=False) if isinstance(value, int)}
    plan = path[2] if len(path) > 2 and isinstance(path[2], int) else None
    side = path[1] if len(path) > 1 else None
    return Chosen(side, plan, rows.get("groups"), rows.get("orders"), rows.get("triggers"))


def group_of(scenario: Scenario, chosen: Chosen) -> PlanGroup | None:
    plans = plans_of(scenario, chosen.side)
    if chosen.plan is None or chosen.group is None or chosen.plan >= len(plans):
        return None
    groups = plans[chosen.plan].groups
    return groups[chosen.group] if chosen.group < len(groups) else None


def trigger_of(scenario: Scenario | None, chosen: Chosen) -> Trigger | None:
    plans = plans_of(scenario, chosen.side) if scenario is not None else ()
    if chosen.plan is None or chosen.trigger is None or chosen.plan >= len(plans):
        return None
    triggers = plans[chosen.plan].triggers
    return triggers[chosen.trigger] if chosen.trigger < len(triggers) else None


def _unit_squares(scenario: Scenario, side: str, references) -> list[tuple[int, int]]:
    force = scenario.force(side)
    return [
        unit.at
        for formation in (force.formations if force else ())
        for unit in formation.units
        if unit.at is not None and (formation.letter in references or f"{formation.letter}{unit.index}" in references)
    ]


def route_end(scenario: Scenario, chosen: Chosen) -> tuple[int, int] | None:
    """Where the chosen group's route ends: its last order's square, else where its first unit stands, else (a
    group of reinforcements, on no square before they arrive) the objective area's centre, to be changed in the
    order's form."""
    group = group_of(scenario, chosen)
    if group is None:
        return None
    squares = [o.square for o in group.orders if o.square is not None]
    if squares:
        return squares[-1]
    placed = _unit_squares(scenario, chosen.side or "", group.units)
    return placed[0] if placed else scenario.objective_center


# -- texts ---------------------------------------------------------------------------------------------------------
def summary(scenario: Scenario) -> str:
    counts = [f"{force.side} {len(plans_of(scenario, force.side))}" for force in scenario.forces]
    return f"AI plans per side: {', '.join(counts)}. Used only when the computer plays the side."


def plan_text(plan: AiPlan) -> str:
    weight = f"{plan.weight:g}"
    return f"{plan.name or plan.id}  (weight {weight}, {len(plan.groups)} group(s))"


def group_text(group: PlanGroup, row: int) -> str:
    then = ", then hold" if group.then == "hold" else ""
    return f"{row + 1}. {', '.join(group.units)}: {len(group.orders)} order(s){then}"


def waits_text(order: PlanOrder) -> str:
    start = order.start
    if start is None:
        return ""
    parts = ([f"turn {start.turn}"] if start.turn is not None else []) + (
        [f"trigger {start.trigger}"] if start.trigger else []
    )
    return " and ".join(parts)


def order_text(order: PlanOrder, row: int) -> str:
    square = f" {order.square[0]},{order.square[1]}" if order.square is not None else ""
    speed = f" {order.speed}" if order.speed else ""
    waits = waits_text(order)
    return f"{row + 1}. {order.kind}{square}{speed}" + (f"  (waits for {waits})" if waits else "")


def condition_text(when: Condition) -> str:
    if isinstance(when, TurnReached):
        return f"turn {when.turn}"
    if isinstance(when, ObjectiveHeld):
        return f"{when.objective} held by {when.held_by}"
    if isinstance(when, EnemyIn):
        (x0, y0), (x1, y1) = when.corner, when.opposite
        return f"enemy in {x0},{y0}-{x1},{y1}"
    if isinstance(when, Losses):
        return f"losses of {', '.join(when.units)} over {when.over:g}"
    word = "all" if isinstance(when, AllOf) else "any"
    return f"{word} of ({'; '.join(condition_text(c) for c in when.conditions)})"


def trigger_text(trigger: Trigger) -> str:
    return f"{trigger.id}: {condition_text(trigger.when)}"


def condition_parts(when: Condition, part: tuple = ()) -> list[tuple[tuple, str]]:
    """(part, text) of the condition and of every condition inside its all/any, depth first, as the trigger form
    lists them (part: rows through the nested lists, plan_edits.part_path's)."""
    if not isinstance(when, (AllOf, AnyOf)):
        return [(part, "    " * len(part) + condition_text(when))]
    word = "all" if isinstance(when, AllOf) else "any"
    rows = [(part, "    " * len(part) + f"{word} of:")]
    for row, inner in enumerate(when.conditions):
        rows += condition_parts(inner, (*part, row))
    return rows


def condition_part(when: Condition, part: tuple) -> Condition | None:
    """The condition at `part` inside `when`; None if there is none there (the condition changed)."""
    for row in part:
        if not isinstance(when, (AllOf, AnyOf)) or row >= len(when.conditions):
            return None
        when = when.conditions[row]
    return when


def condition_values(when: Condition) -> tuple[str, dict]:
    """(kind, values) of a condition as the trigger form shows them (plan_edits.condition's keywords)."""
    if isinstance(when, TurnReached):
        return "turn", {"turn": when.turn}
    if isinstance(when, ObjectiveHeld):
        return "objective", {"objective": when.objective, "held_by": when.held_by}
    if isinstance(when, EnemyIn):
        return "enemy_in", {"enemy_in": (*when.corner, *when.opposite)}
    if isinstance(when, Losses):
        return "losses", {"units": list(when.units), "over": when.over}
    return ("all" if isinstance(when, AllOf) else "any"), {}


def default_values(scenario: Scenario | None, kind: str) -> dict:
    """A valid condition of `kind` to start the form from: turn 2; the first objective held by the first side;
    a 5-square box round the objective area's centre; half of the first side's first formation lost."""
    if scenario is None:
        return {}
    sides = [force.side for force in scenario.forces]
    if kind == "turn":
        return {"turn": 2}
    if kind == "objective":
        first = scenario.objectives[0].id if scenario.objectives else ""
        return {"objective": first, "held_by": sides[0] if sides else ""}
    if kind == "enemy_in":
        cx, cy = scenario.objective_center or (2, 2)
        return {"enemy_in": (max(0, cx - 2), max(0, cy - 2), cx + 2, cy + 2)}
    if kind == "losses":
        force = scenario.forces[0] if scenario.forces else None
        letter = force.formations[0].letter if force and force.formations else "A"
        return {"units": [letter], "over": 0.5}
    return {}


# -- the map -------------------------------------------------------------------------------------------------------
def _areas(when: Condition):
    if isinstance(when, EnemyIn):
        (x0, y0), (x1, y1) = when.corner, when.opposite
        yield (x0, y0, x1, y1)
    for inner in when.conditions if isinstance(when, (AllOf, AnyOf)) else ():
        yield from _areas(inner)


def plan_marks(scenario: Scenario, chosen: Chosen) -> PlanMarks | None:
    """The chosen plan's routes (the chosen group's drawn stronger) and trigger areas; None when no plan is."""
    plans = plans_of(scenario, chosen.side)
    if chosen.plan is None or chosen.plan >= len(plans):
        return None
    plan = plans[chosen.plan]
    routes = []
    for row, group in enumerate(plan.groups):
        placed = _unit_squares(scenario, chosen.side or "", group.units)
        waypoints, number = [], 0
        for order in group.orders:
            number += 1
            if order.square is not None:
                waypoints.append(Waypoint(number, order.square, order.kind, waits_text(order)))
        routes.append(
            PlanRoute(
                row,
                group_colour(row),
                ", ".join(group.units),
                placed[0] if placed else None,
                tuple(waypoints),
                focused=row == chosen.group,
            )
        )
    areas = [
        TriggerArea(trigger.id, rect, focused=row == chosen.trigger)
        for row, trigger in enumerate(plan.triggers)
        for rect in _areas(trigger.when)
    ]
    return PlanMarks(f"{chosen.side}: {plan.name or plan.id}", tuple(routes), tuple(areas))
