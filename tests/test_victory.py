"""Victory points and levels (docs/rules.md 9, 12.4 A15-A17, A22), worked by hand."""

import random
from fractions import Fraction

import pytest

from tacforge.engine.sim.state import GameState, UnitState
from tacforge.engine.sim.victory import kill_vp, score


@pytest.fixture(scope="module")
def west(bundled):
    return bundled.content("western")


def state(attackers, kill=None, unused=None, start=None, units=()):
    return GameState(
        pack="western",
        scenario="t",
        seed=0,
        sides=("allied", "german"),
        attackers=attackers,
        units={u.uid: u for u in units},
        visibility=10,
        delays={"allied": (2, 6), "german": (2, 6)},
        last_turn=20,
        rng=random.Random(0),
        objective_center=(30, 30),
        kill_vp=kill or {},
        unused_sp=unused or {},
        starting_vp=start or {},
    )


def unit(west, uid, weapon, count, pos):
    w = west.resolve_weapon(weapon, ("us", "british", "german"))
    side = uid.split(":")[0]
    return UnitState(uid=uid, side=side, letter=uid[-2], index=int(uid[-1]), weapon=w, count=count, pos=pos)


def test_defender_doubling_and_unused_points(west):
    """Allied assault: the Germans defend. German kills 60 -> 120; 10 unused SP x 20 = 200 -> doubled 400 (< 500)."""
    result = score(state(("allied",), kill={"allied": 100, "german": 60}, unused={"german": 10}), west)
    assert result.scores["german"].total == 120 + 400
    assert result.scores["allied"].total == 100
    assert result.scores["german"].doubled and not result.scores["allied"].doubled


def test_unused_points_caps(west):
    """40 unused SP = 800 VP, capped 250; with 100 starting VP the bonus 350 doubles to 700, capped 500."""
    result = score(state(("allied",), unused={"german": 40}, start={"german": 100}), west)
    assert result.scores["german"].bonus == 350 and result.scores["german"].total == 500


def test_meeting_engagement_has_no_doubling(west):
    result = score(state(("allied", "german"), kill={"allied": 50, "german": 50}), west)
    assert result.scores["german"].total == 50 and result.label == "Draw"


@pytest.mark.parametrize(
    "allied,german,label",
    [
        (219, 200, "Allied Marginal"),  # 1.095 rounds half up to 1.10
        (218, 200, "Draw"),  # 1.09
        (200, 100, "Allied Decisive"),  # 2.00
        (199, 100, "Allied Substantive"),  # 1.99
        (67, 100, "German Marginal"),  # 0.67
        (66, 100, "German Substantive"),  # 0.66
        (50, 100, "German Decisive"),  # 0.50
        (51, 100, "German Substantive"),  # 0.51
        (10, 0, "Allied Decisive"),  # zero denominator
        (0, 0, "Draw"),
    ],
)
def test_bands(west, allied, german, label):
    result = score(state(("allied", "german"), kill={"allied": allied, "german": german}), west)
    assert result.label == label


def test_rounded_ratio_is_exact(west):
    result = score(state(("allied", "german"), kill={"allied": 219, "german": 200}), west)
    assert result.ratio == Fraction(219, 200) and result.rounded_ratio == Fraction(110, 100)


def test_objective_area(west):
    """Attacker units within 9 squares (Chebyshev) of the centre score: 20 per armoured vehicle, 5 per infantryman,
    10 per gun or truck; one square further out scores nothing; the defender never scores the area."""
    units = [
        unit(west, "allied:B1", "sherman", 5, (39, 30)),
        unit(west, "allied:C1", "rifle", 30, (30, 21)),
        unit(west, "allied:D1", "57at", 4, (40, 30)),
        unit(west, "german:B1", "panther", 3, (30, 30)),
    ]
    result = score(state(("allied",), units=units), west)
    assert result.scores["allied"].objective == 5 * 20 + 30 * 5
    assert result.scores["german"].objective == 0


def test_kill_vp(west):
    assert kill_vp(west.resolve_weapon("SHERMAN"), west) == 21
    assert kill_vp(west.resolve_weapon("107MOR"), west) == 5
    assert kill_vp(west.resolve_weapon("81MOR", ("us",)), west) == 3
    assert kill_vp(west.resolve_weapon("TRUCK", ("german",)), west) == 10
    assert kill_vp(west.resolve_weapon("RIFLE", ("us",)), west) == 1
