"""pack.yaml: the manifest every pack folder starts with."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version

from tacforge.engine.cached_dataclass import dataclass

from ..issues import Issue, error
from ..validation import schemas
from ..yamlio import YamlFileError, load_fast

SUPPORTED_SCHEMA_VERSIONS = (1,)

# kind in pack.yaml 'files' -> (schema kind, default paths)
FILE_KINDS: Mapping[str, tuple[str, tuple[str, ...]]] = MappingProxyType(
    {
        "terrain": ("terrain", ("terrain.yaml",)),
        "rules": ("rules", ("rules.yaml",)),
        "weapons": ("weapons", ("weapons.yaml",)),
        "periods": ("periods", ("periods.yaml",)),
        "formations": ("formations", ("formations.yaml",)),
        "maps": ("map", ("maps/*.yaml",)),
        "scenarios": ("scenario", ("scenarios/*.yaml",)),
        "import_profile": ("import_profile", ("import_profile.yaml",)),
    }
)


VERSION_HINT = "write a version such as 1.0.0"
RANGE_HINT = 'write a range such as ">=1.0,<2"'


def parse_version(text: str) -> Version | None:
    """The version `text` names, or None if it names none."""
    try:
        return Version(str(text).strip())
    except InvalidVersion:
        return None


def parse_range(text: str) -> SpecifierSet | None:
    """The version range `text` names ("" is any version), or None if it names none."""
    try:
        return SpecifierSet(str(text).strip())
    except InvalidSpecifier:
        return None


def satisfies(version: Version, spec: SpecifierSet) -> bool:
    """Whether an installed pack's version meets a requirement's range. A pre-release counts: the pack is installed,
    and a designer testing 2.0.0rc1 of a pack means it to be used."""
    return spec.contains(version, prereleases=True)


@dataclass(frozen=True)
class Manifest:
    id: str
    name: str
    version: Version
    schema_version: int
    requires: tuple[tuple[str, SpecifierSet], ...]
    ruleset: str | None
    description: str
    licence: str
    files: Mapping[str, tuple[str, ...]]
    folder: Path
    file: Path
    listed_kinds: frozenset[str] = frozenset()  # kinds whose files pack.yaml lists (the others use the defaults)


def read_manifest(folder: Path) -> tuple[Manifest | None, str, list[Issue]]:
    """The manifest (None if unusable), the text read, and its issues."""
    path = folder / "pack.yaml"
    try:
        loaded = load_fast(path)
    except YamlFileError as exc:
        return None, "", [exc.issue]
    manifest, issues = manifest_from_data(loaded.data, folder, path)
    return manifest, loaded.text, issues


def manifest_from_data(raw, folder: Path, path: Path) -> tuple[Manifest | None, list[Issue]]:
    """The manifest of data read from `path` (the fast or the round-trip path), None if unusable, and its issues."""
    issues = schemas.validate("pack", raw, path)
    if any(i.is_error for i in issues):
        return None, issues
    version = parse_version(raw["version"])
    if version is None:
        issues.append(
            error(
                "pack.version",
                f"'{raw['version']}' is not a version number",
                file=path,
                path=("version",),
                hint=VERSION_HINT,
            )
        )
        return None, issues
    requires = []
    for dep, text in (raw.get("requires") or {}).items():
        spec = parse_range(text)
        if spec is None:
            issues.append(
                error(
                    "pack.requires-range",
                    f"'{text}' is not a version range",
                    file=path,
                    path=("requires", dep),
                    hint=RANGE_HINT,
                )
            )
        else:
            requires.append((dep, spec))
    if any(i.is_error for i in issues):
        return None, issues
    files = {kind: tuple(raw.get("files", {}).get(kind, defaults)) for kind, (_, defaults) in FILE_KINDS.items()}
    manifest = Manifest(
        raw["id"],
        raw["name"],
        version,
        raw["schema_version"],
        tuple(requires),
        raw.get("ruleset"),
        raw.get("description", ""),
        raw.get("licence", ""),
        MappingProxyType(files),
        folder,
        path,
        frozenset(raw.get("files", {})),
    )
    return manifest, issues
