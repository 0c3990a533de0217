"""What loading one pack gives: its manifest, its documents as models, its issues, and why it is skipped if it is."""

from __future__ import annotations

import traceback
from dataclasses import field
from enum import Enum
from pathlib import Path

from tacforge.engine.cached_dataclass import dataclass

from ..issues import Issue, IssueList, error
from ..model.import_profile import ImportProfile
from ..validation.schema_cache import SchemaCache
from .discovery import PackLocation
from .manifest import Manifest
from .parsed_cache import ParsedCache
from .semantic_cache import open_semantic_cache


@dataclass(frozen=True)
class LoadCaches:
    """The fast path's caches: a file's data and that it passed the schema, both keyed by its exact text, and that a
    pack's cross-reference checks found nothing, keyed by its texts and its requirements' (semantic_cache)."""

    schema: SchemaCache
    parsed: ParsedCache
    semantics: SchemaCache

    @classmethod
    def open(cls) -> LoadCaches:
        return cls(SchemaCache(), ParsedCache(), open_semantic_cache())


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
