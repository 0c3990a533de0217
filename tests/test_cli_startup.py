"""`tacforge --help` and `tacforge COMMAND --help` import only argparse and light modules (docs/architecture.md 8:
start-up under 150 ms; "import lazily what a subcommand does not use"). A test of the import set, in a fresh
interpreter, never of time."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO, write_pack

from tacforge.engine.cli import build_parser

HEAVY = ("numpy", "scipy", "jsonschema", "jsonschema_rs", "ruamel", "yaml", "dask", "PyQt6", "importlib.metadata")

CHILD = """
import contextlib, io, json, sys
{prelude}
from tacforge.engine.cli import build_parser
parser = build_parser()
with contextlib.redirect_stdout(io.StringIO()):
    try:
        parser.parse_args(sys.argv[1:])
    except SystemExit:
        pass
print(json.dumps(sorted(sys.modules)))
"""


def modules_after(*argv: str, prelude: str = "") -> set[str]:
    """Every module imported by a fresh interpreter that runs prelude, builds the parser and parses argv."""
    run = subprocess.run(
        [sys.executable, "-c", CHILD.format(prelude=prelude), *argv], capture_output=True, text=True, check=True
    )
    return set(json.loads(run.stdout.splitlines()[-1]))


def heavy_in(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in HEAVY or m in HEAVY)


def test_the_check_sees_a_heavy_import():
    """The check can fail: a heavy module imported in the child (here by hand) is reported."""
    assert "numpy" in heavy_in(modules_after("--help", prelude="import numpy"))
    assert heavy_in({"numpy.linalg", "ruamel.yaml", "json"}) == ["numpy.linalg", "ruamel.yaml"]


def test_main_help_imports_nothing_heavy():
    assert heavy_in(modules_after("--help")) == []


@pytest.mark.parametrize("command", sorted(build_parser()._subparsers._group_actions[0].choices))
def test_command_help_imports_nothing_heavy(command):
    assert heavy_in(modules_after(command, "--help")) == []


def test_version_is_still_read_from_the_installed_distribution(capsys):
    from importlib.metadata import version

    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"tacforge {version('tacforge')}\n"


# `tacforge validate PACK` takes the packs PACK requires from the schema cache (they are loaded, not reported on) and
# checks PACK itself in full.


def _schema_checked_files(monkeypatch) -> list:
    from tacforge.engine.validation import schemas

    checked = []
    real = schemas.validate

    def spy(kind, data, path):
        checked.append(path)
        return real(kind, data, path)

    monkeypatch.setattr(schemas, "validate", spy)
    return checked


def test_validate_takes_the_required_packs_from_the_schema_cache(monkeypatch, tmp_path, capsys):
    from tacforge.engine.cli import main
    from tacforge.engine.resources import CORE_PACK_DIR

    monkeypatch.setenv("TACFORGE_CACHE_DIR", str(tmp_path))
    checked = _schema_checked_files(monkeypatch)
    assert main(["validate", "western"]) == 0  # the first run fills the cache with core's clean files
    checked.clear()
    assert main(["validate", "western"]) == 0
    assert "western: no issues" in capsys.readouterr().out
    western = sorted(Path(p).resolve() for p in checked if "tacforge_western" in str(p))
    # every file of the pack (pack.yaml, rules, weapons, formations, periods, maps, scenarios) is checked again
    assert western == sorted((REPO / "plugins" / "western" / "tacforge_western" / "pack").rglob("*.yaml"))
    core = [p for p in checked if CORE_PACK_DIR.resolve() in Path(p).resolve().parents]
    assert core == [CORE_PACK_DIR.resolve() / "pack.yaml"]  # manifests are always checked; terrain, rules are not


def test_validate_reads_no_file_of_a_pack_the_named_one_does_not_require(monkeypatch, tmp_path, capsys):
    from tacforge.engine.cli import main

    monkeypatch.setenv("TACFORGE_CACHE_DIR", str(tmp_path))  # empty: every file read is schema-checked
    checked = _schema_checked_files(monkeypatch)
    assert main(["validate", "western"]) == 0
    assert "western: no issues" in capsys.readouterr().out
    eastern = [Path(p).name for p in checked if "tacforge_eastern" in str(p)]
    assert eastern == ["pack.yaml"]  # its manifest only (western requires core, not eastern)
    assert any("tacforge_western" in str(p) and Path(p).name != "pack.yaml" for p in checked)


@pytest.mark.parametrize("by", ["id", "folder"])
def test_validate_checks_the_named_pack_in_full_even_when_the_cache_knows_its_files(by, monkeypatch, tmp_path, capsys):
    from tacforge.engine.cli import main
    from tacforge.engine.validation.schema_cache import SchemaCache

    monkeypatch.setenv("TACFORGE_CACHE_DIR", str(tmp_path / "cache"))
    folder = write_pack(tmp_path / "packs", "badpack", files={"weapons.yaml": "weapons: 7\n"})
    cache = SchemaCache()  # a cache that (wrongly) holds the bad weapons file as clean
    cache.remember("weapons", (folder / "weapons.yaml").read_text(encoding="utf-8"))
    cache.save()
    target = "badpack" if by == "id" else str(folder)
    assert main(["--pack-path", str(tmp_path / "packs"), "validate", target]) == 1
    assert "schema.type" in capsys.readouterr().out


def _command_modules(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.startswith("tacforge.engine.cli.") and m.endswith("_cmd"))


def test_a_command_module_is_imported_only_when_its_command_is_parsed():
    """`tacforge --help` lists the commands without importing their modules, and a command's --help imports its own
    module alone (the others' parsers are never built)."""
    assert _command_modules(modules_after("--help")) == []
    assert _command_modules(modules_after("validate", "--help")) == ["tacforge.engine.cli.validate_cmd"]
    assert _command_modules(modules_after("map", "import", "--help")) == ["tacforge.engine.cli.map_cmd"]


def test_the_commands_listed_are_the_commands_parsed(capsys):
    """Every command of the listing builds its parser, accepts --pack-path after it, and is listed by its line."""
    from tacforge.engine.cli import COMMANDS

    parser = build_parser()
    commands = parser._subparsers._group_actions[0]
    assert list(commands.choices) == list(COMMANDS)
    for name in COMMANDS:
        sub = commands.command_parser(name)
        assert sub.prog == f"tacforge {name}"
        assert "--pack-path" in sub._option_string_actions
    assert list(commands.choices) == list(COMMANDS) and None not in commands.choices.values()
    parser.print_help()
    shown = " ".join(capsys.readouterr().out.split())  # help wraps the long lines
    assert all(f"{name} {summary}" in shown for name, (_, summary) in COMMANDS.items())
