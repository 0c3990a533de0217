"""Placing order-of-battle units on the map (a drop from the OOB tree, a move on the map), without widgets.

A set-up unit may stand only inside the map, on its side's side of the start line, on a square its mobility class
can enter, and - where the ruleset has the stacking rule (6.11) - with fewer than the stacking limit of friendly
units on it: the same rules the validator checks (engine/validation/force_checks.py). A reinforcement (`arrives`)
is shown where it comes in: on its entry squares, else on its entry edge (default: its side's home edge), where the
engine brings it (engine/sim/reinforcements.py). A dropped formation goes on the square under the pointer and the
nearest legal squares around it, one unit per free place; units moved on the map go as far as the pointer moved,
each to the nearest legal square of its target. A passenger is not placed (it rides in its carrier). The whole drop
or move is one undo step.
"""

from __future__ import annotations

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.model import Map
from tacforge.engine.model.content import Content
from tacforge.engine.model.scenario import Arrival, Force, Scenario, Unit, unit_arrival
from tacforge.engine.validation.force_checks import impassable_for, on_friendly_side

from ..document import bulk_edit
from ..grid.model import as_cell

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
        ruled = profile.side(side) if profile else None
        self.edge = ruled.home_edge if ruled else None
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

    def entry_squares(self, arrival: Arrival) -> list[tuple[int, int]]:
        """Where a reinforcement comes in: its listed squares, else its entry edge from the middle outwards."""
        if arrival.squares:
            return [as_cell(sq) for sq in arrival.squares]
        edge = arrival.edge or self.edge
        return self.map.edge_squares(edge) if edge else []

    def why_not(self, unit: Unit, square: tuple[int, int], arrival: Arrival | None = None) -> str | None:
        """None if `unit` (arriving by `arrival`, None: set up at the start) may stand on `square`, else the reason
        (shown as the pointer drags)."""
        x, y = square
        if not self.map.contains(x, y):
            return "outside the map"
        if arrival is not None and square not in self.entry_squares(arrival):
            where = "its entry squares" if arrival.squares else f"the {arrival.edge or self.edge} edge"
            return f"a reinforcement (turn {arrival.turn}) comes in on {where}"
        if self.line is not None and self.edge and not on_friendly_side(x, self.line, self.edge):
            return f"beyond the {self.side} start line (column {self.line})"
        if self.limit is not None and self.stacks.get(square, 0) >= self.limit:
            return f"{self.stacks[square]} units there already (stacking limit {self.limit})"
        weapon = self.content.resolve_weapon(unit.weapon, self.content.side_nationalities(self.side))
        # the validator's own rule, so a drop is refused exactly where validation would complain
        blocked = impassable_for(weapon, square, self.content, self.map) if weapon is not None else None
        if weapon is not None and blocked is not None:
            return f"{weapon.name} cannot enter {blocked[1].name}"
        return None

    def take(self, square: tuple[int, int]) -> None:
        self.stacks[square] = self.stacks.get(square, 0) + 1

    def candidates(self, target: tuple[int, int], arrival: Arrival | None) -> list[tuple[int, int]]:
        """The squares to try for a unit aimed at `target`, nearest first: around it, or a reinforcement's entry
        squares (which may be far from where the pointer is)."""
        if arrival is None:
            return _nearby(target)
        return sorted(self.entry_squares(arrival), key=lambda sq: max(abs(sq[0] - target[0]), abs(sq[1] - target[1])))

    def nearest(self, unit: Unit, target: tuple[int, int], arrival: Arrival | None) -> tuple[int, int] | None:
        return next((sq for sq in self.candidates(target, arrival) if self.why_not(unit, sq, arrival) is None), None)


def _nearby(square: tuple[int, int]):
    """Squares by distance from `square` (the square itself first)."""
    x0, y0 = square
    ring = sorted(
        (
            (dx, dy)
            for dx in range(-SEARCH_RADIUS, SEARCH_RADIUS + 1)
            for dy in range(-SEARCH_RADIUS, SEARCH_RADIUS + 1)
        ),
        key=lambda d: (max(abs(d[0]), abs(d[1])), abs(d[0]) + abs(d[1]), d),
    )
    return [(x0 + dx, y0 + dy) for dx, dy in ring]


def _force(scenario: Scenario, side: str) -> Force:
    """The side's force, which the units being placed belong to."""
    force = scenario.force(side)
    if force is None:
        raise KeyError(f"the scenario has no {side} force")
    return force


def snap(
    content: Content,
    scenario: Scenario,
    game_map: Map,
    side: str,
    formation_row: int,
    unit_rows: list[int],
    target: tuple[int, int],
) -> tuple[list[Placement], list[str]]:
    """Legal squares for the units (rows of the formation) dropped on `target`: (placements, reasons for the units
    that found none). A single unit goes only on `target` itself."""
    formation = _force(scenario, side).formations[formation_row]
    rules = Rules(content, scenario, game_map, side)
    moving = [(row, formation.units[row]) for row in unit_rows if formation.units[row].carrier is None]
    for _row, unit in moving:
        rules.leave(unit)
    placements, refused = [], []
    for row, unit in moving:
        arrival = unit_arrival(formation, unit)
        if len(moving) == 1:  # a single set-up unit only where it was dropped
            square = target if rules.why_not(unit, target, arrival) is None else None
            if square is None and arrival is not None:
                square = rules.nearest(unit, target, arrival)
        else:
            square = rules.nearest(unit, target, arrival)
        if square is None:
            refused.append(f"{formation.letter}{unit.index}: {rules.why_not(unit, target, arrival)}")
            continue
        rules.take(square)
        placements.append(Placement(row, square))
    return placements, refused


def move_targets(
    content: Content, scenario: Scenario, game_map: Map, keys, delta: tuple[int, int]
) -> tuple[dict[tuple, tuple[int, int]], dict[tuple, str]]:
    """Units (keys (side, formation row, unit row)) moved by `delta` squares on the map: ({key: square}, {key: why
    not}) - each to its own square plus `delta` where that is legal, else to the nearest legal square of it. A
    passenger moves with its carrier and is skipped; a unit without a square has nowhere to move from."""
    moves, refused = {}, {}
    by_side: dict[str, list[tuple]] = {}
    for key in sorted(keys):
        by_side.setdefault(key[0], []).append(key)
    for side, side_keys in by_side.items():
        force = _force(scenario, side)
        rules = Rules(content, scenario, game_map, side)
        moving = [(key, force.formations[key[1]], force.formations[key[1]].units[key[2]]) for key in side_keys]
        moving = [(key, f, u) for key, f, u in moving if u.at is not None and u.carrier is None]
        for _key, _formation, unit in moving:
            rules.leave(unit)
        for key, formation, unit in moving:
            arrival = unit_arrival(formation, unit)
            target = (unit.at[0] + delta[0], unit.at[1] + delta[1])
            square = target if rules.why_not(unit, target, arrival) is None else rules.nearest(unit, target, arrival)
            if square is None:
                refused[key] = f"{formation.letter}{unit.index}: {rules.why_not(unit, target, arrival)}"
                continue
            rules.take(square)
            moves[key] = square
    return moves, refused


def place(document, side: str, formation_row: int, placements: list[Placement]) -> None:
    """Set the units' squares (their passengers ride along: a carrier's square is theirs) in one undo step."""
    if not placements:
        return
    formation = document.model.scenario.force(side).formations[formation_row]
    text = (
        f"Place {formation.letter}{formation.units[placements[0].unit_row].index}"
        if len(placements) == 1
        else f"Place formation {side} {formation.letter}"
    )
    move(document, {(side, formation_row, p.unit_row): p.square for p in placements}, text)


def move(document, moves: dict[tuple, tuple[int, int]], text: str) -> None:
    """Set the squares of units (keys (side, formation row, unit row)) and of their passengers, in one undo step."""
    if not moves:
        return
    scenario = document.model.scenario
    with bulk_edit(document, text):
        for (side, formation_row, unit_row), square in moves.items():
            formation = scenario.force(side).formations[formation_row]
            path = ("forces", side, "formations", formation_row, "units", unit_row)
            document.set_value((*path, "at"), [square[0], square[1]], text)
            carried = formation.units[unit_row]
            for row, rider in enumerate(formation.units):
                if rider.carrier == f"{formation.letter}{carried.index}" and rider.at is not None:
                    rider_path = ("forces", side, "formations", formation_row, "units", row, "at")
                    document.set_value(rider_path, [square[0], square[1]], text)
