"""Semantic checks: what a schema cannot see (cross references, ids, rules limits). One function per kind."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import pairwise
from pathlib import Path

from ..issues import Issue, Severity, did_you_mean, error, warning
from ..model import Weapon
from ..model.content import Content
from ..model.source import Source
from ..source_locations import LocationIndex
from .arrival_checks import check_arrivals_and_objectives
from .definition_checks import (
    alias_problems,
    duplicate_name_problems,
    period_overlap_problems,
    unit_class_problems,
    weapon_problems,
)
from .parameter_checks import check_parameter_order
from .plan_checks import check_ai_plans
from .scenario_checks import check_scenario


def _at(code: str, message: str, src: Source, *path, hint: str | None = None, severity=error) -> Issue:
    return severity(code, message, file=src.file, path=src.path + tuple(path), hint=hint, pack=src.pack)


def _line_of(src: Source, texts: dict) -> str:
    """'file:line' of an entry, for a message that names two places (the issue itself carries only one)."""
    if src.file is None:
        return "?"
    text = texts.get(src.file)
    line = LocationIndex(text).locate(src.path)[0] if text is not None else None
    return f"{src.file.name}:{line}" if line else src.file.name


def _duplicates(entries: Iterable, label: str, texts: dict, key: str = "id") -> list[Issue]:
    """One issue on each later definition of a key, naming where the first one is: the last would silently win."""
    out: list[Issue] = []
    first: dict[object, Source] = {}
    for entry in entries:
        value = getattr(entry, key)
        if value in first:
            shown = f"'{value}'" if isinstance(value, str) else str(value)
            out.append(
                _at(
                    "id.duplicate",
                    f"the {label} {shown} is defined twice: first at {_line_of(first[value], texts)}, again here",
                    entry.source,
                    key,
                    hint="keep one definition; to change another pack's entry, qualify its id instead",
                )
            )
        else:
            first[value] = entry.source
    return out


def check_terrain(docs, content: Content, texts: dict) -> list[Issue]:
    out = _duplicates(docs.mobility, "mobility class id", texts) + _duplicates(
        docs.terrain_types, "terrain type id", texts
    )
    out += _duplicates(docs.terrain_codes, "terrain code", texts, key="code")
    for t in docs.terrain_types:
        for mob, _ in t.movement:
            if content.mobility_class(mob) is None:
                out.append(
                    _at(
                        "ref.unknown-mobility",
                        f"unknown mobility class '{mob.split(':')[-1]}'",
                        t.source,
                        "movement",
                        hint=did_you_mean(mob.split(":")[-1], [m.split(":")[-1] for m in content.mobility]),
                    )
                )
        missing = [m.split(":")[-1] for m in content.mobility if not t.allows(m)]
        if missing:
            out.append(
                _at(
                    "terrain.movement-missing",
                    f"no movement cost for {', '.join(missing)}",
                    t.source,
                    "movement",
                    hint="give a cost, or null if the class cannot enter",
                )
            )
    for c in docs.terrain_codes:
        if content.terrain_type(c.type) is None:
            out.append(
                _at(
                    "ref.unknown-terrain",
                    f"terrain code {c.code} names unknown terrain type '{c.type.split(':')[-1]}'",
                    c.source,
                    "type",
                    hint=did_you_mean(c.type.split(":")[-1], [t.split(":")[-1] for t in content.terrain_types]),
                )
            )
    glyphs = Counter(c.glyph for c in docs.terrain_codes if c.glyph)
    for c in docs.terrain_codes:
        if c.glyph and glyphs[c.glyph] > 1:
            out.append(
                _at("terrain.glyph-duplicate", f"glyph {c.glyph!r} is used by more than one code", c.source, "glyph")
            )
            glyphs[c.glyph] = 0
    return out


def check_rules(docs, content: Content) -> list[Issue]:
    out = []
    bands = docs.victory_bands or []
    for a, b in pairwise(bands):
        if b.min_ratio >= a.min_ratio:
            out.append(
                _at(
                    "victory.bands-order",
                    f"victory band {b.min_ratio} does not fall below {a.min_ratio}",
                    b.source,
                    "min_ratio",
                    hint="list victory bands from the highest ratio to the lowest",
                )
            )
    if bands and bands[-1].min_ratio != 0:
        out.append(
            _at(
                "victory.bands-floor",
                "the last victory band must start at ratio 0 so every result has a band",
                bands[-1].source,
                "min_ratio",
            )
        )
    for profile in docs.rulesets:
        src = profile.source
        sides = profile.side_ids()
        if len(set(sides)) != len(sides):
            out.append(_at("id.duplicate", "the two sides need different ids", src, "sides"))
        edges = [side.home_edge for side in profile.sides]
        again = next((i for i, edge in enumerate(edges) if edge in edges[:i]), None)
        if again is not None:
            out.append(
                _at(
                    "ruleset.home-edges",
                    f"the sides share a home edge ({', '.join(f'{x.id}: {x.home_edge}' for x in profile.sides)}): "
                    "every start line and deployment would be on the same side for both",
                    src,
                    "sides",
                    again,
                    "home_edge",
                    hint="give the two sides opposite edges (west and east, or north and south)",
                )
            )
        low, high = profile.game_length_min, profile.game_length_max
        if low is not None and high is not None and low > high:
            out.append(
                _at(
                    "ruleset.game-length",
                    f"the least game length {low} is above the greatest {high}: no number of turns is allowed",
                    src,
                    "game_length",
                    "min",
                    hint=f"make min at most {high}",
                )
            )
        if profile.ratio_numerator not in sides:
            out.append(
                _at(
                    "ref.unknown-side",
                    f"ratio_numerator '{profile.ratio_numerator}' is not a side",
                    src,
                    "ratio_numerator",
                    hint=did_you_mean(profile.ratio_numerator, sides),
                )
            )
        for i, nat in enumerate(profile.nationalities):
            if nat.side not in sides:
                out.append(
                    _at(
                        "ref.unknown-side",
                        f"nationality '{nat.id}' is on unknown side '{nat.side}'",
                        src,
                        "nationalities",
                        i,
                        "side",
                        hint=did_you_mean(nat.side, sides),
                    )
                )
        for i, ft in enumerate(profile.force_types):
            if ft.side not in sides:
                out.append(
                    _at(
                        "ref.unknown-side",
                        f"force type '{ft.id}' is on unknown side '{ft.side}'",
                        src,
                        "force_types",
                        i,
                        "side",
                        hint=did_you_mean(ft.side, sides),
                    )
                )
        for i, bt in enumerate(profile.battle_types):
            for side in [*bt.attackers, *dict(bt.sizes)]:
                if side not in sides:
                    out.append(
                        _at(
                            "ref.unknown-side",
                            f"battle type '{bt.id}' names unknown side '{side}'",
                            src,
                            "battle_types",
                            i,
                            hint=did_you_mean(side, sides),
                        )
                    )
        for key in ("low", "high"):
            side = getattr(profile, f"handicap_{key}")
            if side not in sides:
                out.append(
                    _at(
                        "ref.unknown-side",
                        f"handicap names unknown side '{side}'",
                        src,
                        "handicap",
                        key,
                        hint=did_you_mean(side, sides),
                    )
                )
        for t in profile.entrenchment_terrain:
            if content.terrain_type(t) is None:
                out.append(
                    _at(
                        "ref.unknown-terrain",
                        f"entrenchments name unknown terrain type '{t}'",
                        src,
                        "entrenchments",
                        "terrain",
                    )
                )
        for b in profile.entrenchment_battle_types:
            if profile.battle_type(b) is None:
                out.append(
                    _at(
                        "ref.unknown-battle-type",
                        f"entrenchments name unknown battle type '{b}'",
                        src,
                        "entrenchments",
                        "battle_types",
                        hint=did_you_mean(b, [x.id for x in profile.battle_types]),
                    )
                )
        for ref in dict.fromkeys((*profile.siws, profile.default_siw)):  # the default is one of them, once
            weapon = content.resolve_weapon(ref)
            if weapon is None or not content.is_special_weapon(weapon):
                out.append(
                    _at(
                        "ref.unknown-siw",
                        f"'{ref}' is not a special infantry weapon of this pack",
                        src,
                        "siws",
                        hint=did_you_mean(
                            ref, [w.local_id for w in content.weapons.values() if content.is_special_weapon(w)]
                        ),
                    )
                )
        if profile.default_siw not in profile.siws:
            out.append(
                _at(
                    "ruleset.siw-default",
                    f"the default SIW '{profile.default_siw}' is not in the available list",
                    src,
                    "siws",
                )
            )
    return out


def _nationalities(content: Content) -> list[str]:
    return [n.id for n in content.ruleset.nationalities] if content.ruleset else []


def period_span_problem(first: int, last: int, period_count: int | None) -> tuple[str, str | None] | None:
    """(message, hint) if a weapon cannot be available from period `first` to `last` in a ruleset of `period_count`
    periods (None: unknown), else None. The validator and the editor's timeline both ask this."""
    if first > last:
        return f"periods {first}-{last} run backwards", "write the first period of availability, then the last"
    if period_count and last > period_count:
        return f"periods run to {last}, but this ruleset has {period_count} periods", None
    return None


def check_weapon(w: Weapon, content: Content) -> list[Issue]:
    out = []
    if w.unit_class not in content.unit_classes:
        out.append(
            _at(
                "ref.unknown-class",
                f"unknown weapon class '{w.unit_class}'",
                w.source,
                "class",
                hint=did_you_mean(w.unit_class, content.unit_classes),
            )
        )
    known = _nationalities(content)
    for nat in w.nationalities:
        if known and nat != "any" and nat not in known:
            out.append(
                _at(
                    "ref.unknown-nationality",
                    f"unknown nationality '{nat}'",
                    w.source,
                    "nationality",
                    hint=did_you_mean(nat, known + ["any"]) or "one of: " + ", ".join(known + ["any"]),
                )
            )
    span = period_span_problem(*w.periods, content.ruleset.periods if content.ruleset else None)
    if span is not None:
        out.append(_at("weapon.periods", span[0], w.source, "periods", hint=span[1]))
    if w.fires_as is not None and content.resolve_weapon(w.fires_as, w.nationalities) is None:
        out.append(
            _at(
                "ref.unknown-weapon",
                f"fires_as names unknown weapon '{w.fires_as}'",
                w.source,
                "fires_as",
                hint=did_you_mean(w.fires_as, content.weapon_names()),
            )
        )
    return out


def check_periods(docs, content: Content, texts: dict) -> list[Issue]:
    out = _duplicates(docs.periods, "period", texts, key="number")
    sides = content.ruleset.side_ids() if content.ruleset else ()
    for p in docs.periods:
        if p.start > p.end:
            out.append(_at("period.dates", f"period {p.number} ends before it starts", p.source, "end"))
        for side, inside, outside in p.command_delays:
            if sides and side not in sides:
                out.append(
                    _at(
                        "ref.unknown-side",
                        f"command delays for unknown side '{side}'",
                        p.source,
                        "command_delays",
                        side,
                        hint=did_you_mean(side, sides),
                    )
                )
            if outside < inside:
                out.append(
                    _at(
                        "period.delays",
                        f"the out-of-command delay {outside} is shorter than the in-command {inside}",
                        p.source,
                        "command_delays",
                        side,
                    )
                )
        for side in sides:
            if p.delays(side) is None:
                out.append(
                    _at(
                        "period.delays",
                        f"period {p.number} has no command delays for '{side}'",
                        p.source,
                        "command_delays",
                        hint=f"add '{side}: [in, out]'",
                    )
                )
    if content.ruleset and docs.periods:
        expected = set(range(1, content.ruleset.periods + 1))
        missing = sorted(expected - {p.number for p in content.periods.values()})
        if missing:
            out.append(
                _at(
                    "period.missing",
                    f"the ruleset has {content.ruleset.periods} periods; missing: {', '.join(map(str, missing))}",
                    docs.periods[0].source.at(),
                )
            )
    return out


def check_formation_templates(docs, content: Content, texts: dict) -> list[Issue]:
    out = _duplicates(docs.formations, "formation id", texts)
    profile = content.ruleset
    max_units = content.parameters.units.max_units_per_formation
    for f in docs.formations:
        if profile and profile.side(f.side) is None:
            out.append(
                _at(
                    "ref.unknown-side",
                    f"unknown side '{f.side}'",
                    f.source,
                    "side",
                    hint=did_you_mean(f.side, profile.side_ids()),
                )
            )
        if profile:
            for ft in f.force_types:
                if profile.force_type(ft) is None:
                    out.append(
                        _at(
                            "ref.unknown-force-type",
                            f"unknown force type '{ft}'",
                            f.source,
                            "force_types",
                            hint=did_you_mean(ft, [x.id for x in profile.force_types]),
                        )
                    )
        if not f.offmap and not 1 <= len(f.units) <= max_units:
            out.append(
                _at(
                    "formation.size",
                    f"a formation has an HQ and 1-{max_units} units; this one has {len(f.units)}",
                    f.source,
                    "units",
                )
            )
        nats = content.side_nationalities(f.side)
        for element in ([f.hq] if f.hq else []) + list(f.units):
            weapon = content.resolve_weapon(element.weapon, nats)
            if weapon is None:
                out.append(_unknown_weapon(element.weapon, content, element.source, "weapon"))
            elif not (weapon.periods[0] <= f.periods[1] and f.periods[0] <= weapon.periods[1]):
                out.append(
                    _at(
                        "formation.period",
                        f"{weapon.name} (periods {weapon.periods[0]}-{weapon.periods[1]}) is not "
                        f"available in any period of this formation ({f.periods[0]}-{f.periods[1]})",
                        element.source,
                        "weapon",
                    )
                )
    return out


def _unknown_weapon(ref: str, content: Content, src: Source, *path) -> Issue:
    if len(content.weapon_candidates(ref)) > 1:
        names = ", ".join(w.id for w in content.weapon_candidates(ref))
        return _at(
            "ref.ambiguous-weapon",
            f"'{ref}' may mean several weapons ({names})",
            src,
            *path,
            hint="use the weapon's id",
        )
    return _at(
        "ref.unknown-weapon",
        f"unknown weapon '{ref}'",
        src,
        *path,
        hint=did_you_mean(ref, content.weapon_names()) or "see weapons.yaml for the ids, names and aliases",
    )


def check_maps(docs, content: Content, texts: dict) -> list[Issue]:
    out = _duplicates(docs.maps, "map id", texts)
    for m in docs.maps:
        for glyph, code in m.legend:
            if code not in content.terrain_codes:
                out.append(
                    _at(
                        "terrain.unknown-code",
                        f"legend maps {glyph!r} to terrain code {code}, which this pack does not define",
                        m.source,
                        "legend",
                        glyph,
                        hint=f"terrain codes run {min(content.terrain_codes, default=0)}-"
                        f"{max(content.terrain_codes, default=0)}",
                    )
                )
    return out


GROUND_KINDS = ("rules", "terrain", "periods")  # the files whose definitions every scenario of a pack depends on


def _wrong_ground(pack, found: list[Issue]) -> set[str]:
    """Names of the pack's rules, terrain and periods files that have errors (from their schema or from `found`)."""
    wrong = set()
    for issue in [*pack.issues.items, *found]:
        if issue.is_error and issue.file is not None and pack.kinds.get(Path(issue.file)) in GROUND_KINDS:
            wrong.add(Path(issue.file).name)
    return wrong


def check_pack(pack, content: Content) -> list[Issue]:
    """Every semantic issue of one pack, seen with its requirements (docs/architecture.md 4, third layer)."""
    docs = pack.docs
    texts = pack.texts
    out = check_terrain(docs, content, texts) + check_rules(docs, content) + check_periods(docs, content, texts)
    rules_file = next((f for f, kind in pack.kinds.items() if kind == "rules"), None)
    out += check_parameter_order(content.parameters, docs.parameters, Source(rules_file, ("parameters",), pack.id))
    out += unit_class_problems(docs.unit_classes, content, Source(rules_file, (), pack.id))
    out += period_overlap_problems(docs.periods)
    # What every scenario stands on: the ruleset, parameters, unit classes, terrain and periods. Once one of them is
    # wrong, the scenario checks would only repeat it in every file (issue 24): they wait until it is fixed.
    wrong_ground = _wrong_ground(pack, out)
    out += _duplicates(docs.weapons, "weapon id", texts) + alias_problems(docs.weapons)
    out += duplicate_name_problems(docs.weapons, content)
    for w in docs.weapons:
        out += check_weapon(w, content) + weapon_problems(w, content)
    out += check_formation_templates(docs, content, texts) + check_maps(docs, content, texts)
    out += _duplicates(docs.scenarios, "scenario id", texts)
    if wrong_ground and docs.scenarios:
        out.append(
            Issue(
                Severity.INFO,
                "validation.skipped",
                f"the checks of this pack's {len(docs.scenarios)} scenario(s) are skipped until the errors in "
                f"{', '.join(sorted(wrong_ground))} are fixed: every scenario depends on them",
                file=pack.manifest.file,
                line=1,
                hint="fix the errors above and validate again",
            )
        )
    for s in [] if wrong_ground else docs.scenarios:
        out += check_scenario(s, content, docs.dropped)
        out += check_arrivals_and_objectives(s, content)
        out += check_ai_plans(s, content)
    if docs.scenarios and not pack.manifest.ruleset and content.ruleset is None:
        out.append(
            error(
                "pack.no-ruleset",
                f"this pack has {len(docs.scenarios)} scenario(s) but no ruleset, so none of them can be played",
                file=pack.manifest.file,
                path=("id",),
                hint="name the front's ruleset in pack.yaml, e.g. 'ruleset: western:battlegroup'",
            )
        )
    if pack.manifest.ruleset and content.ruleset is None:
        out.append(
            error(
                "ref.unknown-ruleset",
                f"ruleset '{pack.manifest.ruleset}' is not defined by this pack or its requirements",
                file=pack.manifest.file,
                path=("ruleset",),
                hint="define it under 'ruleset:' in rules.yaml",
            )
        )
    for w in docs.weapons:
        if content.is_special_weapon(w) and content.ruleset and w.local_id not in content.ruleset.siws:
            out.append(
                _at(
                    "ruleset.siw-unlisted",
                    f"SIW '{w.local_id}' is not in the ruleset's list of SIWs",
                    w.source,
                    severity=warning,
                    hint="add it to ruleset.siws.available",
                )
            )
    return out
