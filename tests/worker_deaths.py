"""Game functions for a batch's worker processes that kill their worker (tests/test_all_or_nothing_writes.py): a
module of its own, so that the workers import it by name."""

from __future__ import annotations

import os
from pathlib import Path

from tacforge.engine.balance.batch import _play_in_worker


def die_once_on_game_3(index: int, seed: int):
    """Kill the worker the first time game 3 is played (a marker file in $TACFORGE_TEST_DEATHS remembers it)."""
    marker = Path(os.environ["TACFORGE_TEST_DEATHS"]) / "died-3"
    if index == 3 and not marker.exists():
        marker.touch()
        os._exit(1)
    return _play_in_worker(index, seed)


def always_die_on_game_3(index: int, seed: int):
    if index == 3:
        os._exit(1)
    return _play_in_worker(index, seed)
