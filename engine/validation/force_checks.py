"""Semantic checks of a scenario's forces: each unit's weapon, period and placement, formation limits, transport
capacity and stacking; and the small helpers the other scenario checks share (issues at a source, the start line's
friendly side, squares a unit cannot enter)."""

from __future__ import annotations

from ..issues import Issue, did_you_mean, error
from ..model import Ruleset, Scenario, Unit, unit_arrival
from ..model.content import Content
from ..model.source import Source


def _at(code, message, src: Source, *path, hint=None, severity=error) -> Issue:
    return severity(code, message, file=src.file, path=src.path + tuple(path), hint=hint, pack=src.pack)


def on_friendly_side(x: int, line: int, home_edge: str) -> bool:
    return x <= line if home_edge == "west" else x >= line if home_edge == "east" else True


def _weapon_issue(ref: str, content: Content, src: Source, dropped: set[str]) -> Issue | None:
    if ref in dropped:
        return None  # already reported where it is defined
    candidates = content.weapon_candidates(ref)
    if len(candidates) > 1:
        return _at(
            "ref.ambiguous-weapon",
            f"'{ref}' may mean several weapons: {', '.join(w.id for w in candidates)}",
            src,
            "weapon",
            hint="use the weapon's id",
        )
    return _at(
        "ref.unknown-weapon",
        f"unknown weapon '{ref}'",
        src,
        "weapon",
        hint=did_you_mean(ref, content.weapon_names()) or "see the pack's weapons.yaml for ids, names and aliases",
    )


def _check_force(s: Scenario, force, content: Content, profile: Ruleset, dropped: set[str], out: list[Issue]) -> None:
    p = content.parameters
    letters = p.units.formation_letters
    max_units = p.units.max_units_per_formation
    capacity = p.units.transport_capacity_per_vehicle
    nats = content.side_nationalities(force.side)
    game_map = content.map(s.map)
    line = dict(s.start_lines).get(force.side)
    edge = profile.known_side(force.side).home_edge
    if force.force_type and profile.force_type(force.force_type) is None:
        out.append(
            _at(
                "ref.unknown-force-type",
                f"unknown force type '{force.force_type}'",
                force.source,
                "force_type",
                hint=did_you_mean(force.force_type, [f.id for f in profile.force_types]),
            )
        )
    units: dict[str, tuple[Unit, object]] = {}
    seen_letters = set()
    for formation in force.formations:
        fsrc = formation.source
        if formation.letter not in letters:
            out.append(
                _at(
                    "formation.letter",
                    f"formation letter {formation.letter} is not one of {letters[0]}-{letters[-1]}",
                    fsrc,
                    "letter",
                )
            )
        if formation.template is not None and content.formation(formation.template) is None:
            out.append(
                _at(
                    "ref.unknown-formation",
                    f"formation {formation.letter} names unknown formation template '{formation.template}'",
                    fsrc,
                    "template",
                    hint=did_you_mean(formation.template, [f.split(":")[-1] for f in content.formations])
                    or "see the pack's formations.yaml for the template ids",
                )
            )
        if formation.letter in seen_letters:
            out.append(
                _at(
                    "formation.letter-duplicate",
                    f"formation {formation.letter} appears twice in this force",
                    fsrc,
                    "letter",
                )
            )
        seen_letters.add(formation.letter)
        indexes = [u.index for u in formation.units]
        if 0 not in indexes:
            out.append(
                _at(
                    "formation.no-hq",
                    f"formation {formation.letter} has no HQ (unit index 0)",
                    fsrc,
                    "units",
                    hint="the HQ is always index 0",
                )
            )
        others = [i for i in indexes if i != 0]
        if not 1 <= len(others) <= max_units:
            out.append(
                _at(
                    "formation.size",
                    f"formation {formation.letter} has {len(others)} units besides its HQ; "
                    f"a formation has an HQ and 1-{max_units} units",
                    fsrc,
                    "units",
                )
            )
        for unit in formation.units:
            uid = f"{formation.letter}{unit.index}"
            if uid in units:
                out.append(_at("formation.index-duplicate", f"unit {uid} appears twice", unit.source, "index"))
            weapon = content.resolve_weapon(unit.weapon, nats)
            units[uid] = (unit, weapon)
            if weapon is None:
                issue = _weapon_issue(unit.weapon, content, unit.source, dropped)
                if issue:
                    out.append(issue)
                continue
            if not _check_unit(s, uid, unit, weapon, content, profile, nats, out):
                continue  # not a unit at all (a SIW, off-map artillery): where it stands means nothing
            if unit.at is not None and game_map is not None:
                x, y = unit.at
                if not game_map.contains(x, y):
                    out.append(
                        _at(
                            "scenario.placement-outside-map",
                            f"unit {uid} at {x},{y} is outside the {game_map.width}x{game_map.height} map",
                            unit.source,
                            "at",
                        )
                    )
                elif line is not None and not on_friendly_side(x, line, edge):
                    out.append(
                        _at(
                            "scenario.wrong-side-of-start-line",
                            f"unit {uid} at {x},{y} is beyond its start "
                            f"line (column {line}); {force.side} deploys on the {edge} side",
                            unit.source,
                            "at",
                        )
                    )
                if game_map.contains(x, y) and unit.carrier is None:  # a passenger rides; its carrier is checked
                    _check_enterable(uid, unit, (x, y), weapon, content, game_map, out)
    if not force.formations:
        out.append(
            _at(
                "scenario.force-empty",
                f"the {force.side} force has no formations: the battle would be played without it",
                force.source,
                "formations",
                hint="give the side at least its command HQ, formation A",
            )
        )
    _check_transport(units, content, capacity, out)
    _check_stacking(force, units, content, profile, out)


def impassable_for(weapon, square: tuple[int, int], content: Content, game_map):
    """(unit class, terrain) when the weapon's mobility class can never enter the square (a truck in a river), else
    None (also for an unknown class or terrain code: those are reported where they are defined)."""
    cls = content.unit_classes.get(weapon.unit_class)
    code = content.terrain_codes.get(game_map.code_at(*square))
    terrain = content.terrain_type(code.type) if code is not None else None
    if cls is None or cls.mobility is None or terrain is None:  # no mobility: not a unit that stands on the map
        return None
    if terrain.allows(cls.mobility) and terrain.cost(cls.mobility) is None:
        return cls, terrain
    return None


def _check_enterable(
    uid: str, unit: Unit, square: tuple[int, int], weapon, content: Content, game_map, out: list[Issue]
) -> None:
    """A unit may not start on a square (its `at`) its mobility class can never enter (a truck in a river)."""
    blocked = impassable_for(weapon, square, content, game_map)
    if blocked is not None:
        cls, terrain = blocked
        x, y = square
        out.append(
            _at(
                "scenario.placement-impassable",
                f"unit {uid} ({weapon.name}, {cls.mobility.split(':')[-1]}) "
                f"is placed at {x},{y} on {terrain.name}, which it cannot enter",
                unit.source,
                "at",
                hint="move it to a square it can enter, or let it ride in a carrier",
            )
        )


def _check_unit(
    s: Scenario, uid: str, unit: Unit, weapon, content: Content, profile: Ruleset, nats, out: list[Issue]
) -> bool:
    """Checks of the unit's weapon and settings; False when the weapon is no unit at all (scenario.not-a-unit)."""
    cls = content.unit_classes.get(weapon.unit_class)
    if not weapon.fielded_by(nats):
        out.append(
            _at(
                "scenario.wrong-nationality",
                f"unit {uid}: {weapon.name} is not fielded by this side ({', '.join(weapon.nationalities)})",
                unit.source,
                "weapon",
            )
        )
    if not weapon.available_in(s.period):
        out.append(
            _at(
                "scenario.period-unavailable",
                f"unit {uid}: {weapon.name} is available in periods "
                f"{weapon.periods[0]}-{weapon.periods[1]}, not in period {s.period}",
                unit.source,
                "weapon",
                hint="pick a weapon of this period or change the scenario's period",
            )
        )
    if cls is not None and (cls.special_weapon or cls.offmap):
        out.append(
            _at(
                "scenario.not-a-unit",
                f"unit {uid}: {weapon.name} is a {cls.name if cls else weapon.unit_class}, not a unit",
                unit.source,
                "weapon",
                hint="give SIWs to infantry with 'siw:' and off-map artillery under 'offmap_artillery:'",
            )
        )
        return False
    if unit.siw is not None:
        siw = content.resolve_weapon(unit.siw, nats)
        if siw is None or not content.is_special_weapon(siw):
            out.append(
                _at(
                    "ref.unknown-siw",
                    f"unit {uid}: '{unit.siw}' is not a special infantry weapon",
                    unit.source,
                    "siw",
                    hint=did_you_mean(unit.siw, profile.siws) or "one of: " + ", ".join(profile.siws),
                )
            )
        elif cls is None or not cls.carries_siw:
            holders = [c.name for c in content.unit_classes.values() if c.carries_siw]
            out.append(
                _at(
                    "scenario.siw-holder",
                    f"unit {uid}: only {' and '.join(holders) or 'no'} platoons carry a SIW",
                    unit.source,
                    "siw",
                )
            )
        elif not siw.available_in(s.period):
            out.append(
                _at(
                    "scenario.period-unavailable",
                    f"unit {uid}: {siw.name} is available in periods "
                    f"{siw.periods[0]}-{siw.periods[1]}, not in period {s.period}",
                    unit.source,
                    "siw",
                )
            )
    most = content.parameters.units.max_unit_count
    if unit.count > most:
        out.append(
            _at("scenario.count", f"unit {uid} has {unit.count} weapons; the most is {most}", unit.source, "count")
        )
    if unit.speed is not None and unit.speed > weapon.sp:
        out.append(
            _at(
                "scenario.speed",
                f"unit {uid} starts at speed {unit.speed}, but {weapon.name} has SP {weapon.sp}",
                unit.source,
                "speed",
                hint=f"a speed setting of 0-{weapon.sp}",
            )
        )
    if unit.target_range is not None and unit.target_range > weapon.mr:
        out.append(
            _at(
                "scenario.target-range",
                f"unit {uid} starts with a target range of {unit.target_range}, but "
                f"{weapon.name}'s maximum range (MR) is {weapon.mr}",
                unit.source,
                "target_range",
                hint=f"a range of 0-{weapon.mr} squares",
            )
        )
    return True


def _check_transport(units: dict, content: Content, capacity: int, out: list[Issue]) -> None:
    loads: dict[str, int] = {}
    for uid, (unit, weapon) in units.items():
        if unit.carrier is None or weapon is None:
            continue
        carrier_entry = units.get(unit.carrier)
        if carrier_entry is None:
            out.append(
                _at(
                    "transport.unknown-carrier",
                    f"unit {uid} rides in {unit.carrier}, which is not in this force",
                    unit.source,
                    "carrier",
                    hint=did_you_mean(unit.carrier, units),
                )
            )
            continue
        carrier_unit, carrier = carrier_entry
        if carrier is None:
            continue
        carries = content.carries(carrier)
        passenger_cls = content.unit_classes.get(weapon.unit_class)
        cost = content.transport_cost(weapon)
        if carries == "none":
            out.append(
                _at(
                    "transport.not-a-carrier",
                    f"{unit.carrier} ({carrier.name}) cannot carry units",
                    unit.source,
                    "carrier",
                )
            )
            continue
        if cost is None:
            out.append(
                _at("transport.not-carriable", f"unit {uid} ({weapon.name}) cannot be carried", unit.source, "carrier")
            )
            continue
        if carries == "infantry" and not (passenger_cls and passenger_cls.infantry):
            out.append(
                _at(
                    "transport.not-carriable",
                    f"{unit.carrier} ({carrier.name}) carries only infantry; {weapon.name} needs a truck or halftrack",
                    unit.source,
                    "carrier",
                )
            )
            continue
        if unit.at is not None and carrier_unit.at is not None and unit.at != carrier_unit.at:
            out.append(
                _at(
                    "transport.apart",
                    f"unit {uid} rides in {unit.carrier} but is placed on another square",
                    unit.source,
                    "at",
                    hint="place passengers on their carrier's square, or leave 'at' out",
                )
            )
        loads[unit.carrier] = loads.get(unit.carrier, 0) + cost * unit.count
        limit = capacity * carrier_unit.count
        if loads[unit.carrier] > limit:
            out.append(
                _at(
                    "transport.over-capacity",
                    f"{unit.carrier} ({carrier_unit.count} x {carrier.name}) carries "
                    f"{loads[unit.carrier]} transport points; its capacity is {limit} "
                    f"({capacity} per vehicle)",
                    unit.source,
                    "carrier",
                    hint="add vehicles to the carrier unit or move some passengers to another carrier",
                )
            )


def _check_stacking(force, units: dict, content: Content, profile: Ruleset, out: list[Issue]) -> None:
    """No more units of a side on one square at the start than the stacking limit lets in (docs/rules.md 6.11):
    passengers ride in their carrier and do not count."""
    if not profile.flags.stacking:
        return
    limit = content.parameters.units.stacking_limit
    stacks: dict[tuple[int, int], list[str]] = {}
    starting = ((f"{f.letter}{u.index}", f, u) for f in force.formations for u in f.units)
    for uid, formation, unit in starting:
        weapon = units.get(uid, (None, None))[1]
        if unit.at is None or unit.carrier is not None or unit_arrival(formation, unit) is not None or weapon is None:
            continue
        stacks.setdefault(unit.at, []).append(uid)
        if len(stacks[unit.at]) == limit + 1:
            x, y = unit.at
            out.append(
                _at(
                    "scenario.stacking",
                    f"unit {uid} makes {limit + 1} units of the {force.side} force at {x},{y}; "
                    f"the stacking limit is {limit} ({', '.join(stacks[unit.at])})",
                    unit.source,
                    "at",
                    hint="spread the units over neighbouring squares, or let infantry ride in a carrier",
                )
            )
