from __future__ import annotations

from dataclasses import field

from tacforge.engine.cached_dataclass import dataclass

from .source import Source


@dataclass(frozen=True, slots=True)
class TemplateElement:
    weapon: str  # reference as written; resolved by the content registry
    count: int
    name: str = ""
    siw: str | None = None
    source: Source = field(default=Source(None), compare=False)


@dataclass(frozen=True, slots=True)
class FormationTemplate:
    id: str
    name: str
    side: str
    periods: tuple[int, int]
    cost: int
    units: tuple[TemplateElement, ...]
    hq: TemplateElement | None = None
    nationality: str | None = None
    force_types: tuple[str, ...] = ()
    offmap: bool = False
    points: int | None = None  # tabletop points (docs/rules.md 16.4); None: the pack gives none
    description: str = ""
    source: Source = field(default=Source(None), compare=False)
