"""`tacforge rules show`: the effective rules parameters of a scenario or a pack, each with its unit, meaning,
manual section and where its value comes from (the built-in default, a pack, or the scenario), then the switches of
the ruleset profile."""

from __future__ import annotations

import json
from dataclasses import asdict, fields, is_dataclass

from .common import CommandError, fail

DEFAULT_ORIGIN = "default"  # no pack sets the parameter: the manuals' value built into tacforge


def register(sub) -> None:
    p = sub.add_parser(
        "rules",
        description="Show the rules parameters of a scenario or a pack.",
    )
    rules = p.add_subparsers(dest="rules", metavar="WHAT", required=True)
    show = rules.add_parser(
        "show",
        help="every parameter's effective value, unit, meaning and source",
        description="Every rules parameter in effect, grouped: its value, unit, meaning, docs/rules.md section and "
        "where the value comes from (default, a pack id, or scenario).",
    )
    show.add_argument("scenario", nargs="?", help="scenario: pack:id, a bare id, or the path of a scenario file")
    show.add_argument("--pack", help="show a pack's parameters instead of a scenario's")
    show.add_argument("--format", choices=("text", "json"), default="text")
    show.set_defaults(run=run_show)


def parameter_rows(content) -> list[dict]:
    """One row per parameter, in the order of engine/model/parameters.py."""
    from ..model.parameters import iter_parameters

    params, origins = content.parameters, content.parameter_origins
    return [
        {
            "group": group,
            "key": key,
            "value": params.value(key),
            "unit": info.unit,
            "meaning": info.meaning,
            "section": info.section,
            "source": origins.get(key, DEFAULT_ORIGIN),
            "default": default,
        }
        for group, key, default, info in iter_parameters()
    ]


def flag_rows(content) -> list[dict]:
    """One row per switch of the pack's ruleset profile (none for a pack without one, such as core)."""
    from ..model.parameters import METADATA_KEY

    profile = content.ruleset
    if profile is None:
        return []
    rows = []
    for spec in fields(profile.flags):
        info, value = spec.metadata[METADATA_KEY], getattr(profile.flags, spec.name)
        if is_dataclass(value) and not isinstance(value, type):
            value = asdict(value)
        rows.append(
            {
                "group": "ruleset_flags",
                "key": spec.name,
                "value": value,
                "unit": info.unit,
                "meaning": info.meaning,
                "section": info.section,
                "source": profile.id,
            }
        )
    return rows


def run_show(args) -> int:
    from ..packs.scenario_lookup import find_pack_content, find_scenario

    try:
        if (args.scenario is None) == (args.pack is None):
            raise CommandError("name a scenario or --pack ID (one of the two)")
        if args.pack is not None:
            content = find_pack_content(args.pack, args.pack_path)
            subject = {"pack": args.pack, "scenario": None, "modules": []}
        else:
            content, scenario = find_scenario(args.scenario, args.pack_path)
            content = content.for_scenario(scenario)
            subject = {"pack": content.pack_id, "scenario": scenario.id, "modules": list(scenario.modules)}
    except CommandError as exc:
        return fail(exc)
    rows, flags = parameter_rows(content), flag_rows(content)
    if args.format == "json":
        from ..packs.scenario_digest import rules_fingerprint

        # the fingerprint a balance run records (tacforge batch --format json): the same rules give the same one
        body = {**subject, "fingerprint": rules_fingerprint(content), "parameters": rows, "flags": flags}
        print(json.dumps(body, indent=2))
        return 0
    print(
        f"Rules parameters of {subject['scenario'] or 'pack ' + subject['pack']}: value, source, meaning "
        "(unit; docs/rules.md section)"
    )
    if subject["scenario"] is not None:  # a pack turns no module on; a scenario does (docs/rules.md 16)
        print("Modules: " + (", ".join(subject["modules"]) or "none (the manuals' rules alone)"))
    key_width = max(len(r["key"]) for r in rows + flags)
    value_width = 8  # numbers; a longer value (formation_letters) pushes its own line out
    source_width = max(len(r["source"]) for r in rows)
    group = None
    for r in rows + flags:
        if r["group"] != group:
            group = r["group"]
            print(f"\n{group.replace('_', ' ')}")
        print(
            f"  {r['key']:<{key_width}}  {str(r['value']):<{value_width}}  {r['source']:<{source_width}}  "
            f"{r['meaning']} ({r['unit']}; {r['section']})"
        )
    return 0
