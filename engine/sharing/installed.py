"""Which packs tacforge finds, by id, as installing and removing need them: every folder of each id (not only the
first, which the loader would use), with its manifest and where it was found."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from tacforge.engine.cached_dataclass import dataclass

from ..packs.discovery import PackLocation, discover, user_pack_dir
from ..packs.manifest import Manifest, read_manifest


@dataclass(frozen=True)
class FoundPack:
    location: PackLocation
    manifest: Manifest

    @property
    def in_user_folder(self) -> bool:
        return self.location.folder.parent == user_pack_dir().resolve()

    def where(self) -> str:
        return f"{self.location.folder} ({self.location.origin})"


def found_packs(pack_paths: Iterable[str | Path] = ()) -> dict[str, list[FoundPack]]:
    """Pack id -> every folder of that id discovery finds, in precedence order. Folders whose pack.yaml cannot be
    read are left out: they have no id to be found by."""
    locations, _ = discover(pack_paths)
    out: dict[str, list[FoundPack]] = {}
    for location in locations:
        manifest, _, _ = read_manifest(location.folder)
        if manifest is not None:
            out.setdefault(manifest.id, []).append(FoundPack(location, manifest))
    return out
