"""Finding pack folders: entry points, the user data folder, TACFORGE_PACK_PATH and --pack-path.

Discovery only locates folders. It never runs pack code beyond loading a plugin's entry point (which names its
folder), and it never raises: a plugin that fails is one issue and the other packs are found as usual.
"""

from __future__ import annotations

import os

import traceback
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from typing import Iterable

from platformdirs import user_data_dir

from ..issues import Issue, error, warning

ENTRY_POINT_GROUP = "tacforge.packs"
ENV_VAR = "TACFORGE_PACK_PATH"
MANIFEST = "pack.yaml"


@dataclass(frozen=True)
class PackLocation:
    folder: Path
    origin: str


def user_pack_dir() -> Path:
    return Path(user_data_dir("tacforge", appauthor=False)) / "packs"


def _folders_under(root: Path) -> list[Path]:
    """A pack folder itself, or the pack folders directly inside a folder of packs."""
    if (root / MANIFEST).is_file():
        return [root]
    try:
        return sorted(p for p in root.iterdir() if (p / MANIFEST).is_file())
    except OSError:
        return []


def _path_locations(paths: Iterable[str | Path], origin: str, issues: list[Issue]) -> list[PackLocation]:
    out = []
    for raw in paths:
        if not str(raw):
            continue
        path = Path(raw).expanduser()
        if not path.is_dir():
            issues.append(warning("pack.path-missing", f"{origin} names {path}, which is not a folder",
                                  file=path, hint=f"fix {origin} or create the folder"))
            continue
        out += [PackLocation(folder.resolve(), origin) for folder in _folders_under(path)]
    return out


def _plugin_failure(name: str, value: str, exc: BaseException) -> Issue:
    frames = traceback.extract_tb(exc.__traceback__)
    plugin_frames = [f for f in frames if "importlib" not in f.filename and f.filename != __file__]
    last = plugin_frames[-1] if plugin_frames else (frames[-1] if frames else None)
    return error(
        "plugin.load-failed",
        f"the pack plugin '{name}' ({value}) failed to load: {type(exc).__name__}: {exc}",
        file=Path(last.filename) if last else None,
        line=last.lineno if last else None,
        hint="fix or uninstall that plugin (pip uninstall its distribution); the other packs are unaffected",
    )


def _entry_point_locations(issues: list[Issue]) -> list[PackLocation]:
    out = []
    seen = set()
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if (ep.name, ep.value) in seen:
            continue
        seen.add((ep.name, ep.value))
        dist = getattr(ep, "dist", None)
        origin = f"plugin '{ep.name}'" + (f" ({dist.name} {dist.version})" if dist else "")
        try:
            target = ep.load()
            folder = Path(target() if callable(target) else target)
        except Exception as exc:  # a broken plugin must not stop discovery
            issues.append(_plugin_failure(ep.name, ep.value, exc))
            continue
        if not (folder / MANIFEST).is_file():
            issues.append(error("plugin.no-pack", f"the pack plugin '{ep.name}' points at {folder}, which has no {MANIFEST}",
                                file=folder, hint="the entry point must name the pack folder"))
            continue
        out.append(PackLocation(folder.resolve(), origin))
    return out


def discover(pack_paths: Iterable[str | Path] = (), env: dict | None = None,
             include_user_dir: bool = True) -> tuple[list[PackLocation], list[Issue]]:
    """Pack folders in precedence order (--pack-path, TACFORGE_PACK_PATH, user folder, plugins) and issues."""
    env = os.environ if env is None else env
    issues: list[Issue] = []
    locations = _path_locations(pack_paths, "--pack-path", issues)
    locations += _path_locations(env.get(ENV_VAR, "").split(os.pathsep), ENV_VAR, issues)
    if include_user_dir:
        user = user_pack_dir()
        if user.is_dir():
            locations += _path_locations([user], "user data folder", issues)
    locations += _entry_point_locations(issues)
    unique, seen = [], set()
    for loc in locations:
        if loc.folder not in seen:
            seen.add(loc.folder)
            unique.append(loc)
    return unique, issues


__all__ = ["PackLocation", "discover", "user_pack_dir", "ENV_VAR", "MANIFEST"]
