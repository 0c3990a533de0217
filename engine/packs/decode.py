"""Raw YAML documents -> frozen models. Together with yamlio, the only code that sees raw dicts.

Builders run after schema validation, so the shapes are known; entries that had schema errors are skipped by the
caller. Problems only visible here (a map row of the wrong width, an unknown glyph) become issues.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date
from types import MappingProxyType
from typing import Any

from ..issues import IssueList, did_you_mean, error
from ..model import (
    AiPlan,
    AirSortie,
    AllOf,
    AnyOf,
    Arrival,
    BattleType,
    BuildingRule,
    Condition,
    ElevationRule,
    EnemyIn,
    FeatureRule,
    Force,
    ForceType,
    Formation,
    FormationTemplate,
    Georef,
    ImportProfile,
    Losses,
    Map,
    MobilityClass,
    Nationality,
    Objective,
    ObjectiveHeld,
    OffmapBattery,
    Period,
    PlanGroup,
    PlanOrder,
    PlanStart,
    Ruleset,
    RulesetFlags,
    Scenario,
    Side,
    TagMatch,
    TemplateElement,
    TerrainCode,
    TerrainType,
    Trigger,
    TurnReached,
    Unit,
    UnitClass,
    VictoryBand,
    Weapon,
)
from ..model.parameters import PARAMETER_FIELDS
from ..model.rules import GameSize, SmallArmsBonus
from ..model.source import Source
from .decode_tabletop import tabletop_setup


def _strings(value) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, list) else (value,)


def qualify(entry_id: str, namespace: str) -> str:
    return entry_id if ":" in entry_id else f"{namespace}:{entry_id}"


def _pairs(mapping: dict | None) -> tuple:
    return tuple((k, v) for k, v in (mapping or {}).items())


def entries(doc: Any, key: str, src: Source, skip: set[tuple], build: Callable[[dict, Source], Any]) -> list:
    """Build each entry of a list-valued key, skipping the entries that had schema errors (and the whole key when
    it is not a list at all, which the schema reported too)."""
    out = []
    raw_list = doc.get(key) if isinstance(doc, dict) else None
    for i, raw in enumerate(raw_list if isinstance(raw_list, list) else []):
        if (key, i) in skip:
            continue
        out.append(build(raw, src.at(key, i)))
    return out


def mobility_class(r: dict, src: Source, ns: str) -> MobilityClass:
    return MobilityClass(qualify(r["id"], ns), r["name"], r.get("description", ""), src)


def terrain_type(r: dict, src: Source, ns: str) -> TerrainType:
    return TerrainType(
        qualify(r["id"], ns),
        r["name"],
        r["cover"],
        r["los"],
        tuple(r["movement"].items()),
        r.get("entrenchable", False),
        r.get("description", ""),
        src,
    )


def terrain_code(r: dict, src: Source) -> TerrainCode:
    return TerrainCode(
        r["code"], r["type"], r["level"], r.get("variant", 1), r.get("glyph"), r.get("built", False), src
    )


def terrain(doc: dict, src: Source, ns: str, skip: set) -> tuple[list, list, list]:
    mobility = entries(doc, "mobility_classes", src, skip, lambda r, s: mobility_class(r, s, ns))
    types = entries(doc, "terrain_types", src, skip, lambda r, s: terrain_type(r, s, ns))
    codes = entries(doc, "terrain_codes", src, skip, terrain_code)
    return mobility, types, codes


def unit_class(class_id: str, r: dict) -> UnitClass:
    return UnitClass(class_id, **r)  # the record's keys are the fields (schemas/model.schema.json is made from them)


def _mapping(doc: dict, key: str) -> dict:
    value = doc.get(key)
    return value if isinstance(value, dict) else {}


def rules(doc: dict, src: Source, ns: str, skip: set) -> tuple[dict, dict, list | None, Ruleset | None]:
    """Parameters, unit classes, victory bands (None when absent or broken) and the ruleset profile."""
    # Keys the schema rejected (unknown, wrong type, out of range, not finite) were reported; the pack below, or
    # the built-in default, supplies the value instead.
    parameters = {
        k: v for k, v in _mapping(doc, "parameters").items() if k in PARAMETER_FIELDS and ("parameters", k) not in skip
    }
    classes = {k: unit_class(k, v) for k, v in _mapping(doc, "unit_classes").items() if ("unit_classes", k) not in skip}
    bands = None
    if isinstance(doc.get("victory_bands"), list) and ("victory_bands",) not in skip:
        bands = [
            VictoryBand(b["min_ratio"], b["result"], b.get("favours"), src.at("victory_bands", i))
            for i, b in enumerate(doc["victory_bands"])
        ]
    profile = None
    raw = doc.get("ruleset")
    if raw is not None and ("ruleset",) not in skip:
        profile = ruleset(raw, src.at("ruleset"), ns)
    return parameters, classes, bands, profile


def ruleset(r: dict, src: Source, ns: str) -> Ruleset:
    f = r["flags"]
    bonus = f["small_arms_bonus"]
    flags = RulesetFlags(
        f["random_delay_increase"],
        f["siw_target_mg_divisor"],
        f["grenade_divisor"],
        f["same_square_suppressed_defence"],
        f["same_square_suppressed_accuracy"],
        f["moving_firer_soft_divisor"],
        SmallArmsBonus(bonus["nationality"], tuple(bonus["classes"]), bonus["multiplier"]) if bonus else None,
        f["panic_rules"],
        f["stacking"],
        f["los_operator"],
        f["max_range_accuracy_plus_one"],
        f["indirect_armour"],
        f["river_movement"],
        f["entrenchment_is_broken"],
    )
    ent, length, points = r["entrenchments"], r["game_length"], r["selection_points"]
    return Ruleset(
        id=qualify(r["id"], ns),
        name=r["name"],
        periods=r["periods"],
        sides=tuple(
            Side(s["id"], s["name"], s["home_edge"], s["command_hq"]["name"], s["command_hq"]["symbol"])
            for s in r["sides"]
        ),
        ratio_numerator=r["ratio_numerator"],
        nationalities=tuple(Nationality(n["id"], n["name"], n["side"]) for n in r["nationalities"]),
        force_types=tuple(ForceType(t["id"], t["name"], t["side"], t.get("nationality")) for t in r["force_types"]),
        battle_types=tuple(
            BattleType(
                b["id"],
                b["name"],
                tuple(b["attackers"]),
                b["assault"],
                _pairs(b["sizes"]),
                b.get("description", ""),
                tabletop_setup(b.get("setup")),
            )
            for b in r["battle_types"]
        ),
        entrenchment_max=ent["max"],
        entrenchment_terrain=tuple(ent["terrain"]),
        entrenchment_battle_types=tuple(ent["battle_types"]),
        custom_game_length=length["custom"],
        game_length_min=length.get("min"),
        game_length_max=length.get("max"),
        after_end_extra_turns=r["after_end"]["extra_turns"],
        siws=tuple(r["siws"]["available"]),
        default_siw=r["siws"]["default"],
        flags=flags,
        reports=MappingProxyType(dict(r["reports"])),
        handicap_low=r["handicap"]["low"],
        handicap_high=r["handicap"]["high"],
        selection_points=tuple((k, points[k]) for k in ("large", "medium", "small")),
        small_battle_factor=points["small_battle_factor"],
        game_sizes=tuple(
            GameSize(
                g["id"], g["name"], g["min_points"], g["standard_points"], g.get("max_points"), g["reinforcement_dice"]
            )
            for g in r.get("game_sizes", ())
        ),
        description=r.get("description", ""),
        source=src,
    )


# A weapon entry's optional keys: YAML key -> (Weapon attribute, the value an absent key means). The editor writes
# entries by the same table, leaving out a key that holds its default.
WEAPON_OPTIONAL: Mapping[str, tuple[str, object]] = MappingProxyType(
    {
        "aliases": ("aliases", ()),
        "legacy_number": ("legacy_number", None),
        "sp": ("sp", 0),
        "mg": ("mg", 0),
        "fa": ("fa", 0),
        "ba": ("ba", 0),
        "sl": ("sl", 0),
        "df": ("df", 0),
        "indirect_mr": ("indirect_mr", None),
        "fires_as": ("fires_as", None),
        "carries": ("carries", None),
        "kill_vp": ("kill_vp", None),
        "transport_cost": ("transport_cost", None),
        "single_use": ("single_use", False),
        "thrown": ("thrown", False),
        "hits": ("hits", 0),
        "passes": ("passes", 1),
        "bombs": ("bombs", False),
        "dive_bomber": ("dive_bomber", False),
        "aa_rolls": ("aa_rolls", 0),
        "designer_value": ("designer_value", False),
        "points": ("points", None),
        "description": ("description", ""),
    }
)


def weapon(r: dict, src: Source, ns: str) -> Weapon:
    optional = {attribute: r.get(key, default) for key, (attribute, default) in WEAPON_OPTIONAL.items()}
    optional["aliases"] = tuple(str(a) for a in optional["aliases"])
    return Weapon(
        id=qualify(r["id"], ns),
        name=r["name"],
        nationalities=_strings(r["nationality"]),
        unit_class=r["class"],
        mr=r["mr"],
        mp=r["mp"],
        ss=r["ss"],
        ac=r["ac"],
        periods=(r["periods"][0], r["periods"][1]),
        source=src,
        **optional,
    )


def _date(text: str | date) -> date:
    """A date the schema has checked ("format": "date"): YAML 1.2 reads it as text, as every other tool does; the
    editor's round-trip reader gives a date already."""
    return text if isinstance(text, date) else date.fromisoformat(text)


def period(r: dict, src: Source) -> Period:
    delays = tuple((side, pair[0], pair[1]) for side, pair in r["command_delays"].items())
    return Period(r["number"], r["name"], _date(r["start"]), _date(r["end"]), delays, r.get("description", ""), src)


def _element(r: dict, src: Source) -> TemplateElement:
    return TemplateElement(r["weapon"], r["count"], r.get("name", ""), r.get("siw"), src)


def formation_template(r: dict, src: Source, ns: str) -> FormationTemplate:
    hq = r.get("hq")
    return FormationTemplate(
        id=qualify(r["id"], ns),
        name=r["name"],
        side=r["side"],
        periods=(r["periods"][0], r["periods"][1]),
        cost=r["cost"],
        units=tuple(_element(u, src.at("units", i)) for i, u in enumerate(r["units"])),
        hq=None if hq is None else _element(hq, src.at("hq")),
        nationality=r.get("nationality"),
        force_types=tuple(r.get("force_types", ())),
        offmap=r.get("offmap", False),
        points=r.get("points"),
        description=r.get("description", ""),
        source=src,
    )


def game_map(r: dict, src: Source, ns: str, issues: IssueList) -> Map | None:
    width, height, rows, legend = r["width"], r["height"], r["rows"], r["legend"]
    ok = True
    if len(rows) != height:
        issues.add(
            error(
                "map.height",
                f"the map has {len(rows)} rows but its height is {height}",
                file=src.file,
                path=src.path + ("rows",),
                hint="add or remove rows, or fix 'height'",
            )
        )
        ok = False
    table = bytearray(range(256))
    known = set(legend)
    for glyph, code in legend.items():
        table[ord(glyph)] = code
    for y, row in enumerate(rows):
        if len(row) != width:
            issues.add(
                error(
                    "map.width",
                    f"row {y} has {len(row)} squares but the map is {width} wide",
                    file=src.file,
                    path=src.path + ("rows", y),
                    hint="every row must be exactly 'width' characters",
                )
            )
            ok = False
        unknown = sorted(set(row) - known)
        if unknown:
            issues.add(
                error(
                    "map.unknown-glyph",
                    f"row {y} uses {', '.join(repr(c) for c in unknown)}, not in the legend",
                    file=src.file,
                    path=src.path + ("rows", y),
                    hint=did_you_mean(unknown[0], known) or "add the character to 'legend' with its terrain code",
                )
            )
            ok = False
    if not ok:
        return None
    cells = "".join(rows).encode("ascii").translate(bytes(table))
    labels = tuple((lab["text"], lab["at"][0], lab["at"][1]) for lab in r.get("labels", ()))
    place = r.get("georef")
    georef = Georef(place["lat"], place["lon"], place.get("rotation", 0.0)) if place else None
    return Map(
        qualify(r["id"], ns),
        r["name"],
        width,
        height,
        cells,
        _pairs(legend),
        labels,
        r.get("description", ""),
        georef=georef,
        source=src,
    )


def _tag_match(r: dict) -> TagMatch:
    return TagMatch(tuple((str(key), tuple(str(v) for v in values)) for key, values in r.items()))


def feature_rule(r: dict) -> FeatureRule:
    """One rule of an import profile's `features` (schema-checked): the editor re-decodes an edited row alone."""
    return FeatureRule(r["terrain"], _tag_match(r["match"]), int(r["priority"]))


def elevation_rule(r: dict) -> ElevationRule:
    return ElevationRule(
        r["method"], (float(r["thresholds"][0]), float(r["thresholds"][1])), float(r.get("min_rise", 10.0))
    )


def import_profile(r: dict, src: Source) -> ImportProfile:
    """A pack's import_profile.yaml (schema-checked) as its typed model."""
    elevation = r["elevation"]
    buildings = r.get("buildings")
    defaults = ImportProfile("", (), ElevationRule("quantiles", (0.0, 0.0)))
    return ImportProfile(
        name=r["name"],
        features=tuple(feature_rule(f) for f in r["features"]),
        elevation=elevation_rule(elevation),
        drop=tuple(_tag_match(m) for m in r.get("drop", ())),
        fords=_tag_match(r["fords"]) if "fords" in r else defaults.fords,
        places=tuple(r.get("places", defaults.places)),
        buildings=BuildingRule(buildings["terrain"], buildings["per_square"], buildings["priority"])
        if buildings
        else None,
        built_after=r.get("built_after"),
        description=r.get("description", ""),
        source=src,
    )


def _arrival(r: dict | None, src: Source) -> Arrival | None:
    if r is None:
        return None
    return Arrival(
        r["turn"],
        r.get("last_turn", r["turn"]),
        float(r.get("chance", 1.0)),
        r.get("edge"),
        tuple((sq[0], sq[1]) for sq in r.get("squares", ())),
        src.at("arrives"),
    )


def _unit(r: dict, src: Source) -> Unit:
    at = r.get("at")
    return Unit(
        r["index"],
        r["weapon"],
        r["count"],
        r.get("name", ""),
        (at[0], at[1]) if at else None,
        r.get("facing"),
        r.get("siw"),
        r.get("carrier"),
        r.get("ammunition"),
        _arrival(r.get("arrives"), src),
        src,
        speed=r.get("speed"),
        target_range=r.get("target_range"),
        suppression=r.get("suppression", 0),
    )


def _objective(r: dict, src: Source) -> Objective:
    at = r.get("at")
    return Objective(
        r["id"],
        r["kind"],
        r["side"],
        r["points"],
        r.get("name", ""),
        (at[0], at[1]) if at else None,
        r.get("every_turn", False),
        r.get("edge"),
        r.get("unit"),
        r.get("hidden", False),
        src,
    )


def scenario(r: dict, src: Source, ns: str) -> Scenario:
    forces = []
    for side, raw in (r.get("forces") or {}).items():
        fsrc = src.at("forces", side)
        formations = tuple(
            Formation(
                f["letter"],
                tuple(_unit(u, fsrc.at("formations", i, "units", j)) for j, u in enumerate(f["units"])),
                f.get("name", ""),
                f.get("template"),
                _arrival(f.get("arrives"), fsrc.at("formations", i)),
                fsrc.at("formations", i),
            )
            for i, f in enumerate(raw["formations"])
        )
        forces.append(Force(side, formations, raw.get("force_type"), raw.get("name", ""), fsrc))
    offmap = tuple(
        OffmapBattery(side, b["weapon"], b["count"], b.get("name", ""), src.at("offmap_artillery", side, i))
        for side, batteries in (r.get("offmap_artillery") or {}).items()
        for i, b in enumerate(batteries)
    )
    air = tuple(
        AirSortie(
            side, a["aircraft"], a["sorties"], a.get("arrival", 1), a.get("name", ""), src.at("air_support", side, i)
        )
        for side, aircraft in (r.get("air_support") or {}).items()
        for i, a in enumerate(aircraft)
    )
    center = (r.get("objective") or {}).get("center")
    return Scenario(
        id=qualify(r["id"], ns),
        name=r["name"],
        map=r["map"],
        period=r["period"],
        battle_type=r["battle_type"],
        forces=tuple(forces),
        date=_date(r["date"]) if "date" in r else None,
        historical=r.get("historical", False),
        size=r.get("size"),
        turns=r.get("turns"),
        visibility=r.get("visibility", "random"),
        handicap=r.get("handicap", 3),
        objective_center=(center[0], center[1]) if center else None,
        start_lines=_pairs(r.get("start_lines")),
        command_delays=_pairs(r.get("command_delays")),
        starting_vp=_pairs(r.get("starting_vp")),
        unused_selection_points=_pairs(r.get("unused_selection_points")),
        game_size=r.get("game_size"),
        points=_pairs(r.get("points")),
        entrenchments=tuple(
            (side, tuple((sq[0], sq[1]) for sq in squares)) for side, squares in (r.get("entrenchments") or {}).items()
        ),
        offmap_artillery=offmap,
        parameters=_pairs(r.get("parameters")),
        objectives=tuple(_objective(o, src.at("objectives", i)) for i, o in enumerate(r.get("objectives") or ())),
        briefing=r.get("briefing", ""),
        side_briefings=_pairs(r.get("side_briefings")),
        notes=r.get("notes", ""),
        modules=tuple(dict.fromkeys(r.get("modules") or ())),  # a name given twice turns its module on once
        air_support=air,
        weather=r.get("weather", "clear"),
        source=src,
        ai_plans=MappingProxyType(
            {
                side: tuple(ai_plan(p, src.at("ai_plans", side, i)) for i, p in enumerate(plans))
                for side, plans in (r.get("ai_plans") or {}).items()
            }
        ),
    )


def _square(raw: list) -> tuple[int, int]:
    return (raw[0], raw[1])


def condition(r: dict, src: Source) -> Condition:
    """A trigger's condition; the schema allows exactly one kind of key (objective with held_by)."""
    if "turn" in r:
        return TurnReached(r["turn"], src)
    if "objective" in r:
        return ObjectiveHeld(r["objective"], r["held_by"], src)
    if "enemy_in" in r:
        corner, opposite = r["enemy_in"]
        return EnemyIn(_square(corner), _square(opposite), src.at("enemy_in"))
    if "losses" in r:
        losses = r["losses"]
        return Losses(tuple(losses["units"]), float(losses["over"]), src.at("losses"))
    key = "all" if "all" in r else "any"
    parts = tuple(condition(c, src.at(key, i)) for i, c in enumerate(r[key]))
    return AllOf(parts, src) if key == "all" else AnyOf(parts, src)


# An order's kind keys: those that name a square, and those given as `true`.
_SQUARE_ORDERS = ("move", "attack")
_FLAG_ORDERS = ("hold", "embark", "disembark")


def plan_order(r: dict, src: Source) -> PlanOrder:
    kind = next(k for k in _SQUARE_ORDERS + _FLAG_ORDERS if k in r)
    start = r.get("start")
    return PlanOrder(
        kind,
        _square(r[kind]) if kind in _SQUARE_ORDERS else None,
        r.get("speed"),
        None if start is None else PlanStart(start.get("turn"), start.get("trigger"), src.at("start")),
        src,
    )


def ai_plan(r: dict, src: Source) -> AiPlan:
    groups = tuple(
        PlanGroup(
            tuple(g["units"]),
            tuple(plan_order(o, src.at("groups", i, "orders", j)) for j, o in enumerate(g.get("orders") or ())),
            g.get("then"),
            src.at("groups", i),
        )
        for i, g in enumerate(r["groups"])
    )
    triggers = tuple(
        Trigger(t["id"], condition(t["when"], src.at("triggers", i, "when")), src.at("triggers", i))
        for i, t in enumerate(r.get("triggers") or ())
    )
    return AiPlan(r["id"], r.get("name", ""), float(r.get("weight", 1)), groups, triggers, src)
