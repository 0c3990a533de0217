"""The map room in the shell: maps and scenarios open in an editor tab (the scenario drawn on its map by the layer
the scenario room registers)."""

from __future__ import annotations

from functools import partial


def register(rooms) -> None:
    from .editor_tab import EditorTab

    # the rooms registered after this one add their map layers to the same mapping, read when a tab opens
    tab = partial(EditorTab, layers=rooms.map_layers)
    rooms.add_tab("map", tab)
    rooms.add_tab("scenario", tab)
