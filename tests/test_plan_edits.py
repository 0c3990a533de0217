"""A scenario's AI plans edited without widgets (editor/scenario/plan_edits.py): each edit is one undo step on the
scenario document, the file keeps its comments and key order, the typed model follows, ids stay unique and a
trigger's renaming or deletion carries to the orders that wait for it; plan_view.py's texts and map marks."""

import pytest
from editor_fixtures import pack_copy  # noqa: F401 (fixture)

from tacforge.editor.document import MISSING
from tacforge.editor.scenario import plan_edits as edits
from tacforge.editor.scenario import plan_view as view
from tacforge.editor.shell.workspace import Workspace


@pytest.fixture
def document(pack_copy, qapp):  # noqa: F811
    return Workspace([pack_copy]).open(pack_copy / "scenarios" / "bocage_crossroads.yaml")


def plans(document, side="german"):
    return document.model.scenario.ai_plans.get(side, ())


def steps(document, call, *args, **kwargs):
    """Run an edit; the number of undo steps it made, and what it returned."""
    before = document.undo.count()
    result = call(document, *args, **kwargs)
    return document.undo.count() - before, result


def test_a_plan_with_a_group_orders_and_a_trigger_is_built_one_undo_step_at_a_time(document):
    made, row = steps(document, edits.add_plan, "german")
    assert (made, row) == (1, 0) and plans(document)[0].id == "plan_1" and plans(document)[0].groups == ()
    assert steps(document, edits.set_plan_value, "german", 0, "weight", 3)[0] == 1
    assert steps(document, edits.set_plan_value, "german", 0, "name", "Tanks round the flank")[0] == 1
    side, refs = edits.unit_references(document.model.scenario, {("german", 0, 1), ("german", 1, 0), ("german", 1, 1)})
    formation_b = document.model.scenario.force("german").formations[1]
    assert side == "german" and refs[0] == "A1"
    assert refs[1:] == (["B"] if len(formation_b.units) == 2 else ["B0", "B1"])
    assert steps(document, edits.add_group, "german", 0, ["A1"]) == (1, 0)
    assert steps(document, edits.add_order, "german", 0, 0, "move", (22, 15)) == (1, 0)
    assert steps(document, edits.set_order_speed, "german", 0, 0, 0, "fast")[0] == 1
    assert steps(document, edits.add_order, "german", 0, 0, "hold") == (1, 1)
    assert steps(document, edits.add_trigger, "german", 0, edits.condition("turn", turn=5)) == (1, 0)
    assert steps(document, edits.set_order_start, "german", 0, 0, 1, trigger="trigger_1")[0] == 1
    assert steps(document, edits.set_group_then, "german", 0, 0, True)[0] == 1

    plan = plans(document)[0]
    assert (plan.name, plan.weight) == ("Tanks round the flank", 3)
    group = plan.groups[0]
    assert group.units == ("A1",) and group.then == "hold"
    assert [(o.kind, o.square, o.speed) for o in group.orders] == [("move", (22, 15), "fast"), ("hold", None, None)]
    assert group.orders[1].start.trigger == "trigger_1" and plan.triggers[0].when.turn == 5
    text = document.text()
    assert "# yaml-language-server" in text.splitlines()[0]  # the file's comments survive
    assert "- {move: [22, 15], speed: fast}" in text and "- {hold: true, start: {trigger: trigger_1}}" in text
    assert "- {id: trigger_1, when: {turn: 5}}" in text
    assert text.index("forces:") < text.index("ai_plans:")  # appended after what the file had, in its order

    while document.undo.canUndo():
        document.undo.undo()
    assert document.value("ai_plans") is None and plans(document) == ()


def test_renaming_or_deleting_a_trigger_carries_to_the_orders_waiting_for_it(document):
    edits.add_plan(document, "german")
    edits.add_group(document, "german", 0, ["A"])
    edits.add_order(document, "german", 0, 0, "hold")
    edits.add_order(document, "german", 0, 0, "attack", (30, 30))
    edits.add_trigger(document, "german", 0, edits.condition("enemy_in", enemy_in=(20, 20, 25, 28)))
    edits.set_order_start(document, "german", 0, 0, 1, trigger="trigger_1")
    assert steps(document, edits.rename_trigger, "german", 0, 0, "go")[0] == 1
    plan = plans(document)[0]
    assert plan.triggers[0].id == "go" and plan.groups[0].orders[1].start.trigger == "go"
    assert (plan.triggers[0].when.corner, plan.triggers[0].when.opposite) == ((20, 20), (25, 28))
    same = edits.condition("enemy_in", enemy_in=(20, 20, 25, 28))
    assert steps(document, edits.set_trigger_when, "german", 0, 0, same)[0] == 0  # unchanged: no step
    assert steps(document, edits.set_trigger_when, "german", 0, 0, edits.condition("turn", turn=4))[0] == 1
    assert plans(document)[0].triggers[0].when.turn == 4
    edits.add_trigger(document, "german", 0, edits.condition("turn", turn=3))
    with pytest.raises(ValueError, match="already has a trigger 'go'"):
        edits.rename_trigger(document, "german", 0, 1, "go")
    assert steps(document, edits.remove_trigger, "german", 0, 0)[0] == 1
    plan = plans(document)[0]
    assert [t.id for t in plan.triggers] == ["trigger_1"] and plan.groups[0].orders[1].start is None


def test_orders_change_kind_and_place_and_the_last_plan_takes_its_keys_with_it(document):
    edits.add_plan(document, "allied")
    edits.add_plan(document, "allied")
    assert [p.id for p in plans(document, "allied")] == ["plan_1", "plan_2"]
    with pytest.raises(ValueError, match="already has a plan"):
        edits.set_plan_value(document, "allied", 1, "id", "plan_1")
    edits.add_group(document, "allied", 0, ["B1"])
    edits.add_order(document, "allied", 0, 0, "move", (20, 29))
    edits.add_order(document, "allied", 0, 0, "hold")
    assert steps(document, edits.move_order, "allied", 0, 0, 1, -1) == (1, 0)
    assert [o.kind for o in plans(document, "allied")[0].groups[0].orders] == ["hold", "move"]
    assert steps(document, edits.set_order_kind, "allied", 0, 0, 1, "attack")[0] == 1
    assert steps(document, edits.set_order_square, "allied", 0, 0, 1, (25, 29))[0] == 1
    assert steps(document, edits.set_order_start, "allied", 0, 0, 1, turn=4)[0] == 1
    assert steps(document, edits.set_order_square, "allied", 0, 0, 1, (25, 29))[0] == 0  # unchanged: no step
    assert steps(document, edits.set_order_start, "allied", 0, 0, 1, turn=4)[0] == 0
    order = plans(document, "allied")[0].groups[0].orders[1]
    assert (order.kind, order.square, order.start.turn) == ("attack", (25, 29), 4)
    with pytest.raises(ValueError, match="needs a square"):
        edits.add_order(document, "allied", 0, 0, "move")
    edits.remove_order(document, "allied", 0, 0, 0)
    edits.remove_group(document, "allied", 0, 0)
    assert plans(document, "allied")[0].groups == ()
    edits.remove_plan(document, "allied", 1)
    assert steps(document, edits.remove_plan, "allied", 0)[0] == 1
    assert document.value("ai_plans", default=MISSING) is MISSING


def test_the_dock_texts_the_map_marks_and_the_chosen_rows_follow_the_model(document):
    edits.add_plan(document, "german", "Flank")
    edits.add_group(document, "german", 0, ["A1"])
    edits.add_order(document, "german", 0, 0, "move", (40, 20))
    edits.add_order(document, "german", 0, 0, "hold")
    edits.add_order(document, "german", 0, 0, "attack", (30, 30))
    edits.add_trigger(document, "german", 0, edits.condition("enemy_in", enemy_in=(28, 28, 32, 32)))
    edits.set_order_start(document, "german", 0, 0, 2, trigger="trigger_1")
    scenario = document.model.scenario
    plan = plans(document)[0]
    assert view.plan_text(plan) == "Flank  (weight 1, 1 group(s))"
    assert view.order_text(plan.groups[0].orders[2], 2) == "3. attack 30,30  (waits for trigger trigger_1)"
    assert view.trigger_text(plan.triggers[0]) == "trigger_1: enemy in 28,28-32,32"
    chosen = view.settle(scenario, view.Chosen("german", 0, 0, 5, None), ["allied", "german"])
    assert chosen == view.Chosen("german", 0, 0, None, None)
    marks = view.plan_marks(scenario, chosen)
    route = marks.routes[0]
    a1 = scenario.force("german").formations[0].units[1].at
    assert route.focused and route.start == a1 and route.label == "A1"
    assert [(w.number, w.square, w.waits) for w in route.waypoints] == [
        (1, (40, 20), ""),
        (3, (30, 30), "trigger trigger_1"),
    ]
    assert [(a.trigger, a.rect) for a in marks.areas] == [("trigger_1", (28, 28, 32, 32))]
    assert view.route_end(scenario, chosen) == (30, 30)
    path = ("ai_plans", "german", 0, "groups", 0, "orders", 2, "move")
    assert view.chosen_by_path(path) == view.Chosen("german", 0, 0, 2, None)


def test_a_condition_combines_others_in_all_and_any_nested_one_undo_step_each(document):
    from tacforge.editor.scenario.objective_edits import add_objective_at

    row = add_objective_at(document, "german", (30, 30))
    objective = document.model.scenario.objectives[row].id
    edits.add_plan(document, "german")
    edits.add_trigger(document, "german", 0, edits.condition("turn", turn=5))
    at, before = ("german", 0, 0), document.undo.count()
    with pytest.raises(ValueError, match="make the condition all or any first"):
        edits.add_condition_part(document, *at, (), edits.condition("turn", turn=2))
    whole = document.value(*edits.part_path(document, *at, ()))
    assert steps(document, edits.set_trigger_when, *at, edits.combine("all", whole))[0] == 1
    held = edits.condition("objective", objective=objective, held_by="german")
    assert steps(document, edits.add_condition_part, *at, (), held) == (1, 1)
    assert "{id: trigger_1, when: {all: [{turn: 5}, {objective: " + objective + ", held_by: german}]}}" in (
        document.text()
    )
    # a nested any, made from the second part, with a third condition inside it
    inner = edits.combine("any", document.value(*edits.part_path(document, *at, (1,))))
    assert steps(document, edits.set_trigger_when, *at, inner, (1,))[0] == 1
    assert steps(document, edits.add_condition_part, *at, (1,), edits.condition("turn", turn=9)) == (1, 1)
    assert steps(document, edits.set_trigger_when, *at, edits.condition("turn", turn=8), (1, 1))[0] == 1
    when = plans(document)[0].triggers[0].when
    assert view.condition_text(when) == f"all of (turn 5; any of ({objective} held by german; turn 8))"
    assert [part for part, _text in view.condition_parts(when)] == [(), (0,), (1,), (1, 0), (1, 1)]
    assert view.condition_part(when, (1, 1)).turn == 8 and view.condition_part(when, (0, 0)) is None
    # all becomes any, keeping its parts; a part is deleted; the last part of a list stays
    assert (
        steps(
            document,
            edits.set_trigger_when,
            *at,
            edits.combine("any", document.value(*edits.part_path(document, *at, ()))),
        )[0]
        == 1
    )
    assert steps(document, edits.remove_condition_part, *at, (1, 0))[0] == 1
    assert view.condition_text(plans(document)[0].triggers[0].when) == "any of (turn 5; any of (turn 8))"
    with pytest.raises(ValueError, match="keeps one condition at least"):
        edits.remove_condition_part(document, *at, (1, 0))
    with pytest.raises(ValueError, match="delete the trigger instead"):
        edits.remove_condition_part(document, *at, ())
    assert document.model.scenario is not None
    for _ in range(document.undo.count() - before):
        document.undo.undo()
    assert plans(document)[0].triggers[0].when.turn == 5
