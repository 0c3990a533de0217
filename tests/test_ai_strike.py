"""The strike (engine/ai/strike.py) works out the danger on the way only for the squares whose value, bounded from
above without it, could still be the best (issue 17): a first look at the FIRST_LOOK most promising squares, then
every square whose bound reaches the best value found. However small that first look, the choice is the one a
first look at every square makes, on the largest bundled scenario's defence, turn after turn."""

from __future__ import annotations

import pytest

from tacforge.engine.ai import ComputerPlayer, strike
from tacforge.engine.ai.knowledge import Picture
from tacforge.engine.ai.tactics import fighting_armour
from tacforge.engine.packs import load_packs
from tacforge.engine.sim.battle import Battle


@pytest.fixture(scope="module")
def strikes_by_turn():
    """Every fighting armoured unit's strike in the defence of Stalingrad Relief, turns 1-16, with a first look
    at one square, the default, and every square."""
    packs = load_packs(env={}, include_user_dir=False)
    content = packs.content("eastern")
    scenario = next(s for s in packs.packs["eastern"].docs.scenarios if s.id.endswith("stalingrad_relief"))
    battle = Battle(content, scenario, seed=3, turns=16)
    defender = next(side for side in battle.state.sides if side not in battle.state.attackers)
    player, found = ComputerPlayer(), {}
    while not battle.over:
        battle.start()
        armour = [
            u
            for u in battle.state.side_units(defender)
            if u.pos is not None and not u.routed and fighting_armour(battle, u)
        ]
        for first_look in (1, strike.FIRST_LOOK, 10**9):
            pic = Picture(battle, defender)  # a fresh picture: nothing kept from another first look
            with pytest.MonkeyPatch.context() as mp:
                mp.setattr(strike, "FIRST_LOOK", first_look)
                found[(battle.state.turn, first_look)] = [strike.strike_square(pic, u) for u in armour]
        battle.orders_phase({side: player.orders(battle, side) for side in battle.state.sides})
        battle.combat_phase()
    return found


def test_a_first_look_at_fewer_squares_chooses_as_a_look_at_all(strikes_by_turn):
    turns = sorted({turn for turn, _ in strikes_by_turn})
    for turn in turns:
        every = strikes_by_turn[(turn, 10**9)]
        assert strikes_by_turn[(turn, 1)] == every, f"turn {turn}"
        assert strikes_by_turn[(turn, strike.FIRST_LOOK)] == every, f"turn {turn}"


def test_the_comparison_covers_strikes(strikes_by_turn):
    chosen = [s for (turn, look), found in strikes_by_turn.items() if look == 10**9 for s in found if s is not None]
    assert len(chosen) >= 10  # the defence strikes often enough for the comparison above to mean something
