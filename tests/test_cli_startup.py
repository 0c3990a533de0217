"""`tacforge --help` and `tacforge COMMAND --help` import only argparse and light modules (design.md 8: start-up
under 150 ms; "import lazily what a subcommand does not use"). A test of the import set, in a fresh interpreter,
never of time."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tacforge.engine.cli import build_parser

HEAVY = ("numpy", "jsonschema", "ruamel", "yaml", "dask", "PyQt6", "importlib.metadata")

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
    run = subprocess.run([sys.executable, "-c", CHILD.format(prelude=prelude), *argv], capture_output=True,
                         text=True, check=True)
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
