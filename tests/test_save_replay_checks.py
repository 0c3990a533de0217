"""Issue 24, "Saves and replays are checked like packs": a save of another scenario, a save or replay header out of
its schema (schemas/save.schema.json, schemas/replay.schema.json) and an edited replay are refused with a message
that names the file and what is wrong with it; only a replay as tacforge wrote it blames a changed engine."""

from __future__ import annotations

import json

import pytest

from tacforge.engine.cli import main

BOCAGE = "western:bocage_crossroads"


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A save and a replay log of two turns of Bocage Crossroads, and a save of one turn of Caen."""
    folder = tmp_path_factory.mktemp("played")
    save, log, caen = folder / "bocage.save", folder / "bocage.log", folder / "caen.save"
    assert main(["play", BOCAGE, "--turns", "2", "--quiet", "--save", str(save), "--log", str(log)]) == 0
    assert main(["play", "western:caen", "--turns", "1", "--quiet", "--save", str(caen)]) == 0
    return save, log, caen


def edited_save(played, tmp_path, change) -> str:
    body = json.loads(played[0].read_text())
    change(body)
    path = tmp_path / "edited.save"
    path.write_text(json.dumps(body))  # NaN is written as JSON's NaN, which json.loads reads back
    return str(path)


def edited_log(played, tmp_path, change_head=None, change_events=None) -> str:
    head_line, _, events = played[1].read_text().partition("\n")
    head = json.loads(head_line)
    if change_head is not None:
        change_head(head)
        head_line = json.dumps(head, separators=(",", ":"))
    if change_events is not None:
        events = change_events(events)
    path = tmp_path / "edited.log"
    path.write_text(head_line + "\n" + events)
    return str(path)


def refused(argv, capsys) -> str:
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


def test_a_save_of_another_scenario_is_refused(played, capsys):
    caen = played[2]
    err = refused(["play", BOCAGE, "--load", str(caen), "--quiet"], capsys)
    assert f"{caen}: the save is of scenario 'western:caen', not '{BOCAGE}'" in err


def test_the_save_of_the_scenario_named_loads(played, capsys):
    assert main(["play", BOCAGE, "--load", str(played[0]), "--quiet"]) == 0


@pytest.mark.parametrize(
    ("field", "change", "said"),
    [
        ("$.turn", lambda body: body.update(turn=-5), "'turn' must be at least 0, not -5"),
        ("$.units[3].count", lambda body: body["units"][3].update(count=float("nan")), "'count' must be a finite"),
        ("$.seed", lambda body: body.update(seed=-1), "'seed' must be at least 0"),
        ("$.units[0].count", lambda body: body["units"][0].update(count="9"), "'count' must be"),
    ],
)
def test_a_damaged_save_is_refused_naming_the_file_and_the_field(played, tmp_path, capsys, field, change, said):
    path = edited_save(played, tmp_path, change)
    err = refused(["play", BOCAGE, "--load", path, "--quiet"], capsys)
    assert f"{path}: {field}: {said}" in err
    err = refused(["play", "--replay", path, "--quiet"], capsys)  # reporting a save checks it the same way
    assert f"{path}: {field}" in err


def test_a_replay_header_out_of_range_is_refused(played, tmp_path, capsys):
    path = edited_log(played, tmp_path, change_head=lambda head: head.update(handicap=9))
    err = refused(["play", "--replay", path, "--quiet"], capsys)
    assert f"{path}: $.handicap: 'handicap' must be at most 5, not 9" in err


@pytest.mark.parametrize(
    "edit",
    [
        {"change_head": lambda head: head.update(seed=2)},
        {"change_events": lambda events: events.replace('"pulse":0', '"pulse":1', 1)},
    ],
    ids=["seed", "events"],
)
def test_an_edited_replay_says_the_file_was_edited_not_that_the_engine_changed(played, tmp_path, capsys, edit):
    path = edited_log(played, tmp_path, **edit)
    err = refused(["play", "--replay", path, "--quiet"], capsys)
    assert "the file was edited after tacforge wrote it" in err
    assert "engine has changed" not in err


def test_a_replay_as_written_that_plays_differently_blames_the_engine(played, capsys, monkeypatch):
    from tacforge.engine.sim import events as ev
    from tacforge.engine.sim.battle import Battle

    capsys.readouterr()
    assert main(["play", "--replay", str(played[1]), "--quiet"]) == 0  # as it is: plays again and matches
    real_emit = Battle.emit

    def an_engine_that_no_longer_reports_turn_2(self, *events):
        real_emit(self, *[e for e in events if not (isinstance(e, ev.TurnStarted) and e.turn == 2)])

    monkeypatch.setattr(Battle, "emit", an_engine_that_no_longer_reports_turn_2)
    err = refused(["play", "--replay", str(played[1]), "--quiet"], capsys)
    assert "the engine has changed since the game was played" in err
    assert "edited" not in err


def test_an_older_log_without_a_digest_cannot_tell_which(played, tmp_path, capsys):
    def older_and_edited(head):
        del head["digest"]
        head["seed"] = 2

    path = edited_log(played, tmp_path, change_head=older_and_edited)
    err = refused(["play", "--replay", path, "--quiet"], capsys)
    assert "the file was edited, or the engine has changed" in err
