"""engine/validation/plan_release.py: the two plan faults of issue 28, on a small made-up scenario."""

from types import MappingProxyType

from tacforge.engine.model import AiPlan, Force, Formation, PlanGroup, PlanOrder, Scenario, Unit
from tacforge.engine.validation.plan_release import plan_faults


def _scenario(groups: tuple[PlanGroup, ...]) -> Scenario:
    ours = Force(
        "red",
        (
            Formation("A", (Unit(0, "hq_tank", 1, at=(2, 5)), Unit(1, "mortar", 2, at=(2, 6)))),
            Formation("B", (Unit(0, "tank", 1, at=(4, 5)), Unit(1, "tank", 3, at=(4, 6)))),
        ),
    )
    theirs = Force("blue", (Formation("A", (Unit(0, "hq_tank", 1, at=(20, 5)),)),))
    plan = AiPlan("p", groups=groups)
    return Scenario("x:s", "S", "m", 3, "meeting", (ours, theirs), ai_plans=MappingProxyType({"red": (plan,)}))


def test_an_ungrouped_headquarters_is_found_and_marked():
    faults = plan_faults(_scenario((PlanGroup(("B", "A1"), (PlanOrder("hold"),), then="hold"),)))
    assert [(f.kind, f.what, f.hq) for f in faults] == [("ungrouped", "A0", True)]


def test_a_group_released_on_its_own_ground_is_found_but_not_one_released_on_the_enemy_s():
    home = PlanGroup(("B",), (PlanOrder("move", (5, 5)),))
    away = PlanGroup(("A",), (PlanOrder("attack", (18, 5)),))
    held = PlanGroup(("B1",), (PlanOrder("move", (5, 6)),), then="hold")
    faults = plan_faults(_scenario((home, away, held)))
    assert [(f.kind, f.what, f.square) for f in faults] == [("released-at-home", "B", (5, 5))]
