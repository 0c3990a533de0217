"""AI plans (docs/rules.md 15.9): the designer's plan for a side, a layer above the doctrine.

One plan per side and game is drawn by weight from the game's seed with a generator of its own (the battle's is
untouched, so a scenario without plans plays exactly as before). The battle state keeps the plan, the order each
group is on and the triggers fired, so that a saved game goes on with its plan. Each orders phase the triggers
whose condition holds fire, each group moves on to its next order when the current one is done and the next one's
`start` holds, and the group's units get the orders of their current order's drill, with the tactics of the
doctrine (tactics.py). Units outside every group, and the groups whose orders are done (unless `then: hold`),
are left to the doctrine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..model import AiPlan, AllOf, AnyOf, Condition, EnemyIn, Losses, ObjectiveHeld, PlanGroup, PlanOrder, TurnReached
from ..rules.geometry import chebyshev
from ..sim import orders as o
from ..sim.move_resolution import crowded
from ..sim.objectives import holder
from ..sim.orders import spare_capacity
from ..sim.pathing import UNREACHED
from .knowledge import Picture
from .tactics import TRANSIT_RANGE, assault_target, face_threat, go, hold
from .terrain import clamp, offset_in_formation, passable

if TYPE_CHECKING:
    from ..sim.battle import Battle
    from ..sim.state import GameState, PlanProgress, UnitState


def draw_plan(plans: Sequence[AiPlan], seed: int, side: str) -> AiPlan | None:
    """The plan a game with this seed uses for the side, by weight; None when every weight is 0."""
    total = sum(p.weight for p in plans)
    if total <= 0:
        return None
    pick = random.Random(f"ai-plan:{seed}:{side}").random() * total  # string seeds hash the same in every process
    for plan in plans:
        pick -= plan.weight
        if pick < 0 and plan.weight > 0:
            return plan
    return next(p for p in reversed(plans) if p.weight > 0)  # the float sum may leave a sliver


def side_plan(battle: Battle, side: str) -> AiPlan | None:
    """The side's plan for this game, drawn (and recorded, with its event) the first time the computer asks."""
    plans = battle.scenario.ai_plans.get(side, ())
    if not plans:
        return None
    progress = battle.state.plans.get(side)
    if progress is not None:
        return next((p for p in plans if p.id == progress.plan), None)
    plan = draw_plan(plans, battle.state.seed, side)
    if plan is not None:
        battle.follow_plan(side, plan.id, len(plan.groups))
    return plan


def units_named(pic: Picture, refs: Sequence[str]) -> list[UnitState]:
    """The side's units the references name ("A1" a unit, "B" a formation), each once, in the order named."""
    out: dict[str, UnitState] = {}
    for ref in refs:
        if len(ref) == 1:
            named = formation_units(pic).get(ref, [])
        else:
            unit = pic.state.unit(pic.side, ref)
            named = [unit] if unit is not None else []
        for unit in named:
            out.setdefault(unit.uid, unit)
    return list(out.values())


def formation_units(pic: Picture) -> dict[str, list[UnitState]]:
    """The side's units by formation letter, each formation's in index order: every group and Losses condition
    that names a formation asks, so sorted out once for the orders phase (a pass over the units, not one each)."""
    hit = pic.memo.get(("formation units",))
    if hit is None:
        hit = {}
        for unit in pic.state.side_units(pic.side):
            hit.setdefault(unit.letter, []).append(unit)
        for units in hit.values():
            units.sort(key=lambda u: u.index)  # (stable: units of one index keep the order side_units gives)
        pic.memo[("formation units",)] = hit
    return hit


def condition_holds(pic: Picture, condition: Condition) -> bool:
    state = pic.state
    if isinstance(condition, TurnReached):
        return state.turn >= condition.turn
    if isinstance(condition, ObjectiveHeld):
        objective = next((obj for obj in state.objectives if obj.id == condition.objective), None)
        return objective is not None and objective.at is not None and holder(state, objective.at) == condition.held_by
    if isinstance(condition, EnemyIn):
        return any(condition.contains(enemy.square) for enemy in pic.known)
    if isinstance(condition, Losses):
        units = units_named(pic, condition.units)
        strength = sum(u.initial_count for u in units)
        lost = sum(u.initial_count - u.count for u in units)
        return strength > 0 and lost / strength > condition.over
    if isinstance(condition, AllOf):
        return all(condition_holds(pic, c) for c in condition.conditions)
    assert isinstance(condition, AnyOf)
    return any(condition_holds(pic, c) for c in condition.conditions)


def fire_triggers(pic: Picture, plan: AiPlan, progress: PlanProgress) -> None:
    for trigger in plan.triggers:
        if trigger.id not in progress.fired and condition_holds(pic, trigger.when):
            pic.battle.fire_trigger(pic.side, trigger.id)


def may_start(order: PlanOrder, state: GameState, progress: PlanProgress) -> bool:
    start = order.start
    if start is None:
        return True
    return (start.turn is None or state.turn >= start.turn) and (
        start.trigger is None or start.trigger in progress.fired
    )


def movers(members: list[UnitState]) -> list[UnitState]:
    """The members that move themselves: on the map, not carried, not routed, able to move."""
    return [u for u in members if u.pos is not None and u.carrier is None and not u.routed and u.weapon.sp > 0]


def lead_of(members: list[UnitState]) -> UnitState | None:
    """The unit the group's moves are made for (the others keep their place around it): its headquarters, else
    the first unit named that moves itself."""
    moving = movers(members)
    return next((u for u in moving if u.is_hq), moving[0] if moving else None)


def destination(pic: Picture, unit: UnitState, lead: UnitState | None, square: tuple[int, int]) -> tuple[int, int]:
    """Where the unit goes when its group moves to `square`: its place in the group's deployed shape around the
    square, or the square itself where that place is off limits to it."""
    off = offset_in_formation(unit, lead)
    there = clamp(pic.battle, (square[0] + off[0], square[1] + off[1]))
    return there if passable(pic.battle, unit, there) else square


def got_there(pic: Picture, unit: UnitState, square: tuple[int, int]) -> bool:
    """Arrived, or can get no closer: no way there, or next to it with the square full of its own side."""
    if unit.pos == square:
        return True
    x, y = unit.square
    if int(pic.battle.field(unit).distance_to(square)[y, x]) >= UNREACHED:
        return True
    return chebyshev(unit.square, square) <= 1 and crowded(square, unit, pic.battle)


def carriers_with_room(pic: Picture, members: list[UnitState]) -> list[UnitState]:
    battle = pic.battle
    return [
        u
        for u in members
        if u.pos is not None
        and u.carrier is None
        and not u.routed
        and battle.unit_class(u).vehicle
        and spare_capacity(u, battle.state, battle.content) > 0
    ]


def riders(pic: Picture, members: list[UnitState], carriers: list[UnitState]) -> list[UnitState]:
    """The members still on foot that one of the group's carriers could take."""
    content = pic.battle.content
    return [
        u
        for u in members
        if u.pos is not None
        and u.carrier is None
        and not u.routed
        and u not in carriers
        and any(content.can_carry(c.weapon, u.weapon) for c in carriers)
    ]


def order_done(pic: Picture, order: PlanOrder, members: list[UnitState]) -> bool:
    if order.kind in ("move", "attack"):
        lead = lead_of(members)
        square = order.square
        assert square is not None  # the schema requires it of a move and an attack
        return all(got_there(pic, u, destination(pic, u, lead, square)) for u in movers(members))
    if order.kind == "embark":
        return not riders(pic, members, carriers_with_room(pic, members))
    if order.kind == "disembark":
        return not any(u.passengers for u in members if u.alive)
    return True  # hold: it lasts only until the next order starts


def current_step(pic: Picture, group: PlanGroup, index: int, progress: PlanProgress, members: list) -> int:
    """The order the group is on now, after moving past those done whose successors may start; len(orders) once
    the last is done (a last hold never is: it holds to the end). Kept in the state, so that a group once done
    stays with the doctrine wherever that takes it."""
    orders, step = group.orders, progress.steps[index]
    while step < len(orders):
        last = step == len(orders) - 1
        if step >= 0 and (last and orders[step].kind == "hold" or not order_done(pic, orders[step], members)):
            break
        if not last and not may_start(orders[step + 1], pic.state, progress):
            break
        step += 1
    if step != progress.steps[index]:
        pic.battle.plan_step(pic.side, index, step)
    return step


def plan_units(pic: Picture, plan: AiPlan, progress: PlanProgress) -> tuple[list, set[str]]:
    """Fire the triggers, move each group on, and give the orders of the groups that follow the plan now; the uids
    of their units (the doctrine leaves them alone)."""
    fire_triggers(pic, plan, progress)
    out: list[o.Order] = []
    taken: set[str] = set()
    for index, group in enumerate(plan.groups):
        members = [u for u in units_named(pic, group.units) if u.alive and u.present and not u.offmap]
        if not members:
            continue
        step = current_step(pic, group, index, progress, members)
        if step >= len(group.orders):  # its orders are done
            if group.then != "hold":
                continue  # the doctrine takes them over
            out += holding(pic, members)
        elif step < 0:
            out += holding(pic, members)  # waiting for its first order's start
        else:
            out += group_orders(pic, group.orders[step], members)
        taken.update(u.uid for u in members)
    return out, taken


def holding(pic: Picture, members: list[UnitState]) -> list:
    out: list[o.Order] = []
    for unit in members:
        if unit.pos is not None and unit.carrier is None and not unit.routed:
            out += hold(pic, unit)
    return out


def group_orders(pic: Picture, order: PlanOrder, members: list[UnitState]) -> list:
    if order.kind in ("move", "attack"):
        return moving(pic, order, members)
    if order.kind == "embark":
        return embarking(pic, members)
    if order.kind == "disembark":
        return [o.Disembark(u.uid) for u in members if u.passengers and u.pos is not None and not u.routed]
    return holding(pic, members)


# A move's pace: the share of its top speed, and the range it engages at on the way (None: its full range).
CAREFUL_SHARE = 0.5


def moving(pic: Picture, order: PlanOrder, members: list[UnitState]) -> list:
    """To the square in the group's shape. fast: the doctrine's drive (full speed, not stopping to shoot); normal:
    full speed, engaging at the unit class's advance range; careful: half speed, engaging at full range (a unit
    that fires stops, 6.10). An attack moves as normal, closes assaults on broken enemies and gives each unit the
    most dangerous enemy in its reach as Priority target."""
    battle = pic.battle
    lead = lead_of(members)
    square = order.square
    assert square is not None
    out: list[o.Order] = []
    for unit in movers(members):
        want = destination(pic, unit, lead, square)
        if got_there(pic, unit, want):
            out += hold(pic, unit)
            continue
        if order.kind == "attack":
            target = assault_target(pic, unit)
            if target is not None:
                if target not in unit.objectives[:1]:
                    out.append(o.Move(unit.uid, target))
                continue
            worst = pic.worst_in_reach(unit)
            if worst is not None and unit.priority != worst.uid and battle.sees(unit.square, worst.square):
                out.append(o.Priority(unit.uid, worst.uid))
        if order.speed == "fast":
            out += go(pic, unit, want)
            continue
        speed = max(1, int(unit.weapon.sp * CAREFUL_SHARE)) if order.speed == "careful" else unit.weapon.sp
        if not unit.objectives or unit.objectives[-1] != want:
            if unit.objectives:
                out.append(o.Cancel(unit.uid))  # a new objective would only be added after the old one (5.3)
            out.append(o.Move(unit.uid, want, speed))
        elif unit.speed != speed:
            out.append(o.SetSpeed(unit.uid, speed))
        advance = battle.unit_class(unit).advance_range
        wanted = unit.weapon.mr
        if order.speed != "careful" and advance is not None:
            wanted = max(min(wanted, advance), min(TRANSIT_RANGE, wanted))
        if unit.range_limit != wanted:
            out.append(o.SetRange(unit.uid, wanted))
    for unit in members:
        if unit.pos is not None and unit.carrier is None and unit.weapon.sp <= 0:
            out += face_threat(pic, unit)  # what cannot move fights where it stands
    return out


def embarking(pic: Picture, members: list[UnitState]) -> list:
    """Each member on foot that a carrier of the group can take boards the first with room (the carrier fetches
    it, 5.4); the rest hold."""
    battle = pic.battle
    carriers = carriers_with_room(pic, members)
    room = {c.uid: spare_capacity(c, battle.state, battle.content) for c in carriers}
    out: list[o.Order] = []
    for rider in riders(pic, members, carriers):
        cost = o.transport_cost(rider, battle.content)
        carrier = next(
            (c for c in carriers if battle.content.can_carry(c.weapon, rider.weapon) and room[c.uid] >= cost), None
        )
        if carrier is None:
            out += hold(pic, rider)
            continue
        room[carrier.uid] -= cost
        if rider.uid not in carrier.embark_queue:
            out.append(o.Embark(carrier.uid, rider.uid))
    return out
