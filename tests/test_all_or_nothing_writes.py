"""Issue 24, "Writes are all or nothing": `tacforge new -o` replaces its pack whole or not at all, a failing --save
ends `play` with a message, the temporaries of killed saves are removed on start-up, and a batch that loses a
worker plays its games again or says which are missing."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tacforge.engine.atomic_files import atomic_write_text, remove_stale_temporaries
from tacforge.engine.cli import main

NEW = ["new", "--pack", "western", "--type", "meeting", "--period", "3", "--turns", "5", "--id", "fight"]


def tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def disk_full(*_args, **_kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


def test_new_failing_midway_leaves_no_pack_and_no_staging_folder(tmp_path, monkeypatch, capsys):
    from tacforge.engine.battlegen import scenario_writer

    monkeypatch.setattr(scenario_writer, "write_pack_schemas", disk_full)  # after the map and the scenario
    out = tmp_path / "battles"
    assert main([*NEW, "--seed", "1", "-o", str(out)]) != 0
    assert "No space left on device" in capsys.readouterr().err
    assert not out.exists()  # before: maps/ and scenarios/ without pack.yaml, which the next run refused
    assert leftovers(tmp_path) == []


def test_new_force_replaces_the_pack_whole_or_not_at_all(tmp_path, monkeypatch, capsys):
    from tacforge.engine.battlegen import scenario_writer

    out = tmp_path / "battles"
    assert main([*NEW, "--seed", "1", "-o", str(out)]) == 0
    mask = os.umask(0o022)
    os.umask(mask)
    assert out.stat().st_mode & 0o777 == 0o777 & ~mask  # as a folder made with mkdir, not a private temporary
    before = tree(out)
    real = scenario_writer.write_pack_schemas
    monkeypatch.setattr(scenario_writer, "write_pack_schemas", disk_full)
    assert main([*NEW, "--seed", "2", "--force", "-o", str(out)]) != 0
    assert tree(out) == before  # before: the new map under the old scenario, a pack that validated
    assert leftovers(tmp_path) == []
    monkeypatch.setattr(scenario_writer, "write_pack_schemas", real)
    assert main([*NEW, "--seed", "2", "--force", "-o", str(out)]) == 0
    after = tree(out)
    assert after["maps/fight.yaml"] != before["maps/fight.yaml"]
    assert after["scenarios/fight.yaml"] != before["scenarios/fight.yaml"]
    assert leftovers(tmp_path) == []
    capsys.readouterr()
    assert main(["--pack-path", str(out), "validate", str(out)]) == 0


KILLED_NEW = """
import os, signal, sys
from tacforge.engine.battlegen import scenario_writer
def killed(*_):
    os.kill(os.getpid(), signal.SIGKILL)
scenario_writer.write_pack_schemas = killed
from tacforge.engine.cli import main
main(sys.argv[1:])
"""


def test_new_killed_during_force_leaves_the_old_pack_and_a_staging_folder_start_up_removes(tmp_path, capsys):
    out = tmp_path / "battles"
    assert main([*NEW, "--seed", "1", "-o", str(out)]) == 0
    before = tree(out)
    run = subprocess.run(
        [sys.executable, "-c", KILLED_NEW, *NEW, "--seed", "2", "--force", "-o", str(out)], capture_output=True
    )
    assert run.returncode == -9
    assert tree(out) == before
    stale = leftovers(tmp_path)
    assert len(stale) == 1 and stale[0].startswith(".battles.")
    assert remove_stale_temporaries([tmp_path], older_than=0) == [tmp_path / stale[0]]
    assert leftovers(tmp_path) == [] and tree(out) == before


def test_a_failing_save_ends_play_with_a_message(tmp_path, monkeypatch, capsys):
    from tacforge.engine.sim import savegame

    def too_large(*_):
        raise OSError(errno.EFBIG, "File too large")

    monkeypatch.setattr(savegame, "atomic_write_text", too_large)
    save = tmp_path / "game.save"
    assert main(["play", "western:bocage_crossroads", "--turns", "2", "--quiet", "--save", str(save)]) == 1
    err = capsys.readouterr().err
    assert f"cannot save the game to {save}: File too large" in err
    assert "Traceback" not in err
    assert not save.exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
def test_a_save_into_a_read_only_folder_ends_play_with_a_message(tmp_path, capsys):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        assert main(["play", "western:bocage_crossroads", "--turns", "1", "--quiet", "--save", str(folder / "g")]) == 1
    finally:
        folder.chmod(0o700)
    assert "cannot save the game" in capsys.readouterr().err


def aged(path: Path, seconds: float) -> Path:
    path.write_text("half a save")
    then = time.time() - seconds
    os.utime(path, (then, then))
    return path


def test_play_removes_stale_temporaries_of_any_target_on_start_up(tmp_path, capsys):
    old_save = aged(tmp_path / ".caen.save.k3_x9a0b.tmp", 60)  # another game's save, killed a minute ago
    old_log = aged(tmp_path / ".game.log.zzzzzzzz.tmp", 60)
    live = aged(tmp_path / ".other.save.abcdefgh.tmp", 0)  # another play writing now
    not_ours = [aged(tmp_path / name, 60) for name in ("notes.tmp", ".hidden.tmp", ".a.b.toolong999.tmp")]
    save = tmp_path / "game.save"
    assert main(["play", "western:bocage_crossroads", "--turns", "1", "--quiet", "--save", str(save)]) == 0
    assert not old_save.exists() and not old_log.exists()
    assert live.exists() and all(p.exists() for p in not_ours)


def test_the_editor_removes_stale_temporaries_of_its_packs_on_start_up(qtbot, tmp_path, monkeypatch):
    from PyQt6.QtCore import QSettings

    from tacforge.editor.shell.app import open_window

    assert main([*NEW, "--seed", "1", "-o", str(tmp_path / "mine")]) == 0
    stale = aged(tmp_path / "mine" / "scenarios" / ".fight.yaml.qwertyui.tmp", 60)  # an editor save, killed
    recovery = tmp_path / "recovery"
    recovery.mkdir()
    stale_copy = aged(recovery / ".0123456789abcdef.yaml.asdfghjk.tmp", 60)
    monkeypatch.setenv("TACFORGE_RECOVERY_DIR", str(recovery))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = open_window(
        ["--pack-path", str(tmp_path / "mine"), str(tmp_path / "mine" / "scenarios" / "fight.yaml")], settings
    )
    qtbot.addWidget(window)
    try:
        assert not stale.exists() and not stale_copy.exists()
    finally:
        window.validator.shutdown()
        window.close()


def test_atomic_writes_name_their_temporaries_as_start_up_removes_them(tmp_path, monkeypatch):
    """The pattern remove_stale_temporaries looks for is the one atomic_write_text uses."""
    import tempfile

    made = []
    real = tempfile.mkstemp

    def recording(*args, **kwargs):
        fd, name = real(*args, **kwargs)
        made.append(Path(name))
        raise KeyboardInterrupt  # killed between creating the temporary and writing it

    monkeypatch.setattr(tempfile, "mkstemp", recording)
    with pytest.raises(KeyboardInterrupt):
        atomic_write_text(tmp_path / "x.yaml", "a: 1\n")
    monkeypatch.setattr(tempfile, "mkstemp", real)
    assert made and made[0].exists()
    assert remove_stale_temporaries([tmp_path], older_than=0) == made


# -- a batch that loses a worker ----------------------------------------------------------------------------------
def test_a_batch_plays_again_the_games_of_a_worker_that_died(tmp_path, monkeypatch):
    from worker_deaths import die_once_on_game_3

    from tacforge.engine.balance import batch

    monkeypatch.setenv("TACFORGE_TEST_DEATHS", str(tmp_path))
    done = {}
    setup = batch.GameSetup("western:bocage_crossroads", (), None, 1, ())
    lost = batch._run_pool(setup, 0, 6, 2, lambda s: done.setdefault(s.index, s), lambda: False, die_once_on_game_3)
    assert lost == [] and sorted(done) == list(range(6))
    assert (tmp_path / "died-3").exists()  # the worker did die
    reference = batch.run_batch("western:bocage_crossroads", 6, jobs=1, turns=1)
    assert [done[i].to_json() for i in range(6)] == [g.to_json() for g in reference.games]


def test_a_batch_whose_worker_keeps_dying_reports_the_games_played_and_the_missing_one(monkeypatch, capsys):
    from worker_deaths import always_die_on_game_3

    from tacforge.engine.balance import batch

    real = batch._run_pool
    monkeypatch.setattr(batch, "_run_pool", lambda *a, **k: real(*a, **k, play=always_die_on_game_3))
    assert main(["batch", "western:bocage_crossroads", "--runs", "6", "--jobs", "2", "--turns", "1"]) == 1
    out, err = capsys.readouterr()
    assert "5 of 6 games" in out and "MISSING 1 game (3)" in out
    assert "MISSING 1 game (3)" in err
