"""The terrain (with its pack's import profile), periods, rules-parameters and manifest rooms in the shell
(common/rooms.py)."""

from __future__ import annotations


def register(rooms) -> None:
    from .manifest_form import ManifestTab
    from .parameters_room import RulesTab, ScenarioParameters
    from .periods_room import PeriodsTab
    from .profile_room import ProfileTab
    from .terrain_room import TerrainTab

    rooms.add_tab("terrain", TerrainTab)
    rooms.add_tab("periods", PeriodsTab)
    rooms.add_tab("import_profile", ProfileTab)
    rooms.add_tab("rules", RulesTab)
    rooms.add_tab("pack", ManifestTab)
    rooms.add_dock("scenario_parameters", "Scenario parameters", ScenarioParameters, "right")
