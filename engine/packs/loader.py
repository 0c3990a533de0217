"""Loading packs on the fast path: manifests, requirements, files, schema checks and models.

A pack that is broken, misses a requirement, has an unknown schema version or conflicts with another is reported
and skipped; the others load as usual.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from ..issues import ROOT_CAUSE_CODES, Issue, IssueList, Severity, did_you_mean, error, warning
from ..model.content import Content
from ..model.import_profile import ImportProfile
from ..model.parameters import RulesParameters
from ..model.source import Source
from ..source_locations import locate_issues
from ..validation import schemas
from ..validation.schema_cache import SchemaCache
from ..validation.semantic import check_pack
from ..yamlio import YamlFileError, load_fast
from . import decode
from .discovery import PackLocation, discover
from .manifest import FILE_KINDS, SUPPORTED_SCHEMA_VERSIONS, Manifest, read_manifest, satisfies
from .pack_files import expand_files
from .parsed_cache import ParsedCache


@dataclass(frozen=True)
class LoadCaches:
    """The fast path's two caches, both keyed by a file's exact text: its data, and that it passed the schema."""

    schema: SchemaCache
    parsed: ParsedCache

    @classmethod
    def open(cls) -> LoadCaches:
        return cls(SchemaCache(), ParsedCache())


@dataclass
class PackDocs:
    """Everything one pack defines, as models, before merging with its requirements."""

    mobility: list = field(default_factory=list)
    terrain_types: list = field(default_factory=list)
    terrain_codes: list = field(default_factory=list)
    parameters: dict = field(default_factory=dict)
    unit_classes: dict = field(default_factory=dict)
    victory_bands: list | None = None
    rulesets: list = field(default_factory=list)
    weapons: list = field(default_factory=list)
    periods: list = field(default_factory=list)
    formations: list = field(default_factory=list)
    maps: list = field(default_factory=list)
    scenarios: list = field(default_factory=list)
    import_profile: ImportProfile | None = None  # the pack's own (one file: the last read wins)
    dropped: set[str] = field(default_factory=set)  # raw ids of entries skipped for schema errors

    def entries(self):
        for name in ("mobility", "terrain_types", "weapons", "formations", "maps", "scenarios"):
            yield from getattr(self, name)


class Skip(Enum):
    """Why a pack is skipped."""

    SHADOWED = "shadowed"  # another pack of the same id comes first
    SCHEMA_VERSION = "schema version"
    REQUIREMENTS = "requirements"  # a requirement missing, of the wrong version, or circular
    REQUIREMENT_SKIPPED = "requirement skipped"
    CONFLICT = "conflict"
    ERRORS = "errors"
    UNREADABLE = "unreadable"  # its pack.yaml cannot be read, or reading it failed
    NOT_LOADED = "not loaded"  # neither asked about nor required by a pack asked about (tacforge validate PACK)


@dataclass
class LoadedPack:
    location: PackLocation
    manifest: Manifest | None
    docs: PackDocs = field(default_factory=PackDocs)
    issues: IssueList = field(default_factory=IssueList)
    texts: dict[Path, str] = field(default_factory=dict)
    kinds: dict[Path, str] = field(default_factory=dict)  # file -> schema kind
    problem: str | None = None  # why the pack is skipped, if it is, in words
    skipped: Skip | None = None  # ... and as a kind, which code reads (never the words)

    def skip(self, kind: Skip, problem: str, replace: bool = False) -> None:
        """Mark the pack skipped; the first reason found stands unless `replace`."""
        if self.problem is None or replace:
            self.problem, self.skipped = problem, kind

    @property
    def id(self) -> str:
        return self.manifest.id if self.manifest else self.location.folder.name

    @property
    def known_manifest(self) -> Manifest:
        """The manifest of a pack whose pack.yaml was read: every pack of PackSet.packs, and every pack the loader
        reads the files of."""
        if self.manifest is None:
            raise ValueError(f"pack at {self.location.folder} has no manifest")
        return self.manifest

    @property
    def usable(self) -> bool:
        return self.problem is None


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


def _load_file(pack: LoadedPack, path: Path, kind: str, schema_kind: str, cache: LoadCaches | None) -> None:
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
    docs, data, src = pack.docs, loaded.data, Source(path, (), ns)
    if () in skip or not isinstance(data, dict):
        return
    docs.dropped |= _dropped_ids(data, skip)
    if schema_kind in ("map", "scenario"):
        if skip:
            if isinstance(data.get("id"), str):
                docs.dropped.add(data["id"])
            return
        if schema_kind == "map":
            game_map = decode.game_map(data, src, ns, pack.issues)
            if game_map is not None:
                docs.maps.append(game_map)
        else:
            docs.scenarios.append(decode.scenario(data, src, ns))
    elif schema_kind == "terrain":
        mobility, types, codes = decode.terrain(data, src, ns, skip)
        docs.mobility += mobility
        docs.terrain_types += types
        docs.terrain_codes += codes
    elif schema_kind == "rules":
        parameters, classes, bands, profile = decode.rules(data, src, ns, skip)
        docs.parameters.update(parameters)
        docs.unit_classes.update(classes)
        if bands is not None:
            docs.victory_bands = bands
        if profile is not None:
            docs.rulesets.append(profile)
    elif schema_kind == "weapons":
        docs.weapons += decode.entries(data, "weapons", src, skip, lambda r, s: decode.weapon(r, s, ns))
    elif schema_kind == "periods":
        docs.periods += decode.entries(data, "periods", src, skip, decode.period)
    elif schema_kind == "import_profile":
        if not skip:  # one document, read whole: a profile with a schema error is not used at all
            docs.import_profile = decode.import_profile(data, src)
    elif schema_kind == "formations":
        docs.formations += decode.entries(
            data, "formations", src, skip, lambda r, s: decode.formation_template(r, s, ns)
        )


def internal_issue(exc: Exception, file: Path | None) -> Issue:
    """A failure of tacforge itself while reading `file`: reported on that file instead of stopping the others."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    return error(
        "internal",
        f"tacforge failed while reading this file ({type(exc).__name__}: {exc}{where})",
        file=file,
        line=1 if file is not None and file.is_file() else None,
        hint="this is a bug in tacforge: please report it with this file; the other files and packs are read as usual",
    )


def _load_pack_files(pack: LoadedPack, cache: LoadCaches | None) -> None:
    manifest = pack.known_manifest
    for kind, (schema_kind, _) in FILE_KINDS.items():
        for path in expand_files(manifest, kind, pack.issues):
            try:
                _load_file(pack, path, kind, schema_kind, cache)
            except Exception as exc:  # one unforeseen failure must not hide the rest of the pack, or other packs
                pack.issues.add(internal_issue(exc, path))


def _unreadable_files(pack: LoadedPack) -> set[Path]:
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


class PackSet:
    """Every pack found, loaded, checked against its requirements and against the others."""

    def __init__(self, packs: list[LoadedPack], issues: list[Issue]):
        self.all = packs
        self.packs: dict[str, LoadedPack] = {}
        self.issues = IssueList()
        self.issues.extend(issues)
        self._contents: dict[str, Content] = {}
        for pack in packs:
            if pack.manifest is None:
                continue
            if pack.id in self.packs:
                first = self.packs[pack.id]
                pack.skip(
                    Skip.SHADOWED, f"shadowed by the pack of the same id at {first.location.folder}", replace=True
                )
                pack.issues.add(
                    warning(
                        "pack.shadowed",
                        f"pack '{pack.id}' is also found at {first.location.folder} "
                        f"({first.location.origin}), which takes precedence; this copy is skipped",
                        file=pack.known_manifest.file,
                        hint="remove one of the two copies",
                    )
                )
                continue
            self.packs[pack.id] = pack
        self._check_requirements()
        self._check_conflicts()
        self._check_semantics()
        self._propagate_skips()

    # -- requirements -------------------------------------------------------------------------------------------
    def _check_requirements(self) -> None:
        for pack in self.packs.values():
            manifest = pack.known_manifest
            if manifest.schema_version not in SUPPORTED_SCHEMA_VERSIONS:
                pack.skip(Skip.SCHEMA_VERSION, f"unknown schema version {manifest.schema_version}", replace=True)
                pack.issues.add(
                    error(
                        "pack.schema-version",
                        f"schema_version {manifest.schema_version} is not one this tacforge reads "
                        f"(it reads {', '.join(map(str, SUPPORTED_SCHEMA_VERSIONS))})",
                        file=manifest.file,
                        path=("schema_version",),
                        hint="update tacforge, or migrate the pack to a supported schema version",
                    )
                )
            if any(i.is_error for i in pack.issues.items):
                pack.skip(Skip.ERRORS, "has errors")
            for dep, spec in manifest.requires:
                other = self.packs.get(dep)
                if other is None:
                    pack.skip(Skip.REQUIREMENTS, f"requires '{dep}', which is not installed")
                    pack.issues.add(
                        error(
                            "pack.requires-missing",
                            f"requires pack '{dep}', which is not installed",
                            file=manifest.file,
                            path=("requires", dep),
                            hint=did_you_mean(dep, self.packs)
                            or "install the pack or add its folder to TACFORGE_PACK_PATH",
                        )
                    )
                elif not satisfies(other.known_manifest.version, spec):
                    found = other.known_manifest.version
                    pack.skip(Skip.REQUIREMENTS, f"requires '{dep}' {spec}, found {found}")
                    pack.issues.add(
                        error(
                            "pack.requires-version",
                            f"requires '{dep}' {spec}, but version {found} is installed",
                            file=manifest.file,
                            path=("requires", dep),
                            hint="install a matching version or widen the range",
                        )
                    )
        for pack in self.packs.values():  # cycles
            if pack.id in self._closure(pack.id, include_self=False):
                pack.skip(Skip.REQUIREMENTS, "requirement cycle")
                pack.issues.add(
                    error(
                        "pack.requires-cycle",
                        f"pack '{pack.id}' requires itself through its requirements",
                        file=pack.known_manifest.file,
                        path=("requires",),
                        hint="remove the circular requirement",
                    )
                )

    def _propagate_skips(self) -> None:
        changed = True
        while changed:  # a pack whose requirement is skipped is skipped too
            changed = False
            for pack in self.packs.values():
                if pack.problem is None:
                    for dep, _ in pack.known_manifest.requires:
                        other = self.packs.get(dep)
                        if other is not None and other.problem is not None:
                            pack.skip(Skip.REQUIREMENT_SKIPPED, f"its requirement '{dep}' is skipped ({other.problem})")
                            pack.issues.add(
                                error(
                                    "pack.requires-broken",
                                    f"requires pack '{dep}', which is skipped: {other.problem}",
                                    file=pack.known_manifest.file,
                                    path=("requires", dep),
                                    hint=f"fix '{dep}' first (tacforge validate {dep})",
                                )
                            )
                            changed = True
                            break

    def _check_semantics(self) -> None:
        # requirements first, so that a pack whose requirement is wrong is told so instead of echoing it (issue 24)
        order = list(dict.fromkeys(pid for p in self.packs for pid in self._closure(p)))
        for pack in (self.packs[pid] for pid in order):
            if pack.skipped in (Skip.REQUIREMENTS, Skip.SCHEMA_VERSION, Skip.SHADOWED, Skip.NOT_LOADED):
                continue
            if not all(dep in self.packs for dep, _ in pack.known_manifest.requires):
                continue
            broken = self._broken_requirement(pack)
            if broken is not None:
                dep, first = broken
                where = f"{Path(first.file).name}: " if first.file is not None else ""
                pack.skip(Skip.REQUIREMENT_SKIPPED, f"its requirement '{dep}' has errors")
                pack.issues.add(
                    error(
                        "pack.requires-broken",
                        f"requires pack '{dep}', which has errors ({where}{first.message}); the checks of this pack "
                        "are skipped until they are fixed, as they would only repeat them",
                        file=pack.known_manifest.file,
                        path=("requires", dep),
                        hint=f"fix '{dep}' first (tacforge validate {dep})",
                    )
                )
                continue
            unreadable = _unreadable_files(pack)
            if unreadable:  # what follows from a missing file is noise that buries its cause (issue 12)
                pack.issues.add(
                    Issue(
                        Severity.INFO,
                        "validation.skipped",
                        "cross-reference checks of this pack are skipped until "
                        f"{', '.join(sorted(f.name for f in unreadable))} can be read",
                        file=pack.known_manifest.file,
                        line=1,
                        hint="fix the errors above and validate again",
                    )
                )
                pack.skip(Skip.ERRORS, "has errors")
                continue
            try:
                found = check_pack(pack, self.content(pack.id))
            except Exception as exc:  # an unforeseen failure is this pack's issue, never a crash of loading
                found = [internal_issue(exc, pack.known_manifest.file)]
            pack.issues.extend(found)
            if any(i.is_error for i in found):
                pack.skip(Skip.ERRORS, "has errors")

    def _broken_requirement(self, pack: LoadedPack) -> tuple[str, Issue] | None:
        """(id, first error) of the nearest pack this one requires, directly or not, that has errors."""
        for dep in reversed(self._closure(pack.id, include_self=False)):
            errors = [i for i in self.packs[dep].issues.items if i.is_error]
            if errors:
                return dep, errors[0]
        return None

    def _closure(self, pack_id: str, include_self: bool = True) -> list[str]:
        """The pack's requirements, transitively, dependencies before dependants."""
        order: list[str] = []
        visiting: set[str] = set()

        def visit(pid: str) -> None:
            if pid in order or pid in visiting or pid not in self.packs:
                return
            visiting.add(pid)
            for dep, _ in self.packs[pid].known_manifest.requires:
                visit(dep)
            visiting.discard(pid)
            order.append(pid)

        for dep, _ in self.packs[pack_id].known_manifest.requires:
            visit(dep)
        if include_self and pack_id not in order:
            order.append(pack_id)
        return order

    def requirements(self, pack_id: str) -> list[str]:
        return self._closure(pack_id)

    # -- overrides ----------------------------------------------------------------------------------------------
    def _check_conflicts(self) -> None:
        owners: dict[str, str] = {}
        for pack in self.packs.values():
            if not pack.usable:
                continue
            deps = set(self._closure(pack.id, include_self=False))
            for entry in pack.docs.entries():
                ns = entry.id.split(":", 1)[0]
                if ns == pack.id:
                    continue
                if ns not in deps:
                    pack.issues.add(
                        error(
                            "pack.override-unrequired",
                            f"'{entry.id}' overrides an entry of pack '{ns}', which this pack does not require",
                            file=entry.source.file,
                            path=entry.source.path,
                            hint=f"add '{ns}' to requires in pack.yaml, or use a bare id to add a new entry",
                        )
                    )
                    pack.skip(Skip.CONFLICT, "overrides a pack it does not require")
                    continue
                other = owners.get(entry.id)
                if other and other not in deps and pack.id not in self._closure(other, include_self=False):
                    pack.skip(Skip.CONFLICT, f"conflicts with pack '{other}'", replace=True)
                    pack.issues.add(
                        error(
                            "pack.conflict",
                            f"both '{other}' and this pack override '{entry.id}'",
                            file=entry.source.file,
                            path=entry.source.path,
                            hint="make one pack require the other, or drop one override",
                        )
                    )
                else:
                    owners[entry.id] = pack.id

    # -- content ------------------------------------------------------------------------------------------------
    def content(self, pack_id: str) -> Content:
        cached = self._contents.get(pack_id)
        if cached is not None:
            return cached
        chain = [p for p in self._closure(pack_id) if p in self.packs]
        content = Content(pack_id, tuple(reversed(chain)))
        parameters: dict[str, object] = {}
        for pid in chain:
            docs = self.packs[pid].docs
            content.mobility.update((m.id, m) for m in docs.mobility)
            content.terrain_types.update((t.id, t) for t in docs.terrain_types)
            content.terrain_codes.update((c.code, c) for c in docs.terrain_codes)
            parameters.update(docs.parameters)
            content.parameter_origins.update(dict.fromkeys(docs.parameters, pid))
            content.unit_classes.update(docs.unit_classes)
            if docs.victory_bands is not None:
                content.victory_bands = tuple(docs.victory_bands)
            content.rulesets.update((r.id, r) for r in docs.rulesets)
            content.weapons.update((w.id, w) for w in docs.weapons)
            content.periods.update((p.number, p) for p in docs.periods)
            content.formations.update((f.id, f) for f in docs.formations)
            content.maps.update((m.id, m) for m in docs.maps)
            content.scenarios.update((s.id, s) for s in docs.scenarios)
            if docs.import_profile is not None:
                content.import_profile = docs.import_profile
        for pid in reversed(chain):
            ref = self.packs[pid].known_manifest.ruleset
            if ref:
                qualified = ref if ":" in ref else f"{pid}:{ref}"
                content.ruleset = content.rulesets.get(qualified)
                break
        content.parameters = RulesParameters.from_values(parameters)
        content.index_weapon_names()
        self._contents[pack_id] = content
        return content

    def usable(self) -> list[LoadedPack]:
        return [p for p in self.packs.values() if p.usable]

    def texts(self) -> dict[Path, str]:
        out: dict[Path, str] = {}
        for pack in self.all:
            out.update(pack.texts)
        return out

    def all_issues(self) -> list[Issue]:
        issues = list(self.issues.items)
        for pack in self.all:
            issues += pack.issues.items
        return locate_issues(issues, self.texts())


NOT_LOADED = "not loaded: neither asked about nor required by a pack asked about"


def load_location(
    location: PackLocation,
    cache: LoadCaches | None = None,
    check_fully: Callable[[LoadedPack], bool] | None = None,
    read_files: bool = True,
) -> LoadedPack:
    """The pack at `location`: its manifest and, with read_files, its files (decoded, schema-checked)."""
    manifest, text, issues = read_manifest(location.folder)
    pack = LoadedPack(location, manifest)
    pack.issues = IssueList(manifest.id if manifest else None)
    pack.issues.extend(issues)
    if text:
        pack.texts[location.folder / "pack.yaml"] = text
    if manifest is None:
        pack.skip(Skip.UNREADABLE, "its pack.yaml cannot be read")
        return pack
    if read_files:
        load_files(pack, cache, check_fully)
    return pack


def load_files(
    pack: LoadedPack, cache: LoadCaches | None, check_fully: Callable[[LoadedPack], bool] | None = None
) -> None:
    """Read the files of a pack whose manifest was read."""
    _load_pack_files(pack, None if check_fully is not None and check_fully(pack) else cache)


def load_location_guarded(
    location: PackLocation,
    cache: LoadCaches | None,
    check_fully: Callable[[LoadedPack], bool] | None = None,
    read_files: bool = True,
) -> LoadedPack:
    try:
        return load_location(location, cache, check_fully, read_files)
    except Exception as exc:  # a broken pack must never hide the others (docs/architecture.md 2)
        return _failed(location, exc)


def _failed(location: PackLocation, exc: Exception) -> LoadedPack:
    pack = LoadedPack(location, None)
    pack.skip(Skip.UNREADABLE, "tacforge failed while reading it")
    pack.issues.add(internal_issue(exc, location.folder / "pack.yaml"))
    return pack


def _needed(packs: list[LoadedPack], wanted: Callable[[LoadedPack], bool]) -> set[int]:
    """Indexes of the packs wanted and of everything they require, transitively (by id: the first pack found with
    an id, as PackSet keeps it)."""
    first: dict[str, int] = {}
    for i, pack in enumerate(packs):
        if pack.manifest is not None:
            first.setdefault(pack.id, i)
    todo = [i for i, pack in enumerate(packs) if pack.manifest is not None and wanted(pack)]
    needed: set[int] = set()
    while todo:
        i = todo.pop()
        if i in needed:
            continue
        needed.add(i)
        todo += [first[dep] for dep, _ in packs[i].known_manifest.requires if dep in first]
    return needed


def load_packs(
    pack_paths: Iterable[str | Path] = (),
    env: dict | None = None,
    include_user_dir: bool = True,
    use_cache: bool = True,
    check_fully: Callable[[LoadedPack], bool] | None = None,
    only: Callable[[LoadedPack], bool] | None = None,
) -> PackSet:
    """Discover and load every pack (docs/architecture.md 2). With use_cache, files whose exact text was read before are
    not parsed again (parsed_cache) and, if they passed schema validation, not checked again (validation.schema_cache),
    except in the packs check_fully picks: `tacforge validate` checks the packs it is asked about in full, and takes
    the others (the packs they require) from the caches.

    With `only`, every manifest is read but only the files of the packs it picks and of what they require: the
    others are listed, with the problem NOT_LOADED, and not checked (`tacforge validate PACK` reads what it reports
    on, not every installed pack)."""
    locations, issues = discover(pack_paths, env, include_user_dir)
    cache = LoadCaches.open() if use_cache else None
    if only is None:
        packs = [load_location_guarded(loc, cache, check_fully) for loc in locations]
    else:
        packs = [load_location_guarded(loc, cache, check_fully, read_files=False) for loc in locations]
        needed = _needed(packs, only)
        for i, pack in enumerate(packs):
            if pack.manifest is None:
                continue
            if i in needed:
                try:
                    load_files(pack, cache, check_fully)
                except Exception as exc:  # as load_location_guarded
                    packs[i] = _failed(pack.location, exc)
            else:
                pack.skip(Skip.NOT_LOADED, NOT_LOADED)
    packset = PackSet(packs, issues)
    if cache is not None:
        cache.schema.save()
    return packset


def read_map_text(path: Path, text: str, namespace: str) -> tuple[object | None, list[Issue]]:
    """A map from text that is not (yet) on disk, such as an editor's recovery copy: (Map or None, issues)."""
    from ..yamlio import unsaved

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
