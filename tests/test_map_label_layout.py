"""Issue 28 (the editor on the historical scenarios), the layout of the map's labels without widgets: objectives
sharing a square make one stack of lines, labels are moved inside the map, an objective's label goes to the side of
its disc where it fits, and a reinforcement edge is marked where its units come in (the edge's middle first)."""

from __future__ import annotations

import pytest
from PyQt6.QtCore import QRectF

from tacforge.editor.common.unit_marks import entry_marks
from tacforge.editor.map.label_layout import beside, kept_inside, objective_labels
from tacforge.engine.model.scenario import Objective
from tacforge.engine.packs import load_packs

PROKHOROVKA = (  # the scenario's four (plugins/eastern/.../scenarios/prokhorovka.yaml)
    Objective("capture_1", "capture", "soviet", 120, "Hill 252.2", at=(20, 15)),
    Objective("capture_2", "capture", "soviet", 80, "Oktiabrskii state farm", at=(17, 10)),
    Objective("capture_3", "capture", "german", 80, "Prokhorovka", at=(44, 12)),
    Objective("hold_1", "hold", "german", 60, "Hill 252.2", at=(20, 15)),
)


def test_two_objectives_on_one_square_read_as_one_stack_under_their_name():
    labels = {label.square: label for label in objective_labels(PROKHOROVKA)}
    assert list(labels) == [(20, 15), (17, 10), (44, 12)]  # one label per square, in the file's order
    hill = labels[20, 15]
    assert hill.lines == ("Hill 252.2", "soviet capture 120 VP", "german hold 60 VP")
    assert hill.marks == (("capture", "soviet"), ("hold", "german"))  # a disc each
    assert labels[44, 12].lines == ("Prokhorovka: capture 80 VP",)  # one objective: one line, as before


def test_objectives_of_different_names_on_one_square_keep_each_name_and_off_map_ones_have_no_label():
    town = (
        Objective("a", "capture", "allied", 50, "Cagny", at=(3, 4)),
        Objective("b", "hold", "german", 30, at=(3, 4)),  # no name: its id
        Objective("c", "exit", "allied", 10, edge="east"),  # not on a square
    )
    (label,) = objective_labels(town)
    assert label.lines == ("Cagny: allied capture 50 VP", "b: german hold 30 VP")


@pytest.mark.parametrize(
    "box, moved",
    [
        ((90, 10, 30, 10), (70, 10)),  # past the east edge: moved left to end on it
        ((-8, 10, 30, 10), (0, 10)),  # past the west edge
        ((20, -5, 30, 10), (20, 0)),  # above the top (a place name on the first row)
        ((20, 95, 30, 10), (20, 90)),  # below the foot
        ((20, 20, 30, 10), (20, 20)),  # inside: where it was
        ((-5, 10, 130, 10), (0, 10)),  # wider than the map: its start kept in
    ],
)
def test_a_label_is_moved_inside_the_map(box, moved):
    out = kept_inside(QRectF(*box), QRectF(0, 0, 100, 100))
    assert (out.x(), out.y()) == moved
    assert (out.width(), out.height()) == box[2:]


def test_an_objective_label_goes_right_of_its_disc_else_left_of_it():
    assert beside(50, 40, 30, 0, 100) == 50  # fits on the right
    assert beside(80, 70, 30, 0, 100) == 40  # would cross the east edge: ends at the disc's left
    assert beside(20, 10, 95, 0, 100) == 5  # fits neither side: as far right as it fits


def test_an_edge_entry_is_marked_where_its_units_come_in_first():
    western = load_packs(env={}, include_user_dir=False).content("western")
    caen = western.scenario("caen")
    marks = {(m.side, m.edge): m for m in entry_marks(western, caen)}
    panzers = marks["german", "north"]  # the Pz IVs (I) come in from the north edge, from its middle outwards
    assert panzers.label == "I T20-24"
    width = western.map("caen").width
    formation = next(f for f in caen.force("german").formations if f.letter == "I")
    assert len(panzers.first) == len(formation.units)  # a square per unit, none rides in another
    assert {y for _, y in panzers.first} == {0}
    assert all(abs(x - (width - 1) / 2) <= len(panzers.first) for x, _ in panzers.first)  # by Cagny, not the corner
    assert panzers.first == tuple(western.map("caen").edge_squares("north")[: len(panzers.first)])
