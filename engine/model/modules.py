"""The optional ruleset modules a scenario may turn on (`modules: [...]`, docs/rules.md 16).

A module adds rules from the tabletop games on top of the manuals' rules; a scenario that turns none on plays exactly
as before. This tuple is the one list of their names: schemas/model.schema.json `$defs/module` is generated from it
(`make schemas`), so a scenario naming another module is refused by the schema check.
"""

from __future__ import annotations

from collections.abc import Iterable

# name -> what it does, for `tacforge rules show` and the schema's description
MODULES: dict[str, str] = {
    "battle_rating": "each side has a battle rating; counters drawn for losses; a side whose counters reach it "
    "withdraws and loses (docs/rules.md 16)",
    "points": "forces are bought with tabletop points in a game size (squad to battalion); the order of battle "
    "counts points beside selection points (docs/rules.md 16.4)",
    "air_support": "sorties of aircraft called on a target square, anti-aircraft fire, a storm grounds them "
    "(docs/rules.md 16.6)",
}
BATTLE_RATING = "battle_rating"
POINTS = "points"
AIR_SUPPORT = "air_support"


def checked_modules(names: Iterable[str]) -> tuple[str, ...]:
    """The module names asked for (`tacforge new --modules`, the editor's New Scenario), each once and in the order
    given; a ValueError names the first unknown one."""
    chosen = tuple(dict.fromkeys(names))
    unknown = [n for n in chosen if n not in MODULES]
    if unknown:
        raise ValueError(f"unknown module '{unknown[0]}'; the modules are: {', '.join(MODULES)}")
    return chosen


def with_points_module(modules: tuple[str, ...], by_points: bool) -> tuple[str, ...]:
    """A battle bought with tabletop points turns the points module on (its order of battle counts points)."""
    return (*modules, POINTS) if by_points and POINTS not in modules else modules
