"""Frozen, typed models of pack content. Nothing outside engine.packs builds them from raw YAML.

`content.Content` (imported from its module) is the merged view of them that one pack sees: the loader builds it,
the checks, the rules, the battle and the editor read it."""

from .ai_plans import (
    AiPlan,
    AllOf,
    AnyOf,
    Condition,
    EnemyIn,
    Losses,
    ObjectiveHeld,
    PlanGroup,
    PlanOrder,
    PlanStart,
    Trigger,
    TurnReached,
)
from .formations import FormationTemplate, TemplateElement
from .import_profile import BuildingRule, ElevationRule, FeatureRule, ImportProfile, TagMatch
from .maps import Georef, Map
from .parameters import RulesParameters
from .periods import Period
from .rules import BattleType, ForceType, Nationality, Ruleset, RulesetFlags, Side, UnitClass, VictoryBand
from .scenario import AirSortie, Arrival, Force, Formation, Objective, OffmapBattery, Scenario, Unit, unit_arrival
from .source import Source
from .terrain import MobilityClass, TerrainCode, TerrainType
from .weapons import Weapon

__all__ = [
    "Source",
    "RulesParameters",
    "MobilityClass",
    "TerrainCode",
    "TerrainType",
    "BattleType",
    "ForceType",
    "Nationality",
    "Ruleset",
    "RulesetFlags",
    "Side",
    "UnitClass",
    "VictoryBand",
    "Weapon",
    "Period",
    "FormationTemplate",
    "TemplateElement",
    "Map",
    "Georef",
    "ImportProfile",
    "FeatureRule",
    "ElevationRule",
    "BuildingRule",
    "TagMatch",
    "Force",
    "Formation",
    "OffmapBattery",
    "Scenario",
    "AirSortie",
    "Unit",
    "Arrival",
    "Objective",
    "unit_arrival",
    "AiPlan",
    "PlanGroup",
    "PlanOrder",
    "PlanStart",
    "Trigger",
    "Condition",
    "TurnReached",
    "ObjectiveHeld",
    "EnemyIn",
    "Losses",
    "AllOf",
    "AnyOf",
]
