"""engine/caching.py: the engine's one caching facility (bounded LRU, safe across threads), and the caches that use
it keep their bounds."""

import pickle
import re
import threading
from pathlib import Path

import numpy as np

from tacforge.engine.caching import LRU, memoized, read_checked, write_checked
from tacforge.engine.rules import terrain_grid
from tacforge.engine.rules.terrain_grid import TerrainGrid

ENGINE = Path(__file__).resolve().parent.parent / "engine"


def test_a_count_bound_drops_the_least_recently_used():
    cache: LRU[int] = LRU(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # a is now the most recently used
    cache.put("c", 3)
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (1, None, 3)
    assert len(cache) == 2


def test_get_or_build_builds_once_and_keeps_falsy_values():
    cache: LRU[int] = LRU(4)
    built = []
    for _ in range(3):
        assert cache.get_or_build("zero", lambda: built.append(1) or 0) == 0
    assert built == [1]


def test_a_byte_bound_keeps_the_entry_used_just_before():
    """The grid's derived arrays (docs/engine.md): at most `maxsize` bytes, but a new array never drops the one used
    last before it, even when the two together are past the bound (a viewshed uses the codes and a limits layer)."""
    cache: LRU[np.ndarray] = LRU(100, getsizeof=lambda a: a.nbytes, keep_previous=True)
    cache.put("a", np.zeros(40, np.uint8))
    cache.put("b", np.zeros(40, np.uint8))
    cache.get("a")
    cache.put("c", np.zeros(40, np.uint8))  # 120 bytes: b, the least recently used, goes
    assert cache.get("b") is None and cache.get("a") is not None and cache.currsize == 80
    cache.put("big", np.zeros(500, np.uint8))  # alone past the bound: kept, with the one used just before (a)
    assert cache.get("c") is None and cache.get("a") is not None and cache.currsize == 540
    cache.put("d", np.zeros(10, np.uint8))  # the get above made a the one used last: big goes
    assert len(cache) == 2 and cache.get("big") is None and cache.get("a") is not None and cache.currsize == 50


def test_a_grids_derived_budget_grows_with_the_map():
    small = TerrainGrid.from_arrays(np.zeros((10, 10), int), np.zeros((10, 10), bool), np.zeros((10, 10), int))
    large = TerrainGrid.from_arrays(np.zeros((256, 256), int), np.zeros((256, 256), bool), np.zeros((256, 256), int))
    assert small._derived.maxsize == terrain_grid._DERIVED_BYTES == 48 << 20
    assert large._derived.maxsize == 3584 * 256 * 256


def test_threads_sharing_a_cache_keep_it_bounded_and_right():
    cache: LRU[tuple] = LRU(50, getsizeof=lambda v: 1, keep_previous=True)
    errors = []

    def work(seed: int) -> None:
        try:
            for i in range(3000):
                key = (seed * 7 + i) % 120
                value = cache.get_or_build(key, lambda key=key: (key, key * key))
                assert value == (key, key * key)
        except Exception as exc:  # noqa: BLE001 - any failure in a thread is the test's failure
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == [] and len(cache) <= 50 and cache.currsize == len(cache)


def test_memoized_is_bounded_and_can_be_cleared():
    calls = []

    @memoized(maxsize=2)
    def square(x):
        calls.append(x)
        return x * x

    assert [square(1), square(2), square(1), square(3), square(2)] == [1, 4, 1, 9, 4]
    assert calls == [1, 2, 3, 2]  # 2 was the least recently used when 3 came
    square.cache_clear()
    square(1)
    assert calls == [1, 2, 3, 2, 1]


def test_the_engine_caches_only_through_the_facility():
    """No module of the engine keeps a cache of its own kind: functools' caches, OrderedDicts, or module-level
    dicts filled as memos (each would bring its own eviction, or none, and no lock)."""
    own = re.compile(
        r"lru_cache|functools\.cache\b|@cache\b|OrderedDict|^_[A-Z_]+\s*(?::[^=]*)?=\s*(?:\{\}|dict\(\))", re.MULTILINE
    )
    found = [
        f"{path.relative_to(ENGINE)}: {match.group(0)}"
        for path in sorted(ENGINE.rglob("*.py"))
        for match in own.finditer(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_a_pickled_grid_gets_a_derived_cache_of_its_own():
    """A cache holds a lock, which does not pickle: a grid leaves its derived arrays behind and the copy starts an
    empty cache with the same budget."""
    grid = TerrainGrid.from_arrays(np.zeros((150, 150), int), np.zeros((150, 150), bool), np.zeros((150, 150), int))
    grid.derived("codes", lambda: np.zeros(10))
    copy = pickle.loads(pickle.dumps(grid))
    assert len(copy._derived) == 0 and copy._derived.maxsize == grid._derived.maxsize == 3584 * 150 * 150
    assert copy.serial != grid.serial and copy.derived("codes", lambda: np.ones(3)).tolist() == [1.0, 1.0, 1.0]


def test_a_checked_file_reads_back_only_whole_and_with_its_own_header(tmp_path):
    path = tmp_path / "deeper" / "entry.bin"
    assert read_checked(path, b"kind\n") is None  # missing
    assert write_checked(path, b"payload bytes", b"kind\n")  # makes the folder
    assert read_checked(path, b"kind\n") == b"payload bytes"
    assert read_checked(path, b"other\n") is None  # another writer's format
    whole = path.read_bytes()
    path.write_bytes(whole[:-3])  # torn
    assert read_checked(path, b"kind\n") is None
    path.write_bytes(whole[:-1] + bytes([whole[-1] ^ 1]))  # one bit changed
    assert read_checked(path, b"kind\n") is None


def test_a_checked_write_into_a_folder_it_cannot_make_says_so(tmp_path):
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    assert write_checked(blocker / "entry.bin", b"x") is False
