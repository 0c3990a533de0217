"""Balance runs (issue 4): `engine.balance.run_batch` and `tacforge batch`.

Games are kept short with the `turns` keyword (the CLI's --turns) so that the suite stays quick; the statistics are
checked on hand-made game summaries whose arithmetic is worked out below."""

from __future__ import annotations

import csv
import io
import json
import math
import os
import subprocess
import sys
import threading

import pytest
from conftest import REPO

from tacforge.engine.balance import (
    BatchError,
    GameSummary,
    SideSummary,
    UnitContribution,
    game_seed,
    play_game,
    report_from_games,
    run_batch,
)
from tacforge.engine.balance.stats import describe, median, t_quantile, wilson
from tacforge.engine.cli import main

WEST = "western:bocage_crossroads"
EAST = "eastern:steppe_village"


# -- reproducibility -------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def west_j1():
    return run_batch(WEST, 6, jobs=1, seed=11, turns=4)


def test_same_seed_same_games_whatever_the_number_of_jobs(west_j1):
    j2 = run_batch(WEST, 6, jobs=2, seed=11, turns=4)
    assert west_j1.jobs == 1 and j2.jobs == 2
    assert [g.index for g in j2.games] == list(range(6))
    assert j2.games == west_j1.games  # every per-game summary, field by field
    assert j2.to_json(timing=False) == west_j1.to_json(timing=False)
    assert j2.to_csv() == west_j1.to_csv()
    text1, text2 = west_j1.to_text().splitlines(), j2.to_text().splitlines()
    assert text1[0] == text2[0] and text1[2:] == text2[2:]  # line 2 holds the jobs and the time


def test_different_seeds_give_different_games(west_j1):
    other = run_batch(WEST, 6, jobs=1, seed=12, turns=4)
    assert {g.seed for g in other.games}.isdisjoint(g.seed for g in west_j1.games)
    assert [(g.ratio, g.first_contact, g.sides) for g in other.games] != [
        (g.ratio, g.first_contact, g.sides) for g in west_j1.games
    ]


def test_game_seeds_are_fixed_functions_of_base_and_index(west_j1):
    assert [g.seed for g in west_j1.games] == [game_seed(11, i) for i in range(6)]
    seeds = {game_seed(base, i) for base in (-2, -1, 0, 1, 2) for i in range(200)}
    assert len(seeds) == 1000 and all(0 <= s < 2**32 for s in seeds)
    assert game_seed(0, 0) == game_seed(0, 0) != game_seed(0, 1)


def test_one_game_replays_from_its_seed(west_j1, bundled):
    content = bundled.content("western")
    scenario = next(s for s in bundled.packs["western"].docs.scenarios if s.id == WEST)
    game = west_j1.games[3]
    assert play_game(content, scenario, 3, game.seed, turns=4) == game


def test_results_do_not_depend_on_the_hash_seed():
    """Set iteration order changes with PYTHONHASHSEED; the games must not (this configuration plays differently
    under hash seeds 1 and 3 when the computer player's seen enemies are iterated in set order)."""
    code = (
        "from tacforge.engine.balance import run_batch\n"
        "import sys\n"
        f"sys.stdout.write(run_batch({EAST!r}, 4, jobs=1, seed=0, turns=8).to_csv())\n"
    )
    outputs = []
    for hash_seed in ("1", "3"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, env=env)
        assert run.returncode == 0, run.stderr
        outputs.append(run.stdout)
    assert outputs[0] == outputs[1]


# -- the kept pool ----------------------------------------------------------------------------------------------------
def test_a_pool_that_played_its_batch_plays_the_next_one_of_the_same_setup_alone(tmp_path, bundled):
    """The editor's repeated runs: the second batch of a setup plays on the workers of the first, with the same
    games; another setup, packs edited on disk or a cancelled batch start (or leave) none."""
    import shutil

    from tacforge.engine.balance import batch

    copy = tmp_path / "western"
    shutil.copytree(bundled.packs["western"].location.folder, copy)
    batch.close_kept_workers()

    def kept_pool():
        return batch._kept[0].pool if batch._kept else None

    first = run_batch(WEST, 4, jobs=2, seed=5, turns=2, pack_paths=[tmp_path])
    pool = kept_pool()
    assert pool is not None
    second = run_batch(WEST, 4, jobs=2, seed=5, turns=2, pack_paths=[tmp_path])
    assert kept_pool() is pool  # the same workers
    assert second.games == first.games
    assert first.games == run_batch(WEST, 4, jobs=1, seed=5, turns=2, pack_paths=[tmp_path]).games
    assert kept_pool() is pool  # a one-process batch leaves it be

    run_batch(WEST, 4, jobs=2, seed=5, turns=3, pack_paths=[tmp_path])
    assert kept_pool() not in (None, pool)  # another setup: other workers
    pool = kept_pool()
    weapons = copy / "weapons.yaml"
    weapons.write_text(weapons.read_text(encoding="utf-8") + "# edited between two batches\n", encoding="utf-8")
    run_batch(WEST, 4, jobs=2, seed=5, turns=3, pack_paths=[tmp_path])
    assert kept_pool() not in (None, pool)  # the packs changed: workers that load them again

    cancel = threading.Event()
    run_batch(WEST, 12, jobs=2, turns=3, pack_paths=[tmp_path], cancel=cancel, progress=lambda *_: cancel.set())
    assert kept_pool() is None
    batch.close_kept_workers()


# -- progress and cancellation ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("jobs", [1, 2])
def test_progress_is_called_after_every_game(jobs):
    calls = []
    report = run_batch(EAST, 5, jobs=jobs, turns=2, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(k, 5) for k in range(1, 6)]
    assert report.n == 5 and not report.cancelled


@pytest.mark.parametrize("jobs", [1, 2])
def test_cancelling_returns_the_games_completed(jobs):
    cancel = threading.Event()

    def progress(done, total):
        if done >= 2:
            cancel.set()

    report = run_batch(WEST, 30, jobs=jobs, turns=2, progress=progress, cancel=cancel)
    assert report.cancelled and 2 <= report.n < 30
    indexes = [g.index for g in report.games]
    assert indexes == sorted(set(indexes))
    if jobs == 1:
        assert report.n == 2
    assert f"{report.n} of 30 games (cancelled)" in report.to_text()
    assert report.to_json()["cancelled"] is True


def test_a_game_still_queued_when_the_batch_is_cancelled_is_not_played(monkeypatch):
    """The pool hands a worker's queue more than the game it plays; once the stop flag is set those return at once
    (nothing is loaded here: a game that was played would fail)."""
    from tacforge.engine.balance import batch

    stop = threading.Event()
    stop.set()
    monkeypatch.setattr(batch, "_worker", {"stop": stop})
    assert batch._play_in_worker(3, 12345) is None


def test_a_worker_that_cannot_find_the_scenario_says_so_when_given_a_game(monkeypatch, tmp_path):
    """The workers start before the caller has found the scenario (run_batch): a worker's initializer does not raise
    (the pool would print the traceback and break), and a game handed to it raises what the caller was told."""
    from tacforge.engine.balance import batch
    from tacforge.engine.balance.batch_setup import GameSetup
    from tacforge.engine.issues import CommandError

    monkeypatch.setattr(batch, "_worker", {})
    monkeypatch.setattr(batch.signal, "signal", lambda *args: None)
    monkeypatch.chdir(tmp_path)
    batch._init_worker(GameSetup("nowhere", (), None, 1), dict(os.environ), str(tmp_path), threading.Event())
    with pytest.raises(CommandError, match="no scenario 'nowhere'"):
        batch._play_in_worker(0, 1)


def test_cancelled_before_the_first_game():
    cancel = threading.Event()
    cancel.set()
    report = run_batch(EAST, 4, jobs=2, turns=2, cancel=cancel)
    assert report.n == 0 and report.cancelled
    assert "No game finished." in report.to_text()
    body = report.to_json()
    assert body["games"] == 0 and body["ratio"]["n"] == 0 and body["ratio"]["mean"] is None
    assert report.to_csv().count("\n") == 1  # the header only


def test_cancelling_from_another_thread():
    cancel = threading.Event()
    seen = []

    def progress(done, total):
        seen.append(done)

    timer = threading.Timer(0.3, cancel.set)
    timer.start()
    report = run_batch(WEST, 200, jobs=2, turns=3, progress=progress, cancel=cancel)
    timer.join()
    assert report.cancelled and report.n < 200 and report.n == len(seen)


# -- what a game summary holds -------------------------------------------------------------------------------------
def test_game_summaries_add_up(west_j1):
    for game in west_j1.games:
        a, b = game.sides
        for side, other in ((a, b), (b, a)):
            s = game.sides[side]
            # the kill VP conceded by one side, class by class, is what the other side scored for kills
            assert sum(s.lost_vp.values()) == game.sides[other].kills
            assert set(s.lost) == set(s.strength) and all(0 <= s.lost[c] <= s.strength[c] for c in s.lost)
            assert all(c.side == side and c.vp == (c.kill_vp + c.objective_vp) * s.multiplier for c in s.top)
            assert [c.vp for c in s.top] == sorted((c.vp for c in s.top), reverse=True)
            assert sum(c.kill_vp for c in s.top) <= s.kills and sum(c.objective_vp for c in s.top) <= s.objective
        assert game.turns == 4
        assert game.first_contact is None or 1 <= game.first_contact <= 4
        if game.winner:
            assert all(c.side == game.winner for c in game.deciders)


def test_handicap_reduces_a_side():
    plain = run_batch(EAST, 1, jobs=1, turns=1)
    handicapped = run_batch(EAST, 1, jobs=1, turns=1, handicap=1)
    strength = lambda r: {s: sum(r.games[0].sides[s].strength.values()) for s in r.sides}  # noqa: E731
    assert strength(plain) != strength(handicapped) and handicapped.handicap == 1


def test_bad_requests():
    with pytest.raises(BatchError) as info:
        run_batch("nowhere", 2)
    assert info.value.code == 2 and "no scenario 'nowhere'" in str(info.value)
    for kwargs in ({"runs": 0}, {"runs": 2, "jobs": 0}, {"runs": 2, "handicap": 9}, {"runs": 2, "turns": 0}):
        with pytest.raises(ValueError):
            run_batch(EAST, **kwargs)


# -- the statistics, on hand-made games ------------------------------------------------------------------------------
def _unit(uid, cls, kill_vp, objective_vp, multiplier=1):
    side = uid.split(":")[0]
    return UnitContribution(
        uid, side, uid.split(":")[1] + " unit", cls, kill_vp, objective_vp, (kill_vp + objective_vp) * multiplier
    )


def _game(index, label, level, winner, ratio, note, contact, red_top, blue_top, tank_lost):
    red = SideSummary(
        "red",
        30,
        60,
        10,
        False,
        1,
        100,
        {"rifle": 3, "tank": tank_lost},
        {"rifle": 6, "tank": 22 * tank_lost},
        {"rifle": 30, "tank": 5},
        tuple(red_top),
    )
    blue = SideSummary("blue", 20, 0, 15, True, 2, 70, {"rifle": 1}, {"rifle": 2}, {"rifle": 20}, tuple(blue_top))
    return GameSummary(index, 1000 + index, 20, level, label, winner, ratio, note, contact, {"red": red, "blue": blue})


A1, B1, B1_80, C1 = (
    _unit("red:A1", "tank", 60, 40),
    _unit("red:B1", "rifle", 20, 30),
    _unit("red:B1", "rifle", 30, 50),
    _unit("blue:C1", "at_gun", 20, 0, multiplier=2),
)
HAND_MADE = [
    _game(0, "Red Decisive", "decisive", "red", 2.5, "", 2, [A1, B1], [C1], 1),
    _game(1, "Red Substantive", "substantive", "red", 2.0, "", 3, [A1, B1], [C1], 1),
    _game(2, "Red Marginal", "marginal", "red", 1.5, "", 4, [A1, B1], [C1], 1),
    _game(3, "Draw", "draw", None, 1.0, "", 2, [A1], [C1], 1),
    _game(4, "Blue Marginal", "marginal", "blue", 0.5, "", 4, [A1], [C1], 0),
    _game(5, "Red Decisive", "decisive", "red", None, "infinite", 5, [B1_80], [], 0),
    _game(6, "Draw", "draw", None, None, "no points", None, [], [], 0),
]


def _hand_report():
    shuffled = HAND_MADE[3:] + HAND_MADE[:3]  # the report puts games in index order itself
    return report_from_games(
        shuffled,
        sides=("red", "blue"),
        numerator="red",
        side_names={"red": "Red", "blue": "Blue"},
        scenario="test:hand",
        turns=20,
    )


def test_ratio_statistics_worked_by_hand():
    """Finite ratios 2.5, 2.0, 1.5, 1.0, 0.5 (games 5 and 6 have none: infinite, and no points at all).

    mean = 7.5 / 5 = 1.5
    squared deviations 1, 0.25, 0, 0.25, 1 -> sum 2.5; sample variance 2.5 / 4 = 0.625; sd = 0.790569
    standard error = sd / sqrt(5) = 0.353553
    t(0.975, 4 df) = 2.776445 -> half width 2.776445 x 0.353553 = 0.981622
    95% CI = 1.5 -+ 0.981622 = [0.518378, 2.481622]
    median over the decided games, the infinite one as +inf: 0.5 1 1.5 2 2.5 inf -> (1.5 + 2) / 2 = 1.75"""
    r = _hand_report().ratio_stats()
    assert r["n"] == 5 and r["infinite"] == 1 and r["no_points"] == 1
    assert r["mean"] == pytest.approx(1.5)
    assert r["sd"] == pytest.approx(0.790569, abs=1e-6)
    assert r["sem"] == pytest.approx(0.353553, abs=1e-6)
    assert r["t"] == pytest.approx(2.776445, abs=1e-6)
    assert (r["ci_low"], r["ci_high"]) == (pytest.approx(0.518378, abs=1e-6), pytest.approx(2.481622, abs=1e-6))
    assert r["median"] == pytest.approx(1.75)
    assert r["numerator"] == "red" and r["denominator"] == "blue"


def test_levels_and_wins_worked_by_hand():
    """Red wins 4 of 7 (decisive twice), draws 2, Blue 1. Wilson 95% for 4/7, z = 1.959964:
    centre = (4/7 + z^2/14) / (1 + z^2/7) = 0.845818 / 1.548780 = 0.546119
    half = z sqrt(4/7 x 3/7 / 7 + z^2 / 196) / (1 + z^2/7) = 1.959964 x 0.233634 / 1.548780 = 0.295661
    -> [0.250458, 0.841780]"""
    report = _hand_report()
    assert [(row["result"], row["games"]) for row in report.levels()] == [
        ("Red Decisive", 2),
        ("Red Substantive", 1),
        ("Red Marginal", 1),
        ("Draw", 2),
        ("Blue Marginal", 1),
    ]
    assert report.levels()[0]["share"] == pytest.approx(2 / 7)
    wins = report.wins()
    assert (wins["red"]["games"], wins["blue"]["games"], wins["draw"]["games"]) == (4, 1, 2)
    assert wins["red"]["ci95"] == [pytest.approx(0.250458, abs=1e-5), pytest.approx(0.841780, abs=1e-5)]


def test_points_losses_contact_and_deciders_worked_by_hand():
    """Points, every game: Red 30 kills + 60 objective + 10 bonus = 100 (shares 30%, 60%, 10%); Blue is a doubled
    defender with 20 kills and a bonus of 15: total 70 = 2 x 20 + 30, so as counted: kills 40 (57.1%), bonus 30
    (42.9%).
    Losses: Red lose a tank in games 0-3 -> 4/7 = 0.571 a game, 22 VP each -> 88/7 = 12.571 VP a game; 3 rifles
    every game.
    First contact: turns 2, 3, 4, 2, 4, 5 and one game without: mean 20/6 = 3.333.
    Deciders (the winner's best three; both sides' in a draw): A1 in games 0-3 (100 VP each), B1 in games 0, 1, 2
    (50) and 5 (80; mean 57.5), C1 in games 3 and 4 (40, doubled). A1 and B1 both decided 4 games; A1's mean VP is
    higher, so it comes first."""
    report = _hand_report()
    points = report.points()
    assert points["red"]["mean_total"] == 100 and points["red"]["share_kills"] == pytest.approx(0.3)
    assert points["red"]["share_objective"] == pytest.approx(0.6) and points["red"]["share_bonus"] == pytest.approx(0.1)
    assert points["blue"]["doubled"] and points["blue"]["mean_kills"] == 40 and points["blue"]["mean_bonus"] == 30
    assert points["blue"]["share_kills"] == pytest.approx(4 / 7) and points["blue"]["share_objective"] == 0
    losses = report.losses()
    assert losses["red"]["tank"] == {
        "mean_lost": pytest.approx(4 / 7),
        "strength": 5,
        "mean_vp_conceded": pytest.approx(88 / 7),
    }
    assert losses["red"]["rifle"]["mean_lost"] == 3 and losses["blue"]["rifle"]["strength"] == 20
    assert report.first_contact() == {
        "mean_turn": pytest.approx(20 / 6),
        "min": 2,
        "max": 5,
        "games_without_contact": 1,
    }
    deciders = report.deciders()
    assert [(d["unit"], d["games"]) for d in deciders] == [("red:A1", 4), ("red:B1", 4), ("blue:C1", 2)]
    assert [d["mean_vp"] for d in deciders] == [100, 57.5, 40]
    assert deciders[1]["mean_kill_vp"] == pytest.approx(22.5) and deciders[2]["unit_class"] == "at_gun"


def test_report_outputs_on_hand_made_games():
    report = _hand_report()
    text = report.to_text()
    for expected in (
        "Red Decisive",
        "mean 1.50, sd 0.79, 95% CI 0.52 to 2.48 (Student t, 4 df); median 1.75",
        "1 game(s) where Blue scored nothing (ratio infinite), 1 with no points at all",
        "red:A1 A1 unit",
        "First contact: turn 3.3 on average",
    ):
        assert expected in text, expected
    body = json.loads(json.dumps(report.to_json()))
    assert body["games"] == 7 and len(body["per_game"]) == 7 and body["per_game"][0]["deciders"] == ["red:A1", "red:B1"]
    rows = list(csv.DictReader(io.StringIO(report.to_csv())))
    assert [r["game"] for r in rows] == [str(i) for i in range(7)]
    assert rows[5]["ratio"] == "" and rows[5]["ratio_note"] == "infinite" and rows[6]["first_contact"] == ""
    assert (
        rows[0]["red_lost_tank"] == "1"
        and rows[0]["blue_doubled"] == "1"
        and rows[0]["deciders"] == "red:A1 100; red:B1 50"
    )


def test_t_quantiles_and_helpers():
    for df, expected in (
        (1, 12.7062),
        (2, 4.3027),
        (4, 2.7764),
        (10, 2.2281),
        (30, 2.0423),
        (120, 1.9799),
        (5000, 1.9604),
    ):
        assert t_quantile(0.975, df) == pytest.approx(expected, abs=1e-4)
    assert t_quantile(0.025, 4) == pytest.approx(-2.776445, abs=1e-6)
    assert describe([]).mean is None and describe([3.0]).sd is None
    assert wilson(0, 10)[0] == 0 and wilson(10, 10)[1] == 1 and wilson(0, 0) is None
    assert median([1, math.inf]) == math.inf and median([]) is None


# -- the command line ----------------------------------------------------------------------------------------------
def test_cli_text(capsys):
    assert main(["batch", WEST, "--runs", "4", "--jobs", "2", "--turns", "3", "--seed", "5"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("Balance run: ") and "4 games, base seed 5" in out and "Victory ratio" in out
    assert "Units that most often decided the battle" in out and err == ""


def test_cli_json_matches_the_library(capsys):
    assert main(["batch", EAST, "--runs", "4", "--jobs", "2", "--turns", "3", "--format", "json"]) == 0
    body = json.loads(capsys.readouterr().out)
    library = json.loads(json.dumps(run_batch(EAST, 4, jobs=1, turns=3).to_json(timing=False)))
    body.pop("timing")
    assert body == library


def test_cli_csv(capsys):
    assert (
        main(["batch", EAST, "--runs", "4", "--jobs", "2", "--turns", "3", "--format", "csv", "--handicap", "2"]) == 0
    )
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [r["game"] for r in rows] == ["0", "1", "2", "3"] and all(r["turns"] == "3" for r in rows)


def test_cli_errors_are_clean(capsys):
    assert main(["batch", "nowhere", "--runs", "2"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("tacforge: no scenario 'nowhere'") and "Traceback" not in err
    with pytest.raises(SystemExit) as info:
        main(["batch", EAST, "--runs", "0"])
    assert info.value.code == 2
    assert "must be at least 1" in capsys.readouterr().err


def test_cli_as_a_program_keeps_stdout_clean():
    """A real process (worker start-up included): CSV on stdout, nothing else; no bar when stderr is a pipe."""
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "tacforge.engine.cli",
            "batch",
            WEST,
            "--runs",
            "3",
            "--jobs",
            "2",
            "--turns",
            "2",
            "--format",
            "csv",
        ],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
    assert len(list(csv.DictReader(io.StringIO(run.stdout)))) == 3


def test_typed_objectives_have_their_own_column_and_are_never_doubled():
    """A doubled defender with 20 kills (40 as counted), 5 objective-area points (10), 150 from a capture objective
    and a bonus of 15: total 215; the report's points split 40 / 10 / 150 / 15 and print a typed column."""
    blue = SideSummary("blue", 20, 5, 15, True, 2, 215, {}, {}, {}, (), typed_objectives=150)
    red = SideSummary("red", 0, 0, 0, False, 1, 0, {}, {}, {}, ())
    assert blue.effective() == (40, 10, 150, 15)
    game = GameSummary(0, 1, 20, "decisive", "Blue Decisive", "blue", 0.0, "", None, {"red": red, "blue": blue})
    report = report_from_games(
        [game],
        sides=("red", "blue"),
        numerator="red",
        side_names={"red": "Red", "blue": "Blue"},
        scenario="test:typed",
        turns=20,
    )
    points = report.points()["blue"]
    assert (points["mean_kills"], points["mean_objective"], points["mean_typed"], points["mean_bonus"]) == (
        40,
        10,
        150,
        15,
    )
    assert points["share_typed"] == pytest.approx(150 / 215)
    text = report.to_text()
    assert "typed objectives" in text and "150.0 (69.8%)" in text
