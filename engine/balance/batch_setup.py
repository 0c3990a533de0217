"""What a batch played in the process pool (batch.py) and one played on Dask (dask_batch.py) share: the error a batch
fails with, the seed of each game and the setup a worker finds the scenario by."""

from __future__ import annotations

import numpy as np

from tacforge.engine.cached_dataclass import dataclass


class BatchError(Exception):
    """A batch cannot run or a game failed; the message says why. `code` is the CLI's exit code (2 for a scenario
    that does not exist, 1 for content that cannot be played or a game that failed)."""

    def __init__(self, message: str, code: int = 1):
        super().__init__(message)
        self.code = code


def game_seed(base: int, index: int) -> int:
    """The seed of game `index` of a batch with base seed `base`: 32 bits from NumPy's SeedSequence, so nearby
    base seeds and indexes give unrelated games and no two (base, index) pairs share a stream by construction."""
    entropy = 2 * base if base >= 0 else -2 * base - 1
    return int(np.random.SeedSequence(entropy, spawn_key=(index,)).generate_state(1)[0])


@dataclass(frozen=True)
class GameSetup:
    """What a worker needs to play games of a batch besides the seed: the scenario (an absolute file path or an id)
    and the options, all plain values so that the setup can be sent to another process or machine, which loads the
    packs itself."""

    ref: str
    pack_paths: tuple[str, ...]
    handicap: int | None
    turns: int | None
    unsaved: tuple[tuple[str, str], ...] = ()  # (file, text): read instead of the file (the editor's unsaved edits)

    def find(self):
        """(content, scenario), as `tacforge play` finds them."""
        from ..packs.scenario_lookup import find_scenario
        from ..yamlio import unsaved

        with unsaved(dict(self.unsaved)):
            return find_scenario(self.ref, list(self.pack_paths))
