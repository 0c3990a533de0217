"""requirements/: each use's inputs (*.in) name what pyproject.toml asks for, and the compiled pins (*.txt, `make
lock`) satisfy them, each with its hashes, one version of each package across the uses."""

from __future__ import annotations

import re
import tomllib

import pytest
from conftest import REPO
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

FOLDER = REPO / "requirements"
USES = ("runtime", "editor", "cluster", "gis", "dev")
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)")


def inputs(use: str) -> dict[str, Requirement]:
    lines = (line.split("#", 1)[0].strip() for line in (FOLDER / f"{use}.in").read_text().splitlines())
    found = [Requirement(line) for line in lines if line and not line.startswith("-")]
    return {canonicalize_name(r.name): r for r in found}


def pins(use: str) -> dict[str, tuple[str, int]]:
    """name -> (version, number of hashes) of requirements/USE.txt."""
    text = (FOLDER / f"{use}.txt").read_text()
    found: dict[str, tuple[str, int]] = {}
    for block in re.split(r"\n(?=\S)", text):
        match = PIN.match(block)
        if match:
            found[canonicalize_name(match[1])] = (match[2], block.count("--hash=sha256:"))
    return found


def test_the_inputs_name_what_pyproject_asks_for():
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    wanted = {
        "runtime": project["dependencies"],
        "editor": project["optional-dependencies"]["editor"],
        "cluster": project["optional-dependencies"]["cluster"],
        "gis": project["optional-dependencies"]["gis"],
    }
    for use, requirements in wanted.items():
        named = inputs(use)
        for text in requirements:
            requirement = Requirement(text)
            assert str(named.get(canonicalize_name(requirement.name))) == str(requirement), (use, text)


@pytest.mark.parametrize("use", USES)
def test_every_input_is_pinned_with_its_hashes(use):
    pinned = pins(use)
    for name, requirement in inputs(use).items():
        assert name in pinned, f"{use}.in names {name}, which {use}.txt does not pin: run `make lock`"
        assert requirement.specifier.contains(pinned[name][0], prereleases=True), (use, name, pinned[name])
    assert all(hashes for _, hashes in pinned.values()), [n for n, (_, hashes) in pinned.items() if not hashes]


def test_a_package_has_one_version_across_the_uses():
    versions: dict[str, set[str]] = {}
    for use in USES:
        for name, (version, _) in pins(use).items():
            versions.setdefault(name, set()).add(version)
    assert {name: found for name, found in versions.items() if len(found) > 1} == {}
