"""`tacforge calc`: the kill-probability calculator of KG Appendix 2, and a table of expected kills.

Weapons are named by id, manual name or alias from a pack, or given as raw numbers. With whole-number inputs the
arithmetic is exact (fractions); results print rounded half-up, like the manuals.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import TYPE_CHECKING

from .common import CommandError, fail, positive_int

if TYPE_CHECKING:  # the annotations' names; the functions import the rules when a command runs
    from ..rules import fire as rf


def register(sub) -> None:
    p = sub.add_parser(
        "calc",
        description="Expected kills of one attack (KG Appendix 2), or a table of them.",
    )
    calc = p.add_subparsers(dest="calc", metavar="WHAT", required=True)
    k = calc.add_parser("kills", help="expected kills of one attack, with the intermediate values")
    _common(k)
    k.add_argument("--firer", help="firing weapon: id, manual name or alias")
    k.add_argument("--target", help="target weapon: id, manual name or alias")
    k.add_argument("--range", type=int, required=True, help="range in squares")
    for flag, text in (
        ("--mr", "firer maximum range"),
        ("--mp", "firer penetration"),
        ("--ss", "firer shell size"),
        ("--ac", "firer accuracy"),
        ("--armour-value", "target armour (raw)"),
        ("--sl", "target silhouette (raw)"),
        ("--df", "target defence (raw, non-armoured)"),
    ):
        k.add_argument(flag, type=int, help=text)
    k.set_defaults(run=run_kills)
    t = calc.add_parser("table", help="expected kills of several firers against several targets and ranges")
    _common(t)
    t.add_argument("--firers", required=True, help="comma-separated weapons")
    t.add_argument("--targets", required=True, help="comma-separated weapons")
    t.add_argument("--ranges", default="0,2,4,6,8,10", help="comma-separated ranges")
    t.set_defaults(run=run_table)


def _common(p) -> None:
    p.add_argument("--pack", default="western", help="pack whose weapons and rules to use (default western)")
    p.add_argument("--pulses", type=positive_int, default=1, help="pulses fired at the target, counting this one (P)")
    p.add_argument("--count", type=positive_int, default=1, help="weapons firing (N)")
    p.add_argument("--armor", "--armour", dest="armour", choices=("front", "back"), default="front")
    p.add_argument("--cover", action="store_true", help="the target is in cover (and stationary)")
    p.add_argument("--moving", action="store_true", help="the target is moving")
    p.add_argument("--format", choices=("text", "json"), default="text")


def _content(args):
    from ..packs.scenario_lookup import find_pack_content

    return find_pack_content(args.pack, args.pack_path, what="calculate fire in")


def _weapon(content, name: str):
    candidates = content.weapon_candidates(name)
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        from ..issues import did_you_mean

        raise CommandError(
            f"no weapon '{name}' in {content.pack_id}"
            + (f"; {did_you_mean(name, content.weapon_names())}" if did_you_mean(name, content.weapon_names()) else "")
        )
    raise CommandError(f"'{name}' may mean {', '.join(w.id for w in candidates)}; use an id")


def _firer(args, content) -> tuple[rf.Firer, str]:
    from ..rules import fire as rf

    if args.firer:
        weapon = _weapon(content, args.firer)
        return rf.Firer.from_weapon(weapon, content.unit_classes[weapon.unit_class], Fraction(args.count)), weapon.name
    if None in (args.mr, args.mp, args.ss, args.ac):
        raise CommandError("give --firer NAME, or all of --mr --mp --ss --ac")
    return rf.Firer(mr=args.mr, mp=args.mp, ss=args.ss, ac=args.ac, count=Fraction(args.count)), "raw firer"


def _target(args, content) -> tuple[rf.Target, str]:
    from ..rules import fire as rf

    if args.target:
        weapon = _weapon(content, args.target)
        return rf.Target.from_weapon(
            weapon, content.unit_classes[weapon.unit_class], in_cover=args.cover, moving=args.moving
        ), weapon.name
    if args.armour_value is not None:
        return rf.Target(
            armoured=True,
            vehicle=True,
            fa=args.armour_value,
            ba=args.armour_value,
            sl=args.sl or 0,
            in_cover=args.cover,
            moving=args.moving,
        ), "raw armoured target"
    if args.df is not None:
        return rf.Target(armoured=False, df=args.df, in_cover=args.cover, moving=args.moving), "raw target"
    raise CommandError("give --target NAME, or --armour-value and --sl, or --df")


def _fire(firer, target, range_, args, content):
    from ..rules import fire as rf

    return rf.content_direct_fire(
        content, firer, target, range_=Fraction(range_), pulses=args.pulses, front_arc=args.armour == "front"
    )


def _num(x) -> float:
    return float(x)


def _half_up(x, places: int = 3) -> str:
    scaled = Fraction(x) * 10**places
    value = (scaled.numerator * 2 + scaled.denominator) // (2 * scaled.denominator)
    return f"{value / 10**places:.{places}f}"


def run_kills(args) -> int:
    try:
        content = _content(args)
        firer, firer_name = _firer(args, content)
        target, target_name = _target(args, content)
        if not 0 <= args.range <= firer.mr:
            raise CommandError(f"range {args.range} is outside 0-{firer.mr} for {firer_name}")
        result = _fire(firer, target, args.range, args, content)
    except CommandError as exc:
        return fail(exc)
    except ValueError as exc:
        return fail(CommandError(str(exc)))
    main = result.main
    body = {
        "firer": firer_name,
        "target": target_name,
        "range": args.range,
        "pulses": int(main.pulses),
        "count": args.count,
        "accuracy_base": _num(main.accuracy_base),
        "accuracy": _num(main.accuracy),
        "silhouette": _num(main.silhouette) if main.silhouette is not None else None,
        "armour": _num(main.armour) if main.armour is not None else None,
        "facing": main.facing,
        "apf": _num(main.apf) if main.apf is not None else None,
        "apf_capped": _num(main.apf_capped) if main.apf_capped is not None else None,
        "defence": _num(main.defence) if main.defence is not None else None,
        "modifiers": [{"reason": m.reason, "factor": _num(m.factor)} for m in main.modifiers],
        "expected_kills": _num(result.kills),
        "expected_kills_exact": str(Fraction(result.kills)),
        "suppression": _num(result.suppression),
        "report": result.report.text if result.report else None,
    }
    if args.format == "json":
        print(json.dumps(body, indent=2))
        return 0
    print(f"{firer_name} x{args.count} -> {target_name}, range {args.range}, pulse {int(main.pulses)}")
    print(f"  accuracy ((MR-R)*90/MR + AC*P)^2/100 = {_num(main.accuracy_base):.4f}")
    for m in main.modifiers:
        print(f"  x {_num(m.factor):g}  {m.reason}")
    print(f"  accuracy = {_num(main.accuracy):.4f}")
    if main.apf is not None:
        print(
            f"  armour ({main.facing}) = {_num(main.armour):g}; APF = {_num(main.apf):.4f}"
            + (f", capped at {_num(main.apf_capped):g}" if main.apf_capped != main.apf else "")
        )
    if main.defence is not None:
        print(f"  defence = {_num(main.defence):g}")
    for note in main.notes:
        print(f"  note: {note}")
    print(f"  expected kills = {_half_up(result.kills)}  ({Fraction(result.kills)} exactly)")
    print(f"  suppression added = {_num(result.suppression):.2f}")
    return 0


def run_table(args) -> int:
    from ..rules import fire as rf

    try:
        content = _content(args)
        firers = [_weapon(content, n.strip()) for n in args.firers.split(",")]
        targets = [_weapon(content, n.strip()) for n in args.targets.split(",")]
        ranges = [int(r) for r in args.ranges.split(",")]
    except CommandError as exc:
        return fail(exc)
    except ValueError:
        return fail(CommandError("--ranges must be whole numbers separated by commas"))
    rows = []
    for f in firers:
        firer = rf.Firer.from_weapon(f, content.unit_classes[f.unit_class], Fraction(args.count))
        for t in targets:
            target = rf.Target.from_weapon(
                t, content.unit_classes[t.unit_class], in_cover=args.cover, moving=args.moving
            )
            cells = [None if r > f.mr else _fire(firer, target, r, args, content).kills for r in ranges]
            rows.append((f.name, t.name, cells))
    if args.format == "json":
        print(
            json.dumps(
                {
                    "ranges": ranges,
                    "pulses": args.pulses,
                    "count": args.count,
                    "rows": [
                        {"firer": a, "target": b, "kills": [None if c is None else float(c) for c in cells]}
                        for a, b, cells in rows
                    ],
                },
                indent=2,
            )
        )
        return 0
    width = max(len(f"{a} -> {b}") for a, b, _ in rows)
    print(f"expected kills, {args.count} weapon(s), pulse {args.pulses}, {args.armour} armour")
    print(f"{'':<{width}}" + "".join(f"{'R' + str(r):>8}" for r in ranges))
    for a, b, cells in rows:
        print(f"{a + ' -> ' + b:<{width}}" + "".join(f"{'-' if c is None else _half_up(c):>8}" for c in cells))
    return 0
