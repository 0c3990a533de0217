"""Terrain codes and types as table rows (Qt-free): the columns, what each cell may hold (bounded by the terrain
schema), the typed terrain a terrain document holds right now, the pack content with it merged in (so that the map
palette follows edits before they are saved), and the maps that use a code or a type."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterable

import numpy as np

from tacforge.engine.model import Map, TerrainCode, TerrainType
from tacforge.engine.model.source import Source
from tacforge.engine.packs import decode

from .columns import Column
from .schema_bounds import ANY, bounds, choices, nullable

TYPES_KEY, CODES_KEY = "terrain_types", "terrain_codes"


def type_columns(mobility_ids: Iterable[str]) -> list[Column]:
    """Name, cover, line of sight, entrenchable, then the cost to enter for each mobility class (bare ids)."""
    cost = bounds("terrain", TYPES_KEY, ANY, "movement", ANY)
    columns = [Column("Name", ("name",), "text"),
               Column("Cover", ("cover",), "bool", tip="cover terrain: fire at units here is less accurate"),
               Column("Line of sight", ("los",), "choice", options=choices("terrain", TYPES_KEY, ANY, "los"),
                      tip="how the square counts for line of sight and spotting"),
               Column("Entrenchable", ("entrenchable",), "bool", tip="entrenchments may be built here")]
    for mobility in mobility_ids:
        bare = mobility.split(":")[-1]
        columns.append(Column(f"Move {bare}", ("movement", bare), "int", cost[0], cost[1],
                              blank_means_none=nullable("terrain", TYPES_KEY, ANY, "movement", ANY),
                              tip=f"movement points a {bare} unit spends to enter; empty: it cannot enter"))
    return columns


def code_columns(type_ids: Iterable[str]) -> list[Column]:
    level = bounds("terrain", CODES_KEY, ANY, "level")
    variant = bounds("terrain", CODES_KEY, ANY, "variant")
    return [Column("Code", ("code",), "int", editable=False, tip="the interchange code (BG Appendix 3)"),
            Column("Terrain type", ("type",), "choice", options=tuple(type_ids)),
            Column("Level", ("level",), "int", *level, tip="ground level: 1, 3, 5 plateaus, slopes between"),
            Column("Variant", ("variant",), "int", *variant, tip="road, river and slope direction"),
            Column("Symbol", ("glyph",), "symbol", tip="the one character that stands for the code in map rows"),
            Column("Colour", (), "colour", editable=False, tip="the colour the zoomed-out map draws")]


def type_value(ttype: TerrainType, column: Column) -> Any:
    if column.path[0] == "movement":
        return ttype.cost(column.path[1])
    return getattr(ttype, column.path[0])


def code_value(code: TerrainCode, column: Column) -> Any:
    return getattr(code, column.path[0]) if column.path else None


@dataclass(frozen=True)
class TerrainFile:
    """The typed terrain one terrain document holds now, in file order (row i is entry i of its list)."""

    types: tuple[TerrainType, ...]
    codes: tuple[TerrainCode, ...]

    @classmethod
    def read(cls, data: Any, file, namespace: str) -> "TerrainFile":
        """Build from the document's data; ValueError if the data is not what the schema asks (then the issues
        dock says what is wrong and the room waits for a valid file)."""
        try:
            _, types, codes = decode.terrain(data, Source(file, pack=namespace), namespace, set())
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"the terrain file does not match its schema ({exc}); see the Issues dock") from None
        return cls(tuple(types), tuple(codes))

    def merged_into(self, content):
        """`content` with this file's types and codes in place of what was read from the same file on disk."""
        file = self.types[0].source.file if self.types else (self.codes[0].source.file if self.codes else None)
        types = {k: t for k, t in content.terrain_types.items() if t.source.file != file}
        types.update((t.id, t) for t in self.types)
        codes = {k: c for k, c in content.terrain_codes.items() if c.source.file != file}
        codes.update((c.code, c) for c in self.codes)
        return replace(content, terrain_types=types, terrain_codes=dict(sorted(codes.items())))

    def codes_of_type(self, type_id: str) -> list[int]:
        bare = type_id.split(":")[-1]
        return [c.code for c in self.codes if str(c.type).split(":")[-1] == bare]


def maps_using(maps: Iterable[Map], codes: Iterable[int]) -> list[Map]:
    """The maps that have at least one square of one of the codes (what deleting them would break)."""
    wanted = set(codes)
    if not wanted:
        return []
    return [m for m in maps if np.isin(m.codes, list(wanted)).any()]


def used_in_text(maps: list[Map]) -> str:
    if not maps:
        return "used in no map"
    names = ", ".join(m.id for m in maps[:5]) + (", …" if len(maps) > 5 else "")
    return f"used in {len(maps)} map{'s' if len(maps) != 1 else ''} ({names})"
