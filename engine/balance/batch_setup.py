"""What a batch played in the process pool (batch.py) and one played on Dask (dask_batch.py) share: the error a batch
fails with, the seed of each game, the setup a worker finds the scenario by, and the content each process keeps
loaded from one batch to the next."""

from __future__ import annotations

import numpy as np

from tacforge.engine.cached_dataclass import dataclass

from ..caching import LRU
from ..packs.fingerprint import PackFingerprint, pack_fingerprints, pack_folder_of


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


# Per process (the caller, a pool's worker, a Dask worker): setup -> (content, scenario, fingerprints). A process that
# plays the batches of a designer's session (the editor, a kept pool's worker, a long-running Dask worker) plays the
# next batch of a scenario on the content it loaded for the last one, with the caches its games filled, instead of
# loading the packs and warming the caches again.
LOADED_KEPT = 4
_loaded: LRU[tuple] = LRU(LOADED_KEPT)


def loaded(setup: GameSetup, fresh: bool = False) -> tuple:
    """(content, scenario, fingerprints) of a setup in this process, loaded once. fresh: first make sure the packs
    on disk are still the ones loaded (someone may have edited them since an earlier batch), else load again."""
    cached = _loaded.get(setup)
    if cached is not None and fresh and scenario_fingerprints(cached[0], cached[1], setup.pack_paths) != cached[2]:
        cached = None
    if cached is None:
        content, scenario = setup.find()
        cached = _loaded.put(setup, (content, scenario, scenario_fingerprints(content, scenario, setup.pack_paths)))
    return cached


def scenario_fingerprints(content, scenario, pack_paths) -> dict[str, PackFingerprint]:
    """The fingerprints of the packs a scenario's content is made of (its pack first, then what it requires)."""
    own = pack_folder_of(scenario.source.file)
    return pack_fingerprints(content.namespaces, pack_paths, first=[own] if own is not None else [])
