"""The fast load path parses a file's text once; errors, edits and broken cache entries are read as before."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from conftest import write_pack

from tacforge.engine.packs import load_packs, parsed_cache
from tacforge.engine.packs.parsed_cache import ParsedCache
from tacforge.engine.yamlio import load_fast

WEAPONS = (
    "weapons:\n"
    "  - {id: gun, name: Gun, nationality: any, class: at_gun,"
    " mr: 5, mp: 5, ss: 3, ac: 5, sp: 0, df: 3, sl: 1, periods: [1, 2]}\n"
)


def _spy_parses(monkeypatch) -> list[Path]:
    parsed = []
    real = parsed_cache.parse_fast
    monkeypatch.setattr(parsed_cache, "parse_fast", lambda text, path: parsed.append(path) or real(text, path))
    return parsed


def test_an_unchanged_file_is_parsed_once_and_read_alike(tmp_path, monkeypatch):
    monkeypatch.setenv("TACFORGE_CACHE_DIR", str(tmp_path / "cache"))
    folder = write_pack(tmp_path, "cached", files={"weapons.yaml": WEAPONS})
    parsed = _spy_parses(monkeypatch)
    first = load_packs([folder], env={}, include_user_dir=False)
    assert folder / "weapons.yaml" in parsed
    parsed.clear()
    second = load_packs([folder], env={}, include_user_dir=False)
    assert parsed == []
    assert second.content("cached").weapons == first.content("cached").weapons
    (folder / "weapons.yaml").write_text(WEAPONS.replace("mr: 5", "mr: 6"))
    third = load_packs([folder], env={}, include_user_dir=False)
    assert parsed == [folder / "weapons.yaml"]
    assert third.content("cached").weapons["cached:gun"].mr == 6


def test_a_file_with_a_yaml_error_is_parsed_and_reported_every_time(tmp_path, monkeypatch):
    monkeypatch.setenv("TACFORGE_CACHE_DIR", str(tmp_path / "cache"))
    folder = write_pack(tmp_path, "broken", files={"weapons.yaml": "weapons: [\n"})
    parsed = _spy_parses(monkeypatch)
    for _ in range(2):
        packset = load_packs([folder], env={}, include_user_dir=False)
        codes = [i.code for i in packset.packs["broken"].issues.items]
        assert "yaml.syntax" in codes
    assert parsed.count(folder / "weapons.yaml") == 2


def test_a_torn_or_foreign_entry_is_a_miss(tmp_path):
    path = tmp_path / "f.yaml"
    path.write_text("a: [1, 2]\nb: text\n")
    cache = ParsedCache(tmp_path / "parsed")
    assert cache.load(path).data == {"a": [1, 2], "b": "text"}
    (entry,) = (tmp_path / "parsed").iterdir()
    for damaged in (entry.read_bytes()[:-3], b"", b"\x00" * 40):
        entry.write_bytes(damaged)
        assert cache.load(path).data == load_fast(path).data


def test_the_packs_validate_reports_on_are_parsed_in_full(tmp_path, monkeypatch, capsys):
    from tacforge.engine.cli import main
    from tacforge.engine.packs import file_readers
    from tacforge.engine.resources import CORE_PACK_DIR

    monkeypatch.setenv("TACFORGE_CACHE_DIR", str(tmp_path / "cache"))
    folder = write_pack(tmp_path / "packs", "checked", files={"weapons.yaml": WEAPONS})
    assert main(["--pack-path", str(tmp_path / "packs"), "validate", "checked"]) == 0
    parsed = _spy_parses(monkeypatch)
    read_in_full = []
    real = file_readers.load_fast
    monkeypatch.setattr(file_readers, "load_fast", lambda path: read_in_full.append(path) or real(path))
    assert main(["--pack-path", str(tmp_path / "packs"), "validate", "checked"]) == 0
    assert "checked: no issues" in capsys.readouterr().out
    assert folder.resolve() / "weapons.yaml" in read_in_full
    core_terrain = CORE_PACK_DIR.resolve() / "terrain.yaml"
    assert core_terrain not in read_in_full and core_terrain not in parsed  # a requirement: from the cache


def test_an_unwritable_cache_folder_is_harmless(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    path = tmp_path / "f.yaml"
    path.write_text("a: 1\n")
    assert ParsedCache(blocker / "parsed").load(path).data == {"a": 1}


def test_a_write_killed_before_its_rename_leaves_no_temporary_behind(tmp_path):
    """A process killed between writing an entry and renaming it into place (SIGKILL: no clean-up runs) leaves its
    temporary, never a torn entry; the next store of that entry removes it."""
    path = tmp_path / "f.yaml"
    path.write_text("a: 1\n")
    folder = tmp_path / "parsed"
    script = (
        "import os, signal\nfrom pathlib import Path\n"
        "from tacforge.engine.packs.parsed_cache import ParsedCache\n"
        "os.replace = lambda *a: os.kill(os.getpid(), signal.SIGKILL)\n"
        f"ParsedCache(Path({str(folder)!r})).load(Path({str(path)!r}))\n"
    )
    assert subprocess.run([sys.executable, "-c", script]).returncode == -signal.SIGKILL
    (left,) = folder.iterdir()
    assert left.name.startswith(".") and left.suffix == ".tmp"
    assert ParsedCache(folder).load(path).data == {"a": 1}
    assert [p.suffix for p in folder.iterdir()] == [".marshal"]


def test_a_store_removes_the_old_temporaries_of_other_entries(tmp_path):
    """A killed write of an entry that is never stored again: the next store of any entry removes its temporary
    once it is older than a write can take, and leaves a fresh one (another process may be writing it)."""
    folder = tmp_path / "parsed"
    folder.mkdir()
    stale, fresh = folder / ".old.marshal.abcd1234.tmp", folder / ".new.marshal.efgh5678.tmp"
    for temporary in (stale, fresh):
        temporary.write_bytes(b"torn")
    old = time.time() - parsed_cache.STALE_SECONDS - 5
    os.utime(stale, (old, old))
    path = tmp_path / "f.yaml"
    path.write_text("a: 1\n")
    ParsedCache(folder).load(path)
    assert sorted(p.suffix for p in folder.iterdir()) == [".marshal", ".tmp"] and fresh.exists()
