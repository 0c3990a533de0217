from __future__ import annotations

from dataclasses import field
from datetime import date

from tacforge.engine.cached_dataclass import dataclass

from .source import Source


@dataclass(frozen=True, slots=True)
class Period:
    number: int
    name: str
    start: date
    end: date
    command_delays: tuple[tuple[str, int, int], ...]  # (side, in command, out of command)
    description: str = ""
    source: Source = field(default=Source(None), compare=False)

    def contains(self, day: date) -> bool:
        """The date falls within the period, both ends included."""
        return self.start <= day <= self.end

    def delays(self, side: str) -> tuple[int, int] | None:
        for key, inside, outside in self.command_delays:
            if key == side:
                return inside, outside
        return None
