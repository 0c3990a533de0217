"""The engine's one caching facility: bounded least-recently-used caches that are safe across threads (the editor
runs engine code in worker threads while its own thread reads the same caches), the folder the caches kept on disk
live in (cache_dir), and the one format of their files (write_checked, read_checked).

Every cache holds results of a pure function of its key, so a cache changes no result; each states its bound where
it is declared. A lookup and a store each take the cache's lock; the value is built outside it, so two threads that
miss at once may both build it (the same value) and the later store wins.
"""

from __future__ import annotations

import math
import os
import threading
import zlib
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Generic, TypeVar

V = TypeVar("V")
F = TypeVar("F", bound=Callable)
_MISSING = object()


class LRU(Generic[V]):
    """A mapping of at most `maxsize` entries, or with `getsizeof`, of at most `maxsize` in the sum of their sizes
    (bytes, say), dropping the least recently used first.

    `keep_previous`: storing a value never drops the entry used last before it, even when the two together are
    past the bound (values that are used together, one of which may alone be larger than the bound)."""

    def __init__(self, maxsize: float, *, getsizeof: Callable[[V], float] | None = None, keep_previous: bool = False):
        self.maxsize = maxsize
        self._keep_previous = keep_previous
        import cachetools  # here, not on import: cache_dir() alone needs none (engine/cached_dataclass.py)

        # with keep_previous, put() evicts (cachetools would refuse a value past the bound, or drop the previous one)
        self._cache: cachetools.LRUCache = cachetools.LRUCache(math.inf if keep_previous else maxsize, getsizeof)
        self._lock = threading.Lock()

    def get(self, key: Hashable, default: V | None = None) -> V | None:
        with self._lock:
            return self._cache.get(key, default)

    def put(self, key: Hashable, value: V) -> V:
        with self._lock:
            if self._keep_previous:
                size = self._cache.getsizeof(value)
                while len(self._cache) > 1 and self._cache.currsize + size > self.maxsize:
                    self._cache.popitem()
            self._cache[key] = value
        return value

    def get_or_build(self, key: Hashable, build: Callable[[], V]) -> V:
        hit = self.get(key, _MISSING)  # type: ignore[arg-type]
        return self.put(key, build()) if hit is _MISSING else hit  # type: ignore[return-value]

    def clear(self) -> None:
        with self._lock:
            self._cache.clear()

    def __len__(self) -> int:
        return len(self._cache)

    @property
    def currsize(self) -> float:
        """The sum of the entries' sizes (their number without getsizeof)."""
        return self._cache.currsize


def memoized(maxsize: int) -> Callable[[F], F]:
    """A function's results, by its arguments, in an LRU of `maxsize` entries (the decorated function's
    `cache_clear()` empties it)."""

    def wrap(function: F) -> F:
        import cachetools

        cached = cachetools.cached(cachetools.LRUCache(maxsize), lock=threading.Lock())
        return cached(function)  # type: ignore[return-value]

    return wrap


def cache_dir() -> Path:
    """tacforge's folder in the user cache folder (TACFORGE_CACHE_DIR overrides it), for every cache kept on disk."""
    override = os.environ.get("TACFORGE_CACHE_DIR")
    if override:
        return Path(override)
    from platformdirs import user_cache_dir  # only where the folder is looked up, and not overridden

    return Path(user_cache_dir("tacforge", appauthor=False))


def write_checked(path: Path, payload: bytes, header: bytes = b"") -> bool:
    """Write `header`, a checksum of `payload`, then `payload`, all or nothing (a temporary, then a rename). Not
    durable: a cache file that a crash loses or tears reads as a miss (read_checked), never as wrong data. False when
    the folder cannot be written: the caller goes on without its cache."""
    from .atomic_files import atomic_write_bytes  # only here: a start whose caches all hit imports no tempfile

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(path, header + _checksum(payload) + payload, durable=False)
    except OSError:
        return False
    return True


def read_checked(path: Path, header: bytes = b"") -> bytes | None:
    """The payload of a file write_checked wrote with the same `header`; None when the file is missing or
    unreadable, begins otherwise (another writer's version), or is torn (its checksum does not match)."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    start = len(header) + _CHECKSUM_BYTES
    payload = data[start:]
    if not data.startswith(header) or data[len(header) : start] != _checksum(payload):
        return None
    return payload


_CHECKSUM_BYTES = 4


def _checksum(payload: bytes) -> bytes:
    # CRC-32 finds a torn or truncated write, all a cache needs (no one forges these files); zlib is built in
    return zlib.crc32(payload).to_bytes(_CHECKSUM_BYTES, "little")
