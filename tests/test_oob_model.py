"""The order-of-battle model without widgets: the tree, templates, budget, handicap preview, and every edit one
undo step that undoes exactly (editor/scenario/oob_model.py)."""

import pytest
from editor_fixtures import pack_copy  # noqa: F401 (fixture)

from tacforge.editor.scenario import oob_model as oob
from tacforge.editor.shell.workspace import Workspace


@pytest.fixture
def document(pack_copy, qapp):  # noqa: F811
    workspace = Workspace([pack_copy])
    return workspace.open(pack_copy / "scenarios" / "bocage_crossroads.yaml")


def side(document, name):
    return next(s for s in oob.order_of_battle(document.content, document.model.scenario) if s.side == name)


def template(document, local_id):
    return document.content.formation(local_id)


def assert_undoes_exactly(document, edit):
    before = document.text()
    steps = document.undo.count()
    edit()
    assert document.undo.count() == steps + 1  # one undo step
    assert document.text() != before
    document.undo.undo()
    assert document.text() == before


def test_the_tree_has_sides_formations_units_and_transport_points(document):
    allied = side(document, "allied")
    assert [f.formation.letter for f in allied.formations] == ["A", "B", "C", "D", "E"]
    armored_infantry = allied.formations[2]
    assert [u.unit_id for u in armored_infantry.units][:3] == ["C0", "C1", "C2"]
    halftracks = next(u for u in armored_infantry.units if u.unit_id == "C7")
    # the 3rd platoon (30 riflemen, 1 point each) and the machine-gun section (4 guns, 2 points each, content's
    # rules.yaml) ride in C7's four halftracks of 10 points
    assert halftracks.passengers == ("C3", "C4")
    assert halftracks.capacity == 40
    assert halftracks.transport_used == 38
    assert armored_infantry.units[1].capacity is None  # riflemen carry nobody
    assert allied.budget == 110  # a medium force (meeting engagement) in the Western rules
    assert allied.spent == 0 and allied.hand_built == 4  # B-E are hand-built, A is the free command HQ


def test_templates_are_filtered_by_force_type_and_period(document):
    ids = [t.id.split(":")[-1] for t in oob.templates_for(document.content, document.model.scenario, "allied")]
    assert "us_tank_company_sherman" in ids
    assert "us_tank_company_grant" not in ids  # periods 1-2; the scenario is period 4
    assert "us_rifle_company" not in ids  # us_infantry only; this force is us_armour
    assert not any(template(document, i).side != "allied" for i in ids)


def test_a_template_formation_costs_its_points_and_shows_in_the_handicap_preview(document):
    before = side(document, "allied")
    letter = oob.add_template_formation(document, "allied", template(document, "us_tank_company_sherman"))
    after = side(document, "allied")
    assert letter == "F"
    added = after.formations[-1]
    assert [(u.unit.index, u.unit.weapon, u.unit.count) for u in added.units] == [
        (0, "sherman", 1),
        (1, "sherman", 5),
        (2, "sherman", 5),
        (3, "sherman", 5),
    ]
    assert after.spent == 31  # the template's cost in formations.yaml
    content = document.content
    # handicap: level 3 is even; at 4 the allies keep 3/4 (5 -> 4), at 5 half (5 -> 3); never below 1
    assert after.strength(content, 3) - before.strength(content, 3) == 16
    assert after.strength(content, 4) - before.strength(content, 4) == 13
    assert after.strength(content, 5) - before.strength(content, 5) == 10
    assert after.strength(content, 1) - before.strength(content, 1) == 16  # level 1 weakens the Germans


@pytest.mark.parametrize("edit", ["template", "hand", "unit", "remove_formation", "remove_unit", "set", "paste"])
def test_every_oob_edit_is_one_undo_step_that_undoes_exactly(document, edit):
    sherman = document.content.resolve_weapon("sherman", ["us"])
    edits = {
        "template": lambda: oob.add_template_formation(
            document, "allied", template(document, "us_tank_company_sherman")
        ),
        "hand": lambda: oob.add_hand_formation(document, "allied", sherman, 2, "Tank Section"),
        "unit": lambda: oob.add_unit(document, "allied", 3, sherman, 1, "Extra"),
        "remove_formation": lambda: oob.remove_formation(document, "allied", 2),
        "remove_unit": lambda: oob.remove_unit(document, "allied", 1, 2),
        "set": lambda: oob.set_unit_value(document, "allied", 1, 1, "count", 4, "Change count"),
        "paste": lambda: oob.paste_formation(document, "german", oob.copy_formation(document, "allied", 2)),
    }
    assert_undoes_exactly(document, edits[edit])


def test_a_pasted_formation_gets_a_new_letter_its_carriers_and_no_squares(document):
    german_letters = [f.formation.letter for f in side(document, "german").formations]
    letter = oob.paste_formation(document, "german", oob.copy_formation(document, "allied", 2))
    assert letter not in german_letters
    pasted = side(document, "german").formations[-1]
    assert pasted.formation.letter == letter
    assert all(u.unit.at is None for u in pasted.units)
    assert next(u for u in pasted.units if u.unit.index == 3).unit.carrier == f"{letter}7"


def test_a_new_unit_takes_the_lowest_free_index_and_a_full_formation_refuses(document):
    sherman = document.content.resolve_weapon("sherman", ["us"])
    assert oob.add_unit(document, "allied", 3, sherman, 1) == 3  # D has 0-2
    for _ in range(5):  # indices 4-8: the HQ and 8 units, max_units_per_formation of the rules
        oob.add_unit(document, "allied", 3, sherman, 1)
    assert sorted(u.index for u in document.model.scenario.force("allied").formations[3].units) == list(range(9))
    with pytest.raises(oob.OobError, match="all 8 units"):
        oob.add_unit(document, "allied", 3, sherman, 1)


def test_going_over_budget_is_a_warning_in_the_issues(document, pack_copy):
    from tacforge.engine.packs import load_packs

    def over_budget():
        document.save()
        return [i for i in load_packs([pack_copy]).all_issues() if i.code == "scenario.over-budget"]

    assert over_budget() == []
    for _ in range(4):  # 4 x 31 = 124 of 110
        oob.add_template_formation(document, "allied", template(document, "us_tank_company_sherman"))
    assert side(document, "allied").spent == 124
    issues = over_budget()
    assert len(issues) == 1 and issues[0].severity == "warning" and issues[0].line is not None
    assert "cost 124 selection points; the budget of this battle is 110" in issues[0].message


def test_unused_selection_points_follow_what_is_bought_while_they_match_the_budget(document):
    # bocage_crossroads sets no unused points: as a new scenario would, give each side its whole budget unused
    document.set_value(("unused_selection_points",), {"allied": 110, "german": 40}, "Unused points")
    sherman_company = template(document, "us_tank_company_sherman")
    assert_undoes_exactly(document, lambda: oob.add_template_formation(document, "allied", sherman_company))
    oob.add_template_formation(document, "allied", sherman_company)
    unused = dict(document.model.scenario.unused_selection_points)
    assert unused == {"allied": 110 - sherman_company.cost, "german": 40}
    oob.add_template_formation(document, "german", template(document, "ger_panzergrenadier_company"))
    assert dict(document.model.scenario.unused_selection_points)["german"] == 40  # set by hand: left alone
    oob.remove_formation(document, "allied", len(side(document, "allied").formations) - 1)
    assert dict(document.model.scenario.unused_selection_points)["allied"] == 110
