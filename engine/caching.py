"""The engine's one caching facility: bounded least-recently-used caches that are safe across threads (the editor
runs engine code in worker threads while its own thread reads the same caches), and the folder the caches kept on
disk live in (cache_dir).

Every cache holds results of a pure function of its key, so a cache changes no result; each states its bound where
it is declared. A lookup and a store each take the cache's lock; the value is built outside it, so two threads that
miss at once may both build it (the same value) and the later store wins.
"""

from __future__ import annotations

import math
import os
import threading
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
