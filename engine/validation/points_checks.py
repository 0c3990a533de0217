"""The points module's reckoning of a scenario (docs/rules.md 16.4): each side's budget in tabletop points, what its
formations cost in them, and the checks of both. The order-of-battle editor shows the same numbers.

As with selection points, a formation bought from a TO&E template costs its template's `points`; the command HQ and
a formation built by hand have no price in the pack's data and count nothing. A unit's own points (count x its
weapon's points) are shown for information: a template's points are the sum of its units' (scripts/tabletop_points.py).
"""

from __future__ import annotations

from ..issues import Issue, did_you_mean, warning
from ..model import Scenario, Weapon
from ..model.content import Content
from ..model.modules import POINTS
from .force_checks import _at


def uses_points(s: Scenario) -> bool:
    """The scenario counts tabletop points: it turns the points module on or gives a points budget."""
    return POINTS in s.modules or bool(s.points)


def points_budget(s: Scenario, side: str) -> int | None:
    """The side's budget in tabletop points, None when the scenario gives none."""
    return dict(s.points).get(side)


def points_spent(content: Content, force) -> int:
    """What the force's formations bought from templates cost in tabletop points."""
    templates = (content.formation(f.template) for f in force.formations if f.template)
    return sum(t.points or 0 for t in templates if t is not None)


def unit_points(weapon: Weapon | None, count: int) -> int | None:
    """A unit's tabletop points: count x its weapon's; None when the weapon has none (or does not resolve)."""
    return None if weapon is None or weapon.points is None else weapon.points * count


def check_points(s: Scenario, content: Content, sides) -> list[Issue]:
    """An unknown game size; a side whose bought formations cost more points than its budget (a warning, as for
    selection points)."""
    out: list[Issue] = []
    profile = content.known_ruleset
    if s.game_size is not None and profile.game_size(s.game_size) is None:
        names = [g.id for g in profile.game_sizes]
        out.append(
            _at(
                "scenario.game-size",
                f"unknown game size '{s.game_size}'",
                s.source,
                "game_size",
                hint=did_you_mean(s.game_size, names)
                or (f"one of: {', '.join(names)}" if names else f"{profile.name} has no game sizes; remove it"),
            )
        )
    for force in s.forces:
        budget = points_budget(s, force.side)
        spent = points_spent(content, force)
        if force.side in sides and budget is not None and spent > budget:
            out.append(
                _at(
                    "scenario.over-points",
                    f"the {force.side} formations bought from templates cost {spent} points; "
                    f"the points budget is {budget}",
                    force.source,
                    "formations",
                    severity=warning,
                    hint="remove a formation, or raise the side's 'points:'",
                )
            )
    return out
