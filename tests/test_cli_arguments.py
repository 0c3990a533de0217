"""Issue 24, "The command line": arguments out of range are refused before anything runs, over-long file names are
said in words (the operating system's 'File name too long' was a traceback), the human player's prompt says what is
wrong with an order in the words of its help, and three messages say what helps."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tacforge.engine.cli import main
from tacforge.engine.cli.human import HumanPlayer

BOCAGE = "western:bocage_crossroads"
NEW = ["new", "--pack", "western", "--type", "meeting", "--period", "3", "--seed", "1", "--turns", "5"]
BROKEN = Path(__file__).parent / "data" / "broken"


def usage_error(argv, capsys) -> str:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    return capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["play", BOCAGE, "--turns", "256"],
        ["batch", BOCAGE, "--runs", "1", "--turns", "100000"],
        [*NEW[:-2], "--turns", "256", "-o", "x"],
    ],
    ids=["play", "batch", "new"],
)
def test_turns_are_bounded_by_the_longest_a_battle_lasts(argv, capsys):
    assert "at most 255 (the longest a battle can last)" in usage_error(argv, capsys)


@pytest.mark.parametrize(
    "argv",
    [["play", BOCAGE, "--seed", "-1"], ["batch", BOCAGE, "--runs", "1", "--seed", "-1"], [*NEW, "--seed", "-1"]],
    ids=["play", "batch", "new"],
)
def test_a_seed_is_0_or_more(argv, capsys):
    assert "must be 0 or more, got -1" in usage_error(argv, capsys)


@pytest.mark.parametrize("option", ["--count", "--pulses"])
def test_calc_counts_at_least_one(option, capsys):
    argv = ["calc", "kills", "--firer", "SHERMAN", "--target", "PZ-IVH", "--range", "4", option, "0"]
    assert "must be at least 1, got 0" in usage_error(argv, capsys)


LONG = "x" * 300


def said_in_words(argv, capsys, code=2) -> str:
    assert main(argv) == code
    err = capsys.readouterr().err
    assert "is 300 bytes long; a file or folder name can be at most 255" in err
    assert "Traceback" not in err and "File name too long" not in err
    return err


def test_an_over_long_name_in_validate_play_pack_path_and_new(tmp_path, capsys):
    long_path = str(tmp_path / LONG)
    assert said_in_words(["validate", long_path], capsys).startswith("tacforge: targets: the name 'xxxxx")
    said_in_words(["play", f"{long_path}/s.yaml"], capsys)
    said_in_words(["play", BOCAGE, "--load", long_path], capsys)
    said_in_words(["play", "--replay", long_path], capsys)
    assert "--pack-path" in said_in_words(["--pack-path", long_path, "validate"], capsys)
    assert "--output" in said_in_words([*NEW, "-o", long_path], capsys)


@pytest.mark.parametrize("option", ["--log", "--save"])
def test_an_over_long_name_of_a_file_to_write(option, tmp_path, capsys):
    err = usage_error(["play", BOCAGE, option, str(tmp_path / LONG / "game")], capsys)
    assert f"argument {option}: cannot write the name 'xxxx" in err and "is 300 bytes long" in err


def test_an_over_long_name_in_tacforge_pack_path(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TACFORGE_PACK_PATH", str(tmp_path / LONG))
    assert main(["validate"]) == 0  # a warning: the other packs load
    out = capsys.readouterr().out
    assert "warning pack.path-too-long: TACFORGE_PACK_PATH: the name 'xxxx" in out
    assert main(["play", BOCAGE, "--turns", "1", "--quiet"]) == 0


def test_the_prompt_says_what_is_wrong_with_an_order_in_the_words_of_the_help(capsys):
    from tacforge.engine.packs.scenario_lookup import find_scenario
    from tacforge.engine.sim.battle import Battle

    battle = Battle(*find_scenario(BOCAGE, []), seed=1)
    battle.start()
    lines = iter(["move B1", "move B1 thirty 12", "speed B1 fast", "speed B*", "bombard A5", "flyto B1", "done"])
    player = HumanPlayer(read=lambda _prompt: next(lines))
    assert player.orders(battle, "allied") == []
    said = [line for line in capsys.readouterr().out.splitlines() if line.startswith("??")]
    assert said == [
        "?? 'move' needs 3 words after it: move B3 30 12 [speed]; type 'help'",
        "?? the x of the square must be a whole number, not 'thirty' (move B3 30 12 [speed]); type 'help'",
        "?? the speed must be a whole number, not 'fast' (speed B3 8); type 'help'",
        "?? 'speed' needs 2 words after it: speed B3 8; type 'help'",
        "?? 'bombard' needs 4 words after it: bombard A5 B3 40 12; type 'help'",
        "?? unknown order 'flyto'; type 'help'",
    ]


def test_a_scenario_id_given_twice_in_one_pack_names_both_files(tmp_path, capsys):
    pack = tmp_path / "mine"
    assert main([*NEW, "--id", "fight", "-o", str(pack)]) == 0
    shutil.copy(pack / "scenarios" / "fight.yaml", pack / "scenarios" / "fight-copy.yaml")
    capsys.readouterr()
    assert main(["--pack-path", str(pack), "play", "fight", "--turns", "1"]) == 2
    err = capsys.readouterr().err
    assert "use pack:id" not in err  # it cannot help: both are mine:fight
    assert "the scenario id 'mine:fight' is given to 2 scenarios of pack 'mine'" in err
    assert f"{pack / 'scenarios' / 'fight-copy.yaml'} and {pack / 'scenarios' / 'fight.yaml'}" in err


def test_one_misspelt_default_siw_is_reported_once(capsys):
    case = BROKEN / "ref-unknown-siw-default"
    assert main(["--pack-path", str(case), "validate", str(case / "siwpack")]) == 1
    out = capsys.readouterr().out
    assert out.count("error ref.unknown-siw") == 1


def test_a_folder_without_pack_yaml_in_the_pack_path_is_named(tmp_path, capsys):
    (tmp_path / "packs" / "mine" / "scenarios").mkdir(parents=True)
    assert main(["--pack-path", str(tmp_path / "packs"), "validate", "mine"]) == 2
    err = capsys.readouterr().err
    assert f"{tmp_path / 'packs' / 'mine'} has no pack.yaml, so it is not a pack" in err
