"""What changed in the documents between two balance runs: the typed content each run played (PlaytestSource.load:
the files with the unsaved edits of the time) compared field by field, so that a comparison of results says what
was edited in between. The scenario, its map, the weapons, the rules parameters and the terrain, period and
formation tables are compared; every change names the document it is in (the entry's source file), the entry and
the field. Qt-free; reads model attributes only.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import fields, is_dataclass
from pathlib import Path

from tacforge.engine.cached_dataclass import dataclass

MAX_TEXT = 48  # characters of a value shown
SEQUENCE_KEYS = ("id", "side", "letter", "index")  # what names an element of a list, when every element has one


@dataclass(frozen=True)
class FieldChange:
    document: str  # "western/weapons.yaml", or a table's name when its entries name no file
    entry: str  # the entry changed ("western:m4a1"), empty for the scenario or map itself
    field: str  # "armour.front", "forces[allied].formations[A].units[1].count"
    before: str
    after: str

    def text(self) -> str:
        where = f"{self.entry}: " if self.entry else ""
        return f"{where}{self.field or 'whole entry'} {self.before} → {self.after}"


def document_label(source, fallback: str) -> str:
    """'pack/file.yaml' of a model object's source (the pack's id, else its folder's name), else `fallback`."""
    file = getattr(source, "file", None)
    if not file:
        return fallback
    return f"{getattr(source, 'pack', None) or Path(file).parent.name}/{Path(file).name}"


def content_changes(before: tuple, after: tuple) -> list[FieldChange]:
    """The changes from one run's (content, scenario) to the next's, document by document, in a stable order."""
    (content_a, scenario_a), (content_b, scenario_b) = before, after
    changes: list[FieldChange] = []
    scenario_doc = document_label(scenario_b.source, "scenario")
    changes += [FieldChange(scenario_doc, "", *c) for c in _diff(scenario_a, scenario_b, "")]
    map_a, map_b = content_a.maps.get(scenario_a.map), content_b.maps.get(scenario_b.map)
    if map_a is not None and map_b is not None:
        map_doc = document_label(map_b.source, "map")
        changes += [FieldChange(map_doc, "", *c) for c in _diff(map_a, map_b, "")]
    changes += [FieldChange("rules parameters", "", *c) for c in _diff(content_a.parameters, content_b.parameters, "")]
    for table in ("weapons", "terrain_types", "terrain_codes", "mobility", "periods", "formations"):
        changes += _table_changes(table, getattr(content_a, table), getattr(content_b, table))
    return changes


def _table_changes(table: str, a: Mapping, b: Mapping) -> list[FieldChange]:
    changes = []
    for key in list(a) + [k for k in b if k not in a]:
        old, new = a.get(key), b.get(key)
        if old == new:
            continue
        document = document_label(getattr(new if new is not None else old, "source", None), table.replace("_", " "))
        if old is None or new is None:
            changes.append(
                FieldChange(
                    document,
                    str(key),
                    "",
                    "absent" if old is None else "present",
                    "added" if old is None else "removed",
                )
            )
            continue
        changes += [FieldChange(document, str(key), *c) for c in _diff(old, new, "")]
    return changes


def _diff(a, b, path: str) -> Iterator[tuple[str, str, str]]:
    """(field path, before, after) of every leaf that differs between two model values."""
    if type(a) is type(b) and _equal(a, b):
        return
    if is_dataclass(a) and type(a) is type(b):
        for f in fields(a):
            if f.compare:  # (sources and caches are not content)
                yield from _diff(getattr(a, f.name), getattr(b, f.name), _join(path, f.name))
    elif isinstance(a, Mapping) and isinstance(b, Mapping):
        for key in list(a) + [k for k in b if k not in a]:
            yield from _diff(a.get(key), b.get(key), _join(path, str(key)))
    elif isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)) and (_keyed(a, b) or len(a) == len(b)):
        key = _keyed(a, b)
        if key:
            old = {getattr(x, key): x for x in a}
            new = {getattr(x, key): x for x in b}
            for k in list(old) + [k for k in new if k not in old]:
                yield from _diff(old.get(k), new.get(k), f"{path}[{k}]")
        else:
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                yield from _diff(x, y, f"{path}[{i}]")
    elif isinstance(a, bytes) and isinstance(b, bytes) and len(a) == len(b):  # a map's squares
        differ = sum(1 for x, y in zip(a, b, strict=True) if x != y)
        yield path, "", f"{differ} square{'s' if differ != 1 else ''} changed"
    else:
        yield path, _short(a), _short(b)


def _equal(a, b) -> bool:
    try:
        return bool(a == b)
    except (TypeError, ValueError):  # (an array compares element by element)
        return False


def _keyed(a, b) -> str | None:
    """The attribute that names every element of both lists, once each, if there is one."""
    items = [*a, *b]
    if not items:
        return None
    for key in SEQUENCE_KEYS:
        if all(hasattr(x, key) for x in items):
            if len({getattr(x, key) for x in a}) == len(a) and len({getattr(x, key) for x in b}) == len(b):
                return key
    return None


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def _short(value) -> str:
    if value is None:
        return "absent"
    if is_dataclass(value):  # a whole entry (a unit added, a formation removed): named, its fields not listed
        text = str(getattr(value, "name", "") or getattr(value, "id", "") or type(value).__name__.lower())
    else:
        text = str(value)
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"
