"""Placing OOB units on the map without widgets (editor/scenario/placement.py): the friendly side of the start
line, the stacking limit, passengers riding along, and a drop is one undo step."""

import pytest
from editor_fixtures import pack_copy  # noqa: F401 (fixture)

from tacforge.editor.scenario.placement import place, snap
from tacforge.editor.shell.workspace import Workspace

ALLIED, TANK_DESTROYERS, ARMORED_INFANTRY = "allied", 3, 2  # bocage_crossroads: D and C of the allies


@pytest.fixture
def document(pack_copy, qapp):  # noqa: F811
    return Workspace([pack_copy]).open(pack_copy / "scenarios" / "bocage_crossroads.yaml")


def drop(document, formation_row, unit_rows, square):
    scenario = document.model.scenario
    game_map = document.content.map(scenario.map)
    placements, refused = snap(document.content, scenario, game_map, ALLIED, formation_row, unit_rows, square)
    place(document, ALLIED, formation_row, placements)
    return placements, refused


def squares(document, formation_row):
    return [u.at for u in document.model.scenario.force(ALLIED).formations[formation_row].units]


def test_a_unit_beyond_the_start_line_is_refused_and_nothing_changes(document):
    before = document.text()
    placements, refused = drop(document, TANK_DESTROYERS, [1], (40, 30))  # the allied line is column 15
    assert placements == [] and refused == ["D1: beyond the allied start line (column 15)"]
    assert document.text() == before


def test_the_stacking_limit_refuses_a_third_unit(document):
    drop(document, TANK_DESTROYERS, [1], (5, 5))
    drop(document, TANK_DESTROYERS, [2], (5, 5))
    placements, refused = drop(document, TANK_DESTROYERS, [0], (5, 5))
    assert placements == [] and refused == ["D0: 2 units there already (stacking limit 2)"]
    assert squares(document, TANK_DESTROYERS) == [(15, 22), (5, 5), (5, 5)]


def test_a_formation_spreads_on_legal_squares_with_its_passengers_in_one_undo_step(document):
    before, steps = document.text(), document.undo.count()
    placements, refused = drop(document, ARMORED_INFANTRY, list(range(8)), (3, 3))
    assert refused == [] and document.undo.count() == steps + 1
    assert len(placements) == 4  # C0 and the three halftracks; C1-C4 ride in them
    at = squares(document, ARMORED_INFANTRY)
    assert all(x <= 15 for x, _ in at)
    riders = {1: 5, 2: 6, 3: 7, 4: 7}  # passenger row -> its carrier's row
    assert all(at[p] == at[c] for p, c in riders.items())
    carriers = [at[row] for row in (0, 5, 6, 7)]
    assert max(carriers.count(sq) for sq in carriers) == 2  # stacked two to a square, as the limit allows
    document.undo.undo()
    assert document.text() == before
