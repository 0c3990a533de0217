"""engine/cached_dataclass.py: the project's dataclasses built from compiled code kept in a file are the classes the
plain decorator builds; a damaged file, a new text or a Python whose dataclasses differ falls back to compiling."""

from __future__ import annotations

import dataclasses
import importlib.util
import inspect
import re
import sys
import traceback
import types
from importlib.util import MAGIC_NUMBER
from pathlib import Path

import pytest

from tacforge.engine import cached_dataclass
from tacforge.engine.cached_dataclass import HEADER, CompiledTexts, dataclass, hook_applies

METHODS = ("__init__", "__repr__", "__eq__", "__setattr__", "__delattr__", "__hash__")
REPO = Path(__file__).resolve().parents[1]


def _copy_of(module_name: str, texts: CompiledTexts | None, tag: str):
    """A fresh copy of a model module, its classes built through `texts` (None: the plain decorator)."""
    original = sys.modules[module_name]
    name = f"{module_name}_{tag}"
    spec = importlib.util.spec_from_file_location(name, original.__file__)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(sys.modules, name, module)  # dataclasses reads the class's module from sys.modules
        if texts is None:
            patch.setattr(cached_dataclass, "hook_applies", lambda module=dataclasses: False)
        else:
            patch.setattr(cached_dataclass, "texts_of", lambda module: texts)
        spec.loader.exec_module(module)
    return module


def _classes(module) -> dict[str, type]:
    return {
        name: value
        for name, value in vars(module).items()
        if isinstance(value, type) and dataclasses.is_dataclass(value) and value.__module__ == module.__name__
    }


@pytest.mark.parametrize("module_name", ["tacforge.engine.model.parameters", "tacforge.engine.model.scenario"])
def test_classes_from_the_file_are_the_plain_decorators(tmp_path, module_name):
    importlib.import_module(module_name)
    path = tmp_path / "methods.bin"
    first = CompiledTexts(path)
    _copy_of(module_name, first, "first")
    assert first.misses > 0 and first.hits == 0
    first.save()
    kept = CompiledTexts(path)
    cached = _classes(_copy_of(module_name, kept, "cached"))
    assert kept.misses == 0 and kept.hits == first.misses  # every text from the file
    plain = _classes(_copy_of(module_name, None, "plain"))
    assert cached.keys() == plain.keys() and len(cached) >= 8
    for name, cls in cached.items():
        for method in METHODS:
            ours, theirs = cls.__dict__.get(method), plain[name].__dict__.get(method)
            assert (ours is None) == (theirs is None), (name, method)
            if ours is not None:
                assert ours.__code__ == theirs.__code__, (name, method)
                ours, theirs = inspect.unwrap(ours), inspect.unwrap(theirs)  # __repr__: under reprlib's guard
                assert ours.__code__ == theirs.__code__, (name, method)
                assert ours.__code__.co_filename == "<string>"
                assert ours.__qualname__ == theirs.__qualname__
                assert ours.__annotations__.keys() == theirs.__annotations__.keys()
        assert cls.__doc__ == plain[name].__doc__
        assert [f.name for f in dataclasses.fields(cls)] == [f.name for f in dataclasses.fields(plain[name])]


def test_instances_behave_the_same(tmp_path):
    texts = CompiledTexts(tmp_path / "methods.bin")
    _copy_of("tacforge.engine.model.parameters", texts, "warm")
    texts.save()
    cached = _classes(_copy_of("tacforge.engine.model.parameters", CompiledTexts(tmp_path / "methods.bin"), "kept"))
    plain = _classes(_copy_of("tacforge.engine.model.parameters", None, "bare"))
    built = 0
    for name, cls in cached.items():
        if any(
            f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
            for f in dataclasses.fields(cls)
        ):
            continue
        ours, theirs = cls(), plain[name]()
        built += 1
        assert repr(ours).replace("_kept", "_bare") == repr(theirs)
        assert ours == cls() and hash(ours) == hash(cls()) and hash(ours) == hash(theirs)
        assert ours != theirs  # different classes, as two plain copies would be
        field = dataclasses.fields(cls)[0].name
        for instance in (ours, theirs):
            with pytest.raises(dataclasses.FrozenInstanceError, match=field):
                setattr(instance, field, 1)
            with pytest.raises(dataclasses.FrozenInstanceError):
                delattr(instance, field)
        # the frozen error comes from the generated __setattr__, at the same line of "<string>"
        frames = []
        for instance in (ours, theirs):
            try:
                setattr(instance, field, 1)
            except dataclasses.FrozenInstanceError as error:
                last = traceback.extract_tb(error.__traceback__)[-1]
                frames.append((last.filename, last.lineno, last.name))
        assert frames[0] == frames[1] and frames[0][0] == "<string>"
    assert built >= 8


def test_the_decorator_takes_both_spellings_and_leaves_dataclasses_as_it_was(tmp_path, monkeypatch):
    texts = CompiledTexts(tmp_path / "m.bin")
    monkeypatch.setattr(cached_dataclass, "texts_of", lambda module: texts)

    @dataclass
    class Plain:
        a: int
        b: str = "x"

    @dataclass(frozen=True, order=True)
    class Frozen:
        a: int

    assert Plain(1) == Plain(1, "x") and repr(Plain(2)).endswith("Plain(a=2, b='x')")
    assert Frozen(1) < Frozen(2) and hash(Frozen(3)) == hash(Frozen(3))
    assert "exec" not in vars(dataclasses)
    assert texts.misses > 0


def test_a_text_not_in_the_file_is_compiled_as_exec_would(tmp_path):
    texts = CompiledTexts(tmp_path / "m.bin")
    known = "def __create_fn__():\n def f(self):\n  return 1\n return f"
    texts.code(0, known)
    texts.save()
    again = CompiledTexts(tmp_path / "m.bin")
    assert again.code(0, known) is again.code(0, known) and again.hits == 2 and again.misses == 0
    new = "def __create_fn__(x):\n def g(self)->x:\n  return self\n return g"
    # exec takes over the __future__ features of the code calling it: here, this module's annotations
    annotations = __import__("__future__").annotations.compiler_flag
    code = again.code(annotations, new)
    assert again.misses == 1
    reference: dict = {}
    exec(new, {}, reference)  # noqa: S102 - what exec compiles from the text
    ours: dict = {}
    exec(code, {}, ours)  # noqa: S102
    assert ours["__create_fn__"].__code__ == reference["__create_fn__"].__code__
    assert ours["__create_fn__"](int).__annotations__ == {"return": "x"}  # a string, as under the feature
    plain: dict = {}
    exec(again.code(0, new), {}, plain)  # noqa: S102
    assert plain["__create_fn__"](int).__annotations__ == {"return": int} and again.misses == 2


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(data) // 2],  # cut short
        lambda data: data[:-40] + bytes(b ^ 0x55 for b in data[-40:]),  # bytes flipped
        lambda data: data.replace(MAGIC_NUMBER, b"\x00\x00\r\n", 1),  # another Python's
        lambda data: b"",
        lambda data: b"\x00" * 64,
    ],
)
def test_a_damaged_or_foreign_file_reads_as_empty(tmp_path, damage):
    path = tmp_path / "m.bin"
    texts = CompiledTexts(path)
    text = "def __create_fn__():\n def f(self):\n  return 2\n return f"
    texts.code(0, text)
    texts.save()
    path.write_bytes(damage(path.read_bytes()))
    again = CompiledTexts(path)
    again.code(0, text)
    assert again.misses == 1 and again.hits == 0
    again.save()  # and is replaced by a whole one
    assert CompiledTexts(path).code(0, text) is not None and path.read_bytes().startswith(HEADER)


def test_a_file_whose_contents_are_not_code_reads_as_empty(tmp_path):
    import marshal
    import zlib

    path = tmp_path / "m.bin"
    payload = marshal.dumps({(0, "text"): "not code"})
    path.write_bytes(HEADER + zlib.crc32(payload).to_bytes(4, "little") + payload)
    texts = CompiledTexts(path)
    texts.code(0, "x = 1")
    assert texts.misses == 1


def test_an_unwritable_folder_is_no_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    texts = CompiledTexts(blocker / "m.bin")
    texts.code(0, "x = 1")
    texts.save()  # the folder cannot be made: nothing written, nothing raised
    assert not (blocker / "m.bin").exists()


def test_the_hook_is_recognised_only_where_dataclasses_calls_a_global_exec():
    assert hook_applies()  # this Python's dataclasses is one the module knows

    def calls_exec(text):
        exec(text)  # noqa: S102 - a stand-in for dataclasses' generator

    def compiles_otherwise(text):
        return compile(text, "<string>", "exec")

    assert hook_applies(types.SimpleNamespace(_create_fn=calls_exec))
    assert not hook_applies(types.SimpleNamespace(_create_fn=compiles_otherwise))
    assert not hook_applies(types.SimpleNamespace())
    assert not hook_applies(types.SimpleNamespace(_create_fn=calls_exec, exec=exec))  # its own exec


def test_where_dataclasses_differs_nothing_is_patched(tmp_path, monkeypatch):
    texts = CompiledTexts(tmp_path / "m.bin")
    monkeypatch.setattr(cached_dataclass, "texts_of", lambda module: texts)
    monkeypatch.setattr(cached_dataclass, "GENERATORS", ("_a_generator_this_python_does_not_have",))
    assert not hook_applies()
    calls = []
    monkeypatch.setattr(cached_dataclass, "_exec", lambda *args: calls.append(args))

    @dataclass(frozen=True)
    class Point:
        x: int

    assert Point(1) == Point(1) and repr(Point(1)).endswith("Point(x=1)")
    assert calls == [] and texts.hits == texts.misses == 0 and "exec" not in vars(dataclasses)


def test_a_dataclasses_with_its_own_exec_is_left_alone(monkeypatch):
    monkeypatch.setattr(dataclasses, "exec", exec, raising=False)
    assert not hook_applies()


def test_the_project_builds_its_dataclasses_with_this_decorator():
    """One way to make a dataclass: every module of the project takes `dataclass` from engine/cached_dataclass."""
    plain = re.compile(r"^from dataclasses import .*\bdataclass\b|^\s*@dataclasses\.dataclass\b", re.M)
    offenders = [
        str(path.relative_to(REPO))
        for folder in ("engine", "editor", "plugins")
        for path in (REPO / folder).rglob("*.py")
        if plain.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_each_module_has_its_own_file_in_the_cache_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("TACFORGE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(cached_dataclass, "_files", {})

    @dataclass
    class Local:
        a: int

    texts = cached_dataclass.texts_of(__name__)
    assert texts.misses > 0 and cached_dataclass.texts_of("another.module") is not texts
    texts.save()
    assert texts.path() == tmp_path / "dataclass-methods" / sys.implementation.cache_tag / f"{__name__}.bin"
    assert texts.path().read_bytes().startswith(HEADER)
