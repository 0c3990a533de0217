"""Reading a pack's files: each file is parsed, schema-checked and decoded into the pack's documents by the reader of
its kind (READERS; a new pack kind adds one, docs/architecture.md 16.4)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..issues import ROOT_CAUSE_CODES, Issue, IssueList
from ..model.source import Source
from ..validation import schemas
from ..yamlio import YamlFileError, load_fast, unsaved
from . import decode
from .loaded_pack import LoadCaches, LoadedPack, PackDocs, internal_issue
from .manifest import FILE_KINDS
from .pack_files import expand_files


def skip_set(file_issues: list[Issue]) -> set[tuple]:
    """The paths (top-level keys, and entries of them) whose schema errors mean they are not decoded."""
    skip = set()
    for issue in file_issues:
        if issue.is_error:
            skip.add(issue.path[:1])
            skip.add(issue.path[:2])
    return skip


def _dropped_ids(data, skip: set[tuple]) -> set[str]:
    dropped = set()
    if isinstance(data, dict):
        for key, value in data.items():
            if isinstance(value, list):
                for i, entry in enumerate(value):
                    if (key, i) in skip and isinstance(entry, dict) and isinstance(entry.get("id"), str):
                        dropped.add(entry["id"])
    return dropped


# -- the readers: (documents, data, source, namespace, entries with schema errors, issues) -> None -------------------
Reader = Callable[[PackDocs, dict, Source, str, set, IssueList], None]


def _read_map(docs: PackDocs, data: dict, src: Source, ns: str, skip: set, issues: IssueList) -> None:
    game_map = decode.game_map(data, src, ns, issues)
    if game_map is not None:
        docs.maps.append(game_map)


def _read_scenario(docs: PackDocs, data: dict, src: Source, ns: str, skip: set, issues: IssueList) -> None:
    docs.scenarios.append(decode.scenario(data, src, ns))


def _read_terrain(docs: PackDocs, data: dict, src: Source, ns: str, skip: set, issues: IssueList) -> None:
    mobility, types, codes = decode.terrain(data, src, ns, skip)
    docs.mobility += mobility
    docs.terrain_types += types
    docs.terrain_codes += codes


def _read_rules(docs: PackDocs, data: dict, src: Source, ns: str, skip: set, issues: IssueList) -> None:
    parameters, classes, bands, profile = decode.rules(data, src, ns, skip)
    docs.parameters.update(parameters)
    docs.unit_classes.update(classes)
    if bands is not None:
        docs.victory_bands = bands
    if profile is not None:
        docs.rulesets.append(profile)


def _read_weapons(docs: PackDocs, data: dict, src: Source, ns: str, skip: set, issues: IssueList) -> None:
    docs.weapons += decode.entries(data, "weapons", src, skip, lambda r, s: decode.weapon(r, s, ns))


def _read_periods(docs: PackDocs, data: dict, src: Source, ns: str, skip: set, issues: IssueList) -> None:
    docs.periods += decode.entries(data, "periods", src, skip, decode.period)


def _read_import_profile(docs: PackDocs, data: dict, src: Source, ns: str, skip: set, issues: IssueList) -> None:
    if not skip:  # one document, read whole: a profile with a schema error is not used at all
        docs.import_profile = decode.import_profile(data, src)


def _read_formations(docs: PackDocs, data: dict, src: Source, ns: str, skip: set, issues: IssueList) -> None:
    docs.formations += decode.entries(data, "formations", src, skip, lambda r, s: decode.formation_template(r, s, ns))


READERS: dict[str, Reader] = {
    "map": _read_map,
    "scenario": _read_scenario,
    "terrain": _read_terrain,
    "rules": _read_rules,
    "weapons": _read_weapons,
    "periods": _read_periods,
    "import_profile": _read_import_profile,
    "formations": _read_formations,
}
WHOLE_DOCUMENT_KINDS = ("map", "scenario")  # one entry per file: any schema error leaves the file out whole


def read_file(pack: LoadedPack, path: Path, schema_kind: str, cache: LoadCaches | None) -> None:
    ns = pack.id
    try:
        loaded = load_fast(path) if cache is None else cache.parsed.load(path)
    except YamlFileError as exc:
        pack.issues.add(exc.issue)
        return
    pack.texts[path] = loaded.text
    pack.kinds[path] = schema_kind
    if cache is not None and cache.schema.is_valid(schema_kind, loaded.text):
        file_issues = []
    else:
        file_issues = schemas.validate(schema_kind, loaded.data, path)
        if cache is not None and not file_issues:
            cache.schema.remember(schema_kind, loaded.text)
    pack.issues.extend(file_issues)
    skip = skip_set(file_issues)
    data = loaded.data
    if () in skip or not isinstance(data, dict):
        return
    pack.docs.dropped |= _dropped_ids(data, skip)
    if schema_kind in WHOLE_DOCUMENT_KINDS and skip:
        if isinstance(data.get("id"), str):
            pack.docs.dropped.add(data["id"])
        return
    reader = READERS.get(schema_kind)
    if reader is not None:
        reader(pack.docs, data, Source(path, (), ns), ns, skip, pack.issues)


def read_pack_files(pack: LoadedPack, cache: LoadCaches | None) -> None:
    manifest = pack.known_manifest
    root = manifest.folder.resolve()
    for kind, (schema_kind, _) in FILE_KINDS.items():
        for path in expand_files(manifest, kind, pack.issues, root):
            try:
                read_file(pack, path, schema_kind, cache)
            except Exception as exc:  # one unforeseen failure must not hide the rest of the pack, or other packs
                pack.issues.add(internal_issue(exc, path))


def unreadable_files(pack: LoadedPack) -> set[Path]:
    """Files of the pack that could not be read, or whose whole document or a whole section has the wrong shape:
    the pack's content is then incomplete and every cross reference into it would be reported as unknown. (A map
    or scenario with any schema error is left out whole and references to its id are not reported anyway.)"""
    out = set()
    for issue in pack.issues.items:
        if not issue.is_error or issue.file is None:
            continue
        file = Path(issue.file)
        wrong_section = (
            issue.code == "schema.type" and len(issue.path) <= 1 and pack.kinds.get(file) not in ("map", "scenario")
        )
        if issue.code.startswith(ROOT_CAUSE_CODES) or wrong_section:
            out.add(file)
    return out


def read_map_text(path: Path, text: str, namespace: str) -> tuple[object | None, list[Issue]]:
    """A map from text that is not (yet) on disk, such as an editor's recovery copy: (Map or None, issues)."""
    issues = IssueList(namespace)
    with unsaved({path: text}):
        try:
            loaded = load_fast(path)
        except YamlFileError as exc:
            return None, [exc.issue]
    found = schemas.validate("map", loaded.data, path)
    issues.extend(found)
    if any(i.is_error for i in found) or not isinstance(loaded.data, dict):
        return None, issues.items
    game_map = decode.game_map(loaded.data, Source(path, (), namespace), namespace, issues)
    return game_map, issues.items
