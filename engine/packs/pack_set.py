"""The packs found, checked against their requirements and each other, and merged into the content each one sees."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..issues import Issue, IssueList, Severity, did_you_mean, error, warning
from ..model.content import Content
from ..model.parameters import RulesParameters
from ..source_locations import locate_issues
from ..validation.semantic import check_pack
from .file_readers import unreadable_files
from .loaded_pack import LoadCaches, LoadedPack, Skip, internal_issue
from .manifest import SUPPORTED_SCHEMA_VERSIONS, satisfies
from .semantic_cache import is_known_clean, remember_clean, semantic_key_text


class PackSet:
    """Every pack found, loaded, checked against its requirements and against the others."""

    def __init__(
        self,
        packs: list[LoadedPack],
        issues: list[Issue],
        cache: LoadCaches | None = None,
        check_fully: Callable[[LoadedPack], bool] | None = None,
    ):
        """With `cache`, a pack whose checks found nothing before, with the same texts, requirements and code, is not
        checked again, except the packs `check_fully` picks (those `tacforge validate` reports on)."""
        self._cache = cache
        self._check_fully = check_fully
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
            unreadable = unreadable_files(pack)
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
            found = self._checked(pack)
            pack.issues.extend(found)
            if any(i.is_error for i in found):
                pack.skip(Skip.ERRORS, "has errors")

    def _checked(self, pack: LoadedPack) -> list[Issue]:
        """check_pack's issues, or none without checking when the semantic cache knows these texts are clean."""
        key = None
        if self._cache is not None and not (self._check_fully is not None and self._check_fully(pack)):
            chain = [self.packs[pid] for pid in self._closure(pack.id)]
            key = semantic_key_text((p.id, p.location.folder, p.texts) for p in chain)
            if key is not None and is_known_clean(self._cache.semantics, key):
                return []
        try:
            found = check_pack(pack, self.content(pack.id))
        except Exception as exc:  # an unforeseen failure is this pack's issue, never a crash of loading
            return [internal_issue(exc, pack.known_manifest.file)]
        if key is not None and not found:
            remember_clean(self._cache.semantics, key)  # type: ignore[union-attr]
        return found

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
