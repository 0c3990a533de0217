"""Validate knows what play knows (issue 24): what would stop or silently break a game is reported by the validator,
at its file and line, and a pack that validates clean plays."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import load_with

CORPUS = Path(__file__).resolve().parent / "data" / "broken"


def _copy_of(case: str, tmp_path: Path) -> Path:
    folder = tmp_path / case
    shutil.copytree(CORPUS / "scenario-siw-as-unit" / "bp", folder / "bp")
    return folder / "bp"


def test_a_symbolic_link_loop_is_a_clear_issue_not_an_internal_one(tmp_path):
    pack = _copy_of("scenario-siw-as-unit", tmp_path)
    (pack / "scenarios" / "loop.yaml").symlink_to("loop.yaml")
    issues = [i for i in load_with(pack).all_issues() if i.pack == "bp"]
    assert "internal" not in {i.code for i in issues}
    loop = [i for i in issues if i.code == "pack.path-loop"]
    assert len(loop) == 1 and loop[0].line and "scenarios/loop.yaml" in loop[0].message
