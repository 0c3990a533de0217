"""The compiled search (engine/sim/_search_core.c) against combat.search's Python loop over the roster's lists, its
fallback: at every search and intruder test of random battles (built as `tacforge new` with random choices), the same
enemies found in the same order and the same enemies spotted in the same order; with fields of view other than the
rules' 90 and 180 degrees too (in_arc's other tests). And the Python path still plays the recorded battles."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import random

import pytest
from event_log_cases import CASES, play_log, read_recorded

from tacforge.engine.ai import ComputerPlayer, play_out
from tacforge.engine.cli import main as cli_main
from tacforge.engine.packs.scenario_lookup import find_scenario
from tacforge.engine.sim import combat
from tacforge.engine.sim.battle import Battle

BATTLE_TYPES = {
    "western": ("german-pursuit", "german-assault", "meeting", "allied-assault", "allied-pursuit"),
    "eastern": ("german-pursuit", "german-assault", "meeting", "soviet-assault", "soviet-pursuit"),
}


def test_the_compiled_search_is_built():
    assert combat._compiled is not None, "engine/sim/_search_core.c is not built: run `make setup`"


class Checked:
    """combat._compiled, each call compared with the Python path on the same state before it is made."""

    def __init__(self, battle: Battle, compiled):
        self.battle, self.compiled = battle, compiled
        self.counts = {"searches": 0, "found": 0, "spotted": 0, "intruders": 0, "revealed": 0}

    def roster_of(self, context):
        return next(r for r in (self.battle._rosters or {}).values() if r.context is context)

    def standing_on(self, context, square):
        roster = self.roster_of(context)
        side = next(s for s, r in self.battle._rosters.items() if r is roster)
        expected = roster.standing_on(roster.near_or_revealed(square, self.battle.revealed.get(side)))
        got = self.compiled.standing_on(context, square)
        assert got is expected, square
        self.counts["intruders"] += got is not None
        return got

    def search(self, context, revealed, unit, reach):
        battle, roster = self.battle, self.roster_of(context)
        spotted_by_c, spotted_by_python = [], []
        new = lambda u, e: e.uid not in battle.seen_by_side[u.side]  # noqa: E731 (what note_spotted reports)
        known = battle.los_known
        battle.los_known = dict(known)  # the compiled search's own copy: both meet the same lines of sight unknown
        battle.note_spotted = lambda u, e: new(u, e) and spotted_by_c.append((u, e))  # the instance's, for now
        try:
            kept, roster.context = roster.context, None
            recording = combat._search_context(roster, battle)  # with the recording note_spotted and the copy
            roster.context = kept
            got = self.compiled.search(recording, revealed, unit, reach)
        finally:
            battle.los_known = known
            del battle.note_spotted
        listed = roster.near_or_revealed(unit.pos, battle.revealed.get(unit.side))
        battle.note_spotted = lambda u, e: new(u, e) and spotted_by_python.append((u, e))
        try:
            expected = combat.search(unit, battle, reach, roster, listed)
        finally:
            del battle.note_spotted
        assert [e.uid for e in got] == [e.uid for e in expected], unit.uid
        assert all(a is b for a, b in zip(got, expected, strict=True))
        assert [(u.uid, e.uid) for u, e in spotted_by_c] == [(u.uid, e.uid) for u, e in spotted_by_python], unit.uid
        self.counts["searches"] += 1
        self.counts["found"] += len(got)
        self.counts["spotted"] += len(spotted_by_c)
        self.counts["revealed"] += revealed is not None
        return self.compiled.search(context, revealed, unit, reach)


def random_battles(tmp_path, n: int, seed: int):
    """n battles built as `tacforge new` with random choices, into one pack per front: (scenario, pack path)."""
    rng = random.Random(seed)
    built = []
    for _ in range(n):
        front = rng.choice(sorted(BATTLE_TYPES))
        battle_type = rng.choice(BATTLE_TYPES[front])
        period, battle_seed = rng.choice((2, 3, 4, 5)), rng.randrange(10**6)
        extra = [*(["--river"] if rng.random() < 0.3 else []), *(["--no-hills"] if rng.random() < 0.2 else [])]
        pack = tmp_path / f"searches_{front}"
        command = ["new", "--pack", front, "--type", battle_type, "--period", str(period), "--size", "small"]
        command += ["--cover", str(rng.randint(0, 9)), "--seed", str(battle_seed), *extra, "-o", str(pack)]
        with contextlib.redirect_stdout(io.StringIO()):
            assert cli_main(command) == 0, command
        built.append((f"searches_{front}:{battle_type}-p{period}-s{battle_seed}", pack, battle_seed))
    return built


def play_checked(monkeypatch, content, scenario, seed: int, turns: int, spotting=None) -> dict:
    battle = Battle(content, scenario, seed=seed, turns=turns)
    if spotting is not None:  # other fields of view: the same rules otherwise
        battle.params = dataclasses.replace(
            battle.params, spotting=dataclasses.replace(battle.params.spotting, **spotting)
        )
    checked = Checked(battle, combat._compiled)
    monkeypatch.setattr(combat, "_compiled", checked)
    try:
        player = ComputerPlayer()
        play_out(battle, {side: player for side in battle.state.sides})
    finally:
        monkeypatch.setattr(combat, "_compiled", checked.compiled)
    return checked.counts


def test_the_compiled_search_is_the_python_one_in_random_battles(tmp_path, monkeypatch):
    assert combat._compiled is not None
    totals: dict[str, int] = {}
    for scenario_ref, pack, seed in random_battles(tmp_path, 4, seed=2031):
        content, scenario = find_scenario(scenario_ref, [str(pack)])
        for name, count in play_checked(monkeypatch, content, scenario, seed, turns=8).items():
            totals[name] = totals.get(name, 0) + count
    assert totals["searches"] > 1000 and totals["found"] > 200 and totals["spotted"] > 50, totals
    assert totals["intruders"] > 0 and totals["revealed"] > 20, totals


@pytest.mark.parametrize("moving,stationary", [(120, 360), (45, 270), (360, 90)])
def test_other_fields_of_view_search_alike(bundled, monkeypatch, moving, stationary):
    assert combat._compiled is not None
    content = bundled.content("western")
    counts = play_checked(
        monkeypatch,
        content,
        content.scenario("bocage_crossroads"),
        seed=3,
        turns=8,
        spotting={"field_of_view_moving": moving, "field_of_view_stationary": stationary},
    )
    assert counts["searches"] > 300 and counts["found"] > 50, counts


@pytest.mark.parametrize("name", ["western-bocage_crossroads", "eastern-steppe_village"])
def test_the_python_search_plays_the_recorded_battles(name, monkeypatch):
    case = next(c for c in CASES if c.name == name)
    monkeypatch.setattr(combat, "USE_COMPILED", False)
    assert play_log(case, []) == read_recorded(case)
