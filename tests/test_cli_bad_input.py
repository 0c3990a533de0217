"""Bad input on the command line (issue 12): a clear message and exit 2 (usage) or 1 (content), checked before any
game is played, never a traceback."""

from __future__ import annotations

import json

import pytest
from conftest import write_pack
from test_bad_input import FIGHT, mini_pack

from tacforge.engine.cli import main


def test_play_a_scenario_whose_file_is_broken_shows_the_error(tmp_path, capsys):
    folder = mini_pack(tmp_path, scenario=FIGHT.replace("name: Fight", "name: Fight\nname: Again"))
    assert main(["--pack-path", str(folder), "play", "mini:fight", "--turns", "1"]) == 1
    err = capsys.readouterr().err
    assert "no scenario 'mini:fight' can be read: pack 'mini' has errors" in err
    assert "fight.yaml:3:1: error yaml.duplicate-key" in err
    assert "Traceback" not in err


def test_play_a_scenario_of_a_pack_with_errors_elsewhere(tmp_path, capsys):
    folder = mini_pack(tmp_path, weapons_yaml="weapons: 17\n")
    assert main(["--pack-path", str(folder), "play", "fight", "--turns", "1"]) == 1
    err = capsys.readouterr().err
    assert "pack 'mini' has errors; fix them first" in err
    assert "weapons.yaml:1:1: error schema.type" in err


@pytest.mark.parametrize("turns", ["0", "-1", "two"])
def test_play_turns_must_be_at_least_one(turns, capsys):
    with pytest.raises(SystemExit) as info:
        main(["play", "bocage_crossroads", "--turns", turns])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "--turns" in err and ("must be at least 1" in err or "not a whole number" in err)


def test_play_log_into_a_missing_folder_is_refused_before_playing(tmp_path, capsys):
    log = tmp_path / "no-such-folder" / "events.jsonl"
    with pytest.raises(SystemExit) as info:
        main(["play", "bocage_crossroads", "--log", str(log)])
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert f"the folder {log.parent} does not exist" in captured.err
    assert "Turn" not in captured.out  # refused before a single turn is played


@pytest.mark.parametrize(
    "command",
    [
        ["validate", "mini"],
        ["packs"],
        ["play", "mini:fight", "--turns", "1", "--quiet"],
        ["calc", "kills", "--pack", "mini", "--firer", "sherman", "--target", "panther", "--range", "2"],
    ],
)
def test_pack_path_after_the_subcommand(command, tmp_path, capsys):
    folder = mini_pack(tmp_path)
    before = main(["--pack-path", str(folder), *command])
    out_before = capsys.readouterr().out
    after = main([*command, "--pack-path", str(folder)])
    out_after = capsys.readouterr().out
    assert before == after == 0
    assert "mini" in out_after or "Result" in out_after or "expected kills" in out_after
    assert out_before == out_after


def test_pack_path_before_and_after_add_up(tmp_path, capsys):
    first = mini_pack(tmp_path / "a")
    second = write_pack(tmp_path / "b", "other")
    assert main(["--pack-path", str(first), "packs", "--pack-path", str(second), "--format", "json"]) == 0
    ids = {row["id"] for row in json.loads(capsys.readouterr().out)["packs"]}
    assert {"mini", "other"} <= ids


def _saved_game(tmp_path, capsys) -> tuple:
    save = tmp_path / "game.json"
    assert main(["play", "bocage_crossroads", "--turns", "1", "--save", str(save), "--quiet"]) == 0
    capsys.readouterr()
    return save, json.loads(save.read_text())


@pytest.mark.parametrize(
    "damage,message",
    [
        (lambda body: body.update(version=99), "save format version 99 is not one this tacforge reads"),
        (lambda body: body.update(turn="three"), ": $.turn: 'turn' must be"),
        (lambda body: body.update(units=[{"uid": "allied:A0"}]), ": $.units[0]: the required key 'side' is missing"),
        (lambda body: body.update(rng=[3, [1, 2], None]), "the save is damaged"),
        (lambda body: body.pop("seen_by_side") and body.update(seen_by_side=[1]), "the save is damaged"),
    ],
)
def test_saved_game_from_another_version_or_damaged(damage, message, tmp_path, capsys):
    save, body = _saved_game(tmp_path, capsys)
    damage(body)
    save.write_text(json.dumps(body))
    assert main(["play", "bocage_crossroads", "--load", str(save)]) == 1
    err = capsys.readouterr().err
    assert message in err and str(save) in err
    assert "Traceback" not in err


def test_truncated_save(tmp_path, capsys):
    save, _ = _saved_game(tmp_path, capsys)
    text = save.read_text()
    save.write_text(text[: len(text) // 2])
    assert main(["play", "bocage_crossroads", "--load", str(save)]) == 1
    assert "not a tacforge save (broken JSON at line" in capsys.readouterr().err
