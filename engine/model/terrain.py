from __future__ import annotations

from dataclasses import dataclass, field

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
    movement: tuple[tuple[str, int | None], ...]  # (mobility class id, cost to enter or None = prohibited)
    entrenchable: bool = False
    description: str = ""
    source: Source = field(default=Source(None), compare=False)

    def cost(self, mobility: str) -> int | None:
        for key, value in self.movement:
            if key == mobility:
                return value
        return None


@dataclass(frozen=True, slots=True)
class TerrainCode:
    code: int
    type: str  # qualified terrain type id
    level: int
    variant: int = 1
    glyph: str | None = None
    built: bool = False
    source: Source = field(default=Source(None), compare=False)
