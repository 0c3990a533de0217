"""Where the editor may write packs, and which packs it remembers between launches.

Installed packs (the built-in core pack, and those found through a plugin's entry point such as western and eastern)
live in site-packages or in the source tree of a plugin: the editor never writes into them without asking, and offers
the user's own packs folder (platformdirs' user data folder, which every tacforge command searches) for new work. Pack
folders created or opened elsewhere are kept in QSettings so that the next launch finds them again.
"""

from __future__ import annotations

import os
from pathlib import Path

from PyQt6.QtCore import QSettings

from tacforge.engine.packs.discovery import user_pack_dir

REMEMBERED = "packs/folders"


def user_packs_folder() -> Path:
    """The user's packs folder, created on first use (found by every tacforge command without options)."""
    folder = user_pack_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def installed_pack_at(packset, folder: Path):
    """The installed pack (built in or a plugin's) that holds `folder`, or None when writing there is the user's own
    business."""
    folder = Path(folder).resolve()
    for pack in packset.all:
        home = pack.location.folder
        if pack.location.installed and (folder == home or home in folder.parents):
            return pack
    return None


def writable_pack(packset, folder: Path) -> bool:
    """Whether new files may go into the pack at `folder`: a pack of the set, not an installed one, and a folder
    the user may write in."""
    folder = Path(folder).resolve()
    known = any(pack.location.folder == folder and pack.manifest is not None for pack in packset.all)
    return known and installed_pack_at(packset, folder) is None and os.access(folder, os.W_OK)


def default_destination(packset, open_packs: list[Path | None]) -> Path | None:
    """Where New Scenario writes unless the designer chooses: the pack the designer has open (the first of
    `open_packs` that is given: the current tab's, the one chosen in the Packs dock, the one opened last) when it
    is writable; else None, a new pack in the user's folder."""
    folder = next((Path(f) for f in open_packs if f is not None), None)
    return folder.resolve() if folder is not None and writable_pack(packset, folder) else None


def remembered_packs(settings: QSettings) -> list[Path]:
    """Pack folders created or opened in earlier sessions that still exist."""
    return [Path(p) for p in settings.value(REMEMBERED, [], type=list) if (Path(p) / "pack.yaml").is_file()]


def remember_pack(settings: QSettings, folder: Path) -> None:
    folder = Path(folder).resolve()
    if folder.parent == user_pack_dir().resolve():
        return  # found by discovery anyway
    known = [p for p in settings.value(REMEMBERED, [], type=list) if p != str(folder)]
    settings.setValue(REMEMBERED, [str(folder)] + known)


__all__ = [
    "user_packs_folder",
    "installed_pack_at",
    "writable_pack",
    "default_destination",
    "remembered_packs",
    "remember_pack",
]
