"""Autosave and crash recovery: every minute each unsaved document is copied to a recovery file; after a crash the
editor offers to restore them. A clean save or close removes the copy."""

from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path

from platformdirs import user_data_dir

from tacforge.engine.atomic_files import atomic_write_text


def recovery_dir() -> Path:
    root = os.environ.get("TACFORGE_RECOVERY_DIR") or Path(user_data_dir("tacforge", appauthor=False)) / "recovery"
    return Path(root)


def _stem(path: Path) -> str:
    return hashlib.sha256(str(Path(path).resolve()).encode()).hexdigest()[:16]


def autosave(path: Path, text: str) -> Path:
    folder = recovery_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stem = _stem(path)
    atomic_write_text(folder / f"{stem}.yaml", text)
    atomic_write_text(folder / f"{stem}.json", json.dumps({"original": str(Path(path).resolve()), "time": time.time()}))
    return folder / f"{stem}.yaml"


def discard(path: Path) -> None:
    for suffix in (".yaml", ".json"):
        try:
            (recovery_dir() / f"{_stem(path)}{suffix}").unlink()
        except OSError:
            pass


def pending() -> list[tuple[Path, Path, float]]:
    """(original file, recovery copy, when) for every recovery copy left by a session that did not close cleanly."""
    folder = recovery_dir()
    out = []
    for meta in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            info = json.loads(meta.read_text(encoding="utf-8"))
            copy = meta.with_suffix(".yaml")
            if copy.is_file():
                out.append((Path(info["original"]), copy, float(info["time"])))
        except (OSError, ValueError, KeyError):
            continue
    return out
