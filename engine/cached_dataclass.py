"""`dataclass`, the project's own: the standard decorator, with the methods it generates compiled once and kept.

`dataclasses` writes each class's `__init__`, `__repr__`, `__eq__` (and a frozen class's `__setattr__`,
`__delattr__`, `__hash__`) as source text and runs it with `exec`, which parses and compiles it on every start: for
the 68 classes a `tacforge validate` imports, a quarter of the whole process (docs/architecture.md 8.2). While this
decorator runs, `dataclasses` finds `exec` in its own module namespace first: there it is `_exec`, which compiles the
text as `exec` itself would (file name "<string>", the calling code's `__future__` flags, nothing inherited from
here), or takes the code object compiled from the same text before, and runs it with the same arguments. The
classes, their methods, tracebacks and reprs are those of the plain decorator; only the parse and compile are saved.

The compiled code lives in the cache folder, one file for each module that declares dataclasses, in a folder by
Python's cache tag and a header with its byte-code magic number (a code object belongs to one Python version): read
at the module's first class, so that a command reads only what its own imports need (reading every module's would
cost `tacforge --help` more than it saves), and written once, at exit, by a process that compiled a text it did not
find. A file that is damaged, foreign or unreadable reads as empty.

Where `dataclasses` does not call a global `exec` from the function that generates the methods (3.11 and 3.12:
`_create_fn`, 3.13: `_FuncBuilder.add_fns_to_class`), or already has an `exec` of its own, nothing is patched and
the classes are built by the plain decorator.

Threads: an import holds only its own module's lock, so two threads may each be importing a module of dataclasses at
once; the patch is therefore set and removed under a lock of this module's, and the two take turns. Nothing imported
under it (caching, platformdirs, atomic_files) declares a dataclass, so it cannot wait on an import that waits on it.
A class another thread builds with the plain decorator while the patch is set runs through `_exec` too, which
compiles it as `exec` would and leaves the cache alone.
"""

from __future__ import annotations
import __future__

import _thread
import atexit
import builtins
import dataclasses
import functools
import marshal
import operator
import sys
import types
from collections.abc import Callable
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from typing import TYPE_CHECKING, Any

# The functions of `dataclasses` that call `exec` on the generated text, by Python version.
GENERATORS = ("_create_fn", "_FuncBuilder.add_fns_to_class")
# The compiler flags `exec` takes over from the code calling it: the `__future__` features.
_FUTURE_FLAGS = functools.reduce(
    operator.or_, (getattr(__future__, name).compiler_flag for name in __future__.all_feature_names)
)
# A file written by this Python at this optimisation level begins so; the rest is a checksum and the marshalled dict
# (engine.caching.write_checked).
HEADER = b"tacforge dataclass methods\n" + MAGIC_NUMBER + bytes([sys.flags.optimize])
# More entries than a module's classes have methods: a file past it keeps only the texts its writer used.
MAX_ENTRIES = 1000


class CompiledTexts:
    """Code objects by (compiler flags, source text), read from and written to `path` (a function: the cache folder
    is looked up when the file is first read, and again when it is written)."""

    def __init__(self, path: Path | Callable[[], Path]):
        self._path = path
        self._codes: dict[tuple[int, str], types.CodeType] | None = None
        self._used: set[tuple[int, str]] = set()
        self.hits = 0
        self.misses = 0

    def path(self) -> Path:
        return self._path() if callable(self._path) else self._path

    def code(self, flags: int, text: str) -> types.CodeType:
        """The code `exec(text)` compiles, from a code with `flags` (its `__future__` features)."""
        if self._codes is None:
            self._codes = self._read()
        key = (flags, text)
        self._used.add(key)
        code = self._codes.get(key)
        if code is not None:
            self.hits += 1
            return code
        if not self.misses:
            atexit.register(self.save)
        self.misses += 1
        code = self._codes[key] = compile(text, "<string>", "exec", flags=flags, dont_inherit=True)
        return code

    def _read(self) -> dict[tuple[int, str], types.CodeType]:
        from tacforge.engine.caching import read_checked

        payload = read_checked(self.path(), HEADER)
        if payload is None:
            return {}
        try:
            codes = marshal.loads(payload)
        except Exception:  # marshal raises EOFError, ValueError or TypeError on bytes it did not write
            return {}
        if type(codes) is not dict or not all(
            type(key) is tuple
            and len(key) == 2
            and type(key[0]) is int
            and type(key[1]) is str
            and type(code) is types.CodeType
            for key, code in codes.items()
        ):
            return {}
        return codes

    def save(self) -> None:
        """Write the file once more, with what was compiled here; a folder that cannot be written stays as it is."""
        codes = self._codes or {}
        if len(codes) > MAX_ENTRIES:
            codes = {key: code for key, code in codes.items() if key in self._used}
        from tacforge.engine.caching import write_checked

        write_checked(self.path(), marshal.dumps(codes), HEADER)  # a folder it cannot write: the next start compiles


_files: dict[str, CompiledTexts] = {}


def texts_of(module: str) -> CompiledTexts:
    """The compiled texts of the dataclasses of `module` (a module's name)."""
    texts = _files.get(module)
    if texts is None:
        texts = _files[module] = CompiledTexts(lambda: _folder() / f"{module}.bin")
    return texts


def _folder() -> Path:
    from tacforge.engine.caching import cache_dir  # here, not on import: `tacforge --help` needs no LRU

    return cache_dir() / "dataclass-methods" / sys.implementation.cache_tag


_lock = _thread.RLock()
_owner: int | None = None  # the thread that holds the patch
_texts: CompiledTexts | None = None  # the file of the class being decorated


def hook_applies(module: Any = dataclasses) -> bool:
    """Whether `module` (dataclasses) generates its methods through a global `exec` and has none of its own."""
    if sys.implementation.name != "cpython" or "exec" in vars(module):
        return False
    for dotted in GENERATORS:
        target: Any = module
        for part in dotted.split("."):
            target = getattr(target, part, None)
        code = getattr(target, "__code__", None)
        if code is not None and "exec" in code.co_names:
            return True
    return False


def _exec(source: Any, globals: Any = None, locals: Any = None, /, **options: Any) -> None:
    """`exec` as `dataclasses` calls it, with the compiled text from the class's file where this thread holds the
    patch."""
    caller = sys._getframe(1)
    if globals is None:  # exec's own defaults: the caller's namespaces
        globals = caller.f_globals
        locals = caller.f_locals if locals is None else locals
    if type(source) is str:
        flags = caller.f_code.co_flags & _FUTURE_FLAGS
        if _thread.get_ident() == _owner and _texts is not None:
            source = _texts.code(flags, source)
        else:
            source = compile(source, "<string>", "exec", flags=flags, dont_inherit=True)
    builtins.exec(source, globals, locals, **options)


def _decorate(cls: type, options: dict[str, Any]) -> type:
    global _owner, _texts
    if not hook_applies():
        return dataclasses.dataclass(cls, **options)
    with _lock:
        outer, outer_texts = _owner, _texts
        dataclasses.exec = _exec  # type: ignore[attr-defined]
        _owner, _texts = _thread.get_ident(), texts_of(cls.__module__)
        try:
            return dataclasses.dataclass(cls, **options)
        finally:
            _owner, _texts = outer, outer_texts
            if outer is None:
                del dataclasses.exec  # type: ignore[attr-defined]


if TYPE_CHECKING:  # the checker knows the standard decorator, and this one takes the same arguments
    from dataclasses import dataclass as dataclass
else:

    def dataclass(cls: type | None = None, /, **options: Any) -> type | Callable[[type], type]:
        """`dataclasses.dataclass`, with its generated methods compiled once (see the module's note)."""
        if cls is None:
            return lambda cls: _decorate(cls, options)
        return _decorate(cls, options)
