"""`tacforge play` and `tacforge calc` from the command line."""

import json
import subprocess
import sys

from conftest import REPO

from tacforge.engine.cli import main


def test_play_text_report(capsys, tmp_path):
    log = tmp_path / "events.jsonl"
    assert main(["play", "western:bocage_crossroads", "--seed", "2", "--turns", "3", "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert "Turn  1:" in out and "Turn  3:" in out and "Result after turn 3" in out
    kinds = [json.loads(line)["kind"] for line in log.read_text().splitlines()]
    assert kinds[:2] == ["replay", "turn"] and "victory" in kinds  # the game record, then the events


def test_play_json_and_unknown_scenario(capsys):
    assert main(["play", "steppe_village", "--turns", "2", "--format", "json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert body["turns"] == 2 and set(body["scores"]) == {"soviet", "german"}
    assert main(["play", "nowhere"]) == 2
    assert "no scenario 'nowhere'" in capsys.readouterr().err


def test_play_save_and_load(tmp_path, capsys):
    save = tmp_path / "game.json"
    assert main(["play", "bocage_crossroads", "--turns", "2", "--save", str(save), "--quiet"]) == 0
    assert json.loads(save.read_text())["turn"] == 2
    save.write_text("garbage")
    assert main(["play", "bocage_crossroads", "--load", str(save)]) == 1
    assert "not a tacforge save" in capsys.readouterr().err


def test_human_orders_at_the_prompt():
    script = "help\nunits\nmove B1 30 30\nrange B1 4\nflyto B1\ndone\n" + "done\n" * 3
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "tacforge.engine.cli",
            "play",
            "bocage_crossroads",
            "--human",
            "allied",
            "--turns",
            "2",
            "--quiet",
        ],
        input=script,
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert run.returncode == 0, run.stderr
    assert "ok: order allied:B1 30,30" in run.stdout
    assert "unknown order 'flyto'" in run.stdout
    assert "Result after turn 2" in run.stdout


def test_calc_reproduces_the_manual_examples(capsys):
    assert (
        main(
            [
                "calc",
                "kills",
                "--pack",
                "western",
                "--firer",
                "PZ-IIIJ",
                "--target",
                "SHERMAN",
                "--range",
                "3",
                "--count",
                "5",
            ]
        )
        == 0
    )
    assert "expected kills = 0.071  (38374469/540672000 exactly)" in capsys.readouterr().out
    assert (
        main(
            [
                "calc",
                "kills",
                "--pack",
                "eastern",
                "--mr",
                "10",
                "--mp",
                "8",
                "--ss",
                "4",
                "--ac",
                "6",
                "--armour-value",
                "8",
                "--sl",
                "4",
                "--range",
                "2",
                "--pulses",
                "4",
                "--count",
                "10",
                "--format",
                "json",
            ]
        )
        == 0
    )
    body = json.loads(capsys.readouterr().out)
    assert body["expected_kills_exact"] == "1344/625"


def test_calc_names_are_case_insensitive_and_errors_are_clean(capsys):
    assert (
        main(
            [
                "calc",
                "kills",
                "--pack",
                "eastern",
                "--firer",
                "t34/76a",
                "--target",
                "pz-iiij",
                "--range",
                "2",
                "--pulses",
                "4",
                "--armor",
                "front",
            ]
        )
        == 0
    )
    capsys.readouterr()
    assert (
        main(["calc", "kills", "--pack", "eastern", "--firer", "T34/76X", "--target", "PZ-IIIJ", "--range", "2"]) == 2
    )
    assert "did you mean" in capsys.readouterr().err
    assert (
        main(
            [
                "calc",
                "table",
                "--pack",
                "eastern",
                "--firers",
                "T34/85",
                "--targets",
                "TIGER,PZ-IVH",
                "--ranges",
                "0,4,13",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "T-34/85 -> Tiger" in out and out.rstrip().endswith("-")
