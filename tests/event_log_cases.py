"""The fixed set of battles whose event logs tests/test_event_logs.py compares with the logs recorded in
tests/data/event_logs/ (issue 17: every speed-up keeps every event log byte-identical).

Every battle type of both fronts, built by `tacforge new` with a fixed seed, plus the bundled scenarios; short
enough (10-12 turns, 7 for the historical scenarios) for the whole set to play in about 20 s.
`scripts/record_event_logs.py` records the logs with this same module; record them again only when a change is meant to
change what happens in a battle.
"""

from __future__ import annotations

import gzip
from dataclasses import dataclass
from pathlib import Path

from tacforge.engine.ai import ComputerPlayer, play_out
from tacforge.engine.cli import main as cli_main
from tacforge.engine.packs.scenario_lookup import find_scenario
from tacforge.engine.sim.battle import Battle
from tacforge.engine.sim.savegame import events_jsonl

LOG_DIR = Path(__file__).resolve().parent / "data" / "event_logs"


@dataclass(frozen=True)
class LogCase:
    """One battle: a bundled scenario (`new` is empty) or one built with `tacforge new <new...>` into a pack."""

    name: str
    scenario: str
    seed: int
    turns: int
    new: tuple[str, ...] = ()

    @property
    def log_file(self) -> Path:
        return LOG_DIR / f"{self.name}.jsonl.gz"


def _built(front: str, battle_type: str, period: int, seed: int, *extra: str) -> LogCase:
    scenario_id = f"{battle_type}-p{period}-s{seed}"
    return LogCase(
        f"{front}-{battle_type}",
        f"logcases_{front}:{scenario_id}",
        seed=seed,
        turns=10,
        new=(
            "--pack",
            front,
            "--type",
            battle_type,
            "--period",
            str(period),
            "--size",
            "small",
            "--seed",
            str(seed),
            "--visibility",
            "12",
            *extra,
        ),
    )


CASES = (
    LogCase("western-bocage_crossroads", "western:bocage_crossroads", seed=3, turns=12),
    LogCase("western-kasserine", "western:kasserine", seed=4, turns=7),
    LogCase("western-salerno", "western:salerno", seed=5, turns=7),
    LogCase("western-caen", "western:caen", seed=6, turns=7),
    LogCase("western-celles", "western:celles", seed=7, turns=7),
    LogCase("western-villers_bocage", "western:villers_bocage", seed=8, turns=7),
    LogCase("eastern-steppe_village", "eastern:steppe_village", seed=5, turns=12),
    # All three modules on, forces bought with points: air attacks, flak, an aircraft lost, counters
    LogCase("western-company_counter_attack", "western:company_counter_attack", seed=1, turns=12),
    LogCase("eastern-bryansk", "eastern:bryansk", seed=41, turns=8),
    LogCase("eastern-stalingrad_relief", "eastern:stalingrad_relief", seed=42, turns=6),
    LogCase("eastern-kiev", "eastern:kiev", seed=43, turns=6),
    LogCase("eastern-berlin", "eastern:berlin", seed=44, turns=6),
    # Built in the editor (scripts/build_prokhorovka.py); both historical plans drawn, the first shots in turn 3
    LogCase("eastern-prokhorovka", "eastern:prokhorovka", seed=45, turns=8),
    _built("western", "german-pursuit", 2, 21),
    _built("western", "german-assault", 3, 22, "--river"),
    _built("western", "meeting", 4, 23, "--cover", "6"),
    _built("western", "allied-assault", 4, 24),
    _built("western", "allied-pursuit", 5, 25, "--no-hills"),
    _built("eastern", "german-pursuit", 1, 31),
    _built("eastern", "german-assault", 3, 32, "--cover", "2"),
    _built("eastern", "meeting", 5, 33, "--river"),
    _built("eastern", "soviet-assault", 6, 34),
    _built("eastern", "soviet-pursuit", 8, 35, "--no-hills"),
    # The battle_rating module on (docs/rules.md 16): counters drawn, and the Allies withdraw in turn 9
    LogCase(
        "western-allied-assault-battle-rating",
        "logcases_western:allied-assault-p4-s5",
        seed=5,
        turns=10,
        new=_built("western", "allied-assault", 4, 5, "--modules", "battle_rating").new,
    ),
)


def build_packs(cases, folder: Path) -> list[Path]:
    """Write the built battles of `cases` into one pack per front, `folder/logcases_<front>`; the pack paths to
    play them with."""
    packs: list[Path] = []
    for case in cases:
        if not case.new:
            continue
        pack = folder / case.scenario.split(":")[0]
        if cli_main(["new", *case.new, "-o", str(pack)]) != 0:
            raise RuntimeError(f"tacforge new failed for {case.name}")
        packs += [pack] if pack not in packs else []
    return packs


def play_log(case: LogCase, pack_paths: list[Path]) -> str:
    """The battle's event log as `tacforge play --log` writes it (JSON lines), computer against computer."""
    content, scenario = find_scenario(case.scenario, [str(p) for p in pack_paths])
    battle = Battle(content, scenario, seed=case.seed, turns=case.turns)
    player = ComputerPlayer()
    play_out(battle, {side: player for side in battle.state.sides})
    return events_jsonl(battle.events)


def read_recorded(case: LogCase) -> str:
    return gzip.decompress(case.log_file.read_bytes()).decode("utf-8")


def write_recorded(case: LogCase, log: str) -> None:
    # mtime=0: the same log gives the same file, so re-recording an unchanged log changes nothing in git
    case.log_file.write_bytes(gzip.compress(log.encode("utf-8"), mtime=0))
