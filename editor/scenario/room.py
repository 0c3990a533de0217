"""The scenario room in the shell: the Properties dock with the current tab's scenario set-up, the Order of
battle dock with its forces, the AI Plans dock, and the scenario's layer on its map tab (units, objectives,
entrenchments, the AI plan chosen in the dock)."""

from __future__ import annotations


def register(rooms) -> None:
    from .map_link import ScenarioMapLink
    from .oob_dock import OobDock
    from .plan_dock import PlanDock
    from .properties import ScenarioProperties

    rooms.add_dock("properties", "Properties", ScenarioProperties, "right")
    rooms.add_dock("oob", "Order of battle", OobDock, "left")
    rooms.add_dock("ai_plans", "AI plans", PlanDock, "right")
    rooms.add_map_layer("scenario", ScenarioMapLink)
