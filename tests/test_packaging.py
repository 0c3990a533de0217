"""Installed as a package: versions from the distributions' metadata."""

import json
import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
from conftest import write_pack

from tacforge.engine.cli import main


def test_version_comes_from_the_distribution(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"tacforge {version('tacforge')}"


def test_packs_lists_the_plugins_versions(capsys):
    main(["packs"])
    out = capsys.readouterr().out
    assert f"(tacforge-western {version('tacforge-western')})" in out
    assert f"(tacforge-eastern {version('tacforge-eastern')})" in out


FAKE_PLUGINS = {
    # a plugin whose code raises on import: irrelevant, discovery reads its pack folder without importing it
    "exploding": ("exploding_plugin:pack", "raise RuntimeError('plugin exploded')\n"),
    # a plugin whose distribution names a package that is not there
    "vanished": ("vanished_plugin:pack", None),
}


def _fake_site(root: Path) -> Path:
    site = root / "site"
    for name, (value, init) in FAKE_PLUGINS.items():
        package = value.partition(":")[0]
        if init is not None:
            (site / package).mkdir(parents=True)
            (site / package / "__init__.py").write_text(init)
            write_pack(site / package, name).rename(site / package / "pack")
        dist = site / f"{package}-1.0.dist-info"
        dist.mkdir(parents=True)
        (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {package}\nVersion: 1.0\n")
        (dist / "entry_points.txt").write_text(f"[tacforge.packs]\n{name} = {value}\n")
    return site


def test_discovery_reads_plugin_folders_without_importing_them(tmp_path):
    site = _fake_site(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(site)}
    env.pop("TACFORGE_PACK_PATH", None)
    run = subprocess.run(
        [sys.executable, "-m", "tacforge.engine.cli", "packs", "--format", "json"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert "Traceback" not in run.stderr and "plugin exploded" not in run.stdout + run.stderr
    listing = json.loads(run.stdout)
    origins = {row["id"]: row["origin"] for row in listing["packs"] if row["status"] == "ok"}
    assert set(origins) >= {"core", "western", "eastern", "exploding"}
    assert origins["exploding"] == "plugin 'exploding' (exploding_plugin 1.0)"
    problems = [(p["code"], p["message"]) for p in listing["problems"]]
    assert problems == [
        (
            "plugin.unresolved",
            "the pack plugin 'vanished' names the package 'vanished_plugin' "
            "(vanished_plugin:pack), which is not installed",
        )
    ]
    assert run.returncode == 1


def test_plugin_pack_folder_is_found_from_the_package_location():
    import tacforge_western

    from tacforge.engine.packs.discovery import plugin_pack_folder

    expected = Path(tacforge_western.__path__[0]) / "pack"
    assert plugin_pack_folder("tacforge_western:pack") == expected
    assert plugin_pack_folder("tacforge_western.pack") == expected
    assert plugin_pack_folder("no_such_package_here:pack") is None


def test_schemas_command_lists_and_writes_the_schema_files(tmp_path, capsys):
    from tacforge.engine.resources import SCHEMA_DIR

    names = sorted(p.name for p in SCHEMA_DIR.glob("*.schema.json"))
    assert main(["schemas"]) == 0
    assert [Path(line).name for line in capsys.readouterr().out.splitlines()] == names
    target = tmp_path / "my-pack" / "schemas"
    assert main(["schemas", "--write", str(target)]) == 0
    assert capsys.readouterr().out.strip() == f"{target}: schemas {len(names)} written"
    assert sorted(p.name for p in target.iterdir()) == names
    assert all((target / n).read_bytes() == (SCHEMA_DIR / n).read_bytes() for n in names)
    assert main(["schemas", "--write", str(target)]) == 0
    assert capsys.readouterr().out.strip() == f"{target}: schemas already up to date"


def test_shipped_pack_schema_folders_are_links_to_the_repository_schemas():
    from conftest import REPO

    links = [
        REPO / "content" / "schemas",
        REPO / "content" / "templates" / "new-pack" / "schemas",
        *(REPO / "plugins").glob("*/tacforge_*/pack/schemas"),
    ]
    assert len(links) == 4
    for link in links:
        assert link.is_symlink() and link.resolve() == (REPO / "schemas").resolve(), link
