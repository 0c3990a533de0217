"""Writing files and folders all or nothing: a temporary beside the target, then one rename (docs/architecture.md 3).

A write never leaves a half-written file, and what a killed write left behind is removed by the next one (or on
start-up, remove_stale_temporaries). Files get the mode any file created there would have (0644 under umask 022).
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path


def _temporary_prefix(path: Path) -> str:
    return f".{path.name}."


def _remove_stale_temporaries(path: Path) -> None:
    """Remove what an earlier write to `path` left when its process was killed before it could clean up (a
    finally block does not run on SIGKILL or a power cut). Only names of our own pattern beside the target: the
    prefix, tempfile's eight random characters, '.tmp'."""
    pattern = re.compile(re.escape(_temporary_prefix(path)) + r"[a-z0-9_]{8}\.tmp")
    try:
        names = os.listdir(path.parent)
    except OSError:
        return
    for name in names:
        if pattern.fullmatch(name):
            try:
                os.unlink(path.parent / name)
            except OSError:
                pass  # another writer's file it has just renamed, or not ours to remove: leave it


# What a killed write leaves beside its target: a file of atomic_write_bytes or a staging folder of
# replaced_folder, both named by tempfile as prefix, eight random characters, '.tmp'.
_ANY_TEMPORARY = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp")
STALE_AFTER_SECONDS = 10.0  # older than any write in progress takes, so a live writer's temporary is left alone


def remove_stale_temporaries(folders: Iterable[Path], older_than: float = STALE_AFTER_SECONDS) -> list[Path]:
    """Remove, in each of `folders`, what writes of any target left when their process was killed (a finally
    block does not run on SIGKILL or a power cut): only names of our own pattern, and only those not touched for
    `older_than` seconds, so that another process's write in progress is not disturbed. Called on start-up by
    `tacforge play` and the editor. Returns what was removed."""
    removed: list[Path] = []
    now = time.time()
    for folder in {Path(f) for f in folders}:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if not _ANY_TEMPORARY.fullmatch(entry.name):
                continue
            try:
                if now - entry.stat(follow_symlinks=False).st_mtime < older_than:
                    continue
                if entry.is_dir(follow_symlinks=False):
                    shutil.rmtree(entry.path)
                else:
                    os.unlink(entry.path)
            except OSError:
                continue  # gone already, or not ours to remove
            removed.append(Path(entry.path))
    return removed


def atomic_write_text(path: Path, text: str) -> None:
    """Write via a temporary file in the same folder, flush, fsync, rename: never a half-written file, and no
    temporary left behind, neither by this write (removed on failure) nor by an earlier killed one."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: Path, data: bytes, *, durable: bool = True) -> None:
    """atomic_write_text's bytes. Not `durable`: no fsync, for a cache whose entry lost to a power cut is a miss
    (the rename still never shows a half-written file)."""
    path = Path(path)
    _remove_stale_temporaries(path)
    fd, tmp = tempfile.mkstemp(prefix=_temporary_prefix(path), suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        # mkstemp's file is private (0600): a file replaced keeps its mode, a new one gets the mode any file
        # created here would have (0644 under umask 022)
        os.chmod(tmp, path.stat().st_mode & 0o777 if path.exists() else 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if not durable:
        return
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


@contextmanager
def replaced_folder(folder: Path, *, fresh: bool = False) -> Iterator[Path]:
    """A staging copy of `folder` (empty when there is none, or when `fresh`) beside it, for the caller to write
    into; when the block ends without an exception the staging folder takes `folder`'s place in one step, and on an
    exception it is removed and `folder` is as it was. So a folder of files that belong together (a pack) is
    replaced whole or not at all, even by a process killed mid-write (its staging folder is a stale temporary)."""
    folder = Path(folder)
    folder.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temporaries([folder.parent])  # a staging folder an earlier, killed replacement left
    staging = Path(tempfile.mkdtemp(prefix=_temporary_prefix(folder), suffix=".tmp", dir=folder.parent))
    try:
        if folder.is_dir() and not fresh:
            shutil.copytree(folder, staging, symlinks=True, dirs_exist_ok=True)
            shutil.copystat(folder, staging)
        else:  # mkdtemp's folder is private (0700); a new folder gets the mode any folder made here would
            os.chmod(staging, 0o777 & ~_umask())
        yield staging
        _swap_into_place(staging, folder)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    shutil.rmtree(staging, ignore_errors=True)  # after the swap it holds the old folder


def _umask() -> int:
    """The process's umask. Linux reports it; elsewhere it is read by setting it and back (a moment in which
    another thread's new file would get 022)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _swap_into_place(staging: Path, folder: Path) -> None:
    """Put `staging` where `folder` is; afterwards `staging` holds the old folder, if there was one."""
    if not folder.exists():
        os.rename(staging, folder)  # one step; nothing was there
        return
    if _exchange(staging, folder):
        return
    # no atomic exchange here (not Linux, or a file system without it): two renames, the old folder kept aside
    # until the new one is in place, so a failure between them leaves it under the staging name, not lost
    aside = Path(tempfile.mkdtemp(prefix=_temporary_prefix(folder), suffix=".tmp", dir=folder.parent))
    os.rmdir(aside)
    os.rename(folder, aside)
    try:
        os.rename(staging, folder)
    except OSError:
        os.rename(aside, folder)
        raise
    os.rename(aside, staging)


def _exchange(a: Path, b: Path) -> bool:
    """Linux's renameat2(RENAME_EXCHANGE): swap two paths atomically. False where it is not available."""
    import ctypes
    import sys

    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    if renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0:
        return True
    return False
