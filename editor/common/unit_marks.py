"""What the map shows of a scenario's order of battle, without widgets: one `UnitMark` per unit with a square, its
NATO-style symbol read from its unit class's traits (never from a weapon id), its label, count and facing.

A unit's key is (side, formation row, unit row): the rows of the scenario file, the same key the Order of battle
dock's tree carries, so that a selection on the map and one in the tree name the same units.
"""

from __future__ import annotations

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.model.content import Content
from tacforge.engine.model.rules import UnitClass
from tacforge.engine.model.scenario import Scenario, unit_arrival

UnitKey = tuple[str, int, int]  # (side, formation row, unit row)

# A class's part in a force (its `role` trait) -> the frame's symbol. A role not listed falls back on the class's
# other traits (symbol_of); the roles are the data's own vocabulary (content/rules.yaml unit_classes).
SYMBOL_BY_ROLE = {
    "armour": "armour",
    "assault_armour": "armour",
    "tank_hunter": "antitank",
    "antitank": "antitank",
    "artillery": "artillery",
    "recon": "recon",
    "transport": "transport",
    "infantry": "infantry",
}
SYMBOLS = ("infantry", "armour", "recon", "artillery", "antitank", "transport", "unknown")


@dataclass(frozen=True, slots=True)
class UnitMark:
    key: UnitKey
    square: tuple[int, int]
    label: str  # formation letter + index, "B1"
    symbol: str  # one of SYMBOLS
    vehicle: bool  # drawn with the tracks/wheels line of a mounted unit
    hq: bool  # the formation's HQ (index 0): the staff of the NATO frame
    count: int
    facing: str | None
    passenger: bool  # rides in a carrier on the same square
    arrives: int | None  # a reinforcement's first turn, else None

    @property
    def side(self) -> str:
        return self.key[0]


def symbol_of(unit_class: UnitClass | None) -> str:
    """The frame symbol of a unit class: its role, else armoured vehicle / artillery / infantry by its traits."""
    if unit_class is None:
        return "unknown"
    by_role = SYMBOL_BY_ROLE.get(unit_class.role or "")
    if by_role is not None:
        return by_role
    if unit_class.armoured and unit_class.vehicle:
        return "armour"
    if unit_class.artillery:
        return "artillery"
    if unit_class.infantry:
        return "infantry"
    return "transport" if unit_class.vehicle else "unknown"


def unit_marks(content: Content, scenario: Scenario) -> list[UnitMark]:
    """Every unit with a square, carriers before their passengers (the carrier is what the square shows)."""
    marks = []
    for force in scenario.forces:
        nats = content.side_nationalities(force.side)
        for f_row, formation in enumerate(force.formations):
            for u_row, unit in enumerate(formation.units):
                if unit.at is None:
                    continue
                weapon = content.resolve_weapon(unit.weapon, nats)
                unit_class = content.unit_class_of(weapon) if weapon is not None else None
                arrival = unit_arrival(formation, unit)
                x, y = unit.at
                marks.append(
                    UnitMark(
                        (force.side, f_row, u_row),
                        (x, y),
                        f"{formation.letter}{unit.index}",
                        symbol_of(unit_class),
                        bool(unit_class and unit_class.vehicle),
                        unit.index == 0,
                        unit.count,
                        unit.facing,
                        unit.carrier is not None,
                        arrival.turn if arrival is not None else None,
                    )
                )
    return sorted(marks, key=lambda m: m.passenger)  # stable: the file's order within carriers and passengers


def stacks(marks: list[UnitMark]) -> dict[tuple[int, int], list[UnitMark]]:
    """The marks by square, the one drawn on top first."""
    out: dict[tuple[int, int], list[UnitMark]] = {}
    for mark in marks:
        out.setdefault(mark.square, []).append(mark)
    return out


def keys_in(marks: list[UnitMark], rect: tuple[int, int, int, int]) -> frozenset[UnitKey]:
    """The units inside the half-open rectangle (x0, y0, x1, y1): a rubber band's catch."""
    x0, y0, x1, y1 = rect
    return frozenset(m.key for m in marks if x0 <= m.square[0] < x1 and y0 <= m.square[1] < y1)


@dataclass(frozen=True, slots=True)
class EntryMark:
    """Where one side's reinforcements come in: an edge (all its squares) or listed squares, and who and when."""

    side: str
    edge: str | None  # None: the listed squares
    squares: tuple[tuple[int, int], ...]
    label: str  # "B T6, C2 T8-10"
    # an edge's squares its units try first (the engine fills an edge from its middle, Arrival.entry_squares), one
    # per unit; empty for listed squares or an unknown map
    first: tuple[tuple[int, int], ...] = ()


def entry_marks(content: Content, scenario: Scenario) -> list[EntryMark]:
    """The reinforcements' ways in, one mark per side and edge (or per list of squares)."""
    groups: dict[tuple, list[str]] = {}
    units: dict[tuple, int] = {}
    for force in scenario.forces:
        profile_side = content.ruleset.side(force.side) if content.ruleset else None
        home = profile_side.home_edge if profile_side else None
        for formation in force.formations:
            # (who, when, the squares they take: passengers ride in their carrier)
            together = sum(1 for u in formation.units if u.arrives is None and u.carrier is None)
            arrivals = [(formation.letter, formation.arrives, together)] if formation.arrives else []
            arrivals += [(f"{formation.letter}{u.index}", u.arrives, 1) for u in formation.units if u.arrives]
            for who, arrival, count in arrivals:
                edge = None if arrival.squares else arrival.edge or home
                if edge is None and not arrival.squares:
                    continue
                turns = f"T{arrival.turn}" + (f"-{arrival.last_turn}" if arrival.last_turn != arrival.turn else "")
                key = (force.side, edge, tuple(arrival.squares))
                groups.setdefault(key, []).append(f"{who} {turns}")
                units[key] = units.get(key, 0) + count
    game_map = content.map(scenario.map) if scenario.map else None
    out = []
    for (side, edge, squares), labels in groups.items():
        first = game_map.edge_squares(edge)[: max(1, units[side, edge, squares])] if edge and game_map else []
        out.append(EntryMark(side, edge, squares, ", ".join(labels), tuple(first)))
    return out
