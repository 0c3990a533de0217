"""Balance runs report each side's results per AI plan (issue 26): how often each plan was drawn, the side's wins,
draws and defeats with it (95% Wilson intervals) and the mean victory ratio, in the text, JSON and CSV reports,
from the process pool and from Dask alike."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from engine_features import PACKS
from test_batch import HAND_MADE

from tacforge.engine.ai.plans import draw_plan
from tacforge.engine.balance import run_batch
from tacforge.engine.balance.batch_setup import game_seed
from tacforge.engine.balance.stats import describe, wilson
from tacforge.engine.balance.summary import report_from_games
from tacforge.engine.cli import main
from tacforge.engine.packs import load_packs

PLANS = "features_fixtures:plans"
# Red drew 'ambush' in games 0-3 (won 0, 1, 2; drew 3) and 'frontal' in games 4-6 (lost 4, won 5, drew 6)
RED_PLANS = ["ambush"] * 4 + ["frontal"] * 3


def _planned_report(names=None):
    games = [
        replace(g, sides={**g.sides, "red": replace(g.sides["red"], plan=plan)})
        for g, plan in zip(HAND_MADE, RED_PLANS, strict=True)
    ]
    return report_from_games(
        games,
        sides=("red", "blue"),
        numerator="red",
        side_names={"red": "Red", "blue": "Blue"},
        plan_names=names if names is not None else {"red": {"ambush": "The ambush", "frontal": "", "never": ""}},
    )


def test_results_per_plan_worked_by_hand():
    """ambush: 4 games (4/7 of the run), Red won 3 and drew 1; ratios 2.5, 2.0, 1.5, 1.0 -> mean 1.75.
    frontal: 3 games, Red won 1 (game 5), lost 1 (game 4), drew 1 (game 6); one finite ratio, 0.5, one infinite,
    one without points. 'never' is one of the scenario's plans no game drew."""
    plans = _planned_report().plans()
    assert list(plans) == ["red"]
    ambush, frontal, never = plans["red"]
    assert (ambush["plan"], ambush["name"], ambush["games"]) == ("ambush", "The ambush", 4)
    assert ambush["drawn"] == pytest.approx(4 / 7)
    assert ambush["wins"] == {"games": 3, "share": 0.75, "ci95": list(wilson(3, 4))}
    assert ambush["draws"]["games"] == 1 and ambush["defeats"]["games"] == 0
    assert ambush["ratio"]["mean"] == pytest.approx(1.75)
    assert ambush["ratio"]["ci_low"] == pytest.approx(describe([2.5, 2.0, 1.5, 1.0]).ci_low)
    assert (frontal["games"], frontal["wins"]["games"], frontal["defeats"]["games"]) == (3, 1, 1)
    assert frontal["draws"]["games"] == 1
    assert (frontal["ratio"]["n"], frontal["ratio"]["mean"]) == (1, 0.5)
    assert (frontal["ratio"]["infinite"], frontal["ratio"]["no_points"]) == (1, 1)
    assert never["games"] == 0 and never["drawn"] == 0 and never["wins"]["share"] is None


def test_the_outputs_show_the_plans_only_when_there_are_some():
    planned, plain = _planned_report(), report_from_games(HAND_MADE, sides=("red", "blue"), numerator="red")
    assert "plans" in planned.to_json() and "plans" not in plain.to_json()
    assert planned.csv_columns() == plain.csv_columns() + ["red_plan"]
    rows = planned.to_csv().splitlines()
    assert rows[1].endswith(",ambush") and rows[-1].endswith(",frontal")
    text = planned.to_text()
    assert "AI plans:" in text and "AI plans:" not in plain.to_text()
    line = next(line for line in text.splitlines() if " ambush " in line)
    assert "4 (57.1%)" in line and "75.0% (30.1%-95.4%)" in line and "1.75" in line


@pytest.fixture(scope="module")
def on_pool():
    return run_batch(PLANS, 12, jobs=2, seed=5, pack_paths=[PACKS])


def test_a_run_draws_each_games_plan_from_its_seed(on_pool):
    scenario = load_packs([str(PACKS)], env={}, include_user_dir=False).content("features_fixtures").scenario("plans")
    expected = [draw_plan(scenario.ai_plans["german"], game_seed(5, i), "german").id for i in range(12)]
    assert [g.sides["german"].plan for g in on_pool.games] == expected
    assert all(g.sides["allied"].plan is None for g in on_pool.games)
    rows = on_pool.plans()["german"]
    assert [r["plan"] for r in rows] == ["flank", "frontal"]
    assert [r["games"] for r in rows] == [expected.count("flank"), expected.count("frontal")]
    for row in rows:
        mine = [g for g in on_pool.games if g.sides["german"].plan == row["plan"]]
        assert row["wins"]["games"] == sum(g.winner == "german" for g in mine)


def test_the_cli_report_gives_the_plans(capsys, on_pool):
    assert (
        main(
            [
                "--pack-path",
                str(PACKS),
                "batch",
                PLANS,
                "--runs",
                "12",
                "--jobs",
                "2",
                "--seed",
                "5",
                "--format",
                "json",
                "--no-progress",
            ]
        )
        == 0
    )
    body = json.loads(capsys.readouterr().out)
    assert body["plans"] == json.loads(json.dumps(on_pool.plans()))
