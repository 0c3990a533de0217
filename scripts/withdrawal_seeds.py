"""Which seeds of a generated battle with the battle_rating module on end in a withdrawal (docs/rules.md 16.3): the
search behind the withdrawal seeds of tests/test_battle_rating.py and tests/test_points_module.py. A maintainer's
diagnostic:

    .venv/bin/python scripts/withdrawal_seeds.py western allied-assault 4 1 8 [--size large|small]
    .venv/bin/python scripts/withdrawal_seeds.py western meeting 4 1 8 --size company --points 1000 \
        --modules battle_rating,air_support

For each seed it builds the battle with `tacforge new ... --visibility 12 --modules battle_rating` (or the modules
given, which must include it) into a scratch folder and plays it computer against computer to its end. Each line:
seed, the last turn, the side that withdrew (or -), each side's counters of its rating, the air attacks flown, and
the result; then how many of the seeds ended in a withdrawal.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tacforge.engine.ai import ComputerPlayer, play_out  # noqa: E402
from tacforge.engine.cli import main as cli_main  # noqa: E402
from tacforge.engine.packs.scenario_lookup import find_scenario  # noqa: E402
from tacforge.engine.sim.battle import Battle  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("front")
    parser.add_argument("battle_type")
    parser.add_argument("period", type=int)
    parser.add_argument("first", type=int)
    parser.add_argument("last", type=int)
    parser.add_argument("--size", default="large", help="large, small or a tabletop game size (squad ... battalion)")
    parser.add_argument("--points", help="with a tabletop game size: each side's points")
    parser.add_argument("--modules", default="battle_rating", help="the modules to turn on (default battle_rating)")
    args = parser.parse_args()
    withdrawn = 0
    with tempfile.TemporaryDirectory(prefix="tacforge-withdrawals-") as tmp:
        for seed in range(args.first, args.last + 1):
            folder = Path(tmp) / f"s{seed}"
            new = ["new", "--pack", args.front, "--type", args.battle_type, "--period", str(args.period)]
            new += ["--size", args.size, "--seed", str(seed), "--visibility", "12", "--modules", args.modules]
            new += ["--points", args.points] if args.points else []
            with contextlib.redirect_stdout(io.StringIO()):
                if cli_main([*new, "-o", str(folder)]) != 0:
                    print(f"{seed}: tacforge new failed", flush=True)
                    continue
            scenario_id = f"s{seed}:{args.battle_type}-p{args.period}-s{seed}"
            content, scenario = find_scenario(scenario_id, [str(folder)])
            battle = Battle(content, scenario, seed=seed)
            play_out(battle, {side: ComputerPlayer() for side in battle.state.sides})
            state, ratings = battle.state, battle.rating.ratings if battle.rating else {}
            counters = ", ".join(f"{s} {state.battle_counters.get(s, 0)} of {ratings.get(s, 0)}" for s in state.sides)
            withdrawn += state.withdrew is not None
            strikes = sum(1 for e in battle.events if e.kind == "air_attack")
            print(
                f"{seed}: turn {state.turn}, withdrew {state.withdrew or '-'}; {counters}; air attacks {strikes}; "
                f"{battle.result().label}"
            )
    print(f"{withdrawn} of {args.last - args.first + 1} seeds ended in a withdrawal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
