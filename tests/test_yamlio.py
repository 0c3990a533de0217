"""The two YAML paths and atomic writes."""

import os
from pathlib import Path

import pytest
from ruamel.yaml import YAML
from test_shipped import SHIPPED

from tacforge.engine import yamlio
from tacforge.engine.atomic_files import atomic_write_text
from tacforge.engine.yamlio import YamlFileError, dump_roundtrip, load_fast, load_roundtrip


def test_fast_path_is_c_backed():
    assert yamlio.uses_c_loader()


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_fast_path_reads_what_ruamel_reads(path):
    assert load_fast(path).data == YAML(typ="safe", pure=True).load(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "text,value",
    [
        ("v: yes", "yes"),
        ("v: on", "on"),
        ("v: 010", 10),
        ("v: 0o10", 8),
        ("v: 0x1F", 31),
        ("v: 1:20", "1:20"),
        ("v: true", True),
        ("v: 1.25", 1.25),
        ("v: -3", -3),
        ("v: null", None),
        ("v: ~", None),
        ("v: 1e3", 1000.0),
    ],
)
def test_yaml_1_2_scalars(tmp_path, text, value):
    path = tmp_path / "f.yaml"
    path.write_text(text + "\n")
    assert load_fast(path).data == {"v": value}
    assert YAML(typ="safe", pure=True).load(text) == {"v": value}


def test_round_trip_edit_keeps_comments_order_and_unknown_keys(tmp_path):
    path = tmp_path / "w.yaml"
    original = (
        "# header\nweapons:\n  - id: gun  # the gun\n    zeta: 1\n    name: Gun\n    custom_key: keep me\n"
        "    periods: [1, 2]\n"
    )
    path.write_text(original)
    data, text = load_roundtrip(path)
    assert dump_roundtrip(data) == text
    data["weapons"][0]["name"] = "Big gun"
    edited = dump_roundtrip(data)
    assert edited == original.replace("name: Gun", "name: Big gun")


def test_atomic_write_replaces_and_keeps_mode(tmp_path):
    path = tmp_path / "f.yaml"
    path.write_text("old\n")
    os.chmod(path, 0o640)
    atomic_write_text(path, "new\n")
    assert path.read_text() == "new\n"
    assert path.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["f.yaml"]


def test_failed_atomic_write_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "f.yaml"
    path.write_text("old\n")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        atomic_write_text(path, "new\n")
    assert path.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["f.yaml"]


def test_not_utf8(tmp_path):
    path = tmp_path / "f.yaml"
    path.write_bytes(b"a: 1\nb: \xff\xfe\n")
    with pytest.raises(YamlFileError) as info:
        load_fast(path)
    assert info.value.issue.code == "file.encoding" and info.value.issue.line == 2


def test_anchors_are_allowed_when_small(tmp_path):
    path = tmp_path / "f.yaml"
    path.write_text("a: &x [1, 2]\nb: *x\n")
    assert load_fast(path).data == {"a": [1, 2], "b": [1, 2]}


def test_unsaved_texts_replace_the_files(tmp_path):
    from tacforge.engine.yamlio import unsaved

    path = tmp_path / "f.yaml"
    path.write_text("a: 1\n")
    with unsaved({path: "a: 2\n"}):
        assert load_fast(path).data == {"a": 2}
    assert load_fast(path).data == {"a": 1}


def test_a_write_failing_midway_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "save.json"
    path.write_text("old\n")
    real_fsync = os.fsync

    def disk_full(fd):  # fails after the text was written to the temporary, before the rename
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError):
        atomic_write_text(path, "x" * 4_000_000)
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert path.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_the_next_write_removes_temporaries_a_killed_write_left(tmp_path):
    path = tmp_path / "save.json"
    stale = [tmp_path / ".save.json.k3_x9a0b.tmp", tmp_path / ".save.json.zzzzzzzz.tmp"]
    for leftover in stale:  # what mkstemp names a temporary, as a process killed mid-write leaves it
        leftover.write_text("half a game")
    others = [tmp_path / ".other.json.abcdefgh.tmp", tmp_path / ".save.json.notours.tmp", tmp_path / "save.json.bak"]
    for keep in others:
        keep.write_text("not ours to remove")
    atomic_write_text(path, "new\n")
    assert path.read_text() == "new\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["save.json"] + [p.name for p in others])
