"""The wheels as a user installs them: tacforge and the two front plugins, built from the repository and installed
into a new virtual environment, then beside the PyPI distribution `editor` (whose top-level package is also
`editor`)."""

import json
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest
from conftest import REPO

# this environment's own installs (editable tacforge and plugins), which the new environment must not see
OWN = ("tacforge", "_tacforge", "__editable__", "engine", "editor")
PROBE_RESOURCES = (
    "import tacforge.engine.resources as r, json; print(json.dumps([str(r.SCHEMA_DIR), "
    "str(r.CORE_PACK_DIR), (r.SCHEMA_DIR / 'weapons.schema.json').is_file(), "
    "(r.CORE_PACK_DIR / 'terrain.yaml').is_file()]))"
)


def _run(*args, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, **kwargs)


def _build_wheels(dist: Path) -> list[Path]:
    """Built from a copy of the source: setuptools writes tacforge.egg-info beside pyproject.toml, and one left in the
    checkout would be read as tacforge's metadata by any process started there (stale entry points included)."""
    source = dist.parent / "source"
    shutil.copytree(
        REPO,
        source,
        symlinks=True,
        ignore=shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__"),
    )
    for project in (source, source / "plugins" / "western", source / "plugins" / "eastern"):
        built = _run(
            sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", dist, project
        )
        assert built.returncode == 0, built.stderr
    return sorted(dist.glob("tacforge*.whl"))


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(environment folder, site-packages, tacforge wheel): a new venv holding the three wheels; the third-party
    dependencies come from this environment through a .pth file, so nothing is downloaded."""
    root = tmp_path_factory.mktemp("wheel")
    dist = root / "dist"
    wheels = _build_wheels(dist)
    env_dir = root / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    install = _run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "-q", *wheels)
    assert install.returncode == 0, install.stderr
    deps = root / "deps"
    deps.mkdir()
    for entry in Path(sysconfig.get_paths()["purelib"]).iterdir():
        if not entry.name.startswith(OWN) and not entry.name.endswith(".pth"):
            (deps / entry.name).symlink_to(entry)
    site = Path(_run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").stdout.strip())
    (site / "deps.pth").write_text(str(deps) + "\n")
    tacforge_wheel = next(w for w in wheels if w.name.startswith("tacforge-"))
    return env_dir, site, tacforge_wheel


@pytest.fixture(scope="module")
def beside_pypi_editor(installed, tmp_path_factory):
    """The same environment with PyPI's `editor` installed too: downloaded, so the tests taking it are marked
    `network` (a machine without it deselects them: `make test NETWORK=0`); selected, they fail without it."""
    env_dir, site, tacforge_wheel = installed
    dist = tmp_path_factory.mktemp("pypi")
    got = _run(
        sys.executable,
        "-m",
        "pip",
        "download",
        "--no-deps",
        "--disable-pip-version-check",
        "-q",
        "-d",
        dist,
        "editor",
        timeout=180,
    )
    wheels = sorted(dist.glob("editor-*.whl"))
    assert got.returncode == 0 and wheels, f"cannot download the PyPI package 'editor': {got.stderr.strip()[-300:]}"
    install = _run(
        sys.executable, "-m", "pip", "--python", env_dir / "bin" / "python", "install", "--no-deps", "-q", wheels[0]
    )
    assert install.returncode == 0, install.stderr
    return env_dir, site, tacforge_wheel


def test_the_tacforge_wheel_installs_nothing_but_tacforge_at_the_top_level(installed):
    _, _, wheel = installed
    with zipfile.ZipFile(wheel) as archive:
        top = {name.split("/")[0] for name in archive.namelist()}
    version = wheel.name.split("-")[1]
    assert top == {"tacforge", f"tacforge-{version}.dist-info"}


def test_schemas_and_core_pack_come_from_the_wheel(installed, tmp_path):
    env_dir, site, _ = installed
    out = _run(env_dir / "bin" / "python", "-c", PROBE_RESOURCES, cwd=tmp_path)
    schema_dir, core_dir, has_schema, has_core = json.loads(out.stdout)
    assert has_schema and has_core
    assert schema_dir.startswith(str(site)) and core_dir.startswith(str(site))  # not the checkout


@pytest.mark.network
def test_commands_work_beside_the_pypi_editor_package(beside_pypi_editor, tmp_path):
    env_dir, site, _ = beside_pypi_editor
    tacforge = env_dir / "bin" / "tacforge"
    version = _run(tacforge, "--version", cwd=tmp_path)
    assert version.stdout.strip() == "tacforge 0.1.0", version.stderr
    packs = _run(tacforge, "packs", cwd=tmp_path)
    assert packs.returncode == 0, packs.stdout + packs.stderr
    assert [line.split()[:2] for line in packs.stdout.splitlines()] == [
        ["core", "1.0.0"],
        ["eastern", "1.0.0"],
        ["western", "1.0.0"],
    ]
    assert "(tacforge-western 1.0.0)" in packs.stdout and "(tacforge-eastern 1.0.0)" in packs.stdout
    validate = _run(tacforge, "validate", cwd=tmp_path)
    assert validate.returncode == 0, validate.stdout + validate.stderr
    play = _run(tacforge, "play", "western:bocage_crossroads", "--turns", "2", "--seed", "1", cwd=tmp_path)
    assert play.returncode == 0, play.stdout + play.stderr
    assert "Turn  2:" in play.stdout and "Result after turn 2" in play.stdout
    editor_help = _run(env_dir / "bin" / "tacforge-editor", "--help", cwd=tmp_path)
    assert editor_help.returncode == 0 and editor_help.stdout.startswith("usage: tacforge-editor"), editor_help.stderr
    both = _run(
        env_dir / "bin" / "python",
        "-c",
        # the PyPI `editor` needs dependencies of its own (xmod, ...): find it without importing it
        "import importlib.util, tacforge.editor.shell.main_window as w;"
        " print(importlib.util.find_spec('editor').origin); print(w.MainWindow.__name__)",
        cwd=tmp_path,
        env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"},
    )
    assert both.stdout.splitlines() == [str(site / "editor" / "__init__.py"), "MainWindow"], both.stderr


def test_installed_pack_files_find_their_schemas(installed):
    _, site, _ = installed
    prefix = "# yaml-language-server: $schema="
    sources = {
        "tacforge_western": REPO / "plugins" / "western" / "tacforge_western",
        "tacforge_eastern": REPO / "plugins" / "eastern" / "tacforge_eastern",
        "tacforge/engine/_bundled/content": REPO / "content",
    }
    files = sorted(p for root in sources for p in (site / root).rglob("*.yaml"))
    assert [p.relative_to(site) for p in files] == sorted(
        Path(root) / p.relative_to(source) for root, source in sources.items() for p in source.rglob("*.yaml")
    )
    for path in files:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith(prefix), path
        target = path.parent / first.removeprefix(prefix)
        assert target.is_file() and target.resolve().is_relative_to(site), (path, target)
