"""Every speed-up keeps every event log byte-identical (issue 17): a fixed set of battles of every battle type on
both fronts (tests/event_log_cases.py) is played and each event log compared with the one recorded in
tests/data/event_logs/ before the engine was made faster. Record again (scripts/record_event_logs.py) only for a
change that is meant to change what happens in a battle, and say so in its commit."""

from __future__ import annotations

import contextlib
import io

import pytest
from event_log_cases import CASES, build_packs, play_log, read_recorded


@pytest.fixture(scope="module")
def pack_paths(tmp_path_factory):
    with contextlib.redirect_stdout(io.StringIO()):  # `tacforge new` reports what it wrote
        return build_packs(CASES, tmp_path_factory.mktemp("logcases"))


def test_every_battle_type_of_both_fronts_is_covered():
    built = {case.new[1] + " " + case.new[3] for case in CASES if case.new}
    assert built == {
        f"{front} {kind}"
        for front, kinds in (
            ("western", ("german-pursuit", "german-assault", "meeting", "allied-assault", "allied-pursuit")),
            ("eastern", ("german-pursuit", "german-assault", "meeting", "soviet-assault", "soviet-pursuit")),
        )
        for kind in kinds
    }


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_event_log_is_byte_identical_to_the_recorded_one(case, pack_paths):
    recorded = read_recorded(case)
    played = play_log(case, pack_paths)
    if played != recorded:  # name the first line that differs rather than print two 300 KB strings
        # the "" after each marks where the shorter one ends, which differs from the other's line there
        first = next(
            i
            for i, (a, b) in enumerate(zip(played.splitlines() + [""], recorded.splitlines() + [""], strict=False))
            if a != b
        )
        pytest.fail(
            f"{case.name}: the event log differs from {case.log_file.name} at line {first + 1}:\n"
            f"  played:   {(played.splitlines() + ['<end>'])[first]}\n"
            f"  recorded: {(recorded.splitlines() + ['<end>'])[first]}"
        )
