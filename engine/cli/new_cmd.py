"""`tacforge new`: build a battle the way the manuals' "build your own scenario" screens do: a random map, the
set-up choices, forces bought with selection points (AUTO-SELECT), a hasty deployment (AUTO-DEPLOY), written as a
pack that validates clean and plays (docs/build-a-battle.md)."""

from __future__ import annotations

import argparse
import json
import random
import shlex

from ..issues import render_text
from .common import CommandError, fail, seed, turn_count

EPILOG = """\
output (-o):
  DIR              a new pack folder DIR (pack.yaml, maps/ID.yaml, scenarios/ID.yaml); or, if DIR is already a
                   pack that requires the front pack, the battle is added to it
  NAME.yaml        inside a pack's scenarios/ folder: added to that pack; elsewhere: a new pack folder NAME/
then play it:      tacforge --pack-path PACKDIR play PACK:ID     (printed when the battle is written)

A side without auto-select (and without --buy) gets only its command HQ, formation A; its whole budget stays
unused and is worth 20 VP a point (at most 250). A side without auto-deploy waits at the top of its deployment
area, to be placed in the editor. Command delays are left to the period table.

example:
  tacforge new --pack western --type allied-assault --period 4 --size large --river --cover 5 --seed 7 -o my-battles
"""


def _visibility(text: str):
    if text == "random":
        return "random"
    try:
        return int(text)
    except ValueError:
        raise CommandError(f"--visibility takes 'random' or a number, not '{text}'") from None


def _modules(text: str) -> tuple[str, ...]:
    """--modules: names from engine/model/modules.py, comma-separated, each once."""
    from ..model.modules import checked_modules  # lazily: `tacforge --help` stays light (tests/test_cli_startup.py)

    try:
        return checked_modules(n.strip() for n in text.split(",") if n.strip())
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _points(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"--points takes a whole number of points above 0, not '{text}'")
    return value


def register(sub) -> None:
    p = sub.add_parser(
        "new",
        description="Build a battle from a handful of choices and write it as a scenario in a pack.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--pack", required=True, help="the front pack whose rules, weapons and formations to use")
    p.add_argument(
        "--type", required=True, dest="battle_type", help="battle type id, e.g. allied-assault, meeting, counter-attack"
    )
    p.add_argument("--period", required=True, type=int, help="time period (BG 1-5, KG 1-8)")
    p.add_argument(
        "--size",
        default="large",
        metavar="large|small|squad|platoon|company|battalion",
        help="large or small (a small battle halves both selection budgets), or a tabletop game size whose forces "
        "are bought with points (the ruleset's game sizes; docs/rules.md 16.4)",
    )
    p.add_argument(
        "--points",
        type=_points,
        metavar="N",
        help="with a tabletop game size: each side's budget in points (default: the size's standard points)",
    )
    p.add_argument("--river", action="store_true", help="the random map has a river")
    p.add_argument("--cover", type=int, default=5, choices=range(10), metavar="0-9", help="woods and broken terrain")
    p.add_argument("--no-hills", dest="hills", action="store_false", help="a flat map")
    p.add_argument("--seed", type=seed, help="seed of the map, forces and deployment (default: a random one)")
    p.add_argument("--turns", type=turn_count, help="game length where the ruleset allows a custom one (BG 5-255)")
    p.add_argument("--handicap", type=int, default=3, choices=range(1, 6), metavar="1-5")
    p.add_argument("--visibility", default="random", help="'random' (7-20, rolled at the start) or a fixed value")
    p.add_argument(
        "--auto-select",
        default="both",
        metavar="both|none|SIDE",
        help="sides whose force is bought automatically (default both)",
    )
    p.add_argument(
        "--auto-deploy", default="both", metavar="both|none|SIDE", help="sides deployed automatically (default both)"
    )
    p.add_argument(
        "--force-type",
        action="append",
        default=[],
        metavar="SIDE=TYPE",
        help="the force type of a side (default: chosen to suit its part in the battle)",
    )
    p.add_argument(
        "--buy",
        action="append",
        default=[],
        metavar="SIDE=ID[,ID...]",
        help="buy exactly these formation templates for SIDE instead of auto-selecting",
    )
    p.add_argument(
        "--id", dest="scenario_id", help="scenario id (default: the NAME of -o NAME.yaml, else TYPE-pPERIOD-sSEED)"
    )
    p.add_argument(
        "--modules",
        type=_modules,
        default=(),
        metavar="NAME[,NAME...]",
        help="optional ruleset modules to turn on, e.g. battle_rating (docs/rules.md 16)",
    )
    p.add_argument("--name", help="scenario name (default: battle type, period and size)")
    p.add_argument("-o", "--output", required=True, help="where to write (see below)")
    p.add_argument("--force", action="store_true", help="replace an existing scenario or map file")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.set_defaults(run=run)


def _sides(value: str, sides, option: str) -> list[str]:
    if value == "both":
        return list(sides)
    if value == "none":
        return []
    chosen = [s.strip() for s in value.split(",") if s.strip()]
    bad = [s for s in chosen if s not in sides]
    if bad:
        raise CommandError(f"{option}: unknown side '{bad[0]}'; use both, none or one of {', '.join(sides)}")
    return chosen


def _pairs(values, option: str) -> dict[str, str]:
    out = {}
    for value in values:
        side, sep, rest = value.partition("=")
        if not sep or not rest:
            raise CommandError(f"{option} takes SIDE=VALUE, not '{value}'")
        out[side.strip()] = rest.strip()
    return out


def command_line(args, seed: int) -> str:
    parts = [
        "tacforge",
        "new",
        "--pack",
        args.pack,
        "--type",
        args.battle_type,
        "--period",
        str(args.period),
        "--size",
        args.size,
        *(["--points", str(args.points)] if args.points is not None else []),
        "--cover",
        str(args.cover),
        "--seed",
        str(seed),
    ]
    parts += ["--river"] if args.river else []
    parts += [] if args.hills else ["--no-hills"]
    parts += ["--turns", str(args.turns)] if args.turns else []
    parts += ["--handicap", str(args.handicap), "--visibility", str(args.visibility)]
    parts += ["--auto-select", args.auto_select, "--auto-deploy", args.auto_deploy]
    parts += ["--modules", ",".join(args.modules)] if args.modules else []
    for option, values in (("--force-type", args.force_type), ("--buy", args.buy)):
        for value in values:
            parts += [option, value]
    return shlex.join(parts)


def run(args) -> int:
    from ..battlegen.battle import build_battle
    from ..battlegen.plan import BattleChoices, BuildError
    from ..battlegen.scenario_writer import pack_requirements, plan_output, write_battle
    from ..packs import load_packs
    from ..packs.scenario_lookup import playable_content

    try:
        packset = load_packs(args.pack_path)
        content = playable_content(packset, args.pack, what="build")
        pack = packset.packs[args.pack]
        sides = content.ruleset.side_ids()
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 1_000_000)
        choices = BattleChoices(
            args.battle_type,
            args.period,
            args.size,
            args.handicap,
            args.turns,
            _visibility(args.visibility),
            args.river,
            args.cover,
            args.hills,
            seed,
            args.points,
        )
        buys = {side: [t for t in ids.split(",") if t] for side, ids in _pairs(args.buy, "--buy").items()}
        *_, scenario_id = plan_output(
            args.output,
            args.scenario_id,
            pack.id,
            set(packset.packs),
            default_id=f"{args.battle_type}-p{args.period}-s{seed}",
        )
        battle = build_battle(
            content,
            choices,
            scenario_id=scenario_id,
            name=args.name,
            auto_select_sides=_sides(args.auto_select, sides, "--auto-select"),
            auto_deploy_sides=_sides(args.auto_deploy, sides, "--auto-deploy"),
            force_types=_pairs(args.force_type, "--force-type"),
            purchases=buys,
            modules=args.modules,
        )
        requires = pack_requirements(packset, pack.id)
        battle.notes = (
            "Built by: " + command_line(args, seed) + "\nCommand delays are not given, so the period "
            "table applies (with the ruleset's random increase, if it has one).\n"
        )
        written = write_battle(
            battle,
            content,
            args.output,
            requires=requires,
            ruleset=content.ruleset.id,
            force=args.force,
            taken_ids=set(packset.packs),
            comments=[f"Built by `tacforge new` (seed {seed}); see notes at the end."],
        )
    except CommandError as exc:
        return fail(exc)
    except BuildError as exc:
        return fail(CommandError(str(exc)))
    check = load_packs([*args.pack_path, written.pack_dir])
    problems = [i for i in check.all_issues() if i.pack == written.pack_id]
    play = f"tacforge --pack-path {shlex.quote(str(written.pack_dir))} play {written.pack_id}:{written.scenario_id}"
    if args.format == "json":
        print(json.dumps(_summary(battle, written, seed, play, problems), indent=2))
    else:
        print(_text(battle, written, seed, play, problems, content))
    return 1 if any(i.is_error for i in problems) else 0


def _summary(battle, written, seed, play, problems) -> dict:
    plan = battle.plan
    return {
        "pack": written.pack_id,
        "pack_dir": str(written.pack_dir),
        "scenario": written.scenario_id,
        "scenario_file": str(written.scenario_path),
        "map_file": str(written.map_path),
        "seed": seed,
        "battle_type": plan.battle.id,
        "period": plan.choices.period,
        "size": plan.choices.size,
        "points": plan.points,
        "turns": plan.turns,
        "objective": list(plan.objective),
        "start_lines": plan.start_lines,
        "play": play,
        "modules": list(battle.modules),
        "forces": {
            side: {
                "force_type": f.force_type,
                "budget": f.budget,
                "spent": f.spent,
                "unused": f.unused,
                "formations": [
                    {"letter": x.letter, "name": x.name, "template": x.template, "units": len(x.units)}
                    for x in f.formations
                ],
                "offmap_artillery": [{"weapon": b.weapon.local_id, "count": b.count} for b in f.batteries],
                "entrenchments": len(battle.entrenchments.get(side, [])),
            }
            for side, f in battle.forces.items()
        },
        "issues": [i.format() for i in problems],
    }


def _text(battle, written, seed, play, problems, content) -> str:
    plan = battle.plan
    lines = [
        f"{battle.name}: {plan.width}x{plan.height} map, seed {seed}, {plan.turns} turns, objective "
        f"{plan.objective[0]},{plan.objective[1]}"
    ]
    for side, force in battle.forces.items():
        role = "attacks" if plan.attacking(side) else "defends"
        lines.append(
            f"  {content.ruleset.side(side).name} ({force.force_type}, {role}): {force.spent}/{force.budget} "
            f"{plan.budget_unit}, {force.unused} unused"
        )
        for f in force.formations:
            lines.append(f"    {f.letter}  {f.name} ({len(f.units)} units)")
        for b in force.batteries:
            lines.append(f"    off-map  {b.count} x {b.weapon.name}")
        if battle.entrenchments.get(side):
            lines.append(f"    {len(battle.entrenchments[side])} entrenchments")
    if battle.modules:
        lines.append(f"  modules: {', '.join(battle.modules)} (docs/rules.md 16)")
    lines.append(
        f"wrote {written.scenario_path} and {written.map_path}"
        + (f" (new pack '{written.pack_id}')" if written.manifest_path else f" (pack '{written.pack_id}')")
    )
    if problems:
        lines.append(render_text(problems))
    lines.append(f"play it: {play}")
    return "\n".join(lines)
