"""`tacforge pack install`: a checked archive unpacked into the user's pack folder, whole or not at all.

Everything is checked before anything is written (archive_checks.py, then here: the packs it requires are found in
versions it accepts, and its id is free). The files are then unpacked into a hidden staging folder beside their
place, which takes the place in one step (atomic_files.replaced_folder); `--force` replaces an installed pack of
the same id that way too. A pack that ships with tacforge or a plugin is never replaced: a user copy of the same id
would hide it."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from tacforge.engine.cached_dataclass import dataclass

from ..atomic_files import replaced_folder
from ..issues import long_name_problem
from ..packs.discovery import user_pack_dir
from ..packs.manifest import Manifest, satisfies
from ..validation.schema_files import write_pack_schemas
from .archive_checks import open_checked
from .installed import FoundPack, found_packs
from .tacpack import PackArchiveError


class AlreadyInstalled(PackArchiveError):
    """The pack's id is installed in the user pack folder: `--force` (the editor: a question) replaces it."""

    def __init__(self, message: str, folder: Path):
        super().__init__(message)
        self.folder = folder


@dataclass(frozen=True)
class InstallResult:
    pack_id: str
    version: str
    files: int
    folder: Path
    replaced: str | None  # the version replaced (--force), if any


def _requirement_problems(pack: Manifest, found: dict[str, list[FoundPack]]) -> list[str]:
    problems = []
    for dep, spec in pack.requires:
        first = found.get(dep, [None])[0]
        if first is None:
            problems.append(f"{dep} {spec or '(any version)'}, which is not installed")
        elif not satisfies(first.manifest.version, spec):
            problems.append(f"{dep} {spec}, but {dep} {first.manifest.version} is installed")
    return problems


def _target(pack_id: str, version: str, same_id: list[FoundPack], force: bool) -> tuple[Path, FoundPack | None]:
    """Where the pack goes, and the installed pack it replaces; PackArchiveError when it may not go there."""
    for other in same_id:
        if other.location.installed:
            raise PackArchiveError(
                f"pack {pack_id} is already installed with tacforge or a plugin ({other.where()}); a pack of the "
                "same id in the user pack folder would hide it, so it cannot be installed even with --force (its "
                "author must give it another id)"
            )
    elsewhere = [p for p in same_id if not p.in_user_folder]
    if elsewhere:
        raise PackArchiveError(
            f"pack {pack_id} is already found at {elsewhere[0].where()}, outside the user pack folder, and would "
            "hide an installed copy; take that folder out of --pack-path or TACFORGE_PACK_PATH first"
        )
    if same_id:
        installed = same_id[0]
        if not force:
            raise AlreadyInstalled(
                f"pack {pack_id} {installed.manifest.version} is already installed in {installed.location.folder}; "
                f"give --force to replace it with {version}, or `tacforge pack remove {pack_id}` first",
                installed.location.folder,
            )
        return installed.location.folder, installed
    target = user_pack_dir() / pack_id
    if target.exists():
        raise PackArchiveError(
            f"{target} already exists and holds no pack {pack_id}; move it away and install again (nothing was "
            "installed)"
        )
    return target, None


def install_archive(archive: Path, force: bool = False, pack_paths: Iterable[str | Path] = ()) -> InstallResult:
    """Install the pack in `archive` into the user's pack folder (PackArchiveError, and nothing written, if any
    check fails)."""
    with open_checked(Path(archive)) as checked:
        pack = checked.pack
        found = found_packs(pack_paths)
        problems = _requirement_problems(pack, found)
        if problems:
            raise PackArchiveError(
                f"pack {pack.id} {pack.version} requires "
                + "; and ".join(problems)
                + "; install what it requires first "
                "(nothing was installed)"
            )
        target, replaced = _target(pack.id, str(pack.version), found.get(pack.id, []), force)
        too_long = long_name_problem(target)
        if too_long is not None:
            raise PackArchiveError(f"cannot install into {too_long}")
        try:
            with replaced_folder(target, fresh=True) as staging:
                checked.extract_into(staging)
                write_pack_schemas(staging)  # tacforge's own, for the files' `$schema` lines (never archived)
        except OSError as exc:
            raise PackArchiveError(
                f"cannot install into {target}: {exc.strerror or exc}; nothing was installed"
            ) from None
        return InstallResult(
            pack.id,
            str(pack.version),
            len(checked.manifest.files),
            target,
            str(replaced.manifest.version) if replaced else None,
        )
