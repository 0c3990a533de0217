"""Which files a pack holds: the patterns of pack.yaml's 'files' (or the defaults) expanded inside its folder.

A listed file that does not exist, and a pattern or symbolic link that leads out of the pack folder, are issues.
"""

from __future__ import annotations

import glob
from pathlib import Path

from ..issues import IssueList, error
from .manifest import Manifest


def _link_leaving(folder: Path, path: Path) -> Path | None:
    """The symbolic link (the file itself or a folder on its way) through which `path` leaves `folder`."""
    current = folder
    for part in path.relative_to(folder).parts:
        current = current / part
        if current.is_symlink() and not current.resolve().is_relative_to(folder.resolve()):
            return current
    return None


def expand_files(manifest: Manifest, kind: str, issues: IssueList, root: Path | None = None) -> list[Path]:
    """The files of one kind: each pattern of pack.yaml's 'files' (or the default) expanded inside the pack. `root` is
    the pack folder resolved, when the caller has it (resolving a path reads every folder on its way)."""
    folder, root = manifest.folder, root or manifest.folder.resolve()
    listed = kind in manifest.listed_kinds
    out = []
    for index, pattern in enumerate(manifest.files[kind]):
        where = {"file": manifest.file, "path": ("files", kind, index) if listed else ("files",)}
        if Path(pattern).is_absolute():
            matches = [Path(pattern)]
        else:
            matches = sorted(Path(p) for p in glob.glob(str(folder / pattern)))
        if not matches and listed:
            issues.add(
                error(
                    "file.missing",
                    f"'{pattern}' does not exist in the pack folder"
                    if not glob.has_magic(pattern)
                    else f"'{pattern}' matches no file in the pack folder, so this pack has no {kind} from it",
                    hint="create the file, correct its name, or remove it from 'files'",
                    **where,
                )
            )
        for path in matches:
            try:
                resolved = path.resolve()
            except (OSError, RuntimeError):  # a loop of symbolic links (RuntimeError up to Python 3.12)
                issues.add(
                    error(
                        "pack.path-loop",
                        f"{path.relative_to(folder) if path.is_relative_to(folder) else path} is a symbolic link "
                        "that leads back to itself, so it names no file",
                        hint="remove the link, or point it at the file it stands for",
                        **where,
                    )
                )
                continue
            if not resolved.is_relative_to(root):
                link = _link_leaving(folder, path) if path.is_relative_to(folder) else None
                if link is not None:
                    issues.add(
                        error(
                            "pack.path-escape",
                            f"{link.relative_to(folder)} is a symbolic link to "
                            f"{link.resolve()}, outside the pack folder",
                            file=link,
                            hint="keep every file of a pack inside its folder; copy the file in instead",
                        )
                    )
                else:
                    issues.add(
                        error(
                            "pack.path-escape",
                            f"'{pattern}' points outside the pack folder ({resolved})",
                            hint="keep every file of a pack inside its folder; copy the file in instead",
                            **where,
                        )
                    )
                continue
            if resolved.is_file():
                out.append(resolved)
            elif not glob.has_magic(pattern):
                issues.add(error("file.missing", f"'{pattern}' is not a file", hint="name a YAML file", **where))
    return out
