"""What is installed: tacforge's version and the pack plugins' entry points, as importlib.metadata finds them.

Importing importlib.metadata (with the email package it brings) and reading every distribution's metadata took every
start that finds packs some 40 M instructions (callgrind: a short `tacforge validate`, 1.149 G before, 1.107 G after;
jsonschema_rs still imports part of email), for an answer that changes only when a distribution is installed, removed
or rewritten. So the answer is kept in the cache folder, keyed by what importlib.metadata reads to find it: the
interpreter, sys.path, and in each of its folders the metadata folders of the distributions there, with the size and
modification time of each one's METADATA (an .egg-info's PKG-INFO, or the .egg-info file itself) and
entry_points.txt. Any change to them asks importlib.metadata again. A finder on sys.meta_path other than the standard
path finder (or the importlib_metadata backport's copy of it) can offer distributions this key does not see: with
one, every call asks importlib.metadata. The key is
computed on every call (a listing of each sys.path folder, two or three stats per distribution: about 3 M
instructions), so a plugin installed while the editor runs is found as before.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from importlib.machinery import PathFinder
from typing import NamedTuple

from .atomic_files import atomic_write_bytes
from .caching import cache_dir

PACK_GROUP = "tacforge.packs"
KEPT_INSTALLATIONS = 8  # virtual environments that share one cache folder each keep their answer


class PluginEntry(NamedTuple):
    """One entry point of PACK_GROUP: its name and value, and the distribution that declares it (None if unknown)."""

    name: str
    value: str
    dist_name: str | None
    dist_version: str | None


class Installed(NamedTuple):
    version: str | None  # tacforge's distribution; None when tacforge runs from a checkout never installed
    plugins: tuple[PluginEntry, ...]


def installation_key() -> str | None:
    """A digest of everything importlib.metadata reads to answer, or None when a finder the key cannot see is
    installed (the answer is then never taken from the cache)."""
    for finder in sys.meta_path:
        if getattr(finder, "find_distributions", None) is not None and not _reads_sys_path_metadata(finder):
            return None
    parts = [sys.version, sys.prefix]
    for entry in sys.path:
        folder = entry or "."
        parts.append(f"path {entry}")
        try:
            names = sorted(n for n in os.listdir(folder) if n.lower().endswith((".dist-info", ".egg-info")))
        except NotADirectoryError:  # a zip file on sys.path: its metadata changes with the file
            parts.append(_stat_text(folder))
            continue
        except OSError:
            parts.append("-")
            continue
        for name in names:
            where = f"{folder}/{name}"
            parts.append(name)
            if name.lower().endswith(".egg-info"):  # a folder, or a file that is itself the metadata
                parts += (_stat_text(where), _stat_text(f"{where}/PKG-INFO"))
            else:
                parts.append(_stat_text(f"{where}/METADATA"))
            parts.append(_stat_text(f"{where}/entry_points.txt"))
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def _reads_sys_path_metadata(finder) -> bool:
    """Whether a finder finds distributions only in the metadata folders on sys.path, which the key covers: the
    standard PathFinder, and the importlib_metadata backport's MetadataPathFinder (the same code released apart, which
    installs itself on sys.meta_path when imported; dask imports it)."""
    kind = type(finder)
    return finder is PathFinder or (kind.__module__, kind.__name__) == ("importlib_metadata", "MetadataPathFinder")


def _stat_text(path: str) -> str:
    try:
        stat = os.stat(path)
    except OSError:
        return "-"
    return f"{stat.st_size} {stat.st_mtime_ns}"


def _cache_file():
    return cache_dir() / "installed.json"


def _read_cache() -> dict:
    try:
        stored = json.loads(_cache_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return stored if isinstance(stored, dict) else {}


def _from_stored(value) -> Installed | None:
    """The stored answer, or None if it is not one (a damaged or foreign file reads as a miss)."""
    try:
        version, plugins = value
        entries = tuple(PluginEntry(*entry) for entry in plugins)
    except (TypeError, ValueError):
        return None
    texts = [version, *(text for e in entries for text in (e.dist_name, e.dist_version))]
    if not all(t is None or isinstance(t, str) for t in texts) or not all(
        isinstance(e.name, str) and isinstance(e.value, str) for e in entries
    ):
        return None
    return Installed(version, entries)


def ask_importlib_metadata() -> Installed:
    """The answer as importlib.metadata gives it now."""
    from importlib.metadata import PackageNotFoundError, entry_points, version

    try:
        found: str | None = version("tacforge")
    except PackageNotFoundError:
        found = None
    plugins = []
    for ep in entry_points(group=PACK_GROUP):
        dist = getattr(ep, "dist", None)
        plugins.append(PluginEntry(ep.name, ep.value, dist.name if dist else None, dist.version if dist else None))
    return Installed(found, tuple(plugins))


def installed() -> Installed:
    """tacforge's version and the entry points of PACK_GROUP, in importlib.metadata's order."""
    key = installation_key()
    if key is None:
        return ask_importlib_metadata()
    stored = _read_cache()
    answer = _from_stored(stored.get(key))
    if answer is not None:
        return answer
    answer = ask_importlib_metadata()
    stored.pop(key, None)
    stored[key] = [answer.version, [list(e) for e in answer.plugins]]
    kept = dict(list(stored.items())[-KEPT_INSTALLATIONS:])
    try:
        _cache_file().parent.mkdir(parents=True, exist_ok=True)
        # not durable: an answer lost to a crash is a miss, never a wrong answer
        atomic_write_bytes(_cache_file(), json.dumps(kept).encode(), durable=False)
    except OSError:
        pass  # an unwritable cache folder: the next start asks importlib.metadata again
    return answer
