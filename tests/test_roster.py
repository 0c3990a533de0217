"""The fire phase's Roster (engine/sim/roster.py): its lists, made with NumPy for many squares at once, are the
enemies a search must look at, by their definition (combat.sighting_range, the Chebyshev distance, the revealed
enemies), less those the side has spotted that stand beyond the reach of every search from the square, checked
during real games at every shot."""

from fractions import Fraction

import numpy as np
import pytest

from tacforge.engine.ai import ComputerPlayer
from tacforge.engine.rules.geometry import chebyshev
from tacforge.engine.rules.suppression import arithmetic, exact
from tacforge.engine.sim import events as ev
from tacforge.engine.sim import roster as roster_module
from tacforge.engine.sim.battle import Battle
from tacforge.engine.sim.combat import sighting_range
from tacforge.engine.sim.roster import RosterMaker


def reach_on(battle, side, square):
    """The longest search reach (combat.select_target's) of the side's units on the square, -1 if none stands there."""
    return max(
        (
            min(u.range_limit, u.weapon.mr, battle.state.visibility)
            for u in battle.state.units.values()
            if u.side == side and u.on_map and u.pos == square
        ),
        default=-1,
    )


def assert_lists(battle, side, roster, square, listed, expected):
    """`listed` is `expected` in its order, less only enemies the side has spotted beyond every reach from the
    square (a square none of its units stands on leaves out nothing)."""
    pairs = list(zip(*expected, strict=True))
    kept = list(zip(*listed, strict=True))
    assert set(kept) <= set(pairs) and kept == [p for p in pairs if p in set(kept)]
    reach = reach_on(battle, side, square) if square in roster.squares else None
    for i, d in set(pairs) - set(kept):
        assert reach is not None and d > reach and roster.units[i].uid in battle.seen_by_side[side], (square, i, d)
    return len(pairs) - len(kept)


def expected_lists(battle, roster, square, revealed=frozenset()):
    enemies, distances = [], []
    for i, enemy in enumerate(roster.units):
        d = chebyshev(square, enemy.pos)
        if d <= sighting_range(enemy, battle) or d == 0 or enemy.uid in revealed:
            enemies.append(i)
            distances.append(d)
    return enemies, distances


@pytest.mark.parametrize("pack,scenario", [("western", "bocage_crossroads"), ("eastern", "steppe_village")])
def test_roster_lists_are_the_enemies_within_sighting_range_on_the_square_or_revealed(bundled, pack, scenario):
    content = bundled.content(pack)
    battle = Battle(content, content.scenario(scenario), seed=3, turns=8)
    checked = {"near": 0, "revealed": 0, "left out": 0}

    def check(event):
        if not isinstance(event, ev.Fired) or not battle._rosters:
            return
        for side, roster in battle._rosters.items():
            listed = [u.uid for u in roster.units]  # in the order of state.units; the destroyed stay listed
            assert listed == sorted(listed, key=list(battle.state.units).index)
            assert {u.uid for u in battle.enemies_on_map(side)} <= set(listed)
            for square in roster.squares + [(0, 0)]:  # (0, 0): a square none of the side's units stands on
                expected = expected_lists(battle, roster, square)
                checked["left out"] += assert_lists(battle, side, roster, square, roster.near(square), expected)
                checked["near"] += 1
                revealed = battle.revealed.get(side, set())
                expected = expected_lists(battle, roster, square, revealed)
                listed = roster.near_or_revealed(square, revealed)
                checked["left out"] += assert_lists(battle, side, roster, square, listed, expected)
                checked["revealed"] += bool(revealed)

    battle.listeners.append(check)
    players = {side: ComputerPlayer() for side in battle.state.sides}
    while not battle.over:
        battle.orders_phase({side: players[side].orders(battle, side) for side in battle.state.sides})
        battle.combat_phase()
    assert checked["near"] > 100 and checked["revealed"] > 10 and checked["left out"] > 10, checked


def test_arithmetic_is_exact_only_for_fractions_without_floats():
    assert arithmetic((1, 2, 3)) is float
    assert arithmetic((Fraction(1, 3), 2.0)) is float
    assert arithmetic((Fraction(1, 3), 2)) is exact
    assert exact(0.1) == Fraction(1, 10) and exact(3) == Fraction(3) and exact(Fraction(1, 7)) == Fraction(1, 7)


def test_rosters_kept_between_pulses_are_those_made_afresh(bundled):
    """RosterMaker keeps the units' layout from one pulse to the next; at every shot of a game its rosters are
    those a new RosterMaker makes of the same state, reading the units' squares without the compiled pass
    (_search_core.rows): the same enemies, squares, sighting ranges and reach."""
    assert roster_module._read_rows is not None, "engine/sim/_search_core.c is not built: run `make setup`"
    content = bundled.content("western")
    battle = Battle(content, content.scenario("bocage_crossroads"), seed=5, turns=10)
    compared = {"pulses": set(), "kept": 0, "laid out again": 0}

    def check(event):
        if not isinstance(event, ev.Fired) or not battle._rosters:
            return
        maker = battle._roster_maker
        laid_out = maker.on_map
        kept = maker.rosters(*roster_inputs(battle))
        compared["kept" if maker.on_map is laid_out else "laid out again"] += 1  # (a unit destroyed this pulse)
        compiled = roster_module._read_rows  # the units' squares read by the compiled pass, and here by NumPy's
        roster_module._read_rows = None
        try:
            fresh = RosterMaker(battle.state.sides).rosters(*roster_inputs(battle))
        finally:
            roster_module._read_rows = compiled
        assert kept.keys() == fresh.keys()
        for side, roster in fresh.items():
            other = kept[side]
            assert [u.uid for u in other.units] == [u.uid for u in roster.units]
            assert other.index == roster.index and other.squares == roster.squares
            for name in ("xs", "ys", "sighting", "reach", "table"):
                assert getattr(other, name).tolist() == getattr(roster, name).tolist(), name
            assert other.table.dtype == roster.table.dtype == np.float64 and other.table.flags.c_contiguous
        compared["pulses"].add((battle.state.turn, battle.state.pulse))

    battle.listeners.append(check)
    players = {side: ComputerPlayer() for side in battle.state.sides}
    while not battle.over:
        battle.orders_phase({side: players[side].orders(battle, side) for side in battle.state.sides})
        battle.combat_phase()
    assert len(compared["pulses"]) > 20 and compared["kept"] > 100 and compared["laid out again"] > 0, compared


def roster_inputs(battle):
    state = battle.state
    spotting = battle.params.spotting
    return state.units.values(), battle.moving, state.visibility, battle.grid.cover, spotting, battle.seen_by_side
