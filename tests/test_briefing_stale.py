"""The briefing a new battle is written with (tacforge new, New Scenario) states the objective area, the turns and
the start lines as numbers; once the scenario changes one of them, validation warns and names both values, and
never otherwise. Files written by tacforge get the user's usual permissions, and its new pack's manifest names no
absolute path."""

from __future__ import annotations

import os
import re
import stat

import pytest

from tacforge.engine.atomic_files import atomic_write_text
from tacforge.engine.cli import main
from tacforge.engine.packs import load_packs

NEW = ["new", "--pack", "western", "--type", "meeting", "--period", "3", "--seed", "4", "--id", "fight"]


def stale(pack):
    return sorted(i.message for i in load_packs([pack]).all_issues() if i.code == "scenario.briefing-stale")


@pytest.fixture
def battle(tmp_path):
    assert main([*NEW, "-o", str(tmp_path / "mine")]) == 0
    return tmp_path / "mine"


def test_a_fresh_briefing_matches_and_each_changed_number_is_warned(battle):
    assert stale(battle) == []
    path = battle / "scenarios" / "fight.yaml"
    text = path.read_text()
    line = re.search(r"start_lines: \{allied: (\d+)", text)
    centre = re.search(r"center: \[(\d+), (\d+)\]", text)
    turns = re.search(r"^turns: (\d+)", text, re.M)
    assert line and centre and turns, text[:600]
    text = text.replace(line[0], f"start_lines: {{allied: {int(line[1]) + 2}")
    text = text.replace(centre[0], f"center: [{int(centre[1]) + 1}, {centre[2]}]")
    text = text.replace(turns[0], f"turns: {int(turns[1]) + 4}")
    path.write_text(text)
    messages = stale(battle)
    assert len(messages) == 3, messages
    assert any(f"{turns[1]} turns, but the scenario has {int(turns[1]) + 4} turns" in m for m in messages)
    assert any(
        f"allied start line is at column {line[1]}, but the scenario has column {int(line[1]) + 2}" in m
        for m in messages
    )
    assert any(f"around {centre[1]},{centre[2]}" in m for m in messages)


def test_the_manifest_names_no_absolute_path(battle):
    manifest = (battle / "pack.yaml").read_text()
    assert str(battle) not in manifest and str(battle.resolve()) not in manifest
    assert "--pack-path . play" in manifest and "random maps" not in manifest


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_gets_the_mode_the_umask_gives_and_a_replaced_one_keeps_its_own(tmp_path, umask, mode):
    old = os.umask(umask)
    try:
        atomic_write_text(tmp_path / "new.yaml", "a: 1\n")
        kept = tmp_path / "kept.yaml"
        kept.write_text("a: 0\n")
        kept.chmod(0o640)
        atomic_write_text(kept, "a: 2\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.yaml").stat().st_mode) == mode
    assert stat.S_IMODE(kept.stat().st_mode) == 0o640 and kept.read_text() == "a: 2\n"


def test_the_editors_new_pack_says_how_it_was_made(tmp_path):
    from tacforge.editor.shell.workspace import new_pack_from_template

    pack = new_pack_from_template(tmp_path, "hedgerows", "Hedgerows")
    text = (pack / "pack.yaml").read_text()
    assert text.startswith("# yaml-language-server: $schema=")
    assert "File > New pack" in text and "copy this folder" not in text
    assert "id: hedgerows" in text and "name: Hedgerows" in text and str(tmp_path) not in text
