"""The computer player against the bar of the engine issue ("The computer opponent"): on every fixture scenario
(one per battle type and front, tests/data/fixtures, played to the rules' game length: 30 turns for assaults, 20 for
the others) it beats a passive opponent - units that never move - decisively in at least 9 of 10 seeded games from
either side, and two computer players make contact (both sides fire). A defender against an attacker that never
comes scores only by destroying: its armour raids the enemy's rear (engine/ai/raid.py).

Each game is played once per module (a module-scoped cache); the whole file takes about 11 s.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tacforge.engine.ai import ComputerPlayer, PassivePlayer, play_out
from tacforge.engine.packs import load_packs
from tacforge.engine.sim.battle import Battle

FIXTURES = Path(__file__).resolve().parent / "data" / "fixtures"
PACKS = ("western_fixtures", "eastern_fixtures")
SEEDS = range(10)
BAR = 9


@pytest.fixture(scope="module")
def fixtures():
    return load_packs([str(FIXTURES)], env={}, include_user_dir=False)


def cases() -> list[tuple[str, str]]:
    packs = load_packs([str(FIXTURES)], env={}, include_user_dir=False)
    return [(pack, s.id.split(":")[-1]) for pack in PACKS for s in packs.packs[pack].docs.scenarios]


_RESULTS: dict = {}


def decisive_wins(fixtures, pack: str, scenario: str, index: int) -> tuple[int, str, bool]:
    """Decisive wins of the computer playing side `index` against a passive opponent over SEEDS, the side, and
    whether that side attacks."""
    key = (pack, scenario, index)
    if key not in _RESULTS:
        content = fixtures.content(pack)
        wins, side, attacker = 0, "", False
        for seed in SEEDS:
            battle = Battle(content, content.scenario(scenario), seed=seed)
            side, other = battle.state.sides[index], battle.state.sides[1 - index]
            attacker = side in battle.state.attackers
            result = play_out(battle, {side: ComputerPlayer(), other: PassivePlayer()}).result()
            wins += result.winner == side and result.result == "decisive"
        _RESULTS[key] = (wins, side, attacker)
    return _RESULTS[key]


@pytest.mark.parametrize("pack,scenario", cases())
@pytest.mark.parametrize("index", [0, 1])
def test_beats_a_passive_opponent_decisively(fixtures, pack, scenario, index):
    wins, side, attacker = decisive_wins(fixtures, pack, scenario, index)
    role = "attacker" if attacker else "defender"
    assert wins >= BAR, f"{pack} {scenario}: the {side} {role} wins {wins}/{len(SEEDS)} decisively"


@pytest.mark.parametrize("pack,scenario", cases())
def test_two_computer_players_make_contact(fixtures, pack, scenario):
    content = fixtures.content(pack)
    battle = Battle(content, content.scenario(scenario), seed=1)
    play_out(battle, {side: ComputerPlayer() for side in battle.state.sides})
    firing = {battle.state.units[e.unit].side for e in battle.events if e.kind == "fired"}
    assert firing == set(battle.state.sides)


def test_the_computer_player_is_deterministic(fixtures):
    content = fixtures.content("eastern_fixtures")
    logs = []
    for _ in range(2):
        battle = Battle(content, content.scenario("soviet_assault"), seed=3)
        play_out(battle, {side: ComputerPlayer() for side in battle.state.sides})
        logs.append([e.to_dict() for e in battle.events])
    assert logs[0] == logs[1]
