"""`tacforge pack remove`: a pack taken out of the user's pack folder. Only from there: a pack that ships with
tacforge or a plugin belongs to its installation, and one found through --pack-path or TACFORGE_PACK_PATH is the
user's own folder elsewhere, which tacforge does not delete. The folder is first renamed to a hidden name (one step,
after which no command finds the pack), then deleted."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path

from tacforge.engine.cached_dataclass import dataclass

from ..issues import did_you_mean
from ..packs.discovery import MANIFEST, user_pack_dir
from .installed import found_packs
from .tacpack import PackArchiveError


@dataclass(frozen=True)
class RemoveResult:
    pack_id: str
    version: str
    folder: Path


def removable_folder(pack_id: str, pack_paths: Iterable[str | Path] = ()) -> tuple[Path, str]:
    """The user-folder pack `pack_id` and its version; PackArchiveError saying why when it may not be removed."""
    found = found_packs(pack_paths)
    same_id = found.get(pack_id, [])
    mine = next((p for p in same_id if p.in_user_folder and not p.location.installed), None)
    if mine is not None:
        return mine.location.folder, str(mine.manifest.version)
    installed = next((p for p in same_id if p.location.installed), None)
    if installed is not None:
        raise PackArchiveError(
            f"pack {pack_id} is part of an installation ({installed.where()}), not a user-installed pack; "
            "`tacforge pack remove` removes only packs in the user pack folder (uninstall a plugin with pip)"
        )
    broken = user_pack_dir() / pack_id
    if not same_id and (broken / MANIFEST).is_file():  # a pack whose pack.yaml no longer reads has no id but this
        return broken.resolve(), "(its pack.yaml does not read)"
    if same_id:
        raise PackArchiveError(
            f"pack {pack_id} is at {same_id[0].where()}, not in the user pack folder; tacforge does not delete "
            "folders of yours elsewhere (take it out of --pack-path or TACFORGE_PACK_PATH, or delete it yourself)"
        )
    user_ids = [pid for pid, packs in found.items() if any(p.in_user_folder for p in packs)]
    hint = did_you_mean(pack_id, user_ids)
    listed = f"the user pack folder holds {', '.join(sorted(user_ids))}" if user_ids else "none is installed"
    raise PackArchiveError(f"no pack {pack_id} is installed ({listed}){'; ' + hint if hint else ''}")


def remove_pack(pack_id: str, pack_paths: Iterable[str | Path] = ()) -> RemoveResult:
    folder, version = removable_folder(pack_id, pack_paths)
    try:
        aside = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", suffix=".tmp", dir=folder.parent))
        os.rmdir(aside)
        os.rename(folder, aside)
    except OSError as exc:
        raise PackArchiveError(f"cannot remove {folder}: {exc.strerror or exc}; the pack is as it was") from None
    shutil.rmtree(aside, ignore_errors=True)  # what a failure leaves is a hidden stale temporary, removed later
    return RemoveResult(pack_id, version, folder)
