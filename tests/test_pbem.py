"""Play by file (issue 30, docs/pbem.md): a game played through files ends as `tacforge play` ends it, and each way
of cheating is refused: a file changed, cut short or from another game, a file played again or an older one, orders
changed after the opponent's were seen, and a turn taken back to be played again."""

from __future__ import annotations

import json
import shutil

import pytest
from pbem_helpers import Players, play_to_end, short_pack

from tacforge.engine.ai.players import ComputerPlayer, play_out
from tacforge.engine.packs.scenario_lookup import find_scenario
from tacforge.engine.pbem import moves
from tacforge.engine.pbem.game import orders_of
from tacforge.engine.pbem.protocol import Package, PbemError, new_salt, read_game_file, sha256
from tacforge.engine.sim.battle import Battle

SHORT = "pbemtest:short"


@pytest.fixture
def game(tmp_path, monkeypatch):
    """Two players, each with their own user folder, and a 2-turn scenario in a pack of its own."""
    return Players(tmp_path, monkeypatch, short_pack(tmp_path / "packs").parent)


def begin(game: Players, first="allied", second="german", upto=3, seed=None, orders=("", "")) -> None:
    """Play the files 1..upto (human prompts fed `orders`: the first's, the second's)."""
    seed_args = ["--seed", str(seed)] if seed is not None else []
    code, out = game.run(first, "pbem", "start", SHORT, "--as", first, *seed_args, "-o", str(game.file(1)))
    assert code == 0, out
    for n in range(1, upto):
        who = second if n % 2 == 1 else first
        code, out = game.run(
            who, "pbem", "play", str(game.file(n)), "--as", who, "-o", str(game.file(n + 1)), stdin=orders[n % 2 == 1]
        )
        assert code == 0, out


def rewrite(path, change) -> None:
    """Change a game file's body with `change(body)` and write it back with a digest that matches the change:
    what someone who knows the format would do, so that only the deeper checks can catch it."""
    body = json.loads(path.read_text())
    del body["digest"]
    change(body)
    body["digest"] = sha256(body)
    path.write_text(json.dumps(body))


# -- a whole game ------------------------------------------------------------------------------------------------
def test_with_a_seed_and_auto_on_both_sides_a_game_ends_as_play_does(game, capsys):
    """Bocage Crossroads in 5 turns, seed 3: the same result lines as `tacforge play --seed 3` and the same events."""
    from tacforge.engine.cli import main

    printed = play_to_end(game, SHORT, "allied", "german", seed=3)
    assert main(["play", SHORT, "--seed", "3", *game.extra]) == 0
    played = capsys.readouterr().out.splitlines()
    report = played[played.index(next(line for line in played if line.startswith("Result after turn"))) :]
    for out in printed[-2:]:  # the side that resolved the last turn, then the other
        lines = out.splitlines()
        at = lines.index("game over: " + report[0])
        assert lines[at + 1 : at + len(report)] == report[1:]
    turn_lines = [line for out in printed for line in out.splitlines() if line.startswith("Turn ")]
    assert sorted(set(turn_lines)) == sorted(line for line in played if line.startswith("Turn "))
    content, scenario = find_scenario(SHORT, game.extra[1:])
    last = max(game.tmp.glob("*.pbem"), key=lambda p: int(p.stem))
    _, verified = moves.verify(last, content, scenario, game.extra[1:])
    expected = play_out(Battle(content, scenario, seed=3), {"allied": ComputerPlayer(), "german": ComputerPlayer()})
    assert verified.battle is not None
    assert [e.to_dict() for e in verified.battle.events] == [e.to_dict() for e in expected.events]


def test_the_end_is_told_and_later_files_say_the_game_is_over(game):
    printed = play_to_end(game, SHORT, "german", "allied")
    assert "game over: Result after turn 5:" in printed[-1] and "no file to send" in printed[-1]
    assert "game over: Result after turn 5:" in printed[-2]
    last = max(game.tmp.glob("*.pbem"), key=lambda p: int(p.stem))
    for who in ("allied", "german"):
        code, out = game.run(who, "pbem", "play", str(last), "--as", who, "--auto", "-o", str(game.tmp / "x.pbem"))
        assert code == 1
        assert "this game is over" in out or "your own" in out
    code, out = game.run("allied", "pbem", "verify", str(last))
    assert code == 0 and "turns played: 5" in out and "game over: Result after turn 5:" in out


def test_without_a_seed_each_game_draws_its_own_and_both_sides_see_the_same_end(game):
    def final(out: str) -> list[str]:
        lines = out.splitlines()
        at = next(i for i, line in enumerate(lines) if line.startswith("game over:"))
        return lines[at : at + 7]

    seeds = []
    content, scenario = find_scenario(SHORT, game.extra[1:])
    for _ in range(2):
        shutil.rmtree(game.data("allied"), ignore_errors=True), shutil.rmtree(game.data("german"), ignore_errors=True)
        printed = play_to_end(game, SHORT, "allied", "german")
        assert final(printed[-1]) == final(printed[-2])  # the side that resolved the end and the other
        assert "seed" not in printed[3].splitlines()[0]  # a seed drawn from both salts: none was agreed to print
        last = max(game.tmp.glob("*.pbem"), key=lambda p: int(p.stem))
        _, played = moves.verify(last, content, scenario, game.extra[1:])
        assert played.battle is not None and played.battle.over
        seeds.append(played.battle.state.seed)
    assert seeds[0] != seeds[1]


# -- the attacks -------------------------------------------------------------------------------------------------
def test_a_file_changed_in_transit_is_refused(game):
    begin(game, upto=2)
    path = game.file(2)
    path.write_text(path.read_text().replace('"turn": 0', '"turn": 1', 1))
    code, out = game.run("allied", "pbem", "play", str(path), "--as", "allied", "--auto", "-o", str(game.file(3)))
    assert code == 1 and "changed after tacforge wrote it" in out and "Traceback" not in out
    assert not game.file(3).exists()
    code, out = game.run("allied", "pbem", "verify", str(path))
    assert code == 1 and "changed after tacforge wrote it" in out


def test_a_truncated_file_is_refused(game):
    begin(game, upto=2)
    path = game.file(2)
    path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])
    code, out = game.run("allied", "pbem", "play", str(path), "--as", "allied", "--auto", "-o", str(game.file(3)))
    assert code == 1 and "cut short" in out and not game.file(3).exists()


def test_a_file_from_another_game_is_refused(game, tmp_path):
    begin(game, upto=3)
    (tmp_path / "other").mkdir()
    other = Players(tmp_path / "other", game.monkeypatch, tmp_path / "packs")
    begin(other, upto=4)  # another pair of players, another game
    # the other game's file, to a player who is not in it
    code, out = game.run(
        "allied", "pbem", "play", str(other.file(4)), "--as", "allied", "--auto", "-o", str(game.tmp / "x.pbem")
    )
    assert code == 1 and "no journal of game" in out
    # another game's turn put into this game's file (the digest made to match): the chain shows it
    theirs = json.loads(other.file(4).read_text())["messages"][3]
    rewrite(game.file(3), lambda body: body["messages"].append(theirs))
    code, out = game.run(
        "allied", "pbem", "play", str(game.file(3)), "--as", "allied", "--auto", "-o", str(game.tmp / "x.pbem")
    )
    assert code == 1 and "chain of turns is broken" in out


def test_scenario_or_packs_that_differ_from_the_game_s_are_refused(game, tmp_path):
    begin(game, upto=1)
    scenario = tmp_path / "packs" / "pbemtest" / "scenarios" / "short.yaml"
    scenario.write_text(scenario.read_text().replace("visibility: 12", "visibility: 20"))
    code, out = game.run(
        "german", "pbem", "play", str(game.file(1)), "--as", "german", "--auto", "-o", str(game.tmp / "x.pbem")
    )
    assert code == 1 and "your copy of scenario pbemtest:short differs" in out


def test_a_file_sent_again_or_an_older_one_is_refused(game):
    begin(game, upto=4)
    for who, n in (("german", 1), ("german", 3), ("allied", 2)):
        code, out = game.run(
            who, "pbem", "play", str(game.file(n)), "--as", who, "--auto", "-o", str(game.tmp / "x.pbem")
        )
        assert code == 1 and "older file of this game" in out and "it was played already" in out
    code, out = game.run(
        "german", "pbem", "play", str(game.file(4)), "--as", "german", "--auto", "-o", str(game.tmp / "x.pbem")
    )
    assert code == 1 and "your own" in out


def test_neither_side_sees_the_other_s_orders_before_giving_its_own(game):
    begin(game, upto=4, orders=("move A1 30 12\ndone\n", "move A1 20 20\ndone\n"))
    first_turn = json.loads(game.file(3).read_text())["messages"][2]
    assert first_turn["commit"] and "Move" not in game.file(3).read_text()  # the allied orders: only their hash
    secret = json.loads((game.data("allied") / "tacforge" / "pbem").glob("*-allied.json").__next__().read_text())
    assert secret["secret"]["orders"] == [{"order": "Move", "unit": "allied:A1", "square": [30, 12], "speed": None}]
    assert Package.from_dict(secret["secret"], "journal").commitment == first_turn["commit"]
    german = json.loads(game.file(4).read_text())["messages"][3]["package"]
    assert german["orders"][0]["unit"] == "german:A1"  # the second side's are open: the first's are bound already


def test_orders_changed_after_the_opponent_s_were_seen_are_refused(game):
    """The first side reads the second's orders, then rewrites its own (and its journal) before revealing them."""
    begin(game, upto=4, orders=("move A1 30 12\ndone\n", "move A1 20 20\ndone\n"))
    journal = next((game.data("allied") / "tacforge" / "pbem").glob("*-allied.json"))
    body = json.loads(journal.read_text())
    body["secret"]["orders"] = [{"order": "Move", "unit": "allied:A1", "square": [40, 40], "speed": None}]
    journal.write_text(json.dumps(body))
    code, out = game.run(
        "allied", "pbem", "play", str(game.file(4)), "--as", "allied", "--auto", "-o", str(game.file(5))
    )
    assert code == 0  # its own file is written: the check is the opponent's
    code, out = game.run(
        "german", "pbem", "play", str(game.file(5)), "--as", "german", "--auto", "-o", str(game.tmp / "x.pbem")
    )
    assert code == 1 and "not the ones committed to" in out


def test_a_turn_cannot_be_taken_back_and_played_again(game):
    """The second side sees turn 1 resolved, then tries other orders for it from its saved journal; and the first
    side, by playing the second's file again, gets nothing new."""
    begin(game, upto=3)
    saved = game.tmp / "german-saved"
    shutil.copytree(game.data("german"), saved)
    for n in (3, 4):
        who = "german" if n == 3 else "allied"
        code, out = game.run(who, "pbem", "play", str(game.file(n)), "--as", who, "--auto", "-o", str(game.file(n + 1)))
        assert code == 0, out
    turn_one = [line for line in out.splitlines() if line.startswith("Turn  1")]
    shutil.rmtree(game.data("german")), shutil.copytree(saved, game.data("german"))  # the journal put back
    again = game.tmp / "4b.pbem"
    code, _ = game.run(
        "german", "pbem", "play", str(game.file(3)), "--as", "german", "-o", str(again), stdin="move A1 20 20\n"
    )
    assert code == 0
    code, out = game.run(
        "allied", "pbem", "play", str(again), "--as", "allied", "--auto", "-o", str(game.tmp / "x.pbem")
    )
    assert code == 1 and "is not the one your journal holds" in out
    code, out = game.run(
        "allied", "pbem", "play", str(game.file(4)), "--as", "allied", "--auto", "-o", str(game.tmp / "x.pbem")
    )
    assert code == 1 and "older file" in out
    assert turn_one  # the turn the second side saw, which it cannot have again


def test_the_draws_of_a_turn_are_fixed_by_both_salts_once_committed(game):
    """Whatever the first side does after seeing the second's file, the turn it reveals plays out the same: the
    first side's salt was committed before, the second's chosen without seeing it."""
    begin(game, upto=4)
    journals = game.data("allied")
    saved = game.tmp / "allied-saved"
    shutil.copytree(journals, saved)
    outs = []
    for attempt in range(2):
        if attempt:
            shutil.rmtree(journals), shutil.copytree(saved, journals)
        code, out = game.run(
            "allied",
            "pbem",
            "play",
            str(game.file(4)),
            "--as",
            "allied",
            "--auto",
            "-o",
            str(game.tmp / f"{attempt}.x"),
        )
        assert code == 0
        outs.append([line for line in out.splitlines() if line.startswith("Turn  1")])
    assert outs[0] == outs[1] and outs[0]


def test_an_order_for_the_other_side_s_units_is_refused():
    package = Package(1, [{"order": "Move", "unit": "german:A1", "square": [1, 1], "speed": None}], new_salt())
    with pytest.raises(PbemError, match="not theirs to give"):
        orders_of("allied", package, "f.pbem")
    ok = Package(1, [{"order": "Move", "unit": "allied:A1", "square": [1, 1], "speed": 4}], new_salt())
    assert orders_of("allied", ok, "f.pbem")
    bad = Package(1, [{"order": "Move", "unit": "allied:A1", "square": ["a", 1], "speed": None}], new_salt())
    with pytest.raises(PbemError):
        orders_of("allied", bad, "f.pbem")


def test_a_file_of_no_game_is_refused_in_words(tmp_path):
    path = tmp_path / "x.pbem"
    header = {"format": "tacforge-pbem", "version": 1, "game": "0" * 32, "scenario_hash": "", "packs": {}, "seed": None}
    header |= {"scenario": "/tmp/a pack/scenarios/x.yaml", "sides": ["allied", "german"]}  # a path: never loaded
    body = {"header": header, "messages": [{"n": 1}]}
    path.write_text(json.dumps(body | {"digest": sha256(body)}))
    with pytest.raises(PbemError, match="header is damaged"):
        read_game_file(path)
    for text, words in (
        ("[]", "not a tacforge play-by-file game"),
        ('{"header": {"format": "other"}}', "not a tacforge"),
    ):
        path.write_text(text)
        with pytest.raises(PbemError, match=words):
            read_game_file(path)


def test_the_editor_s_controller_plays_the_opponent_s_turn_then_takes_this_side_s_orders(game):
    """editor/playtest/pbem_controller.py without widgets: the held turn is played in advance(), the orders go
    through give(), and the next file holds them for the opponent's `tacforge pbem play`."""
    from tacforge.editor.playtest.pbem_controller import PbemController, receive_file
    from tacforge.engine.sim import orders as o

    begin(game, upto=4, seed=3)  # German's file 4 is in: allied plays turn 1 out and gives orders for turn 2
    pack_paths = game.extra[1:]
    content, scenario = find_scenario(SHORT, pack_paths)
    game.monkeypatch.setenv("XDG_DATA_HOME", str(game.data("allied")))
    received = receive_file(game.file(4), content, scenario, pack_paths)
    assert received.side == "allied" and received.played.held is not None
    controller = PbemController.from_received(received, str(game.file(4)))
    assert controller.battle.state.turn == 1  # turn 1 not played yet: the window records it
    controller.advance()
    assert controller.battle.state.turn == 2 and controller.waiting == "allied" and not controller.ready_to_send
    assert controller.give(o.SetSpeed("allied:B1", 4)) is None
    assert controller.end_orders() is None  # the opponent is not asked here
    controller.advance()
    assert controller.ready_to_send and not controller.over
    made = controller.next_file()
    assert made is not None and made.last.reveal is not None and made.last.commit is not None
    assert "SetSpeed" not in made.text()  # the first side's orders go sealed
    assert received.journal.secret is not None
    assert received.journal.secret.orders == [{"order": "SetSpeed", "unit": "allied:B1", "speed": 4}]
