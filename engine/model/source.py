from __future__ import annotations

from pathlib import Path

from tacforge.engine.cached_dataclass import dataclass

from ..issues import JsonPath


@dataclass(frozen=True, slots=True)
class Source:
    """Where a model object was read from, so that issues about it can name file and line."""

    file: Path | None
    path: JsonPath = ()
    pack: str | None = None

    def at(self, *parts: str | int) -> Source:
        return Source(self.file, self.path + parts, self.pack)
