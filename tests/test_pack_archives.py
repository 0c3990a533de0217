"""`tacforge pack build|install|remove`: a good pack goes through build, install, validate and play; every hostile
archive of tests/tacpack_corpus.py is refused with a clear message and nothing written; remove takes only packs of
the user pack folder."""

from __future__ import annotations

import json
import os
import shutil
import zipfile
from pathlib import Path

import pytest
from conftest import REPO, write_pack
from tacpack_corpus import HOSTILE, Entry, good_entries, manifest_for, write_archive

from tacforge.engine.cli import main
from tacforge.engine.packs.discovery import user_pack_dir
from tacforge.engine.sharing import PackArchiveError, install_archive
from tacforge.engine.sharing.archive_checks import open_checked
from tacforge.engine.sharing.tacpack import MANIFEST_NAME

WESTERN = REPO / "plugins" / "western" / "tacforge_western" / "pack"


@pytest.fixture(autouse=True)
def user_folder(tmp_path, monkeypatch):
    """The user's data folder, platformdirs' way, in the test's own folder; no TACFORGE_PACK_PATH."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("TACFORGE_PACK_PATH", raising=False)
    return tmp_path / "data"


@pytest.fixture
def westcopy(tmp_path) -> Path:
    """The Western pack under another id, as a designer's pack to share (its schemas/ link included)."""
    target = tmp_path / "src" / "westcopy"
    shutil.copytree(WESTERN, target, symlinks=True)
    manifest = target / "pack.yaml"
    manifest.write_text(manifest.read_text().replace("id: western", "id: westcopy"))
    return target


def _tree(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*")} if root.exists() else set()


def _files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in folder.rglob("*")
        if p.is_file() and p.relative_to(folder).parts[0] != "schemas"
    }


def test_a_pack_round_trips_through_build_install_validate_and_play(westcopy, tmp_path, capsys):
    archive = tmp_path / "westcopy.tacpack"
    play = ["play", "westcopy:bocage_crossroads", "--seed", "5", "--turns", "2", "--quiet"]
    assert main(["--pack-path", str(westcopy), *play]) == 0
    played_from_the_folder = capsys.readouterr().out

    assert main(["pack", "build", str(westcopy), "-o", str(archive)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"built {archive}: pack westcopy 1.0.0, ")
    with zipfile.ZipFile(archive) as zf:
        names = zf.namelist()
    assert MANIFEST_NAME in names and "pack.yaml" in names and not any(n.startswith("schemas/") for n in names)

    assert main(["pack", "install", str(archive)]) == 0
    installed = user_pack_dir() / "westcopy"
    assert capsys.readouterr().out == (
        f"installed pack westcopy 1.0.0, {len(names) - 1} files, in the user pack folder:\n  {installed}\n"
    )
    assert _files(installed) == _files(westcopy)
    assert (installed / "schemas" / "weapons.schema.json").is_file()  # the files' $schema lines find it
    assert [p.name for p in installed.parent.iterdir()] == ["westcopy"]  # no staging folder left

    assert main(["validate", "westcopy"]) == 0
    assert "no issues" in capsys.readouterr().out
    assert main(play) == 0
    assert capsys.readouterr().out == played_from_the_folder


def test_build_leaves_out_hidden_files_caches_and_schemas(westcopy, tmp_path):
    for junk in (".git/config", "__pycache__/x.pyc", "maps/.notes.yaml.swp"):
        (westcopy / junk).parent.mkdir(exist_ok=True)
        (westcopy / junk).write_text("not the pack's")
    archive = tmp_path / "w.tacpack"
    assert main(["pack", "build", str(westcopy), "-o", str(archive)]) == 0
    with zipfile.ZipFile(archive) as zf:
        names = set(zf.namelist())
    shipped = {p.relative_to(WESTERN).as_posix() for p in WESTERN.rglob("*.yaml") if "schemas" not in p.parts}
    assert names == shipped | {MANIFEST_NAME}


def test_the_same_pack_builds_the_same_archive(westcopy, tmp_path):
    first, second = tmp_path / "a.tacpack", tmp_path / "b.tacpack"
    assert main(["pack", "build", str(westcopy), "-o", str(first)]) == 0
    assert main(["pack", "build", str(westcopy), "-o", str(second)]) == 0
    assert first.read_bytes() == second.read_bytes()


def test_build_by_pack_id_and_its_refusals(westcopy, tmp_path, capsys):
    assert main(["--pack-path", str(westcopy), "pack", "build", "westcopy", "-o", str(tmp_path / "w.tacpack")]) == 0
    capsys.readouterr()
    assert main(["pack", "build", "nosuch", "-o", str(tmp_path / "n.tacpack")]) == 2
    assert "no pack 'nosuch' is found" in capsys.readouterr().err
    assert main(["pack", "build", str(westcopy), "-o", str(westcopy / "self.tacpack")]) == 2
    assert "inside the pack folder" in capsys.readouterr().err
    os.mkfifo(westcopy / "maps" / "pipe")
    assert main(["pack", "build", str(westcopy), "-o", str(tmp_path / "p.tacpack")]) == 1
    assert "is not a file (a device, pipe or socket)" in capsys.readouterr().err
    (westcopy / "maps" / "pipe").unlink()
    (westcopy / "maps" / "link.yaml").symlink_to(westcopy / "rules.yaml")
    assert main(["pack", "build", str(westcopy), "-o", str(tmp_path / "l.tacpack")]) == 1
    assert "is a link" in capsys.readouterr().err
    assert not (tmp_path / "l.tacpack").exists()


def test_install_refuses_an_installed_id_unless_forced_and_then_replaces_it(westcopy, tmp_path, capsys):
    archive = tmp_path / "w.tacpack"
    main(["pack", "build", str(westcopy), "-o", str(archive)])
    assert main(["pack", "install", str(archive)]) == 0
    installed = user_pack_dir() / "westcopy"
    (installed / "stray.txt").write_text("from the old version")
    capsys.readouterr()
    assert main(["pack", "install", str(archive)]) == 1
    err = capsys.readouterr().err
    assert "pack westcopy 1.0.0 is already installed" in err and "--force" in err
    assert (installed / "stray.txt").exists()

    manifest = westcopy / "pack.yaml"
    manifest.write_text(manifest.read_text().replace("version: 1.0.0", "version: 1.1.0"))
    main(["pack", "build", str(westcopy), "-o", str(archive)])
    assert main(["pack", "install", str(archive), "--force"]) == 0
    assert "westcopy 1.1.0 (replacing 1.0.0)" in capsys.readouterr().out
    assert not (installed / "stray.txt").exists()  # replaced whole, not unpacked over the old files
    assert [p.name for p in installed.parent.iterdir()] == ["westcopy"]


def test_install_refuses_a_pack_that_ships_with_a_plugin_even_forced(tmp_path, capsys):
    archive = tmp_path / "western.tacpack"
    assert main(["pack", "build", "western", "-o", str(archive)]) == 0
    for extra in ([], ["--force"]):
        assert main(["pack", "install", str(archive), *extra]) == 1
        assert "already installed with tacforge or a plugin" in capsys.readouterr().err
    assert not user_pack_dir().exists()


def test_install_refuses_a_pack_found_through_pack_path(westcopy, tmp_path, capsys):
    archive = tmp_path / "w.tacpack"
    main(["pack", "build", str(westcopy), "-o", str(archive)])
    assert main(["--pack-path", str(westcopy), "pack", "install", str(archive), "--force"]) == 1
    assert "outside the user pack folder" in capsys.readouterr().err
    assert not user_pack_dir().exists()


@pytest.mark.parametrize(
    ("requires", "words"),
    [
        ({"nosuch": ">=1.0"}, "nosuch >=1.0, which is not installed"),
        ({"core": ">=9"}, "core >=9, but core 1.0.0 is installed"),
    ],
)
def test_install_refuses_a_pack_whose_requirements_are_missing(tmp_path, capsys, requires, words):
    folder = write_pack(tmp_path / "src", "needy", requires=requires)
    archive = tmp_path / "needy.tacpack"
    assert main(["pack", "build", str(folder), "-o", str(archive)]) == 0
    assert main(["pack", "install", str(archive)]) == 1
    err = capsys.readouterr().err
    assert "pack needy 1.0.0 requires " + words in err and "nothing was installed" in err
    assert not user_pack_dir().exists()


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_every_hostile_archive_is_refused_and_nothing_is_written(case, tmp_path, user_folder, capsys):
    make, words = HOSTILE[case]
    archive = make(tmp_path / "hostile.tacpack")
    (user_folder / "tacforge" / "packs").mkdir(parents=True)
    before = _tree(tmp_path)
    code = main(["pack", "install", str(archive), "--force"])
    captured = capsys.readouterr()
    assert code == 1, captured
    assert captured.out == ""
    assert captured.err.startswith(f"tacforge: {archive}") and words in captured.err, captured.err
    assert "Traceback" not in captured.err
    assert _tree(tmp_path) == before  # not one file written, inside or outside the user pack folder


def test_a_good_archive_made_by_hand_installs(tmp_path):
    """The corpus's helper makes archives the installer accepts: each refusal above is the case's own doing."""
    archive = write_archive(tmp_path / "good.tacpack", [*good_entries(), Entry("maps/a.yaml", b"")])
    done = install_archive(archive)
    assert (done.pack_id, done.version, done.files) == ("shared", "1.2.0", 3)
    assert (user_pack_dir() / "shared" / "maps" / "a.yaml").read_bytes() == b""


def test_an_archive_that_changes_while_installing_is_not_installed(tmp_path, monkeypatch):
    """The files are checked again as they are unpacked: an archive rewritten between the check and the unpacking
    leaves nothing behind."""
    from tacforge.engine.sharing import archive_checks

    archive = write_archive(tmp_path / "good.tacpack", good_entries())
    entries = manifest_for(good_entries())["files"]
    real = archive_checks.read_entry
    calls = []

    def read(path, zf, name, size, sink):
        calls.append(name)
        digest = real(path, zf, name, size, sink)
        return "0" * 64 if len(calls) > len(entries) + 1 else digest  # right while checked, wrong while unpacked

    monkeypatch.setattr(archive_checks, "read_entry", read)
    with pytest.raises(PackArchiveError, match="changed while it was being installed"):
        install_archive(archive)
    assert not (user_pack_dir() / "shared").exists()
    assert list(user_pack_dir().iterdir()) == []  # the staging folder is gone too


def test_remove_takes_only_packs_of_the_user_pack_folder(westcopy, tmp_path, capsys):
    archive = tmp_path / "w.tacpack"
    main(["pack", "build", str(westcopy), "-o", str(archive)])
    main(["pack", "install", str(archive)])
    capsys.readouterr()
    for pack_id, words in (
        ("western", "part of an installation"),
        ("core", "part of an installation"),
        ("nosuch", "no pack nosuch is installed (the user pack folder holds westcopy)"),
        ("westcopi", "did you mean 'westcopy'?"),
    ):
        assert main(["pack", "remove", pack_id]) == 1
        assert words in capsys.readouterr().err
    other = write_pack(tmp_path / "elsewhere", "mine")
    assert main(["--pack-path", str(other), "pack", "remove", "mine"]) == 1
    assert "not in the user pack folder" in capsys.readouterr().err and (other / "pack.yaml").exists()

    assert main(["pack", "remove", "westcopy"]) == 0
    folder = user_pack_dir() / "westcopy"
    assert capsys.readouterr().out == f"removed pack westcopy 1.0.0 from the user pack folder:\n  {folder}\n"
    assert os.listdir(user_pack_dir()) == []
    assert main(["validate", "westcopy"]) == 2  # no longer found


def test_a_broken_pack_of_the_user_folder_can_be_removed_by_its_folder_name(capsys):
    broken = user_pack_dir() / "halfdone"
    broken.mkdir(parents=True)
    (broken / "pack.yaml").write_text("id: [unclosed\n")
    assert main(["pack", "remove", "halfdone"]) == 0
    assert "removed pack halfdone (its pack.yaml does not read)" in capsys.readouterr().out
    assert not broken.exists()


def test_install_of_a_missing_file_is_a_usage_error(tmp_path, capsys):
    assert main(["pack", "install", str(tmp_path / "nothing.tacpack")]) == 2
    assert "no such file; give the path of a .tacpack archive" in capsys.readouterr().err


def test_reading_an_entry_stops_as_soon_as_it_outgrows_its_stated_size(tmp_path):
    """The guard against sizes that lie, below zipfile's own: an entry read against a smaller size is refused at
    the first chunk past it, not after unpacking all of it."""
    from tacforge.engine.sharing.archive_checks import read_entry

    archive = write_archive(tmp_path / "a.tacpack", [*good_entries(), Entry("maps/big.yaml", b"y" * 300_000)])
    chunks: list[bytes] = []
    with zipfile.ZipFile(archive) as zf, pytest.raises(PackArchiveError, match="unpacks to more than the 1,000"):
        read_entry(archive, zf, "maps/big.yaml", 1000, chunks.append)
    assert sum(map(len, chunks)) < 300_000


def test_a_write_that_fails_while_unpacking_leaves_nothing_and_says_so(tmp_path, monkeypatch, capsys):
    """A disk that fills up halfway: the message names the disk's error (not a damaged archive) and the staging
    folder is gone."""
    from tacforge.engine.sharing import archive_checks

    archive = write_archive(tmp_path / "good.tacpack", [*good_entries(), Entry("maps/a.yaml", b"z" * 1000)])
    real = archive_checks.read_entry

    def full_disk(path, zf, name, size, sink):
        def write(chunk):
            raise OSError(28, "No space left on device")

        return real(path, zf, name, size, write if sink.__name__ == "write" else sink)

    monkeypatch.setattr(archive_checks, "read_entry", full_disk)
    assert main(["pack", "install", str(archive)]) == 1
    err = capsys.readouterr().err
    assert "No space left on device; nothing was installed" in err and "damaged" not in err
    assert list(user_pack_dir().iterdir()) == []


def test_a_hidden_folder_in_the_user_pack_folder_is_no_pack(capsys):
    """What an install or replacement stages (atomic_files.replaced_folder's `.NAME.XXXXXXXX.tmp`) is never found as a
    pack while it is written, nor the old copy while it is deleted."""
    write_pack(user_pack_dir(), "visible")
    write_pack(user_pack_dir(), ".visible.abcd1234.tmp")
    assert main(["packs", "--format", "json"]) == 0
    folders = [row["folder"] for row in json.loads(capsys.readouterr().out)["packs"]]
    assert str(user_pack_dir() / "visible") in folders
    assert not any(".visible." in folder for folder in folders)
