"""Finding pack folders: entry points, the user data folder, TACFORGE_PACK_PATH and --pack-path.

Discovery only locates folders. It never runs plugin code: a plugin's entry point names a folder inside its package
(`tacforge_western:pack`), which is found from the package's location alone, as napari's npe2 reads manifests. It
never raises: a plugin that cannot be resolved is one issue and the other packs are found as usual. The core pack is
tacforge's own and is located by engine/resources.py, not through an entry point.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterable, Mapping
from dataclasses import replace
from pathlib import Path

from platformdirs import user_data_dir

from tacforge.engine.cached_dataclass import dataclass

from .. import __version__
from ..distributions import installed
from ..issues import Issue, error, long_name_problem, warning
from ..resources import CORE_PACK_DIR

ENV_VAR = "TACFORGE_PACK_PATH"
MANIFEST = "pack.yaml"


@dataclass(frozen=True)
class PackLocation:
    folder: Path
    origin: str  # where it was found, in words
    installed: bool = False  # installed with tacforge or a plugin (its folder is not the user's to write in)


def user_pack_dir() -> Path:
    return Path(user_data_dir("tacforge", appauthor=False)) / "packs"


def _folders_under(root: Path) -> list[Path]:
    """A pack folder itself, or the pack folders directly inside a folder of packs. A hidden folder inside is none:
    it is a pack being written or replaced (atomic_files.replaced_folder's staging copy), not a pack yet or any more."""
    if (root / MANIFEST).is_file():
        return [root]
    try:
        return sorted(p for p in root.iterdir() if not p.name.startswith(".") and (p / MANIFEST).is_file())
    except OSError:
        return []


def _path_locations(paths: Iterable[str | Path], origin: str, issues: list[Issue]) -> list[PackLocation]:
    out = []
    for raw in paths:
        if not str(raw):
            continue
        path = Path(raw).expanduser()
        too_long = long_name_problem(path)
        if too_long is not None:  # the operating system would refuse to look at it with an OSError
            issues.append(
                warning("pack.path-too-long", f"{origin}: {too_long}", hint=f"fix {origin}; the other packs load")
            )
            continue
        if not path.is_dir():
            issues.append(
                warning(
                    "pack.path-missing",
                    f"{origin} names {path}, which is not a folder",
                    file=path,
                    hint=f"fix {origin} or create the folder",
                )
            )
            continue
        out += [PackLocation(folder.resolve(), origin) for folder in _folders_under(path)]
    return out


def _package_folder(top_level: str) -> Path | None:
    """Where an importable top-level package (or module) lives, found without running any of its code."""
    try:
        spec = importlib.util.find_spec(top_level)
    except Exception:  # a broken import hook of another distribution must not stop discovery either
        return None
    if spec is None:
        return None
    if spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    return Path(spec.origin).parent if spec.origin else None


def plugin_pack_folder(value: str) -> Path | None:
    """The pack folder an entry-point value names: `package.sub:folder` is the folder sub/folder inside the installed
    package. Only the top-level name is looked up (importlib.util.find_spec), so no plugin code runs."""
    module, _, attr = value.partition(":")
    parts = [p for p in module.strip().split(".") if p]
    if not parts:
        return None
    root = _package_folder(parts[0])
    if root is None:
        return None
    return root.joinpath(*parts[1:], *[p for p in attr.strip().split(".") if p])


def _entry_point_locations(issues: list[Issue]) -> list[PackLocation]:
    out = []
    seen = set()
    for ep in installed().plugins:
        if (ep.name, ep.value) in seen:
            continue
        seen.add((ep.name, ep.value))
        origin = f"plugin '{ep.name}'" + (f" ({ep.dist_name} {ep.dist_version})" if ep.dist_name is not None else "")
        folder = plugin_pack_folder(ep.value)
        if folder is None:
            top = ep.value.partition(":")[0].split(".")[0].strip()
            issues.append(
                error(
                    "plugin.unresolved",
                    f"the pack plugin '{ep.name}' names the package '{top}' ({ep.value}), which is not installed",
                    hint="reinstall that plugin, or uninstall its distribution; the other packs are unaffected",
                )
            )
            continue
        if not (folder / MANIFEST).is_file():
            issues.append(
                error(
                    "plugin.no-pack",
                    f"the pack plugin '{ep.name}' ({ep.value}) points at {folder}, which has no {MANIFEST}",
                    file=folder,
                    hint="the entry point must be 'package:folder', naming the pack folder inside the package",
                )
            )
            continue
        out.append(PackLocation(folder.resolve(), origin, installed=True))
    return out


def _built_in_location() -> PackLocation:
    return PackLocation(CORE_PACK_DIR.resolve(), f"built in (tacforge {__version__})", installed=True)


def discover(
    pack_paths: Iterable[str | Path] = (), env: dict | None = None, include_user_dir: bool = True
) -> tuple[list[PackLocation], list[Issue]]:
    """Pack folders in precedence order (--pack-path, TACFORGE_PACK_PATH, user folder, plugins, the built-in core
    pack) and issues."""
    variables: Mapping[str, str] = os.environ if env is None else env
    issues: list[Issue] = []
    locations = _path_locations(pack_paths, "--pack-path", issues)
    locations += _path_locations(variables.get(ENV_VAR, "").split(os.pathsep), ENV_VAR, issues)
    if include_user_dir:
        user = user_pack_dir()
        if user.is_dir():
            locations += _path_locations([user], "user data folder", issues)
    locations += _entry_point_locations(issues)
    locations.append(_built_in_location())
    # Whether a folder is installed is a fact about the folder, not about how it was found: the shipped western pack
    # named by --pack-path, TACFORGE_PACK_PATH or a folder the editor remembers is still not the user's to write in.
    installed = {loc.folder for loc in locations if loc.installed}
    unique, seen = [], set()
    for loc in locations:
        if loc.folder not in seen:
            seen.add(loc.folder)
            unique.append(replace(loc, installed=loc.folder in installed))
    return unique, issues


__all__ = ["PackLocation", "discover", "plugin_pack_folder", "user_pack_dir", "ENV_VAR", "MANIFEST"]


def pack_folder_of(path: Path) -> Path | None:
    """The pack folder holding `path` (a pack file, or a folder in or of a pack): the nearest folder, `path` itself
    included, with a pack.yaml."""
    path = Path(path).resolve()
    return next((f for f in [path, *path.parents] if (f / MANIFEST).is_file()), None)
