"""The scenario room in the shell: the Properties dock with the current tab's scenario set-up."""

from __future__ import annotations


def register(rooms) -> None:
    from .properties import ScenarioProperties

    rooms.add_dock("properties", "Properties", ScenarioProperties, "right")
