"""AI plans: how the designer tells the computer player to fight a scenario (issue 26).

A scenario may give each side plans; when the computer plays that side, one plan is drawn by weight for the game.
A plan puts units into groups, each with orders run in sequence, and names triggers that orders may wait for. The
plan says where to go and when; the computer player still decides the tactics as the rules do (docs/rules.md 15).
"""

from __future__ import annotations

from dataclasses import field

from tacforge.engine.cached_dataclass import dataclass

from .source import Source

# No dig_in: the rules dig entrenchments only while deploying an assault (docs/rules.md 1.6), never in battle.
ORDER_KINDS = ("move", "attack", "hold", "embark", "disembark")
SPEEDS = ("fast", "normal", "careful")
THEN_KINDS = ("hold",)  # what a group does when its orders are done; None: doctrine


@dataclass(frozen=True, slots=True)
class TurnReached:
    """From turn `turn` on."""

    turn: int
    source: Source = field(default=Source(None), compare=False)


@dataclass(frozen=True, slots=True)
class ObjectiveHeld:
    """The typed objective `objective`'s square is held by `held_by` (its units alone on it at the end of a turn)."""

    objective: str
    held_by: str
    source: Source = field(default=Source(None), compare=False)


@dataclass(frozen=True, slots=True)
class EnemyIn:
    """An enemy unit, seen by the side, is inside the rectangle from `corner` to `opposite` (inclusive)."""

    corner: tuple[int, int]
    opposite: tuple[int, int]
    source: Source = field(default=Source(None), compare=False)

    def contains(self, square: tuple[int, int]) -> bool:
        (x0, y0), (x1, y1) = self.corner, self.opposite
        return min(x0, x1) <= square[0] <= max(x0, x1) and min(y0, y1) <= square[1] <= max(y0, y1)


@dataclass(frozen=True, slots=True)
class Losses:
    """The side's own units `units` (unit refs "A1" or formation letters "B") have lost more than the share `over`
    (0-1) of their starting strength (men, guns and vehicles killed)."""

    units: tuple[str, ...]
    over: float
    source: Source = field(default=Source(None), compare=False)


@dataclass(frozen=True, slots=True)
class AllOf:
    conditions: tuple[Condition, ...]
    source: Source = field(default=Source(None), compare=False)


@dataclass(frozen=True, slots=True)
class AnyOf:
    conditions: tuple[Condition, ...]
    source: Source = field(default=Source(None), compare=False)


Condition = TurnReached | ObjectiveHeld | EnemyIn | Losses | AllOf | AnyOf


@dataclass(frozen=True, slots=True)
class Trigger:
    """Fires once, at the start of the side's first orders phase in which its condition holds; orders may `start`
    on it from then on."""

    id: str
    when: Condition
    source: Source = field(default=Source(None), compare=False)


@dataclass(frozen=True, slots=True)
class PlanStart:
    """When an order may start (besides its predecessor being done): from turn `turn`, once trigger `trigger` has
    fired; both when both are given."""

    turn: int | None = None
    trigger: str | None = None
    source: Source = field(default=Source(None), compare=False)


@dataclass(frozen=True, slots=True)
class PlanOrder:
    """One order of a group. move/attack go to `square` (attack moves with Priority fire, docs/rules.md 15);
    hold keeps the group in place, fighting, until the next order starts; embark and disembark load the group's
    infantry onto its carriers and unload them. `speed` is a move's pace: fast | normal | careful."""

    kind: str
    square: tuple[int, int] | None = None
    speed: str | None = None
    start: PlanStart | None = None
    source: Source = field(default=Source(None), compare=False)


@dataclass(frozen=True, slots=True)
class PlanGroup:
    """Units (refs "A1" and/or whole formations "B") that follow `orders` in sequence; `then`: what they do once the
    orders are done, "hold" or None for the doctrine."""

    units: tuple[str, ...]
    orders: tuple[PlanOrder, ...] = ()
    then: str | None = None
    source: Source = field(default=Source(None), compare=False)


@dataclass(frozen=True, slots=True)
class AiPlan:
    id: str
    name: str = ""
    weight: float = 1.0
    groups: tuple[PlanGroup, ...] = ()
    triggers: tuple[Trigger, ...] = ()
    source: Source = field(default=Source(None), compare=False)

    def trigger(self, trigger_id: str) -> Trigger | None:
        return next((t for t in self.triggers if t.id == trigger_id), None)


def sub_conditions(condition: Condition) -> tuple[Condition, ...]:
    """The conditions directly inside an all/any condition; () for the others."""
    return condition.conditions if isinstance(condition, (AllOf, AnyOf)) else ()
