"""The order of battle with the points module (docs/rules.md 16.4): each unit's tabletop points and battle rating in
the tree and the Properties dock, a template formation's points, and the budget line's points when the scenario
counts them (editor/scenario/oob_model.py, oob_rows.py, selection_names.py)."""

import pytest
from editor_fixtures import no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)
from test_modules_qt import click as click_box
from test_modules_qt import scroll_to
from test_oob_names_qt import click, index_of

from tacforge.editor.scenario import oob_model as oob
from tacforge.editor.scenario.oob_rows import COLUMNS
from tacforge.editor.shell.workspace import Workspace
from tacforge.engine.packs import load_packs

SCENARIO = "bocage_crossroads.yaml"
SHIPPED_MODULES = "modules: [battle_rating]\n"  # the shipped scenario plays with the battle rating only


def without_modules(pack_copy):
    """The scenario with no optional module on, as these tests start from."""
    path = pack_copy / "scenarios" / SCENARIO
    text = path.read_text()
    assert SHIPPED_MODULES in text
    path.write_text(text.replace(SHIPPED_MODULES, "", 1))
    return path


def with_points(pack_copy, budget: int):
    """The scenario with the points module on and both sides given `budget` points."""
    path = without_modules(pack_copy)
    text = path.read_text()
    path.write_text(
        text.replace(
            "starting_vp:", f"modules: [points]\npoints: {{allied: {budget}, german: {budget}}}\nstarting_vp:", 1
        )
    )
    return path


def side(document, name):
    return next(s for s in oob.order_of_battle(document.content, document.model.scenario) if s.side == name)


def test_every_unit_has_its_points_and_rating_and_the_budget_counts_points_only_when_asked(pack_copy, qapp):
    document = Workspace([pack_copy]).open(pack_copy / "scenarios" / SCENARIO)
    allied = side(document, "allied")
    company = allied.formations[1]  # B: a hand-built Sherman company
    hq, platoon = company.units[0], company.units[1]
    assert hq.weapon.points == 39  # a Sherman: 20 x its selection-point value (scripts/tabletop_points.py)
    assert (hq.points, hq.rating) == (39, 3)  # a tank rates 2, an HQ on the map 1 more (16.1)
    assert (platoon.points, platoon.rating) == (195, 2)
    assert (
        not allied.uses_points
        and oob.points_totals(oob.order_of_battle(document.content, document.model.scenario)) == ""
    )
    assert oob.worth_text(document.content, document.model.scenario, "allied", 1, None) == (
        f"Tabletop points {sum(u.points for u in company.units)}; battle rating {sum(u.rating for u in company.units)}"
    )


def test_a_bought_template_counts_its_points_against_the_budget_and_warns_over_it(pack_copy, qapp):
    path = with_points(pack_copy, 500)
    document = Workspace([pack_copy]).open(path)
    sherman_company = document.content.formation("us_tank_company_sherman")
    oob.add_template_formation(document, "allied", sherman_company)
    allied = side(document, "allied")
    assert allied.uses_points and allied.points_budget == 500
    assert allied.points_spent == sherman_company.points == 624 and allied.formations[-1].points == 624
    line = oob.points_totals(oob.order_of_battle(document.content, document.model.scenario))
    assert "Tabletop points" in line and "<b>allied</b>: 624 of 500 points" in line and "#b00020" in line
    document.save()
    issues = [i for i in load_packs([pack_copy]).all_issues() if i.code == "scenario.over-points"]
    assert len(issues) == 1 and "cost 624 points; the points budget is 500" in issues[0].message


def test_the_tree_the_budget_line_and_the_properties_show_points_and_rating(qtbot, window, pack_copy):
    window.resize(1600, 1000)
    window.show()
    qtbot.waitExposed(window)
    window.open_path(without_modules(pack_copy))
    dock, document = window.room_docks["oob"], window.current_tab().document
    qtbot.waitUntil(lambda: dock.tree.isVisible())
    assert "Tabletop points" not in dock.budget.text()
    points, rating = COLUMNS.index("Points"), COLUMNS.index("Rating")
    assert index_of(dock, ("allied", 1, 1), points).data() == "195"
    assert index_of(dock, ("allied", 1, 0), rating).data() == "3"

    box = window.properties.general.modules.boxes["points"]  # turned on in the Properties dock
    window.properties.fields.setCurrentIndex(0)
    scroll_to(qtbot, box)
    click_box(qtbot, box)
    qtbot.waitUntil(lambda: "Tabletop points" in dock.budget.text())
    assert "<b>allied</b>: 0 points (no budget)" in dock.budget.text() and document.model.scenario.modules == (
        "points",
    )

    spin = window.properties.sides.spins["points", "allied"]  # the side's budget, typed in the Sides tab
    steps = document.undo.count()
    spin.setValue(800)
    qtbot.waitUntil(lambda: "<b>allied</b>: 0 of 800 points" in dock.budget.text())
    assert dict(document.model.scenario.points) == {"allied": 800} and document.undo.count() == steps + 1

    click(dock, index_of(dock, ("allied", 1, 1)))
    names = window.properties.sides.selected
    qtbot.waitUntil(lambda: names.worth.text() == "Tabletop points 195; battle rating 2")
