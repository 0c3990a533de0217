"""Sharing packs as `.tacpack` archives: building one from a pack folder, installing one into the user's pack folder
after checking all of it, and removing an installed one (`tacforge pack build|install|remove`, the editor's Packs
browser). It stands on the loader's discovery and manifests (packs) and on the atomic writes of yamlio; the command
line and the editor's shell stand on it."""

from .build import BuildResult, build_archive, find_pack_folder
from .install import AlreadyInstalled, InstallResult, install_archive
from .remove import RemoveResult, removable_folder, remove_pack
from .tacpack import PackArchiveError

__all__ = [
    "AlreadyInstalled",
    "BuildResult",
    "InstallResult",
    "PackArchiveError",
    "RemoveResult",
    "build_archive",
    "find_pack_folder",
    "install_archive",
    "removable_folder",
    "remove_pack",
]
