"""Issue 28 (the editor on the historical scenarios), the layout of the map's labels without widgets: objectives
sharing a square make one stack of lines, labels are moved inside the map, an objective's label goes to the side of
its disc where it fits, and a reinforcement edge is marked where its units come in (the edge's middle first)."""

from __future__ import annotations

import pytest

from tacforge.editor.common.unit_marks import entry_marks
from tacforge.editor.map.label_layout import (
    Box,
    LabelLayout,
    along,
    around_mark,
    crosses,
    kept_inside,
    nearby,
    objective_labels,
    stepped,
)
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
    out = kept_inside(Box(*box), Box(0, 0, 100, 100))
    assert (out.x, out.y) == moved
    assert (out.w, out.h) == box[2:]


def test_a_label_goes_beside_its_mark_right_then_left_then_above_then_below():
    mark = Box(40, 40, 10, 10)
    right, left, above, below, *corners = around_mark(mark, 30, 8, gap=2)
    assert right == Box(52, 41, 30, 8)  # vertically centred on the mark
    assert left == Box(8, 41, 30, 8)
    assert above == Box(30, 30, 30, 8) and below == Box(30, 52, 30, 8)
    assert len(corners) == 4 and not any(c.intersects(mark) for c in (right, left, above, below, *corners))


def test_the_first_free_candidate_inside_the_map_is_taken_and_the_earlier_text_keeps_its_place():
    layout = LabelLayout(Box(0, 0, 100, 100))
    mark = Box(80, 40, 10, 10)  # by the east edge: a 30 wide text does not fit on its right
    first = layout.place("Hill 812", around_mark(mark, 30, 8, gap=2), step=10)
    assert first == Box(48, 41, 30, 8)  # on its left, rather than moved inside over the mark
    second = layout.place("attack", around_mark(mark, 30, 8, gap=2), step=10)
    assert second == Box(70, 30, 30, 8)  # its left taken: above it
    assert layout.boxes == [first, second] and layout.texts == ["Hill 812", "attack"]


def test_a_text_takes_the_nearest_free_line_and_keeps_clear_of_marks():
    layout = LabelLayout(Box(0, 0, 100, 100), kept_clear=[Box(0, 20, 100, 10)])  # a row of waypoint discs
    layout.place("allied start line", [Box(0, 10, 40, 10)], step=10)
    box = layout.place("german start line", stepped(Box(0, 10, 40, 10), 10), step=10)
    assert box == Box(0, 0, 40, 10)  # one line down is a disc, one up is free
    assert list(stepped(Box(0, 50, 4, 4), 10, upward=True, count=2)) == [
        Box(0, 50, 4, 4),
        Box(0, 40, 4, 4),
        Box(0, 60, 4, 4),
        Box(0, 30, 4, 4),
        Box(0, 70, 4, 4),
    ]


def test_a_crowded_text_moves_round_its_place_or_is_left_out_and_never_covers_another():
    layout = LabelLayout(Box(0, 0, 60, 30))
    wanted = Box(20, 10, 20, 10)
    boxes = [layout.place(f"label {i}", [wanted], step=10, reach=1) for i in range(12)]
    placed = [b for b in boxes if b is not None]
    assert placed[0] == wanted
    assert placed[1] == Box(20, 20, 20, 10)  # the nearest ring: down first
    assert len(placed) == 9  # a 60 x 30 map holds nine 20 x 10 texts; the rest are left out
    assert layout.left_out == [f"label {i}" for i in range(9, 12)]
    assert not any(a.intersects(b) for i, a in enumerate(placed) for b in placed[i + 1 :])
    assert all(kept_inside(b, layout.bounds) == b for b in placed)
    assert [b.moved(-20, -10) for b in list(nearby(wanted, 10, 1))[:4]] == [
        Box(0, 10, 20, 10),
        Box(0, -10, 20, 10),
        Box(20, 0, 20, 10),
        Box(-20, 0, 20, 10),
    ]


def test_an_arrows_label_goes_along_it_from_its_middle_clear_of_it():
    first, other_side, *rest = along((0, 0), (100, 0), 20, 10, gap=3)
    assert first == Box(40, 3, 20, 10) and other_side == Box(40, -13, 20, 10)  # under, then over, a level arrow
    assert len(rest) == 8 and not any(crosses(b, (0, 0), (100, 0)) for b in (first, other_side, *rest))
    assert crosses(Box(40, -5, 20, 10), (0, 0), (100, 0))
    assert crosses(Box(40, 40, 20, 10), (0, 0), (100, 100))  # a diagonal through it
    assert not crosses(Box(60, 0, 20, 10), (0, 0), (100, 100))  # beside the diagonal
    assert not crosses(Box(40, 40, 20, 10), (0, 0), (30, 30))  # stops short of it


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
