"""The broken-pack corpus (issue 12): one folder per mistake a designer makes, under tests/data/broken/.

Each case folder is used as a pack path. It holds one or more pack folders and `expected.txt`: one issue code per
line, every one of which must be reported with a file and a line, and optionally `pack: <id>`, the pack to validate
(default: the only pack folder in the case). The case's files report exactly the listed codes, no other (what follows
from the mistake is listed too, under a comment saying why). Validation must never raise, never report an `internal`
issue (tacforge's own failure), never exit with a usage error, and the installed packs (core, western, eastern) must
still load beside the broken one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

import pytest

from tacforge.engine.cli import main
from tacforge.engine.issues import IssueList
from tacforge.engine.packs import LoadedPack, PackSet
from tacforge.engine.packs.discovery import MANIFEST, discover
from tacforge.engine.packs.loader import load_location, load_location_guarded

CORPUS = Path(__file__).resolve().parent / "data" / "broken"
CASES = sorted(p for p in CORPUS.iterdir() if p.is_dir())
INSTALLED = {"core", "western", "eastern"}


@dataclass(frozen=True)
class Expected:
    codes: tuple[str, ...]
    pack: str | None


def read_expected(case: Path) -> Expected:
    codes, pack = [], None
    for raw in (case / "expected.txt").read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("pack:"):
            pack = line.split(":", 1)[1].strip()
        else:
            codes.append(line)
    return Expected(tuple(codes), pack)


def validate_target(case: Path, expected: Expected) -> str:
    if expected.pack:
        return expected.pack
    folders = [p for p in case.iterdir() if (p / MANIFEST).is_file()]
    assert len(folders) == 1, f"{case.name}: name the pack to validate with a 'pack: <id>' line in expected.txt"
    return str(folders[0])


def test_the_corpus_is_well_formed():
    assert len(CASES) >= 60
    for case in CASES:
        assert (case / "expected.txt").is_file(), f"{case.name} has no expected.txt"
        codes = read_expected(case).codes
        assert codes, f"{case.name}: expected.txt names no issue code"
        assert len(set(codes)) == len(codes), f"{case.name}: expected.txt names a code twice"
        assert any((p / MANIFEST).is_file() for p in case.iterdir()), f"{case.name} holds no pack folder"


@lru_cache(maxsize=1)
def installed_packs() -> tuple[LoadedPack, ...]:
    """The installed packs, read once: every case is checked beside copies of them."""
    locations, _ = discover([], env={}, include_user_dir=False)
    return tuple(load_location(location) for location in locations)


def fresh(pack: LoadedPack) -> LoadedPack:
    """A copy a PackSet may mark up (it adds issues and problems to the packs it checks); the models are shared."""
    return replace(pack, issues=IssueList(pack.issues.pack, list(pack.issues.items)))


def load_case(case: Path) -> PackSet:
    """What `tacforge --pack-path CASE validate` loads: the case's packs first (they take precedence), then the
    installed ones; a pack that fails to load at all becomes an issue, as in load_packs."""
    locations, issues = discover([case], env={}, include_user_dir=False)
    own = [load_location_guarded(loc, None) for loc in locations if loc.folder.is_relative_to(case.resolve())]
    return PackSet([*own, *(fresh(p) for p in installed_packs())], issues)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_broken_pack(case):
    """Exactly the expected codes are reported, each with a file and a line, and the installed packs still load
    beside the case."""
    expected = read_expected(case)
    packset = load_case(case)  # an exception escaping here fails the case
    assert INSTALLED <= {p.id for p in packset.usable()}
    everything = packset.all_issues()
    assert [i.format() for i in everything if i.code == "internal"] == []
    root = case.resolve()
    issues = [i for i in everything if i.file is not None and Path(i.file).resolve().is_relative_to(root)]
    assert sorted({i.code for i in issues}) == sorted(expected.codes)
    for code in expected.codes:
        found = [i for i in issues if i.code == code]
        assert found, f"{case.name}: no '{code}' among {sorted({i.code for i in issues})}"
        assert any(i.line for i in found), f"{case.name}: '{code}' is reported without a line: {found[0]}"
        assert all(i.message for i in found)


@pytest.mark.parametrize("name", ["yaml-deep-nesting", "pack-requires-cycle", "placement-impassable"])
def test_the_command_line_reports_a_case(name, capsys):
    """The command line reads the corpus the same way: exit 1, issues on stdout with file and line, no traceback."""
    case = CORPUS / name
    expected = read_expected(case)
    status = main(["--pack-path", str(case), "validate", validate_target(case, expected), "--format", "json"])
    captured = capsys.readouterr()
    assert (status, captured.err) == (1, "")
    issues = json.loads(captured.out)["issues"]
    assert sorted({i["code"] for i in issues}) == sorted(expected.codes)
    for code in expected.codes:
        assert [i for i in issues if i["code"] == code and i["file"] and i["line"]], code
