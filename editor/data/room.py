"""The data rooms in the shell: weapons files open in the weapons room's tab (its plots are a dock inside it)."""

from __future__ import annotations


def register(rooms) -> None:
    from .weapons_room import WeaponsTab

    rooms.add_tab("weapons", WeaponsTab)
