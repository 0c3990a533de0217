"""Briefings: the one both sides are told and each side's own (`side_briefings`), read by the loader, checked by the
validator, and shown by `tacforge play`: the opening text before the first turn, a human's own briefing before
their first orders."""

import shutil
import subprocess
import sys

from conftest import REPO
from test_semantic import SCENARIO, issues_for

from tacforge.engine.cli import main
from tacforge.engine.cli.turn_text import opening_text, side_briefing_text

BRIEFED = (
    SCENARIO
    + """
briefing: Both sides read this.
side_briefings:
  allied: Take the ridge.
  german: Hold the ridge.
"""
)


def test_side_briefings_are_read_and_shown_in_the_opening_text(tmp_path):
    from tacforge.engine.packs import load_packs

    issues = issues_for(tmp_path, BRIEFED)
    assert [i.format() for i in issues] == []
    content = load_packs([str(tmp_path)], env={}, include_user_dir=False).content("mini")
    scenario = content.scenario("fight")
    assert dict(scenario.side_briefings) == {"allied": "Take the ridge.", "german": "Hold the ridge."}
    assert side_briefing_text(scenario, content.ruleset, "german") == "German briefing:\nHold the ridge."
    assert opening_text(scenario, content.ruleset, 20, 12, seed=3) == (
        "Fight (mini:fight): Allied Assault, 20 turns, visibility 12, seed 3\n\nBoth sides read this."
    )
    assert opening_text(scenario, content.ruleset, 20, 12, sides=("allied", "german")).endswith(
        "Both sides read this.\n\nAllied briefing:\nTake the ridge.\n\nGerman briefing:\nHold the ridge."
    )


def test_a_briefing_for_an_unknown_side_is_an_issue(tmp_path):
    issues = issues_for(tmp_path, BRIEFED.replace("  german: Hold", "  germna: Hold"))
    found = [i for i in issues if i.code == "ref.unknown-side"]
    assert found and found[0].path[-2:] == ("side_briefings", "germna") and "german" in (found[0].hint or "")


def test_play_prints_the_briefing_and_a_human_their_own_only(tmp_path, capsys):
    pack = tmp_path / "briefed"
    shutil.copytree(REPO / "plugins/western/tacforge_western/pack", pack)
    (pack / "pack.yaml").write_text((pack / "pack.yaml").read_text().replace("id: western", "id: briefed"))
    path = pack / "scenarios" / "bocage_crossroads.yaml"
    path.write_text(
        path.read_text() + "side_briefings:\n  allied: Only for the Allies.\n  german: Only for the Germans.\n"
    )
    assert main(["play", str(path), "--turns", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Allied: The breakout" in out  # computer against computer: the watcher sees both sides' briefings
    assert "Allied briefing:\nOnly for the Allies." in out and "German briefing:\nOnly for the Germans." in out
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "tacforge.engine.cli",
            "play",
            str(path),
            "--human",
            "german",
            "--turns",
            "1",
            "--quiet",
        ],
        input="done\n",
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert run.returncode == 0, run.stderr
    assert "German briefing:\nOnly for the Germans.\n--- German orders, turn 1" in run.stdout
    assert "Only for the Allies" not in run.stdout
