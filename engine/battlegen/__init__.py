"""Building a battle the way the manuals' "build your own scenario" does: set-up choices, selection points and
formation templates, AUTO-SELECT, AUTO-DEPLOY, and writing the result as a pack (docs/build-a-battle.md).

    from tacforge.engine.battlegen import BattleChoices, build_battle, write_battle
    battle = build_battle(content, BattleChoices("allied-assault", period=4, size="large", seed=7))
    write_battle(battle, content, Path("my-battles"), requires={...}, ruleset=content.ruleset.id)
"""

from .battle import GeneratedBattle, build_battle
from .deploy import deploy
from .forces import (
    Battery,
    ForceDraft,
    FormationDraft,
    Offer,
    Purchase,
    UnitDraft,
    battery_cost,
    buy,
    command_hq,
    formations,
    is_available,
    offers,
)
from .plan import BattleChoices, BattlePlan, BuildError, map_size, plan_battle
from .scenario_writer import WrittenBattle, map_document, plan_output, scenario_document, write_battle
from .select import RECIPES, auto_select, choose_force_type, posture
from .transport import load, load_report

__all__ = [
    "BattleChoices",
    "BattlePlan",
    "BuildError",
    "map_size",
    "plan_battle",
    "Battery",
    "ForceDraft",
    "FormationDraft",
    "Offer",
    "Purchase",
    "UnitDraft",
    "battery_cost",
    "buy",
    "command_hq",
    "formations",
    "is_available",
    "offers",
    "RECIPES",
    "auto_select",
    "choose_force_type",
    "posture",
    "load",
    "load_report",
    "deploy",
    "GeneratedBattle",
    "build_battle",
    "WrittenBattle",
    "map_document",
    "plan_output",
    "scenario_document",
    "write_battle",
]
