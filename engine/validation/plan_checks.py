"""Semantic checks of a scenario's AI plans (`ai_plans:`, docs/rules.md 15.9): the schema has checked their shape;
these check what they refer to: sides, units and formations, squares, triggers and objectives."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from ..issues import Issue, did_you_mean, warning
from ..model import AiPlan, AllOf, AnyOf, Condition, EnemyIn, Losses, Map, ObjectiveHeld, Scenario, Unit, unit_arrival
from ..model.content import Content
from ..model.source import Source
from .force_checks import _at, impassable_for

Square = tuple[int, int]


def check_ai_plans(s: Scenario, content: Content) -> list[Issue]:
    if not s.ai_plans:
        return []
    content = content.for_scenario(s)
    profile = content.ruleset
    game_map = content.map(s.map)
    if profile is None:
        return []  # reported by check_scenario
    out: list[Issue] = []
    sides = [f.side for f in s.forces if profile.side(f.side) is not None]
    reach = Reach(s, content, game_map) if game_map is not None else None
    for side, plans in s.ai_plans.items():
        where = s.source.at("ai_plans")
        if side not in sides:
            hint = did_you_mean(side, sides) or "the scenario's sides: " + ", ".join(sides)
            out.append(
                _at("plan.unknown-side", f"AI plans for '{side}', a side not in this scenario", where, side, hint=hint)
            )
            continue
        seen: set[str] = set()
        for plan in plans:
            if plan.id in seen:
                out.append(_at("plan.duplicate-id", f"{side} has two AI plans '{plan.id}'", plan.source, "id"))
            seen.add(plan.id)
            out += _check_plan(s, side, plan, sides, game_map, reach)
        if plans and all(p.weight == 0 for p in plans):
            out.append(
                _at(
                    "plan.never-drawn",
                    f"every AI plan of {side} has weight 0: none is ever used, the side plays by the doctrine",
                    where,
                    side,
                    severity=warning,
                    hint="give the plan a game should use a weight above 0",
                )
            )
    return out


def _labels(s: Scenario, side: str) -> tuple[dict[str, tuple[Unit, ...]], list[str]]:
    """What a reference may name on the side: each unit (A1) and each formation (A), with the units it names."""
    force = s.force(side)
    named: dict[str, tuple[Unit, ...]] = {}
    for formation in force.formations if force else ():
        named[formation.letter] = formation.units
        for unit in formation.units:
            named[f"{formation.letter}{unit.index}"] = (unit,)
    return named, sorted(named)


def _check_refs(refs: tuple[str, ...], named: dict, side: str, src: Source, key: str, out: list[Issue]) -> None:
    for i, ref in enumerate(refs):
        if ref not in named:
            out.append(
                _at(
                    "plan.unknown-unit",
                    f"the {side} force has no {'formation' if len(ref) == 1 else 'unit'} {ref}",
                    src,
                    key,
                    i,
                    hint=did_you_mean(ref, list(named)) or "name a unit (A1) or a formation (B) of the side",
                )
            )


def _check_plan(s: Scenario, side: str, plan: AiPlan, sides: list[str], game_map: Map | None, reach) -> list[Issue]:
    out: list[Issue] = []
    named, _ = _labels(s, side)
    triggers: set[str] = set()
    for trigger in plan.triggers:
        if trigger.id in triggers:
            out.append(
                _at("plan.duplicate-trigger", f"plan '{plan.id}' has two triggers '{trigger.id}'", trigger.source, "id")
            )
        triggers.add(trigger.id)
        for condition in _conditions(trigger.when):
            out += _check_condition(s, side, condition, named, sides, game_map)
    for group in plan.groups:
        _check_refs(group.units, named, side, group.source, "units", out)
        units = [u for ref in group.units for u in named.get(ref, ())]
        for order in group.orders:
            start = order.start
            if start is not None and start.trigger is not None and start.trigger not in triggers:
                out.append(
                    _at(
                        "plan.unknown-trigger",
                        f"the order waits for trigger '{start.trigger}', which plan '{plan.id}' does not define",
                        start.source,
                        "trigger",
                        hint=did_you_mean(start.trigger, sorted(triggers)) or "define it under the plan's 'triggers'",
                    )
                )
            if order.square is None or game_map is None:
                continue
            if not game_map.contains(*order.square):
                x, y = order.square
                out.append(
                    _at(
                        "plan.square-off-map",
                        f"{order.kind} to {x},{y}: off the {game_map.width}x{game_map.height} map",
                        order.source,
                        order.kind,
                        hint=f"x runs 0-{game_map.width - 1}, y 0-{game_map.height - 1}",
                    )
                )
                continue
            stuck = [
                label for label, unit in _labelled(s, side, units) if not reach.can_reach(side, unit, order.square)
            ]
            if stuck:
                x, y = order.square
                out.append(
                    _at(
                        "plan.square-unreachable",
                        f"{order.kind} to {x},{y}: {', '.join(stuck)} cannot get there from where "
                        f"{'it starts' if len(stuck) == 1 else 'they start'}",
                        order.source,
                        order.kind,
                        hint="pick a square they can reach (a bridge, not the river), or leave them out of the group",
                    )
                )
    return out


def _labelled(s: Scenario, side: str, units: list[Unit]) -> Iterator[tuple[str, Unit]]:
    force = s.force(side)
    wanted = {id(u) for u in units}
    for formation in force.formations if force else ():
        for unit in formation.units:
            if id(unit) in wanted:
                yield f"{formation.letter}{unit.index}", unit


def _conditions(condition: Condition) -> Iterator[Condition]:
    yield condition
    if isinstance(condition, (AllOf, AnyOf)):
        for part in condition.conditions:
            yield from _conditions(part)


def _check_condition(
    s: Scenario, side: str, condition: Condition, named: dict, sides: list[str], game_map: Map | None
) -> list[Issue]:
    out: list[Issue] = []
    if isinstance(condition, ObjectiveHeld):
        objective = next((o for o in s.objectives if o.id == condition.objective), None)
        if objective is None or objective.at is None:
            with_squares = [o.id for o in s.objectives if o.at is not None]
            out.append(
                _at(
                    "plan.unknown-objective",
                    f"no capture or hold objective '{condition.objective}' in the scenario",
                    condition.source,
                    "objective",
                    hint=did_you_mean(condition.objective, with_squares) or "name a capture or hold objective's id",
                )
            )
        if condition.held_by not in sides:
            out.append(
                _at(
                    "plan.unknown-side",
                    f"held_by '{condition.held_by}' is not a side of this scenario",
                    condition.source,
                    "held_by",
                    hint=did_you_mean(condition.held_by, sides) or "the scenario's sides: " + ", ".join(sides),
                )
            )
    elif isinstance(condition, EnemyIn) and game_map is not None:
        for i, (x, y) in enumerate((condition.corner, condition.opposite)):
            if not game_map.contains(x, y):
                out.append(
                    _at(
                        "plan.square-off-map",
                        f"the area's corner {x},{y} is off the {game_map.width}x{game_map.height} map",
                        condition.source,
                        i,
                    )
                )
    elif isinstance(condition, Losses):
        _check_refs(condition.units, named, side, condition.source, "units", out)
    return out


class Reach:
    """Which squares each unit's mobility class can get to from where the unit starts (its square, else the
    squares it may enter by), over the squares it can ever enter, moving to any of the eight neighbours."""

    def __init__(self, s: Scenario, content: Content, game_map: Map):
        self.s, self.content, self.map = s, content, game_map
        self._labels: dict[frozenset[int], list[int]] = {}  # open terrain codes -> each square's component
        self._open: dict[str, set[int]] = {}  # unit class -> the terrain codes it may enter

    def can_reach(self, side: str, unit: Unit, square: Square) -> bool:
        weapon = self.content.resolve_weapon(unit.weapon, self.content.side_nationalities(side))
        if weapon is None or weapon.sp <= 0 or unit.carrier is not None:
            return True  # an unknown weapon is reported elsewhere; what rides goes where its carrier goes; a gun
            # that cannot move holds wherever its group is sent
        starts = self._starts(side, unit)
        return not starts or any(self._reaches(weapon, start, square) for start in starts)

    def _starts(self, side: str, unit: Unit) -> list[Square]:
        if unit.at is not None:
            return [unit.at]
        force = self.s.force(side)
        formation = next((f for f in force.formations if unit in f.units), None) if force else None
        arrival = unit_arrival(formation, unit) if formation is not None else None
        profile = self.content.ruleset
        if arrival is None or profile is None or profile.side(side) is None:
            return []
        return arrival.entry_squares(self.map, profile.known_side(side).home_edge)

    def _reaches(self, weapon, start: Square, square: Square) -> bool:
        """From `start` a unit gets to its open neighbours (or stays), and from there over open squares only: the
        squares of the components of open squares that touch the start (docs/rules.md 15.9's check). One labelling
        of the map per unit class answers every start, where a flood per start cost seconds on the bundled plans."""
        if square == start:
            return True
        width, height = self.map.width, self.map.height
        x, y = square
        if not (0 <= x < width and 0 <= y < height):
            return False
        labels = self._components(weapon)
        target = labels[y * width + x]
        if target < 0:
            return False
        sx, sy = start
        for nx in (sx - 1, sx, sx + 1):
            for ny in (sy - 1, sy, sy + 1):
                if 0 <= nx < width and 0 <= ny < height and labels[ny * width + nx] == target:
                    return True
        return False

    def _components(self, weapon) -> list[int]:
        """Each square's component of the squares open to the weapon's unit class (-1: closed). Classes that may
        enter the same terrain codes share one labelling."""
        open_codes = frozenset(self._open_codes(weapon))
        hit = self._labels.get(open_codes)
        if hit is not None:
            return hit
        width, height = self.map.width, self.map.height
        cells = self.map.cells
        labels = [-1 if cells[y * width + x] not in open_codes else -2 for y in range(height) for x in range(width)]
        label = 0
        for first in range(width * height):
            if labels[first] != -2:
                continue
            labels[first] = label
            todo = deque([first])
            while todo:
                i = todo.popleft()
                x, y = i % width, i // width
                for ny in (y - 1, y, y + 1):
                    if 0 <= ny < height:
                        row = ny * width
                        for nx in (x - 1, x, x + 1):
                            if 0 <= nx < width and labels[row + nx] == -2:
                                labels[row + nx] = label
                                todo.append(row + nx)
            label += 1
        self._labels[open_codes] = labels
        return labels

    def _open_codes(self, weapon) -> set[int]:
        hit = self._open.get(weapon.unit_class)
        if hit is None:
            cells, width = self.map.cells, self.map.width
            first = {code: divmod(cells.index(code), width)[::-1] for code in set(cells)}  # a square of each code
            hit = self._open[weapon.unit_class] = {
                code for code, square in first.items() if impassable_for(weapon, square, self.content, self.map) is None
            }
        return hit
