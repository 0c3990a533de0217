"""`tacforge pack build|install|remove`: sharing a pack as a .tacpack archive (engine/sharing)."""

from __future__ import annotations

from pathlib import Path

from .common import CommandError, fail, writable_file


def register(sub) -> None:
    p = sub.add_parser(
        "pack",
        description="Share packs as .tacpack archives: build one from a pack, install one into the user pack "
        "folder after checking all of it, remove a user-installed pack.",
    )
    actions = p.add_subparsers(dest="pack_action", metavar="ACTION", required=True)
    build = actions.add_parser("build", help="write a pack as a .tacpack archive")
    build.add_argument("target", metavar="PACK-ID|PATH", help="a pack id, or the path of a pack folder")
    build.add_argument("-o", "--output", type=writable_file, required=True, metavar="FILE.tacpack")
    build.set_defaults(run=run_build)
    install = actions.add_parser("install", help="install a .tacpack archive into the user pack folder")
    install.add_argument("archive", type=Path, metavar="FILE.tacpack")
    install.add_argument("--force", action="store_true", help="replace an installed pack of the same id")
    install.set_defaults(run=run_install)
    remove = actions.add_parser("remove", help="remove a pack from the user pack folder")
    remove.add_argument("pack_id", metavar="PACK-ID")
    remove.set_defaults(run=run_remove)


def run_build(args) -> int:
    from ..sharing import build_archive, find_pack_folder

    try:
        built = build_archive(find_pack_folder(args.target, args.pack_path), args.output)
    except CommandError as exc:
        return fail(exc)
    print(f"built {built.output}: pack {built.pack_id} {built.version}, {built.files} files, {_size(built.bytes)}")
    return 0


def run_install(args) -> int:
    from ..sharing import install_archive

    try:
        done = install_archive(args.archive, args.force, args.pack_path)
    except CommandError as exc:
        return fail(exc)
    replaced = f" (replacing {done.replaced})" if done.replaced else ""
    print(f"installed pack {done.pack_id} {done.version}{replaced}, {done.files} files, in the user pack folder:")
    print(f"  {done.folder}")
    return 0


def run_remove(args) -> int:
    from ..sharing import remove_pack

    try:
        done = remove_pack(args.pack_id, args.pack_path)
    except CommandError as exc:
        return fail(exc)
    print(f"removed pack {done.pack_id} {done.version} from the user pack folder:")
    print(f"  {done.folder}")
    return 0


def _size(count: int) -> str:
    """Kilobytes past one: what a person compares when sending a file (and it stays put when a few bytes move)."""
    return f"{count:,} bytes" if count < 1024 else f"{round(count / 1024):,} KB"
