"""Loading packs on the fast path: manifests, requirements, files, schema checks and models.

A pack that is broken, misses a requirement, has an unknown schema version or conflicts with another is reported
and skipped; the others load as usual.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from ..issues import IssueList
from .discovery import PackLocation, discover
from .file_readers import read_pack_files
from .loaded_pack import LoadCaches, LoadedPack, Skip, internal_issue
from .manifest import read_manifest
from .pack_set import PackSet

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
    read_pack_files(pack, None if check_fully is not None and check_fully(pack) else cache)


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
    packset = PackSet(packs, issues, cache, check_fully)
    if cache is not None:
        cache.schema.save()
        cache.semantics.save()
    return packset
