"""The balance dialog's results per AI plan, without widgets (editor/playtest/balance_plans.py): each plan's games,
the side's wins, draws and defeats with their 95% Wilson intervals and the mean victory ratio, read from the
engine's report worked by hand in tests/test_batch_plans.py."""

from test_batch import HAND_MADE
from test_batch_plans import _planned_report

from tacforge.editor.playtest.balance_figures import share_with_interval
from tacforge.editor.playtest.balance_plans import PlanRow, plan_rows
from tacforge.engine.balance.stats import describe
from tacforge.engine.balance.summary import report_from_games


def test_a_row_per_plan_with_the_engines_figures():
    ambush, frontal, never = plan_rows(_planned_report())
    mean = describe([2.5, 2.0, 1.5, 1.0])
    assert ambush == PlanRow(
        "Red",
        "ambush: The ambush",
        "4 (57.1%)",
        share_with_interval(3, 4),
        share_with_interval(1, 4),
        share_with_interval(0, 4),
        f"1.75 ({mean.ci_low:.2f}-{mean.ci_high:.2f})",
    )
    assert ambush.wins.startswith("3 (75.0%, ")
    assert (frontal.plan, frontal.drawn, frontal.wins) == ("frontal", "3 (42.9%)", share_with_interval(1, 3))
    assert frontal.ratio == "0.50, 1 infinite"  # one finite ratio: no interval
    assert never == PlanRow("Red", "never", "0 (0.0%)", "-", "-", "-", "-")  # a plan no game drew


def test_a_report_without_plans_has_no_rows():
    plain = report_from_games(HAND_MADE, sides=("red", "blue"), numerator="red", side_names={"red": "Red"})
    assert plan_rows(plain) == []
