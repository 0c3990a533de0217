"""Shared by the reinforcement and objective tests: the fixture pack under tests/data/engine-features and its
golden event logs. To record the logs again after a deliberate change of the rules or the computer player:
`.venv/bin/python tests/engine_features.py` (then look at the diff before committing)."""

from __future__ import annotations

from pathlib import Path

from tacforge.engine.ai import ComputerPlayer, play_out
from tacforge.engine.packs import load_packs
from tacforge.engine.sim.battle import Battle
from tacforge.engine.sim.savegame import events_jsonl

PACKS = Path(__file__).resolve().parent / "data" / "engine-features"
GOLDEN = PACKS / "golden"
GOLDEN_GAMES = [
    ("reinforcements", 1),
    ("reinforcements", 3),
    ("objectives", 1),
    ("plans", 1),  # issue 26's AI plans: seed 1 draws 'frontal',
    ("plans", 2),  # seed 2 'flank'
]  # seed 3: the Germans come on their last turn


def fixture_content():
    return load_packs([str(PACKS)], env={}, include_user_dir=False).content("features_fixtures")


def new_battle(content, scenario: str, seed: int = 1) -> Battle:
    return Battle(content, content.scenario(scenario), seed=seed)


def played_log(content, scenario: str, seed: int) -> str:
    battle = new_battle(content, scenario, seed)
    play_out(battle, {side: ComputerPlayer() for side in battle.state.sides})
    return events_jsonl(battle.events)


def golden_path(scenario: str, seed: int) -> Path:
    return GOLDEN / f"{scenario}-seed{seed}.jsonl"


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    content = fixture_content()
    for name, seed in GOLDEN_GAMES:
        golden_path(name, seed).write_text(played_log(content, name, seed), encoding="utf-8")
        print("recorded", golden_path(name, seed))
