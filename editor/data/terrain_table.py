"""Terrain codes and types as table rows (Qt-free): the columns, what each cell may hold (bounded by the terrain
schema), the pack content with a terrain document's model merged in (so that the map palette follows edits before
they are saved), and the maps that use a code or a type."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import numpy as np

from tacforge.engine.model import Map, TerrainCode, TerrainType

from ..common.schema_bounds import ANY, choices, nullable, whole_bound, whole_bounds
from ..document.models import row_validator
from .columns import Column

TYPES_KEY, CODES_KEY = "terrain_types", "terrain_codes"
HIGHEST_CODE = whole_bound("terrain", CODES_KEY, ANY, "code", upper=True)


def type_columns(mobility_ids: Iterable[str]) -> list[Column]:
    """Name, cover, line of sight, entrenchable, then the cost to enter for each mobility class (bare ids)."""
    cost = whole_bounds("terrain", TYPES_KEY, ANY, "movement", ANY)
    columns = [
        Column("Name", ("name",), "text"),
        Column("Cover", ("cover",), "bool", tip="cover terrain: fire at units here is less accurate"),
        Column(
            "Line of sight",
            ("los",),
            "choice",
            options=choices("terrain", TYPES_KEY, ANY, "los"),
            tip="how the square counts for line of sight and spotting",
        ),
        Column("Entrenchable", ("entrenchable",), "bool", tip="entrenchments may be built here"),
    ]
    for mobility in mobility_ids:
        bare = mobility.split(":")[-1]
        columns.append(
            Column(
                f"Move {bare}",
                ("movement", bare),
                "int",
                cost[0],
                cost[1],
                blank_means_none=nullable("terrain", TYPES_KEY, ANY, "movement", ANY),
                tip=f"movement points a {bare} unit spends to enter; empty: it cannot enter",
            )
        )
    return columns


def code_columns(type_ids: Iterable[str]) -> list[Column]:
    level = whole_bounds("terrain", CODES_KEY, ANY, "level")
    variant = whole_bounds("terrain", CODES_KEY, ANY, "variant")
    return [
        Column("Code", ("code",), "int", editable=False, tip="the interchange code (BG Appendix 3)"),
        Column("Terrain type", ("type",), "choice", options=tuple(type_ids)),
        Column("Level", ("level",), "int", *level, tip="ground level: 1, 3, 5 plateaus, slopes between"),
        Column("Variant", ("variant",), "int", *variant, tip="road, river and slope direction"),
        Column("Symbol", ("glyph",), "symbol", tip="the one character that stands for the code in map rows"),
        Column("Colour", (), "colour", editable=False, tip="the colour the zoomed-out map draws"),
    ]


def type_value(ttype: TerrainType, column: Column) -> Any:
    match column.path:
        case ("movement", str(mobility)):
            return ttype.cost(mobility)
        case (str(key), *_):
            return getattr(ttype, key)
    raise ValueError(f"no terrain type column at {column.path}")


def code_value(code: TerrainCode, column: Column) -> Any:
    match column.path:
        case (str(key), *_):
            return getattr(code, key)
        case ():
            return None
    raise ValueError(f"no terrain code column at {column.path}")


def with_terrain(content, tables, file) -> Any:
    """`content` with the terrain of `tables` (the typed model of the terrain document at `file`) in place of what
    was loaded from that file: what the map palette shows while the file is edited."""
    types = {k: t for k, t in content.terrain_types.items() if t.source.file != file}
    types.update((t.id, t) for t in tables.terrain_types if t is not None)
    codes = {k: c for k, c in content.terrain_codes.items() if c.source.file != file}
    codes.update((c.code, c) for c in tables.terrain_codes if c is not None)
    return replace(content, terrain_types=types, terrain_codes=dict(sorted(codes.items())))


def codes_of_type(tables, type_id: str) -> list[int]:
    """The codes of the terrain file whose type is `type_id` (bare or qualified)."""
    bare = type_id.split(":")[-1]
    return [c.code for c in tables.terrain_codes if c is not None and str(c.type).split(":")[-1] == bare]


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


def live_content(content, documents: Iterable) -> Any:
    """`content` with the terrain of every open terrain document of its packs as edited (saved or not)."""
    if content is None:
        return None
    for document in documents:
        if (
            document.kind == "terrain"
            and document.model is not None
            and document.content is not None
            and document.content.pack_id in content.namespaces
        ):
            content = with_terrain(content, document.model, document.path)
    return content


def maps_seeing(packset, pack_id: str) -> list[Map]:
    """Every map of the packs that see `pack_id`'s terrain: the pack itself and those that require it."""
    maps: dict[str, Map] = {}
    for pid, pack in packset.packs.items():
        if pack_id in packset.requirements(pid):
            maps.update((m.id, m) for m in pack.docs.maps)
    return list(maps.values())


# -- adding -------------------------------------------------------------------------------------------------------
def new_type_problem(tables, content, type_id: str, row: dict) -> str:
    """What is wrong with adding the terrain type `row` under `type_id` ('' when nothing): an id this file or the
    packs it sees already has, or a value the terrain schema refuses."""
    taken = {t.id.split(":")[-1] for t in tables.terrain_types if t is not None}
    taken |= {t.split(":")[-1] for t in (content.terrain_types if content is not None else ())}
    if type_id in taken:
        return f"there is already a terrain type '{type_id}'; choose another id"
    return schema_problem(TYPES_KEY, row)


def new_code_problem(tables, content, row: dict) -> str:
    """What is wrong with adding the terrain code `row` ('' when nothing): a code or symbol in use, a type that
    does not exist, a value the terrain schema refuses."""
    if row["code"] in used_codes(tables, content):
        return f"terrain code {row['code']} exists already; the first free one is {free_code(tables, content)}"
    if row["type"] not in type_ids_seen(tables, content):
        return f"there is no terrain type '{row['type']}'; add it first"
    if row["glyph"] in used_glyphs(tables, content):
        return f"the symbol '{row['glyph']}' stands for another code already"
    return schema_problem(CODES_KEY, row)


def schema_problem(key: str, row: dict) -> str:
    """The terrain schema's first complaint about one new entry of the list `key` ('' when it has none)."""
    error = next(iter(sorted(row_validator("terrain", key).iter_errors(row), key=str)), None)
    if error is None:
        return ""
    where = ".".join(str(p) for p in error.absolute_path)
    return f"{where + ': ' if where else ''}{error.message}"


def type_ids_seen(tables, content) -> list[str]:
    """The bare ids of the terrain types this file has or sees, sorted."""
    ids = {t.id.split(":")[-1] for t in tables.terrain_types if t is not None}
    ids |= {t.split(":")[-1] for t in (content.terrain_types if content is not None else ())}
    return sorted(ids)


def used_codes(tables, content) -> set[int]:
    codes = {c.code for c in tables.terrain_codes if c is not None}
    return codes | set(content.terrain_codes if content is not None else ())


def used_glyphs(tables, content) -> set[str]:
    rows = [c for c in tables.terrain_codes if c is not None]
    rows += list(content.terrain_codes.values()) if content is not None else []
    return {c.glyph for c in rows if c.glyph}


def free_code(tables, content) -> int:
    """The lowest terrain code that neither this file nor the packs it sees use."""
    used = used_codes(tables, content)
    return next(code for code in range(HIGHEST_CODE + 1) if code not in used)


def free_glyph(tables, content) -> str:
    """A map-row symbol no code uses yet: a letter first, then any printable character."""
    used = used_glyphs(tables, content)
    printable = [chr(c) for c in range(ord("!"), ord("~") + 1)]
    return next(g for g in sorted(printable, key=lambda g: (not g.isalpha(), g)) if g not in used)
