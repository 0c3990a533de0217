"""Write (or check) the tabletop points of the shipped front packs: `points` of every weapon in weapons.yaml and of
every formation template in formations.yaml (docs/rules.md 16.4).

The tabletop extracts give no points values, so every value here comes from one rule: a weapon's points are
POINTS_PER_SP times its selection-point value (the formula in the header of formations.yaml, which gives the
templates' `cost`), rounded half up, at least 1; a special infantry weapon has none of its own (it adds nothing to
a formation's cost either). A formation's points are the sum over its HQ and units of count x the weapon's points,
so the order of battle's per-unit points add up to the formation's.

    .venv/bin/python scripts/tabletop_points.py          # rewrite the packs' files
    .venv/bin/python scripts/tabletop_points.py --check  # exit 1 if a file is not what the rule gives
    .venv/bin/python scripts/tabletop_points.py --measure  # formations AUTO-SELECT buys per side at each game size
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKS = sorted((REPO / "plugins").glob("*/tacforge_*/pack"))
# 20 points per selection point: a 'standard' company-sized game (1000 points) buys 50 SP, about one company with
# its support, and the manuals' large battle (150 SP) is 3000 points, beyond the tabletop's largest game size.
POINTS_PER_SP = 20
# The selection-point value of one man, gun or truck of the classes the cost formula prices by the piece.
PIECE_VALUE = {"hmg": 0.15, "smg": 0.12, "rifle": 0.1, "truck": 0.1}


def sp_value(weapon, unit_class) -> float | None:
    """One weapon's selection-point value by the formations.yaml formula; None for a special infantry weapon."""
    if unit_class.special_weapon:
        return None
    power = weapon.mp + weapon.ss * weapon.ss / 4
    if unit_class.offmap:
        return weapon.ss * weapon.ss / 4 / 2
    if unit_class.armoured:
        return max(0.3, power * weapon.ac / 8 * (weapon.fa + weapon.ba) / 10 * weapon.sp / 12 / 10)
    if unit_class.indirect_only:  # mortars, per tube
        return weapon.ss * weapon.ss / 4 * weapon.mr / 20 / 4
    if unit_class.artillery:  # towed guns
        return max(0.3, power * weapon.ac / 8 / 12)
    return PIECE_VALUE[unit_class.id]


def weapon_points(weapon, unit_class) -> int | None:
    value = sp_value(weapon, unit_class)
    return None if value is None else max(1, int(value * POINTS_PER_SP + 0.5))


def _insert(text: str, anchor: str, key: str, values: dict[str, int | None], indent: str) -> str:
    """Set `key: N` after each entry's `anchor` line (the entry found by its `- id:` line); drop it when None."""
    out, current = [], None
    lines = text.splitlines(keepends=True)
    for line in lines:
        m = re.match(r"\s*- id: (\S+)", line)
        if m:
            current = m.group(1)
        if re.match(rf"{indent}{key}: ", line):
            continue  # the old value, written again below
        out.append(line)
        if current in values and re.match(rf"{indent}{anchor}:", line) and values[current] is not None:
            out.append(f"{indent}{key}: {values[current]}\n")
    return "".join(out)


def expected(pack_dir: Path) -> dict[Path, str]:
    from tacforge.engine.packs import load_packs

    packset = load_packs(env={}, include_user_dir=False)
    pack_id = next(p.id for p in packset.packs.values() if p.location.folder.resolve() == pack_dir.resolve())
    content = packset.content(pack_id)
    points = {
        w.local_id: weapon_points(w, content.unit_classes[w.unit_class])
        for w in content.weapons.values()
        if w.id.startswith(pack_id + ":")
    }
    by_id = {w.id: points.get(w.local_id) for w in content.weapons.values()}
    formations = {}
    for t in content.formations.values():
        total = 0
        for element in ([t.hq] if t.hq else []) + list(t.units):
            nats = [t.nationality] if t.nationality else content.side_nationalities(t.side)
            weapon = content.resolve_weapon(element.weapon, nats)
            total += element.count * (by_id.get(weapon.id) or 0)
        formations[t.id.split(":", 1)[1]] = total
    weapons_file, formations_file = pack_dir / "weapons.yaml", pack_dir / "formations.yaml"
    return {
        weapons_file: _insert(weapons_file.read_text(encoding="utf-8"), "periods", "points", points, "    "),
        formations_file: _insert(formations_file.read_text(encoding="utf-8"), "cost", "points", formations, "    "),
    }


def measure() -> None:
    """How many formations (off-map detachments left out) AUTO-SELECT buys per side at each game size's standard
    points, and what share of the budget it spends: 8 seeds of a few battle types per front."""
    import statistics

    from tacforge.engine.battlegen.plan import BattleChoices, plan_battle
    from tacforge.engine.battlegen.select import auto_select
    from tacforge.engine.packs import load_packs

    packset = load_packs(env={}, include_user_dir=False)
    for pack, types, period in (
        ("western", ("meeting", "allied-assault", "german-pursuit"), 4),
        ("eastern", ("meeting", "soviet-assault"), 5),
    ):
        content = packset.content(pack)
        for size in content.known_ruleset.game_sizes:
            counts, shares = [], []
            for battle_type in types:
                for seed in range(1, 9):
                    plan = plan_battle(content, BattleChoices(battle_type, period, size.id, seed=seed))
                    for side in plan.sides:
                        bought = auto_select(content, plan, side, samples=60)
                        counts.append(sum(1 for o, _ in bought.items if o.role != "offmap"))
                        shares.append(bought.spent / bought.budget)
            print(
                f"{pack} {size.id} ({size.standard_points} points): formations per side median "
                f"{statistics.median(counts)}, {min(counts)}-{max(counts)}; budget spent "
                f"{statistics.mean(shares):.0%} on average, at least {min(shares):.0%} ({len(counts)} forces)"
            )


def main(argv: list[str]) -> int:
    if "--measure" in argv:
        measure()
        return 0
    check = "--check" in argv
    stale = []
    for pack_dir in PACKS:
        for path, text in expected(pack_dir).items():
            if path.read_text(encoding="utf-8") != text:
                stale.append(path)
                if not check:
                    path.write_text(text, encoding="utf-8")
    for path in stale:
        print(f"{path.relative_to(REPO)}: {'not what the points rule gives' if check else 'written'}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
