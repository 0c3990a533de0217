"""The scenario room in the shell: the Properties dock with the current tab's scenario set-up, and the Order of
battle dock with its forces."""

from __future__ import annotations


def register(rooms) -> None:
    from .oob_dock import OobDock
    from .properties import ScenarioProperties

    rooms.add_dock("properties", "Properties", ScenarioProperties, "right")
    rooms.add_dock("oob", "Order of battle", OobDock, "left")
