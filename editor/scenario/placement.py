"""Placing order-of-battle units on the map (a drop from the OOB tree), without widgets.

A set-up unit may stand only inside the map, on its side's side of the start line, on a square its mobility class
can enter, and - where the ruleset has the stacking rule (6.11) - with fewer than the stacking limit of friendly
units on it: the same rules the validator checks (engine/validation/scenario_checks.py). A dropped formation goes
on the square under the pointer and the nearest legal squares around it, one unit per free place; a passenger is
not placed (it rides in its carrier). The whole drop is one undo step.
"""

from __future__ import annotations

from dataclasses import dataclass

from tacforge.engine.model import Map
from tacforge.engine.model.scenario import Scenario, Unit
from tacforge.engine.packs.content import Content
from tacforge.engine.validation.scenario_checks import impassable_for, on_friendly_side

from ..document import bulk_edit

SEARCH_RADIUS = 6  # how far from the pointer a formation's units may spread


@dataclass(frozen=True)
class Placement:
    unit_row: int
    square: tuple[int, int]


class Rules:
    """Where one side's units may be set up on one map."""

    def __init__(self, content: Content, scenario: Scenario, game_map: Map, side: str):
        self.content, self.map, self.side = content, game_map, side
        profile = content.ruleset
        self.line = dict(scenario.start_lines).get(side)
        self.edge = profile.side(side).home_edge if profile and profile.side(side) else None
        self.limit = content.parameters.units.stacking_limit if profile and profile.flags.stacking else None
        self.stacks: dict[tuple[int, int], int] = {}
        for force in scenario.forces:
            if force.side == side:
                for formation in force.formations:
                    for unit in formation.units:
                        if unit.at is not None and unit.carrier is None:
                            self.stacks[unit.at] = self.stacks.get(unit.at, 0) + 1

    def leave(self, unit: Unit) -> None:
        """`unit` is being moved: its square no longer counts it."""
        if unit.at is not None and unit.carrier is None:
            self.stacks[unit.at] -= 1

    def why_not(self, unit: Unit, square: tuple[int, int]) -> str | None:
        """None if `unit` may be set up on `square`, else the reason (shown as the pointer drags)."""
        x, y = square
        if not self.map.contains(x, y):
            return "outside the map"
        if self.line is not None and self.edge and not on_friendly_side(x, self.line, self.edge):
            return f"beyond the {self.side} start line (column {self.line})"
        if self.limit is not None and self.stacks.get(square, 0) >= self.limit:
            return f"{self.stacks[square]} units there already (stacking limit {self.limit})"
        weapon = self.content.resolve_weapon(unit.weapon, self.content.side_nationalities(self.side))
        # the validator's own rule, so a drop is refused exactly where validation would complain
        blocked = impassable_for(weapon, square, self.content, self.map) if weapon is not None else None
        if blocked is not None:
            return f"{weapon.name} cannot enter {blocked[1].name}"
        return None

    def take(self, square: tuple[int, int]) -> None:
        self.stacks[square] = self.stacks.get(square, 0) + 1


def _nearby(square: tuple[int, int]):
    """Squares by distance from `square` (the square itself first)."""
    x0, y0 = square
    ring = sorted(((dx, dy) for dx in range(-SEARCH_RADIUS, SEARCH_RADIUS + 1)
                   for dy in range(-SEARCH_RADIUS, SEARCH_RADIUS + 1)), key=lambda d: (max(abs(d[0]), abs(d[1])),
                                                                                      abs(d[0]) + abs(d[1]), d))
    return [(x0 + dx, y0 + dy) for dx, dy in ring]


def snap(content: Content, scenario: Scenario, game_map: Map, side: str, formation_row: int,
         unit_rows: list[int], target: tuple[int, int]) -> tuple[list[Placement], list[str]]:
    """Legal squares for the units (rows of the formation) dropped on `target`: (placements, reasons for the units
    that found none). A single unit goes only on `target` itself."""
    formation = scenario.force(side).formations[formation_row]
    rules = Rules(content, scenario, game_map, side)
    moving = [(row, formation.units[row]) for row in unit_rows if formation.units[row].carrier is None]
    for _row, unit in moving:
        rules.leave(unit)
    placements, refused = [], []
    candidates = [target] if len(moving) == 1 else _nearby(target)
    for row, unit in moving:
        square = next((sq for sq in candidates if rules.why_not(unit, sq) is None), None)
        if square is None:
            refused.append(f"{formation.letter}{unit.index}: {rules.why_not(unit, target)}")
            continue
        rules.take(square)
        placements.append(Placement(row, square))
    return placements, refused


def place(document, side: str, formation_row: int, placements: list[Placement]) -> None:
    """Set the units' squares (their passengers ride along: a carrier's square is theirs) in one undo step."""
    if not placements:
        return
    formation = document.model.scenario.force(side).formations[formation_row]
    text = (f"Place {formation.letter}{formation.units[placements[0].unit_row].index}" if len(placements) == 1
            else f"Place formation {side} {formation.letter}")
    with bulk_edit(document, text):
        for p in placements:
            path = ("forces", side, "formations", formation_row, "units", p.unit_row)
            document.set_value((*path, "at"), [p.square[0], p.square[1]], text)
            carried = formation.units[p.unit_row]
            for row, rider in enumerate(formation.units):
                if rider.carrier == f"{formation.letter}{carried.index}" and rider.at is not None:
                    rider_path = ("forces", side, "formations", formation_row, "units", row, "at")
                    document.set_value(rider_path, [p.square[0], p.square[1]], text)
