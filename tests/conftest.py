"""Shared fixtures: the bundled packs, and small packs written on the fly for the negative cases."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tacforge.engine.packs import load_packs

REPO = Path(__file__).resolve().parent.parent
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # tests never open windows, with or without `make test`
# Tests never read or write the real user's folders (a pack saved there by the designer, or by a script run beside the
# suite, would show up in every workspace): platformdirs' user folders point into a folder of this run.
_USER_HOME = Path(tempfile.mkdtemp(prefix="tacforge-tests-"))
atexit.register(shutil.rmtree, _USER_HOME, ignore_errors=True)
for _variable in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
    os.environ[_variable] = str(_USER_HOME / _variable.lower())


def shipped_map_ids() -> set[str]:
    """The ids of the maps the two front packs ship, read from their maps/ folders (not from the loader)."""
    return {
        f"{front}:{path.stem}"
        for front in ("western", "eastern")
        for path in (REPO / "plugins" / front / f"tacforge_{front}" / "pack" / "maps").glob("*.yaml")
    }


# The packs the repository ships. Tests edit copies of them (editor_fixtures.pack_copy, tmp_path); a test that writes
# into one of these (a file saved, a map or pack created inside) fails, and what it added is taken out again so that
# the tests after it see the packs as shipped.
SHIPPED_PACKS = (REPO / "content", *sorted((REPO / "plugins").glob("*/tacforge_*/pack")))


def _shipped_state() -> dict[str, int]:
    """Every file and folder of the shipped packs -> its modification time (ns)."""
    state: dict[str, int] = {}
    folders = [str(root) for root in SHIPPED_PACKS]
    while folders:
        with os.scandir(folders.pop()) as entries:
            for entry in entries:
                if entry.name == "__pycache__":
                    continue
                state[entry.path] = entry.stat(follow_symlinks=False).st_mtime_ns
                if entry.is_dir(follow_symlinks=False):
                    folders.append(entry.path)
    return state


@contextmanager
def shipped_packs_guard() -> Iterator[None]:
    """Fails (pytest.fail) if the block wrote into a shipped pack, after taking out what it added."""
    before = _shipped_state()
    yield
    after = _shipped_state()
    if after == before:
        return
    added = sorted(set(after) - set(before))
    for path in reversed(added):  # (a folder after the files in it)
        target = Path(path)
        target.rmdir() if target.is_dir() else target.unlink()
    # (a folder's own time changes with what is added to it or taken out: only files count as changed)
    changed = sorted(p for p in set(after) & set(before) if after[p] != before[p] and not Path(p).is_dir())
    removed = sorted(set(before) - set(after))
    found = [(what, paths) for what, paths in (("added", added), ("changed", changed), ("removed", removed)) if paths]
    if found:
        pytest.fail(
            "the test wrote into a pack the repository ships (edit a copy: editor_fixtures.pack_copy or tmp_path): "
            + "; ".join(f"{what} {', '.join(paths)}" for what, paths in found)
        )


@pytest.fixture(autouse=True)
def _shipped_packs_untouched():
    with shipped_packs_guard():
        yield


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory):
    """Tests never touch the user's cache folder."""
    import os

    os.environ["TACFORGE_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))


@pytest.fixture(scope="session")
def bundled():
    """Every bundled pack, found the way a user's install finds them (entry points only)."""
    return load_packs(env={}, include_user_dir=False)


def write_pack(
    root: Path,
    pack_id: str = "testpack",
    requires: dict | None = None,
    files: dict | None = None,
    ruleset: str | None = None,
    manifest_extra: str = "",
) -> Path:
    """A pack folder with a manifest and the given files (relative path -> YAML text, dedented)."""
    folder = root / pack_id
    folder.mkdir(parents=True, exist_ok=True)
    requires = {"core": ">=1.0"} if requires is None else requires
    lines = [f"id: {pack_id}", f"name: Test pack {pack_id}", "version: 1.0.0", "schema_version: 1"]
    if requires:
        lines.append("requires:")
        lines += [f'  {k}: "{v}"' for k, v in requires.items()]
    if ruleset:
        lines.append(f"ruleset: {ruleset}")
    text = "\n".join(lines) + "\n" + textwrap.dedent(manifest_extra)
    (folder / "pack.yaml").write_text(text, encoding="utf-8")
    for rel, body in (files or {}).items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(body).lstrip("\n"), encoding="utf-8")
    return folder


@pytest.fixture
def make_pack(tmp_path):
    def make(pack_id="testpack", **kw):
        return write_pack(tmp_path / "packs", pack_id, **kw)

    return make


def load_with(*folders):
    return load_packs([str(f) for f in folders], env={}, include_user_dir=False)
