"""Issue 28, the map view on Caen (pytest-qt, in the main window): every label and place name is drawn inside the
map, the German Pz IVs' reinforcement label stands by the north edge's middle (where they enter, by Cagny) rather
than at the north-west corner over the British start, and a second objective put on Cagny's square makes one stack
of lines with the first instead of a label drawn over it."""

from __future__ import annotations

from editor_fixtures import no_dialogs, pack_copy, settings, window  # noqa: F401 (fixtures)

from tacforge.editor.scenario import map_marks


def painted(qtbot, window, path, zoom=None):
    tab = window.open_path(path)
    window.resize(1600, 1000)
    window.show()
    qtbot.waitExposed(window)
    if zoom is not None:
        tab.view.set_zoom(zoom)
    tab.view.viewport().grab()  # a paint pass lays the labels out
    return tab


def map_rect(view):
    o, cell, model = view.origin(), view.cell, view.model
    return o.x(), o.y(), o.x() + model.width * cell, o.y() + model.height * cell


def test_caen_labels_stay_inside_the_map_and_the_panzers_label_is_where_they_enter(qtbot, window, pack_copy):
    tab = painted(qtbot, window, pack_copy / "scenarios" / "caen.yaml")
    view = tab.view
    left, top, right, bottom = map_rect(view)
    assert view.place_names and view.labels_placed
    for box in [*view.labels_placed, *view.place_names]:  # Cagny sits on the first row, Colombelles by the west
        assert left - 0.5 <= box.left() and box.right() <= right + 0.5, box
        assert top - 0.5 <= box.top() and box.bottom() <= bottom + 0.5, box
    texts = dict(zip(view.label_texts, view.labels_placed, strict=True))
    panzers = texts["german reinforcements: I T20-24"]
    square = (panzers.left() - left) / view.cell, (panzers.top() - top) / view.cell
    middle = view.model.width / 2
    assert abs(square[0] - middle) < 4 and square[1] < 8, square  # by the north edge's middle...
    british = texts["allied start line"]
    assert panzers.left() > british.right()  # ...east of the British start, not at the north-west corner


def test_a_second_objective_on_a_square_stacks_with_the_first(qtbot, window, pack_copy):
    tab = painted(qtbot, window, pack_copy / "scenarios" / "caen.yaml", zoom=24.0)
    cagny = next(o for o in tab.document.model.scenario.objectives if o.id == "cagny")
    choice = map_marks.ObjectiveChoice("add", map_marks.SquareObjective("hold", "german", 40, "Cagny"))
    map_marks.apply_choice(tab.document, cagny.at, choice)
    tab.view.viewport().grab()
    view = tab.view
    stack = "Cagny\nallied capture 80 VP\ngerman hold 40 VP"
    assert stack in view.label_texts
    assert not any(t.startswith("Cagny:") for t in view.label_texts)  # no second label over the first
    box = view.labels_placed[view.label_texts.index(stack)]
    single = view.labels_placed[view.label_texts.index("Bourguebus: capture 150 VP")]  # (the same font)
    assert abs(box.height() - 3 * single.height()) < 1  # three lines, one block
    boxes = view.labels_placed
    assert all(not a.intersects(b) for i, a in enumerate(boxes) for b in [*boxes[i + 1 :], *view.place_names])
