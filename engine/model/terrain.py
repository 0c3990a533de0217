from __future__ import annotations

from dataclasses import field

from tacforge.engine.cached_dataclass import dataclass

from .source import Source


@dataclass(frozen=True, slots=True)
class MobilityClass:
    id: str
    name: str
    description: str = ""
    source: Source = field(default=Source(None), compare=False)


@dataclass(frozen=True, slots=True)
class TerrainType:
    id: str
    name: str
    cover: bool
    los: str  # open | town | woods | broken
    movement: tuple[tuple[str, int | None], ...]  # (mobility class reference, cost to enter or None = prohibited)
    entrenchable: bool = False
    description: str = ""
    source: Source = field(default=Source(None), compare=False)

    def cost(self, mobility: str) -> int | None:
        """Movement points to enter for a mobility class (bare or qualified id); None = cannot enter."""
        wanted = mobility.split(":")[-1]
        for key, value in self.movement:
            if key.split(":")[-1] == wanted:
                return value
        return None

    def allows(self, mobility: str) -> bool:
        wanted = mobility.split(":")[-1]
        return any(key.split(":")[-1] == wanted for key, _ in self.movement)


@dataclass(frozen=True, slots=True)
class TerrainCode:
    code: int
    type: str  # terrain type reference as written; Content.terrain_type resolves it
    level: int
    variant: int = 1
    glyph: str | None = None
    built: bool = False
    source: Source = field(default=Source(None), compare=False)
