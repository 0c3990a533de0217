"""Semantic checks of a scenario's reinforcements (`arrives:`) and typed objectives (`objectives:`)."""

from __future__ import annotations

from ..issues import Issue, did_you_mean, warning
from ..model import Ruleset, Scenario, unit_arrival
from ..model.content import Content
from .force_checks import _at, impassable_for, on_friendly_side


def check_arrivals_and_objectives(s: Scenario, content: Content) -> list[Issue]:
    content = content.for_scenario(s)
    game_map = content.map(s.map)
    profile = content.ruleset
    if profile is None or game_map is None:
        return []  # reported by check_scenario
    return _check_arrivals(s, content, profile, game_map) + _check_objectives(s, content, profile, game_map)


def _check_arrivals(s: Scenario, content: Content, profile: Ruleset, game_map) -> list[Issue]:
    out: list[Issue] = []
    last = content.game_length(s)
    lines = dict(s.start_lines)
    checked = set()  # a formation's arrival is checked once, for all its units
    for force in s.forces:
        side = profile.side(force.side)
        if side is None:
            continue  # an unknown side is reported by check_scenario
        nats = content.side_nationalities(force.side)
        enemy_edges = {o.home_edge for o in profile.sides if o.id != force.side}
        for formation in force.formations:
            carriers = {f"{formation.letter}{u.index}": unit_arrival(formation, u) for u in formation.units}
            for unit in formation.units:
                arrival = unit_arrival(formation, unit)
                uid = f"{formation.letter}{unit.index}"
                if unit.carrier is not None and unit.arrives is not None and carriers.get(unit.carrier) != arrival:
                    out.append(
                        _at(
                            "transport.arrival-apart",
                            f"unit {uid} rides in {unit.carrier} and arrives with it; its own 'arrives' is ignored",
                            unit.source,
                            "arrives",
                            severity=warning,
                        )
                    )
                if arrival is None:
                    continue
                if unit.at is not None:
                    out.append(
                        _at(
                            "scenario.arrival-and-at",
                            f"unit {uid} is a reinforcement: it enters from its entry squares, so its 'at' is ignored",
                            unit.source,
                            "at",
                            severity=warning,
                            hint="leave 'at' out, or give the entry square under 'arrives: squares:'",
                        )
                    )
                if id(arrival) not in checked:
                    checked.add(id(arrival))
                    out += _check_timing(arrival, last)
                    out += _check_entry(arrival, game_map, lines.get(force.side), side.home_edge, enemy_edges)
                weapon = content.resolve_weapon(unit.weapon, nats)
                if weapon is not None and unit.carrier is None:
                    out += _check_enterable(uid, weapon, arrival, side.home_edge, content, game_map)
    return out


def _check_timing(arrival, last: int) -> list[Issue]:
    out = []
    if arrival.last_turn < arrival.turn:
        out.append(
            _at(
                "scenario.arrival-turns",
                f"the arrival's last turn {arrival.last_turn} comes before its first turn {arrival.turn}",
                arrival.source,
                "last_turn",
            )
        )
    if arrival.turn > last:
        out.append(
            _at(
                "scenario.arrival-after-end",
                f"arrives on turn {arrival.turn}, after the battle's last turn ({last})",
                arrival.source,
                "turn",
                hint=f"pick a turn from 1 to {last}",
            )
        )
    elif arrival.last_turn > last:
        out.append(
            _at(
                "scenario.arrival-after-end",
                f"the arrival's last turn {arrival.last_turn} is after the battle's last turn ({last})",
                arrival.source,
                "last_turn",
                hint=f"pick a turn up to {last}",
            )
        )
    return out


def _check_entry(arrival, game_map, line: int | None, home_edge: str, enemy_edges: set[str]) -> list[Issue]:
    out = []
    if arrival.edge is not None and arrival.edge in enemy_edges:
        out.append(
            _at(
                "scenario.arrival-enemy-edge",
                f"reinforcements enter from the {arrival.edge} edge, the enemy's home edge",
                arrival.source,
                "edge",
                hint=f"the side's home edge is {home_edge}",
            )
        )
    for i, (x, y) in enumerate(arrival.squares):
        if not game_map.contains(x, y):
            out.append(
                _at(
                    "scenario.arrival-outside-map",
                    f"entry square {x},{y} is outside the {game_map.width}x{game_map.height} map",
                    arrival.source,
                    "squares",
                    i,
                )
            )
        elif line is not None and not on_friendly_side(x, line, home_edge):
            out.append(
                _at(
                    "scenario.wrong-side-of-start-line",
                    f"entry square {x},{y} is beyond the start line (column {line})",
                    arrival.source,
                    "squares",
                    i,
                )
            )
    return out


def _check_enterable(uid: str, weapon, arrival, home_edge: str, content: Content, game_map) -> list[Issue]:
    """A reinforcement needs at least one entry square it can enter (a truck cannot arrive in a river)."""
    squares = [sq for sq in arrival.entry_squares(game_map, home_edge) if game_map.contains(*sq)]
    if not squares or any(impassable_for(weapon, sq, content, game_map) is None for sq in squares):
        return []
    cls, _terrain = impassable_for(weapon, squares[0], content, game_map)
    where = "entry squares" if arrival.squares else f"{arrival.edge or home_edge} edge"
    return [
        _at(
            "scenario.arrival-impassable",
            f"unit {uid} ({weapon.name}, {cls.mobility.split(':')[-1]}) can enter none of its {where}",
            arrival.source,
            "squares" if arrival.squares else "edge",
            hint="list a square it can enter, or let it ride in a carrier",
        )
    ]


def _check_objectives(s: Scenario, content: Content, profile: Ruleset, game_map) -> list[Issue]:
    out: list[Issue] = []
    sides = profile.side_ids()
    seen: set[str] = set()
    for o in s.objectives:
        if o.id in seen:
            out.append(_at("scenario.objective-duplicate", f"objective '{o.id}' appears twice", o.source, "id"))
        seen.add(o.id)
        if o.side not in sides:
            out.append(
                _at(
                    "ref.unknown-side",
                    f"unknown side '{o.side}'",
                    o.source,
                    "side",
                    hint=did_you_mean(o.side, sides) or "sides: " + ", ".join(sides),
                )
            )
            continue
        if o.at is not None and not game_map.contains(*o.at):
            out.append(
                _at(
                    "scenario.objective-outside-map",
                    f"objective '{o.id}' at {o.at[0]},{o.at[1]} is outside the {game_map.width}x{game_map.height} map",
                    o.source,
                    "at",
                )
            )
        if o.kind == "destroy":
            enemy = next(side for side in sides if side != o.side)
            force = s.force(enemy)
            labels = [f"{f.letter}{u.index}" for f in force.formations for u in f.units] if force else []
            if o.unit not in labels:
                out.append(
                    _at(
                        "scenario.objective-unknown-unit",
                        f"objective '{o.id}': the {enemy} force has no unit {o.unit}",
                        o.source,
                        "unit",
                        hint=did_you_mean(o.unit, labels) if o.unit is not None else None,
                    )
                )
    return out
