"""Play N random battles, computer against computer, and print the median and the slowest times: the measure of
issue 17's "slowest of 1,000 random battles <= 3x the median". A maintainer's diagnostic:

    .venv/bin/python scripts/outliers.py [N] [--seed S] [--slowest K]

Each battle is built like `tacforge new` with random choices (front, battle type, period, size, cover, river,
hills; the battle type's own length and a random visibility), drawn from one generator seeded with S, so the same
arguments give the same battles. Building is not timed; playing is. The slowest K are listed with the choices that
rebuild them (`tacforge new --pack FRONT --type TYPE --period P ... --seed SEED`) to profile them.

With --digests FILE it also writes a SHA-256 of each battle's event log, one line a battle: run it in two trees and
`diff` the files to check that a change meant to be invisible (a speed-up) plays every battle exactly as before, on
more battles than tests/test_event_logs.py plays.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tacforge.engine.ai import ComputerPlayer, play_out
from tacforge.engine.battlegen import BattleChoices, build_battle, write_battle
from tacforge.engine.packs import load_packs
from tacforge.engine.sim.battle import Battle
from tacforge.engine.sim.savegame import events_jsonl

FRONTS = ("western", "eastern")


def random_choices(content, rng: random.Random) -> BattleChoices:
    return BattleChoices(battle_type=rng.choice([b.id for b in content.ruleset.battle_types]),
                         period=rng.choice(sorted(content.periods)), size=rng.choice(("large", "small")),
                         river=rng.random() < 0.3, cover=rng.randint(0, 9), hills=rng.random() < 0.8,
                         seed=rng.randrange(10 ** 6))


def new_command(front: str, c: BattleChoices) -> str:
    return (f"tacforge new --pack {front} --type {c.battle_type} --period {c.period} --size {c.size} --cover {c.cover}"
            f"{' --river' if c.river else ''}{'' if c.hills else ' --no-hills'} --seed {c.seed}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", nargs="?", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0, help="seed of the random choices (default 0)")
    parser.add_argument("--slowest", type=int, default=5, help="list this many of the slowest battles")
    parser.add_argument("--digests", type=Path, help="write a SHA-256 of each battle's event log to this file")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    bundled = load_packs(env={}, include_user_dir=False)
    contents = {front: bundled.content(front) for front in FRONTS}
    with tempfile.TemporaryDirectory(prefix="tacforge-outliers-") as tmp:
        built = []
        for i in range(args.n):
            front = rng.choice(FRONTS)
            content = contents[front]
            choices = random_choices(content, rng)
            battle = build_battle(content, choices, scenario_id=f"b{i}")
            with contextlib.redirect_stdout(io.StringIO()):
                write_battle(battle, content, Path(tmp) / f"outliers_{front}",
                             requires={"core": ">=1.0,<2", front: ">=1.0,<2"}, ruleset=content.ruleset.id)
            built.append((front, choices, f"outliers_{front}:b{i}"))
        packs = load_packs(sorted(Path(tmp).iterdir()), env={}, include_user_dir=False)
        times, digests = [], []
        for front, choices, ref in built:
            pack_id, _ = ref.split(":")
            content = packs.content(pack_id)
            scenario = content.scenario(ref.split(":")[1])
            battle = Battle(content, scenario, seed=choices.seed)
            player = ComputerPlayer()
            start = time.perf_counter()
            play_out(battle, {side: player for side in battle.state.sides})
            times.append((time.perf_counter() - start, front, choices, len(battle.state.units)))
            if args.digests:
                log = events_jsonl(battle.events).encode()
                digests.append(f"{ref} {hashlib.sha256(log).hexdigest()} {new_command(front, choices)}\n")
    if args.digests:
        args.digests.write_text("".join(digests))
    median = statistics.median(t for t, *_ in times)
    slowest = sorted(times, key=lambda row: row[0], reverse=True)
    print(f"{args.n} random battles (--seed {args.seed}): median {median:.2f} s, slowest {slowest[0][0]:.2f} s "
          f"= {slowest[0][0] / median:.1f}x the median, total {sum(t for t, *_ in times):.0f} s")
    for seconds, front, choices, units in slowest[:args.slowest]:
        print(f"  {seconds:6.2f} s  {units:3d} units  {new_command(front, choices)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
