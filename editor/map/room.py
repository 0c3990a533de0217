"""The map room in the shell: maps and scenarios open in an editor tab (the scenario drawn on its map)."""

from __future__ import annotations


def register(rooms) -> None:
    from .editor_tab import EditorTab

    rooms.add_tab("map", EditorTab)
    rooms.add_tab("scenario", EditorTab)
