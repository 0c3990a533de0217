"""Semantic checks of a scenario: references, period availability, placement, formations and transport."""

from __future__ import annotations

from ..issues import Issue, did_you_mean, warning
from ..model import Ruleset, Scenario
from ..model.content import Content
from .air_checks import check_air_support
from .briefing_checks import check_briefing
from .force_checks import _at, _check_force, _weapon_issue, on_friendly_side
from .parameter_checks import check_parameter_order
from .points_checks import check_points


def check_scenario(s: Scenario, content: Content, dropped: set[str]) -> list[Issue]:
    out: list[Issue] = []
    src = s.source
    content = content.for_scenario(s)  # its parameter overrides apply to every check below
    out += check_parameter_order(content.parameters, dict(s.parameters), src.at("parameters"))
    profile = content.ruleset
    if profile is None:
        return out
    sides = profile.side_ids()
    game_map = content.map(s.map)
    if game_map is None and s.map not in dropped:
        out.append(
            _at(
                "ref.unknown-map",
                f"unknown map '{s.map}'",
                src,
                "map",
                hint=did_you_mean(s.map, [m.split(":")[-1] for m in content.maps]) or "add the map under maps/",
            )
        )
    period = content.periods.get(s.period)
    if period is None:
        out.append(
            _at(
                "ref.unknown-period",
                f"period {s.period} does not exist in {profile.name} (1-{profile.periods})",
                src,
                "period",
            )
        )
    elif missing := [x for x in sides if x not in dict(s.command_delays) and period.delays(x) is None]:
        out.append(
            _at(
                "scenario.period-delays",
                f"period {s.period} ({period.source.pack or 'its pack'}'s) gives no command delays for "
                f"{', '.join(missing)}, and the scenario gives none: the battle cannot start",
                src,
                "period",
                hint="give 'command_delays:' for the side in the scenario, or add them to the period",
            )
        )
    if period is not None and s.date is not None and not period.contains(s.date):
        out.append(
            _at(
                "scenario.date-period",
                f"the date {s.date} lies outside period {s.period} ({period.start} to {period.end})",
                src,
                "date",
                severity=warning,
            )
        )
    battle = profile.battle_type(s.battle_type)
    if battle is None:
        out.append(
            _at(
                "ref.unknown-battle-type",
                f"unknown battle type '{s.battle_type}'",
                src,
                "battle_type",
                hint=did_you_mean(s.battle_type, [b.id for b in profile.battle_types])
                or "one of: " + ", ".join(b.id for b in profile.battle_types),
            )
        )
    for key, pairs in (
        ("start_lines", s.start_lines),
        ("command_delays", s.command_delays),
        ("starting_vp", s.starting_vp),
        ("unused_selection_points", s.unused_selection_points),
        ("points", s.points),
        ("entrenchments", s.entrenchments),
        ("side_briefings", s.side_briefings),
        ("forces", [(f.side, f) for f in s.forces]),
    ):
        for side, _ in pairs:
            if side not in sides:
                out.append(
                    _at(
                        "ref.unknown-side",
                        f"unknown side '{side}'",
                        src,
                        key,
                        side,
                        hint=did_you_mean(side, sides) or "sides: " + ", ".join(sides),
                    )
                )
    for side in sides:
        if s.force(side) is None:
            out.append(
                _at(
                    "scenario.force-missing",
                    f"the scenario has no force for '{side}'",
                    src,
                    "forces",
                    hint=f"add 'forces: {side}: formations: [...]'",
                )
            )
    _check_turns_and_visibility(s, content, profile, out)
    out += check_briefing(s, content)
    if game_map is not None:
        _check_map_geometry(s, content, profile, game_map, out)
    for force in s.forces:
        if force.side in sides:
            _check_force(s, force, content, profile, dropped, out)
    _check_offmap(s, content, profile, battle, dropped, out)
    out += check_points(s, content, sides)
    out += check_air_support(s, content, list(sides), dropped)
    for force in s.forces:
        budget, spent = selection_budget(content, s, force.side), selection_spent(content, force)
        if budget is not None and spent > budget:
            out.append(
                _at(
                    "scenario.over-budget",
                    f"the {force.side} formations bought from templates cost {spent} "
                    f"selection points; the budget of this battle is {budget}",
                    force.source,
                    "formations",
                    severity=warning,
                    hint="remove a formation, or make the battle large rather than small",
                )
            )
    return out


def selection_budget(content: Content, s: Scenario, side: str) -> int | None:
    """The side's selection points in the scenario's battle (docs/rules.md 8.2): the ruleset's budget for the
    force size the battle type gives the side, halved in a small battle; None without a size for it."""
    profile = content.ruleset
    battle = profile.battle_type(s.battle_type) if profile else None
    size = dict(battle.sizes).get(side) if battle else None
    return None if profile is None or size is None else profile.selection_budget(size, s.size == "small")


def selection_spent(content: Content, force) -> int:
    """What the force's formations bought from TO&E templates cost (the command HQ and hand-built formations
    have no price in the pack's data)."""
    templates = (content.formation(f.template) for f in force.formations if f.template)
    return sum(t.cost for t in templates if t is not None)


def _check_turns_and_visibility(s: Scenario, content: Content, profile: Ruleset, out: list[Issue]) -> None:
    p = content.parameters
    if isinstance(s.visibility, int):
        low, high = p.spotting.visibility_min, p.spotting.visibility_max
        if low <= high and not low <= s.visibility <= high:  # crossed limits are reported as params.order
            out.append(
                _at("scenario.visibility", f"visibility {s.visibility} is outside {low}-{high}", s.source, "visibility")
            )
    if s.turns is not None and profile.custom_game_length and not s.historical:
        low, high = profile.game_length_min or 1, profile.game_length_max or 255
        if not low <= s.turns <= high:
            out.append(_at("scenario.turns", f"{s.turns} turns is outside {low}-{high}", s.source, "turns"))


def _check_map_geometry(s: Scenario, content: Content, profile: Ruleset, game_map, out: list[Issue]) -> None:
    src = s.source
    if s.objective_center is not None:
        x, y = s.objective_center
        if not game_map.contains(x, y):
            out.append(
                _at(
                    "scenario.placement-outside-map",
                    f"the objective centre {x},{y} is outside the {game_map.width}x{game_map.height} map",
                    src,
                    "objective",
                    "center",
                )
            )
    for side, column in s.start_lines:
        if not 0 <= column < game_map.width:
            out.append(
                _at(
                    "scenario.placement-outside-map",
                    f"the start line at column {column} is outside the {game_map.width}-square-wide map",
                    src,
                    "start_lines",
                    side,
                )
            )
    lines = dict(s.start_lines)
    for side, squares in s.entrenchments:
        battle = profile.battle_type(s.battle_type)
        if battle is not None and battle.id not in profile.entrenchment_battle_types:
            out.append(
                _at(
                    "scenario.entrenchments-not-allowed",
                    f"entrenchments are only built in {', '.join(profile.entrenchment_battle_types)} battles",
                    src,
                    "entrenchments",
                    side,
                )
            )
        if len(squares) > profile.entrenchment_max:
            out.append(
                _at(
                    "scenario.entrenchments-limit",
                    f"{len(squares)} entrenchments; the limit is {profile.entrenchment_max}",
                    src,
                    "entrenchments",
                    side,
                )
            )
        allowed = {kind.id for t in profile.entrenchment_terrain if (kind := content.terrain_type(t))}
        edge = home.home_edge if (home := profile.side(side)) else None
        for i, (x, y) in enumerate(squares):
            if not game_map.contains(x, y):
                out.append(
                    _at(
                        "scenario.placement-outside-map",
                        f"entrenchment {x},{y} is outside the map",
                        src,
                        "entrenchments",
                        side,
                        i,
                    )
                )
                continue
            code = content.terrain_codes.get(game_map.code_at(x, y))
            terrain = content.terrain_type(code.type) if code is not None else None
            if code is not None and terrain is not None and terrain.id not in allowed:
                out.append(
                    _at(
                        "scenario.entrenchment-terrain",
                        f"entrenchment {x},{y} is on {code.type.split(':')[-1]}; "
                        f"entrenchments go on {', '.join(sorted(t.split(':')[-1] for t in allowed))}",
                        src,
                        "entrenchments",
                        side,
                        i,
                    )
                )
            if side in lines and edge and not on_friendly_side(x, lines[side], edge):
                out.append(
                    _at(
                        "scenario.wrong-side-of-start-line",
                        f"entrenchment {x},{y} is beyond the start line (column {lines[side]})",
                        src,
                        "entrenchments",
                        side,
                        i,
                    )
                )


def _check_offmap(s: Scenario, content: Content, profile: Ruleset, battle, dropped: set[str], out: list[Issue]) -> None:
    sides = profile.side_ids()
    for battery in s.offmap_artillery:
        if battery.side not in sides:
            out.append(
                _at(
                    "ref.unknown-side",
                    f"unknown side '{battery.side}'",
                    battery.source,
                    hint=did_you_mean(battery.side, sides),
                )
            )
            continue
        if battle is not None and not battle.assault:
            out.append(
                _at(
                    "scenario.offmap-not-allowed",
                    f"off-map artillery is only used in assault battles, not in {battle.name}",
                    battery.source,
                )
            )
        weapon = content.resolve_weapon(battery.weapon, content.side_nationalities(battery.side))
        if weapon is None:
            issue = _weapon_issue(battery.weapon, content, battery.source, dropped)
            if issue:
                out.append(issue)
        elif not content.is_offmap(weapon):
            out.append(
                _at(
                    "scenario.offmap-weapon",
                    f"{weapon.name} is not off-map artillery",
                    battery.source,
                    "weapon",
                    hint="use L-ART, M-ART or H-ART",
                )
            )
