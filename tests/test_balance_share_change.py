"""The change of a share between two balance runs (engine.balance.stats): Newcombe's hybrid score interval and the
pooled two-proportion z test, against values worked by hand and those Newcombe published (Statistics in Medicine 17,
1998, table II, method 10)."""

from __future__ import annotations

import math

import pytest

from tacforge.engine.balance import stats


def test_newcombe_interval_matches_the_published_examples():
    # 56/70 against 48/80: difference 0.2, interval 0.0524 to 0.3339 (the later run is the first share here)
    low, high = stats.newcombe(48, 80, 56, 70)
    assert (round(low, 4), round(high, 4)) == (0.0524, 0.3339)
    # 9/10 against 3/10: difference 0.6, interval 0.1705 to 0.8090
    low, high = stats.newcombe(3, 10, 9, 10)
    assert (round(low, 4), round(high, 4)) == (0.1705, 0.8090)


def test_newcombe_is_built_from_the_two_wilson_intervals():
    # by hand: d = 0.45 - 0.30; low = d - sqrt((0.45 - l_after)^2 + (u_before - 0.30)^2), and so on
    l_b, u_b = stats.wilson(30, 100)
    l_a, u_a = stats.wilson(45, 100)
    expected_low = 0.15 - math.sqrt((0.45 - l_a) ** 2 + (u_b - 0.30) ** 2)
    expected_high = 0.15 + math.sqrt((u_a - 0.45) ** 2 + (0.30 - l_b) ** 2)
    assert stats.newcombe(30, 100, 45, 100) == pytest.approx((expected_low, expected_high), abs=1e-12)


def test_two_proportion_z_test_against_a_hand_computation():
    # 30/100 then 45/100: pooled share 75/200 = 0.375, se = sqrt(0.375 x 0.625 x (1/100 + 1/100)) = 0.0684653,
    # z = 0.15 / 0.0684653 = 2.19089, two-sided p = 2 (1 - Phi(2.19089)) = 0.02846
    assert stats.two_proportions_p(30, 100, 45, 100) == pytest.approx(0.02846, abs=5e-6)
    # 50/100 then 52/100: z = 0.02 / sqrt(0.51 x 0.49 x 0.02) = 0.28290, p = 0.77725
    assert stats.two_proportions_p(50, 100, 52, 100) == pytest.approx(0.77725, abs=5e-6)


def test_share_change_says_which_changes_are_significant():
    moved = stats.share_change(30, 100, 45, 100)
    assert moved.difference == pytest.approx(0.15) and moved.significant
    assert moved.low > 0  # the interval agrees: it excludes no change
    same = stats.share_change(50, 100, 52, 100)
    assert not same.significant and same.low < 0 < same.high


def test_a_result_no_game_of_either_run_saw_did_not_change():
    change = stats.share_change(0, 40, 0, 60)
    assert change.difference == 0 and change.p_value == 1.0 and not change.significant
    assert change.low < 0 < change.high


def test_a_run_without_games_is_refused():
    with pytest.raises(ValueError):
        stats.share_change(0, 0, 3, 10)
