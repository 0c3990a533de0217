"""A scenario's AI plans (schemas/scenario.schema.json `ai_plans`: per side, a list of plans, each with weighted
groups of units, their orders and the triggers that start them) as edits, each ONE undo command. Qt-free: the AI
Plans dock calls these, and so does the map (a waypoint picked on a square, a trigger area drawn as a rectangle).

A plan lives at ("ai_plans", side, plan row); its groups at (..., "groups", group row), a group's orders at
(..., "orders", order row), its triggers at (..., "triggers", trigger row). An emptied list takes its key with it,
so the file never keeps an `ai_plans: {}` or a side with no plans. Orders and conditions are written on one line,
as the issue's example writes them: {move: [22, 15], speed: fast}, {when: {turn: 5}}.
"""

from __future__ import annotations

from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from tacforge.engine.model import Scenario

from ..document import MISSING, bulk_edit
from .scenario_edits import flow_square

ROOT = "ai_plans"
SQUARE_ORDERS = ("move", "attack")  # the kinds that go to a square; the others are a flag (`hold: true`)
CONDITIONS = ("turn", "objective", "enemy_in", "losses")  # the plain kinds; `all` and `any` combine them
COMBINED = ("all", "any")


def _flow_map(pairs) -> CommentedMap:
    node = CommentedMap(pairs)
    node.fa.set_flow_style()
    return node


def _flow_seq(items) -> CommentedSeq:
    node = CommentedSeq(items)
    node.fa.set_flow_style()
    return node


def plan_path(side: str, plan: int) -> tuple:
    return (ROOT, side, plan)


def group_path(side: str, plan: int, group: int) -> tuple:
    return (*plan_path(side, plan), "groups", group)


def order_path(side: str, plan: int, group: int, order: int) -> tuple:
    return (*group_path(side, plan, group), "orders", order)


def trigger_path(side: str, plan: int, trigger: int) -> tuple:
    return (*plan_path(side, plan), "triggers", trigger)


def _append(document, table: tuple, row, text: str) -> int:
    """`row` after the others of the list at `table` (made when absent): its index, as one undo step."""
    rows = document.value(*table)
    if rows is None:
        document.set_value(table, [row], text)
        return 0
    at = len(rows)  # before the insert: the list is the document's own, which the insert grows
    document.insert_rows(table, at, [row], text)
    return at


def _remove(document, table: tuple, row: int, text: str, keep_list: bool = False) -> None:
    """Row `row` of the list at `table`; the last row takes the key with it (and an emptied `ai_plans` goes too),
    unless `keep_list` (a plan's groups and a group's orders are lists the schema asks for, empty or not)."""
    rows = document.value(*table)
    if len(rows) > 1 or keep_list:
        document.remove_rows(table, row, 1, text)
        return
    if table[:1] == (ROOT,) and len(table) == 2 and list(document.value(ROOT)) == [table[1]]:
        document.set_value((ROOT,), MISSING, text)
    else:
        document.set_value(table, MISSING, text)


# -- plans ---------------------------------------------------------------------------------------------------------
def plan_ids(document, side: str) -> list[str]:
    return [str(p.get("id")) for p in document.value(ROOT, side, default=None) or ()]


def add_plan(document, side: str, name: str = "") -> int:
    """A new plan for `side` with a fresh id and no groups yet: its row, as one undo step."""
    taken = set(plan_ids(document, side))
    ident = next(f"plan_{n}" for n in range(1, len(taken) + 2) if f"plan_{n}" not in taken)
    row = CommentedMap([("id", ident), ("name", name or ident.replace("_", " ").capitalize()), ("groups", [])])
    text = f"Add AI plan {ident} for {side}"
    with bulk_edit(document, text):
        if document.value(ROOT) is None:
            document.set_value((ROOT,), CommentedMap(), text)
        return _append(document, (ROOT, side), row, text)


def remove_plan(document, side: str, plan: int) -> None:
    ident = document.value(*plan_path(side, plan), "id")
    _remove(document, (ROOT, side), plan, f"Delete AI plan {ident} of {side}")


def set_plan_value(document, side: str, plan: int, key: str, value: Any) -> bool:
    """The plan's `name`, `id` or `weight` (MISSING: back to the default weight 1). True if an edit was made."""
    path = plan_path(side, plan)
    if document.value(*path, key, default=MISSING) == value:
        return False
    ident = document.value(*path, "id")
    if key != "id":
        document.set_value((*path, key), value, f"Change {key} of AI plan {ident}")
        return True
    if value in plan_ids(document, side):
        raise ValueError(f"{side} already has a plan '{value}': a plan's id is unique per side")
    document.set_value((*path, key), value, f"Change id of AI plan {ident} to {value}")
    return True


# -- groups --------------------------------------------------------------------------------------------------------
def unit_references(scenario: Scenario, keys) -> tuple[str, list[str]]:
    """(side, references) of the selected units, keys (side, formation row, unit row) as the map and the Order of
    battle give them: a whole formation as its letter ("B"), the others as unit references ("A1"). ValueError if
    the units are of two sides or none is selected."""
    sides = {key[0] for key in keys}
    if len(sides) != 1:
        raise ValueError("select the units of one side on the map or in the Order of battle first")
    side = sides.pop()
    force = scenario.force(side)
    refs = []
    for row, formation in enumerate(force.formations if force else ()):
        chosen = sorted(u for s, f, u in keys if f == row)
        if not chosen:
            continue
        if len(chosen) == len(formation.units):
            refs.append(formation.letter)
        else:
            refs += [f"{formation.letter}{formation.units[u].index}" for u in chosen]
    return side, refs


def unit_keys(scenario: Scenario, side: str, references) -> frozenset:
    """The keys (side, formation row, unit row) of the units `references` name (unknown ones are left out)."""
    force = scenario.force(side)
    keys = set()
    for row, formation in enumerate(force.formations if force else ()):
        for u, unit in enumerate(formation.units):
            if formation.letter in references or f"{formation.letter}{unit.index}" in references:
                keys.add((side, row, u))
    return frozenset(keys)


def add_group(document, side: str, plan: int, references: list[str]) -> int:
    """A group of the units `references` name, with no orders yet (it fights by doctrine until it has some)."""
    row = CommentedMap([("units", _flow_seq(references)), ("orders", [])])
    ident = document.value(*plan_path(side, plan), "id")
    return _append(document, (*plan_path(side, plan), "groups"), row, f"Add group {', '.join(references)} to {ident}")


def set_group_units(document, side: str, plan: int, group: int, references: list[str]) -> None:
    path = group_path(side, plan, group)
    document.set_value((*path, "units"), _flow_seq(references), f"Group {', '.join(references)}")


def set_group_then(document, side: str, plan: int, group: int, hold: bool) -> None:
    """What the group does when its orders are done: hold where it is, or (False) fight by doctrine."""
    path = group_path(side, plan, group)
    value = "hold" if hold else MISSING
    if document.value(*path, "then", default=MISSING) != value:
        document.set_value((*path, "then"), value, "Then hold" if hold else "Then fight by doctrine")


def remove_group(document, side: str, plan: int, group: int) -> None:
    _remove(document, (*plan_path(side, plan), "groups"), group, f"Delete group {group + 1}", keep_list=True)


# -- orders --------------------------------------------------------------------------------------------------------
def order_kind(order) -> str:
    """The kind of a raw order mapping: its one key that is neither speed nor start."""
    return next(str(k) for k in order if k not in ("speed", "start"))


def add_order(document, side: str, plan: int, group: int, kind: str, square=None) -> int:
    """An order after the group's others: a square kind goes to `square`, a flag kind is `{kind: true}`."""
    if kind in SQUARE_ORDERS and square is None:
        raise ValueError(f"a {kind} order needs a square")
    value = flow_square(square) if kind in SQUARE_ORDERS else True
    where = f" to {square[0]},{square[1]}" if kind in SQUARE_ORDERS else ""
    table = (*group_path(side, plan, group), "orders")
    return _append(document, table, _flow_map([(kind, value)]), f"Add {kind} order{where}")


def set_order_kind(document, side: str, plan: int, group: int, order: int, kind: str, square=None) -> None:
    """Another kind for the order, keeping its speed and start (a square kind keeps the old square, else
    `square`)."""
    path = order_path(side, plan, group, order)
    old = document.value(*path)
    old_kind = order_kind(old)
    if old_kind == kind:
        return
    value: Any = True
    if kind in SQUARE_ORDERS:
        square = old[old_kind] if old_kind in SQUARE_ORDERS else square
        if square is None:
            raise ValueError(f"a {kind} order needs a square")
        value = flow_square(square)
    pairs = [(kind, value)] + [(k, v) for k, v in old.items() if k in ("speed", "start")]
    document.set_value(path, _flow_map(pairs), f"Make order {order + 1} {kind}")


def set_order_square(document, side: str, plan: int, group: int, order: int, square) -> None:
    path = order_path(side, plan, group, order)
    kind = order_kind(document.value(*path))
    if kind not in SQUARE_ORDERS:
        raise ValueError(f"a {kind} order has no square")
    if list(document.value(*path, kind)) == list(square):
        return  # a form's field left unchanged makes no undo step
    document.set_value((*path, kind), flow_square(square), f"Move waypoint {order + 1} to {square[0]},{square[1]}")


def set_order_speed(document, side: str, plan: int, group: int, order: int, speed: str | None) -> None:
    """The order's speed (None: the engine's own choice)."""
    path = order_path(side, plan, group, order)
    value = MISSING if speed is None else speed
    if document.value(*path, "speed", default=MISSING) != value:
        document.set_value((*path, "speed"), value, f"Speed of order {order + 1}: {speed or 'default'}")


def set_order_start(document, side: str, plan: int, group: int, order: int, turn=None, trigger=None) -> None:
    """When the order may start once the one before is done: on a turn, when a trigger fires, or (neither) at
    once."""
    path = order_path(side, plan, group, order)
    value: Any
    if turn is not None:
        value, text = _flow_map([("turn", int(turn))]), f"Start order {order + 1} on turn {turn}"
    elif trigger is not None:
        value, text = _flow_map([("trigger", trigger)]), f"Start order {order + 1} when {trigger} fires"
    else:
        value, text = MISSING, f"Start order {order + 1} at once"
    old = document.value(*path, "start", default=MISSING)
    if old is MISSING and value is MISSING or old is not MISSING and value is not MISSING and dict(old) == dict(value):
        return
    document.set_value((*path, "start"), value, text)


def move_order(document, side: str, plan: int, group: int, order: int, step: int) -> int:
    """Swap the order with the one `step` (-1 earlier, +1 later) away: its new row (unchanged at an end)."""
    table = (*group_path(side, plan, group), "orders")
    rows = document.value(*table)
    other = order + step
    if not 0 <= other < len(rows):
        return order
    first, second = sorted((order, other))
    moved = [rows[second], rows[first]]
    with bulk_edit(document, f"Move order {order + 1} {'up' if step < 0 else 'down'}"):
        document.remove_rows(table, first, 2, "Move order")
        document.insert_rows(table, first, moved, "Move order")
    return other


def remove_order(document, side: str, plan: int, group: int, order: int) -> None:
    _remove(document, (*group_path(side, plan, group), "orders"), order, f"Delete order {order + 1}", keep_list=True)


# -- triggers ------------------------------------------------------------------------------------------------------
def trigger_ids(document, side: str, plan: int) -> list[str]:
    return [str(t.get("id")) for t in document.value(*plan_path(side, plan), "triggers", default=None) or ()]


def condition(kind: str, **values) -> CommentedMap:
    """A condition as the file writes it, from the form's values:
    turn=N; objective=ID, held_by=SIDE; enemy_in=(x0, y0, x1, y1) inclusive corners; units=[...], over=0.5."""
    if kind == "turn":
        return _flow_map([("turn", int(values["turn"]))])
    if kind == "objective":
        return _flow_map([("objective", values["objective"]), ("held_by", values["held_by"])])
    if kind == "enemy_in":
        x0, y0, x1, y1 = values["enemy_in"]
        return _flow_map([("enemy_in", _flow_seq([flow_square((x0, y0)), flow_square((x1, y1))]))])
    if kind == "losses":
        losses = _flow_map([("units", _flow_seq(values["units"])), ("over", float(values["over"]))])
        return _flow_map([("losses", losses)])
    raise ValueError(f"unknown kind of condition '{kind}'; expected one of {', '.join(CONDITIONS)}")


def add_trigger(document, side: str, plan: int, when: CommentedMap) -> int:
    """A trigger with a fresh id firing on `when` (a `condition`): its row."""
    taken = set(trigger_ids(document, side, plan))
    ident = next(f"trigger_{n}" for n in range(1, len(taken) + 2) if f"trigger_{n}" not in taken)
    row = _flow_map([("id", ident), ("when", when)])
    return _append(document, (*plan_path(side, plan), "triggers"), row, f"Add trigger {ident}")


def set_trigger_when(document, side: str, plan: int, trigger: int, when: CommentedMap, part: tuple = ()) -> None:
    """The trigger's condition, or (`part`) one condition inside its all/any, becomes `when`."""
    path = part_path(document, side, plan, trigger, part)
    if document.value(*path) == when:
        return  # a form's field left unchanged makes no undo step
    ident = document.value(*trigger_path(side, plan, trigger), "id")
    document.set_value(path, when, f"Change condition of trigger {ident}{_part_text(part)}")


# -- the conditions inside an all/any ------------------------------------------------------------------------------
# A part is the rows through nested all/any lists: () the whole condition, (1,) the second inside it, (1, 0) the
# first inside that one.
def combined_kind(node) -> str | None:
    """`all` or `any` for a raw condition mapping that combines others; None for a plain one."""
    return next((kind for kind in COMBINED if kind in node), None)


def part_path(document, side: str, plan: int, trigger: int, part: tuple) -> tuple:
    path = (*trigger_path(side, plan, trigger), "when")
    for row in part:
        kind = combined_kind(document.value(*path))
        if kind is None:
            raise ValueError(f"the trigger has no condition{_part_text(part)}: its condition changed")
        path = (*path, kind, row)
    return path


def _part_text(part: tuple) -> str:
    return f" (part {'.'.join(str(row + 1) for row in part)})" if part else ""


def combine(kind: str, node) -> CommentedMap:
    """The raw condition `node` as an `all` or `any` (`kind`): the parts of one that combines are kept, a plain one
    becomes its first part."""
    if kind not in COMBINED:
        raise ValueError(f"unknown way to combine conditions '{kind}'; expected one of {', '.join(COMBINED)}")
    inner = combined_kind(node)
    parts = list(node[inner]) if inner else [node]
    return _flow_map([(kind, _flow_seq([_flow_copy(p) for p in parts]))])


def _flow_copy(node):
    """A copy of a raw condition, on one line as the file writes conditions (a plain copy loses the flow style,
    and ruamel writes a one-key mapping inside a list as `turn: 5`)."""
    if isinstance(node, dict):
        return _flow_map([(key, _flow_copy(value)) for key, value in node.items()])
    if isinstance(node, list):
        return _flow_seq([_flow_copy(item) for item in node])
    return node


def add_condition_part(document, side: str, plan: int, trigger: int, part: tuple, when: CommentedMap) -> int:
    """`when` after the other conditions of the all/any at `part`: its row, as one undo step."""
    path = part_path(document, side, plan, trigger, part)
    kind = combined_kind(document.value(*path))
    if kind is None:
        raise ValueError("only an all or any condition has parts: make the condition all or any first")
    ident = document.value(*trigger_path(side, plan, trigger), "id")
    return _append(document, (*path, kind), when, f"Add a condition to trigger {ident}{_part_text(part)}")


def remove_condition_part(document, side: str, plan: int, trigger: int, part: tuple) -> None:
    """The condition at `part` out of its all/any, which keeps one at least (the schema's minItems)."""
    if not part:
        raise ValueError("the trigger's whole condition is not a part: delete the trigger instead")
    table = part_path(document, side, plan, trigger, part)[:-1]
    if len(document.value(*table)) == 1:
        raise ValueError("an all or any keeps one condition at least: change its kind instead")
    ident = document.value(*trigger_path(side, plan, trigger), "id")
    document.remove_rows(table, part[-1], 1, f"Delete condition{_part_text(part)} of trigger {ident}")


def _starts_on(document, side: str, plan: int, ident: str):
    """The paths of the orders of the plan that start when trigger `ident` fires."""
    for g, group in enumerate(document.value(*plan_path(side, plan), "groups", default=None) or ()):
        for o, order in enumerate(group.get("orders") or ()):
            start = order.get("start")
            if isinstance(start, dict) and start.get("trigger") == ident:
                yield (*order_path(side, plan, g, o), "start")


def rename_trigger(document, side: str, plan: int, trigger: int, new: str) -> None:
    """A new id for the trigger, and for the orders that start on it (one undo step)."""
    path = trigger_path(side, plan, trigger)
    old = str(document.value(*path, "id"))
    if new == old:
        return
    if new in trigger_ids(document, side, plan):
        raise ValueError(f"the plan already has a trigger '{new}': a trigger's id is unique in its plan")
    text = f"Rename trigger {old} to {new}"
    with bulk_edit(document, text):
        for start in list(_starts_on(document, side, plan, old)):
            document.set_value(start, _flow_map([("trigger", new)]), text)
        document.set_value((*path, "id"), new, text)


def remove_trigger(document, side: str, plan: int, trigger: int) -> None:
    """The trigger, and the starts of the orders that waited for it (they start at once then): one undo step."""
    ident = str(document.value(*trigger_path(side, plan, trigger), "id"))
    text = f"Delete trigger {ident}"
    with bulk_edit(document, text):
        for start in list(_starts_on(document, side, plan, ident)):
            document.set_value(start, MISSING, text)
        _remove(document, (*plan_path(side, plan), "triggers"), trigger, text)
