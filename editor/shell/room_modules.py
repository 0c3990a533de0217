"""The rooms the shell loads: each module's `register(rooms)` adds its tabs, docks and map layers (common/rooms.py)."""

from __future__ import annotations

import importlib

from ..common.rooms import Rooms

# The modules whose `register(rooms)` adds the rooms' tabs and docks, in the order their docks are arranged.
ROOM_MODULES = [
    "tacforge.editor.map.room",
    "tacforge.editor.scenario.room",
    "tacforge.editor.data.room",
    "tacforge.editor.data.data_rooms",
]


def load_rooms() -> Rooms:
    rooms = Rooms()
    for name in ROOM_MODULES:
        importlib.import_module(name).register(rooms)
    return rooms
