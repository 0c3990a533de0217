"""Shared fixtures: the bundled packs, and small packs written on the fly for the negative cases."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

from tacforge.engine.packs import load_packs

REPO = Path(__file__).resolve().parent.parent
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # tests never open windows, with or without `make test`


def shipped_map_ids() -> set[str]:
    """The ids of the maps the two front packs ship, read from their maps/ folders (not from the loader)."""
    return {
        f"{front}:{path.stem}"
        for front in ("western", "eastern")
        for path in (REPO / "plugins" / front / f"tacforge_{front}" / "pack" / "maps").glob("*.yaml")
    }


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
