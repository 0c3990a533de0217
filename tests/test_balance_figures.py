"""What the balance-run dialog reads from reports, without widgets: victory levels with their intervals, the
notable games, the ratio histogram, two runs side by side, and the time left."""

from __future__ import annotations

import pytest

from tacforge.editor.playtest.balance_figures import (
    compare,
    level_rows,
    lopsidedness,
    notable_games,
    ratio_histogram,
    ratio_text,
    share_with_interval,
)
from tacforge.editor.playtest.balance_progress import BalanceOptions, TimeLeft, duration_text, progress_text
from tacforge.engine.balance import GameSummary, SideSummary, report_from_games


def side(name: str, total: int, lost: dict[str, int], strength: dict[str, int]) -> SideSummary:
    return SideSummary(name, total, 0, 0, False, 1, total, lost, {c: 10 * k for c, k in lost.items()}, strength, ())


def game(
    index: int, red: int, blue: int, label: str, level: str, winner: str | None, tanks_lost: int = 0
) -> GameSummary:
    """A game with Red scoring `red` VP and Blue `blue` (Red is the numerator side)."""
    if blue:
        ratio, note = red / blue, ""
    else:
        ratio, note = None, ("no points" if not red else "infinite")
    return GameSummary(
        index,
        500 + index,
        10,
        level,
        label,
        winner,
        ratio,
        note,
        2,
        {
            "red": side("red", red, {"tank": tanks_lost, "rifle": 2}, {"tank": 5, "rifle": 30}),
            "blue": side("blue", blue, {"rifle": 1}, {"rifle": 20}),
        },
    )


def report(games):
    return report_from_games(
        games,
        sides=("red", "blue"),
        numerator="red",
        side_names={"red": "Red", "blue": "Blue"},
        scenario="test:hand",
        scenario_name="Hand made",
        turns=10,
    )


GAMES = [
    game(0, 300, 100, "Red Decisive", "decisive", "red", tanks_lost=1),  # ratio 3: |ln 3| = 1.0986
    game(1, 105, 100, "Draw", "draw", None),  # 1.05: 0.0488, margin 5
    game(2, 100, 95, "Draw", "draw", None),  # 1.0526: 0.0513
    game(3, 50, 100, "Blue Marginal", "marginal", "blue", tanks_lost=3),  # 0.5: 0.6931
    game(4, 120, 0, "Red Decisive", "decisive", "red"),  # infinite
    game(5, 0, 0, "Draw", "draw", None),  # no points: 0
    game(6, 210, 200, "Draw", "draw", None),  # 1.05 again, margin 10
]


def test_levels_carry_their_wilson_interval():
    """Red Decisive 2 of 7: Wilson 95%, z = 1.959964: centre (2/7 + z^2/14) / (1 + z^2/7) = 0.560104 / 1.548780
    = 0.361642; half z sqrt(2/7 x 5/7 / 7 + z^2/196) / 1.548780 = 1.959964 x 0.220803 / 1.548780 = 0.279422
    -> [0.082220, 0.641064]"""
    rows = level_rows(report(GAMES))
    assert [(r.result, r.games) for r in rows] == [("Red Decisive", 2), ("Draw", 4), ("Blue Marginal", 1)]
    assert rows[0].share == pytest.approx(2 / 7)
    assert (rows[0].low, rows[0].high) == (pytest.approx(0.082220, abs=1e-5), pytest.approx(0.641064, abs=1e-5))
    assert share_with_interval(2, 7) == "2 (28.6%, 8.2-64.1%)"


def test_lopsidedness_is_the_distance_of_the_ratio_from_one_on_a_log_scale():
    assert lopsidedness(GAMES[0]) == pytest.approx(1.098612, abs=1e-6)
    assert lopsidedness(GAMES[3]) == pytest.approx(0.693147, abs=1e-6)
    assert lopsidedness(GAMES[4]) == float("inf")
    assert lopsidedness(GAMES[5]) == 0.0
    assert lopsidedness(game(9, 0, 80, "Blue Decisive", "decisive", "blue")) == float("inf")  # ratio 0


def test_notable_games_closest_then_most_lopsided_each_once():
    """Closest: game 5 (nobody scored: 0), then the two at ratio 1.05: game 1 (margin 5) before game 6 (margin 10).
    Most lopsided: game 4 (infinite), game 0 (ratio 3), game 3 (ratio 0.5)."""
    notable = notable_games(report(GAMES))
    assert [(n.why, n.game.index) for n in notable] == [
        ("closest", 5),
        ("closest", 1),
        ("closest", 6),
        ("most lopsided", 4),
        ("most lopsided", 0),
        ("most lopsided", 3),
    ]


def test_a_small_run_lists_each_game_once():
    notable = notable_games(report(GAMES[:4]))
    assert sorted(n.game.index for n in notable) == [0, 1, 2, 3]
    assert [n.why for n in notable] == ["closest"] * 3 + ["most lopsided"]


def test_ratio_text():
    r = report(GAMES)
    assert ratio_text(r, GAMES[0]) == "3.00"
    assert ratio_text(r, GAMES[4]) == "inf (Blue scored nothing)"
    assert ratio_text(r, GAMES[5]) == "no points"


def test_ratio_histogram_bins_the_finite_ratios():
    """Finite ratios 3, 1.05, 1.0526, 0.5, 1.05 (5 games): ceil(sqrt 5) = 3 < 5 bins, so 5 bins of width 0.5 from
    0.5 to 3.0: 0.5 | 1.05 1.05 1.0526 | - | - | 3 (the maximum falls in the last bin)."""
    edges, counts = ratio_histogram(report(GAMES))
    assert edges == pytest.approx([0.5, 1.0, 1.5, 2.0, 2.5, 3.0])
    assert counts == [1, 3, 0, 0, 1]
    assert ratio_histogram(report([GAMES[4], GAMES[5]])) == ([], [])
    assert ratio_histogram(report([GAMES[1]])) == (pytest.approx([1.0, 1.1]), [1])


def test_compare_two_runs_side_by_side():
    before, after = report(GAMES[:4]), report(GAMES)
    rows = {row.label: row for row in compare(before, after)}
    assert rows["games"].before.startswith("4 games, seed 0") and rows["games"].after.startswith("7 games")
    assert rows["Red Decisive"].before == "1 (25.0%, 4.6-69.9%)"
    assert rows["Red Decisive"].after == "2 (28.6%, 8.2-64.1%)"
    assert rows["Red"].before == "1 (25.0%, 4.6-69.9%)"  # wins
    assert rows["draws"].after == "4 (57.1%, 25.0-84.2%)"
    assert rows["mean"].before == "1.40"  # (3 + 1.05 + 1.0526 + 0.5) / 4 = 1.4007
    assert rows["infinite (one side scored nothing)"].after == "1"
    assert rows["Red tank"].before == "1.00 of 5"  # (1 + 0 + 0 + 3) / 4
    assert rows["Red tank"].after == "0.57 of 5"  # 4 / 7
    headings = [row.label for row in compare(before, after) if row.heading]
    assert headings[0] == "Run" and headings[-1].startswith("Units lost per game")


def test_a_result_only_one_run_saw_counts_zero_in_the_other():
    rows = {row.label: row for row in compare(report(GAMES[1:3]), report(GAMES[:2]))}
    assert rows["Red Decisive"].before == "0 (0.0%, 0.0-65.8%)"
    assert rows["Draw"].after == "1 (50.0%, 9.5-90.5%)"


def test_results_of_both_runs_keep_the_order_of_levels():
    """The earlier run saw a Red Decisive win and a Blue Marginal one, the later only draws and a Red Substantive:
    Red's best first, then the draw, then Blue's."""
    before = report([GAMES[0], GAMES[3]])
    after = report([GAMES[1], game(7, 200, 100, "Red Substantive", "substantive", "red")])
    rows = compare(before, after)
    start = next(i for i, row in enumerate(rows) if row.label.startswith("Results")) + 1
    end = next(i for i, row in enumerate(rows) if row.label.startswith("Wins"))
    assert [row.label for row in rows[start:end]] == ["Red Decisive", "Red Substantive", "Draw", "Blue Marginal"]


def test_time_left_from_the_pace_after_the_first_game():
    """Started at t=0; the workers start (2 s) before the first game ends at t=3; 10 more by t=13: 1 s a game,
    89 left -> 89 s. Before a second report the pace is the whole time per game."""
    eta = TimeLeft(total=100, started=0.0)
    assert eta.update(0, 1.0) is None
    assert eta.update(1, 3.0) == pytest.approx(3.0 * 99)
    assert eta.update(11, 13.0) == pytest.approx(89.0)
    assert eta.update(100, 102.0) == 0.0


def test_progress_and_durations_read_well():
    assert duration_text(44.6) == "45 s"
    assert duration_text(185) == "3 min 05 s"
    assert duration_text(3720) == "1 h 02 min"
    assert progress_text(37, 100, 65) == "37 of 100 games, about 1 min 05 s left"
    assert progress_text(0, 100, None) == "0 of 100 games, estimating the time left"
    assert progress_text(100, 100, 0.0) == "100 of 100 games"


def test_options_are_run_batch_arguments():
    options = BalanceOptions(runs=4, seed=3, handicap=2, jobs=2, turns=None)
    assert options.batch_arguments() == {"runs": 4, "seed": 3, "handicap": 2, "jobs": 2, "turns": None}


def test_compare_shows_how_often_each_side_withdrew_when_a_run_has_the_battle_rating():
    """The battle_rating module (docs/rules.md 16): a row per side of the games it withdrew from, with the change."""
    import dataclasses

    def rated(g, withdrew):
        return dataclasses.replace(g, counters={"red": 3, "blue": 9}, ratings={"red": 10, "blue": 8}, withdrew=withdrew)

    plain = [game(i, 100, 50, "Red Decisive", "decisive", "red") for i in range(4)]
    assert not any(row.label.startswith("Withdrew") for row in compare(report(plain), report(plain)))
    before = report([rated(g, "blue" if g.index < 1 else None) for g in plain])
    after = report([rated(g, "blue" if g.index < 3 else None) for g in plain])
    rows = compare(before, after)
    at = next(i for i, row in enumerate(rows) if row.label == "Withdrew, battle rating (games, share, 95% interval)")
    red, blue = rows[at + 1], rows[at + 2]
    assert (red.label, red.before, red.after) == ("Red", share_with_interval(0, 4), share_with_interval(0, 4))
    assert (blue.label, blue.before, blue.after) == (
        "Blue",
        share_with_interval(1, 4),
        share_with_interval(3, 4),
    )
    assert blue.change.startswith("+50.0")
    mixed = compare(report(plain), after)  # a run without the module shows '-'
    at = next(i for i, row in enumerate(mixed) if row.label.startswith("Withdrew"))
    assert mixed[at + 2].before == "-" and mixed[at + 2].after == share_with_interval(3, 4)
