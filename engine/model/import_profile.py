"""An import profile (a pack's import_profile.yaml): how OpenStreetMap features and an elevation model become the
squares of a map at the rules' scale (docs/real-ground.md)."""

from __future__ import annotations

from dataclasses import field

from tacforge.engine.cached_dataclass import dataclass

from .source import Source

ANY = "*"  # a tag value that matches every value of its key


@dataclass(frozen=True)
class TagMatch:
    """Matches a feature that has any of `tags`' keys with one of the values listed (ANY: whatever the value)."""

    tags: tuple[tuple[str, tuple[str, ...]], ...]

    def matches(self, feature_tags: dict[str, str]) -> bool:
        for key, values in self.tags:
            value = feature_tags.get(key)
            if value is not None and (ANY in values or value in values):
                return True
        return False

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(key for key, _ in self.tags)


@dataclass(frozen=True)
class FeatureRule:
    """Features matching `match` become `terrain` (an engine.mapping.autotile type: road, river, town, woods,
    broken, clear); where two rules claim one square the higher `priority` wins. Lines mark the squares they pass
    through, areas the squares whose centre they hold."""

    terrain: str
    match: TagMatch
    priority: int


@dataclass(frozen=True)
class ElevationRule:
    """Plateau thresholds: the ground below `thresholds[0]` is level 1, up to `thresholds[1]` level 3, above it
    level 5; in metres, or as quantiles (0-1) of the map's own heights. Quantile thresholds are raised so that each
    plateau stands at least `min_rise` metres over the one below (flat ground stays flat)."""

    method: str  # "metres" or "quantiles"
    thresholds: tuple[float, float]
    min_rise: float = 10.0


@dataclass(frozen=True)
class BuildingRule:
    """A square holding at least `per_square` buildings becomes `terrain`, at `priority`."""

    terrain: str
    per_square: int
    priority: int


@dataclass(frozen=True)
class ImportProfile:
    name: str
    features: tuple[FeatureRule, ...]
    elevation: ElevationRule
    drop: tuple[TagMatch, ...] = ()
    fords: TagMatch = TagMatch((("ford", ("yes",)),))
    places: tuple[str, ...] = ("city", "town", "village", "hamlet")
    buildings: BuildingRule | None = None
    built_after: int | None = None  # features whose start_date is a later year are dropped
    description: str = ""
    source: Source = field(default=Source(None), compare=False)

    def tag_keys(self) -> frozenset[str]:
        """Every key a feature must have one of to matter to this profile."""
        keys = {k for rule in self.features for k in rule.match.keys} | set(self.fords.keys) | {"place"}
        if self.buildings is not None:
            keys.add("building")
        return frozenset(keys)
