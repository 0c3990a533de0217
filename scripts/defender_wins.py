"""How often the computer player beats a passive opponent decisively on the fixture scenarios, per side, with the
victory points each side took from kills: the measure behind the computer player's bar (tests/test_ai.py plays
seeds 0-9; this takes any number). A maintainer's diagnostic:

    .venv/bin/python scripts/defender_wins.py [SEEDS] [--attackers]

Each line: pack, scenario, the computer's side, decisive wins out of SEEDS, then per seed the computer's kill
VP / the passive side's kill VP (* marks a decisive win).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tacforge.engine.ai import ComputerPlayer, PassivePlayer, play_out  # noqa: E402
from tacforge.engine.packs import load_packs  # noqa: E402
from tacforge.engine.sim.battle import Battle  # noqa: E402

FIXTURES = ROOT / "tests" / "data" / "fixtures"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seeds", nargs="?", type=int, default=10)
    parser.add_argument("--attackers", action="store_true", help="the computer attacks instead of defending")
    args = parser.parse_args()
    packs = load_packs([str(FIXTURES)], env={}, include_user_dir=False)
    for pack in ("western_fixtures", "eastern_fixtures"):
        content = packs.content(pack)
        for doc in packs.packs[pack].docs.scenarios:
            scenario = doc.id.split(":")[-1]
            first = Battle(content, content.scenario(scenario), seed=0)
            if len(first.state.attackers) > 1:
                continue  # a meeting engagement: both attack
            side = next(s for s in first.state.sides if (s in first.state.attackers) == args.attackers)
            other = first.state.enemy_of(side)
            wins, cells = 0, []
            for seed in range(args.seeds):
                battle = Battle(content, content.scenario(scenario), seed=seed)
                result = play_out(battle, {side: ComputerPlayer(), other: PassivePlayer()}).result()
                won = result.winner == side and result.result == "decisive"
                wins += won
                cells.append(f"{result.scores[side].kills}/{result.scores[other].kills}{'*' if won else ''}")
            print(f"{pack:17} {scenario:15} {side:7} {wins:3}/{args.seeds}  {' '.join(cells)}", flush=True)


if __name__ == "__main__":
    main()
