"""The strike (engine/ai/strike.py) works out the danger on the way only for the squares whose value, bounded from
above without it, could still be the best (issue 17): a first look at the FIRST_LOOK most promising squares, then
every square whose bound reaches the best value found. However small that first look, the choice is the one a
first look at every square makes, on the largest bundled scenario's defence, turn after turn."""

from __future__ import annotations

import numpy as np
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
                mp.setattr(strike, "_best_strike", None)  # the NumPy steps, whose first look this is
                found[(battle.state.turn, first_look)] = [strike.strike_square(pic, u) for u in armour]
        pic = Picture(battle, defender)
        found[(battle.state.turn, "compiled")] = [strike.strike_square(pic, u) for u in armour]
        battle.orders_phase({side: player.orders(battle, side) for side in battle.state.sides})
        battle.combat_phase()
    return found


def test_a_first_look_at_fewer_squares_chooses_as_a_look_at_all(strikes_by_turn):
    turns = sorted({turn for turn, _ in strikes_by_turn})
    for turn in turns:
        every = strikes_by_turn[(turn, 10**9)]
        assert strikes_by_turn[(turn, 1)] == every, f"turn {turn}"
        assert strikes_by_turn[(turn, strike.FIRST_LOOK)] == every, f"turn {turn}"


def test_the_compiled_choice_is_the_numpy_one(strikes_by_turn):
    """engine/ai/_strike_core.c looks at the squares in another order and prunes them by the best value so far;
    it chooses what the NumPy steps choose."""
    assert strike._best_strike is not None, "engine/ai/_strike_core.c is not built: run `make setup`"
    for turn in sorted({turn for turn, _ in strikes_by_turn}):
        assert strikes_by_turn[(turn, "compiled")] == strikes_by_turn[(turn, 10**9)], f"turn {turn}"


def test_the_comparison_covers_strikes(strikes_by_turn):
    chosen = [s for (turn, look), found in strikes_by_turn.items() if look == 10**9 for s in found if s is not None]
    assert len(chosen) >= 10  # the defence strikes often enough for the comparison above to mean something


def _random_case(rng: np.random.Generator, width: int = 23, height: int = 17):
    """Candidates on a small map with few distinct values, so that values tie often; the unit sometimes going to
    one of them."""
    n, known = int(rng.integers(1, 120)), int(rng.integers(1, 9))
    xs, ys = rng.integers(0, width, n), rng.integers(0, height, n)
    k = rng.integers(0, known, n)
    gain = rng.choice([0.05, 0.1, 0.25, 0.5, 1.0, 2.0], n)
    busy = rng.random(known) < 0.5
    threat = rng.choice([0.0, 0.01, 0.1, 0.125, 0.5], (height, width))
    moving = rng.choice([0.0, 0.01, 0.1, 0.125, 0.5], (height, width))
    origin = (int(rng.integers(0, width)), int(rng.integers(0, height)))
    going = (int(xs[0]), int(ys[0])) if rng.random() < 0.3 else None
    speed = float(rng.choice([1.0, 2.5, 4.0, 7.0]))
    pulses_left = int(rng.choice([4, 12, 40, 120]))
    return xs, ys, k, gain, busy, threat, moving, origin, going, speed, pulses_left


def test_the_compiled_choice_is_the_numpy_one_on_random_candidates():
    """Ties of value between squares and between enemies on one square, the square the unit is going to, and
    no square worth more than 1."""
    assert strike._best_strike is not None, "engine/ai/_strike_core.c is not built: run `make setup`"
    rng = np.random.default_rng(31)
    chosen = none = going_chosen = 0
    for _ in range(3000):
        case = _random_case(rng)
        compiled = strike.choose_square(*case)
        assert compiled == strike.choose_square(*case, compiled=False)
        chosen += compiled is not None
        none += compiled is None
        going_chosen += compiled is not None and case[8] == (int(case[0][compiled]), int(case[1][compiled]))
    assert chosen > 500 and none > 100 and going_chosen > 20, (chosen, none, going_chosen)


def test_a_map_not_all_finite_goes_through_numpy():
    """A moving threat map with nan, inf or a negative square: the compiled loop says so (-2), and the choice is
    the NumPy steps' that look at every square."""
    rng = np.random.default_rng(5)
    for bad in (np.nan, np.inf, -0.5):
        xs, ys, k, gain, busy, threat, moving, origin, going, speed, pulses_left = _random_case(rng)
        moving[3, 4] = bad
        args = (xs, ys, k, gain, busy, threat, moving, len(xs), len(busy), 23, 17, *origin, speed, pulses_left)
        assert strike._best_strike is not None
        assert strike._best_strike(*args, False, 0, 0) == -2
        case = (xs, ys, k, gain, busy, threat, moving, origin, None, speed, pulses_left)
        assert strike.choose_square(*case) == strike.choose_square(*case, compiled=False)


def test_the_kept_windows_are_the_viewsheds_windows():
    """EnemyWindows keeps each enemy's window (its squares, their index on the map and whether they sight it) by
    map, square and sight reach across orders phases. Turn after turn of the defence, with windows kept from the
    turns before, they are what the enemies' viewsheds give that turn, and so are every armoured unit's
    candidates (read through flat indexes: by enemy, then window square)."""
    packs = load_packs(env={}, include_user_dir=False)
    content = packs.content("eastern")
    scenario = next(s for s in packs.packs["eastern"].docs.scenarios if s.id.endswith("stalingrad_relief"))
    battle = Battle(content, scenario, seed=5, turns=14)
    defender = next(side for side in battle.state.sides if side not in battle.state.attackers)
    player, kept, compared = ComputerPlayer(), 0, 0
    offsets, distance = strike._OFFSETS, strike._DISTANCE
    while not battle.over:
        battle.start()
        pic = Picture(battle, defender)
        rule = (battle.grid.serial, battle.flags.los_operator, pic.vis)
        kept += sum((e.square, pic.sight_reach(e)) in strike._WINDOWS.get(rule, {}) for e in pic.known)
        windows = strike.EnemyWindows(pic)
        w, h = pic.width, pic.height
        for i, enemy in enumerate(pic.known):
            x, y = enemy.square
            xs, ys = x + offsets[0], y + offsets[1]
            on_map = (xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)
            view = pic.los(enemy.square)
            seen = on_map & view[ys.clip(0, h - 1), xs.clip(0, w - 1)]
            seen &= (distance > 0) & (distance <= pic.sight_reach(enemy))
            assert (windows.xs[i] == xs).all() and (windows.ys[i] == ys).all()
            assert (windows.flat[i] == ys.clip(0, h - 1) * w + xs.clip(0, w - 1)).all()
            assert (windows.seen[i] == seen).all(), f"turn {battle.state.turn}, enemy {enemy.uid}"
            assert (windows.ex[i, 0], windows.ey[i, 0]) == (x, y)
        for unit in battle.state.side_units(defender):
            if unit.pos is None or unit.routed or not fighting_armour(battle, unit):
                continue
            found = windows.candidates(unit, False, 0)
            ok = windows.seen & windows.passable(unit)
            k, j = ok.nonzero()
            gain = windows.strike_rates(unit, k, windows.arc[k, j])
            keep = gain > 0
            if not keep.any():
                assert found is None
                continue
            expected = k[keep], windows.xs[k[keep], j[keep]], windows.ys[k[keep], j[keep]], gain[keep]
            assert found is not None and all((a == b).all() for a, b in zip(found, expected, strict=True))
            compared += 1
        battle.orders_phase({side: player.orders(battle, side) for side in battle.state.sides})
        battle.combat_phase()
    assert kept >= 50 and compared >= 10  # windows were kept from turn to turn, and units had candidates
