"""An import profile's rules as table rows (Qt-free): the columns (terrain, priority, the OpenStreetMap tags that
match), what each cell may hold (bounded by the import-profile schema), and the edits of the elevation thresholds
and of the rules' order as paths into the file (docs/real-ground.md, "Writing a profile")."""

from __future__ import annotations

from typing import Any

from tacforge.engine.model import FeatureRule

from ..common.schema_bounds import ANY, choices, whole_bounds
from .columns import Column

FEATURES_KEY = "features"
ELEVATION_KEY = "elevation"
METHODS = ("metres", "quantiles")
# What a new rule says until the designer changes it: the lowest priority, a tag that no extract holds by chance.
NEW_RULE_TERRAIN, NEW_RULE_PRIORITY, NEW_RULE_MATCH = "broken", 0, {"landuse": ["quarry"]}


def rule_columns() -> list[Column]:
    priority = whole_bounds("import_profile", FEATURES_KEY, ANY, "priority")
    return [
        Column(
            "Terrain",
            ("terrain",),
            "choice",
            options=choices("import_profile", FEATURES_KEY, ANY, "terrain"),
            tip="the terrain type the matching features paint",
        ),
        Column("Priority", ("priority",), "int", *priority, tip="where two rules claim one square the higher wins"),
        Column(
            "OpenStreetMap tags",
            ("match",),
            "tags",
            tip="key=value,value; key=* (any value): a feature with any one of them matches",
        ),
    ]


def rule_value(rule: FeatureRule, column: Column) -> Any:
    match column.path:
        case ("match",):
            return {key: list(values) for key, values in rule.match.tags}
        case (str(key),):
            return getattr(rule, key)
    raise ValueError(f"no profile rule column at {column.path}")


def rule_label(rule: FeatureRule) -> str:
    return f"the {rule.terrain} rule of priority {rule.priority}"


def new_rule() -> dict[str, Any]:
    return {"terrain": NEW_RULE_TERRAIN, "priority": NEW_RULE_PRIORITY, "match": NEW_RULE_MATCH}


def moved_to(row: int, step: int, count: int) -> int | None:
    """Where the rule at `row` goes when moved `step` places (-1 up, +1 down), or None at either end."""
    target = row + step
    return target if 0 <= row < count and 0 <= target < count else None


def threshold_range(method: str) -> tuple[float, float, int]:
    """(lowest, highest, decimals) of an elevation threshold: heights above sea level in metres, or fractions of
    the map's own heights."""
    return (0.0, 1.0, 2) if method == "quantiles" else (-500.0, 9000.0, 1)


def threshold_problem(method: str, thresholds: tuple[float, float]) -> str:
    """What is wrong with a pair of thresholds ('' when nothing): the importer splits plateaus at them in order."""
    low, high, _ = threshold_range(method)
    if not all(low <= t <= high for t in thresholds):
        unit = "fractions from 0 to 1" if method == "quantiles" else f"heights from {low:g} to {high:g} m"
        return f"with {method} the thresholds are {unit}"
    if thresholds[0] >= thresholds[1]:
        return "the first threshold (level 1 below it) must be lower than the second (level 5 above it)"
    return ""
