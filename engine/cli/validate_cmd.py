"""`tacforge validate`: YAML syntax, schema and semantic checks of packs, with file:line:column for each issue."""

from __future__ import annotations

from pathlib import Path

from ..issues import has_errors, render_json, render_text
from .common import CommandError, fail


def register(sub) -> None:
    p = sub.add_parser(
        "validate",
        description="Check packs (by id or folder; a file checks its pack and reports that file). "
        "Exit 0 when clean, 1 on errors, 2 on bad usage.",
    )
    p.add_argument("targets", nargs="*", metavar="PACK-ID|PATH", help="default: every pack found")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--strict", action="store_true", help="treat warnings as errors")
    p.set_defaults(run=run)


def _pack_folder(path: Path) -> Path | None:
    from ..packs.discovery import MANIFEST

    for folder in [path, *path.parents] if path.is_dir() else list(path.parents):
        if (folder / MANIFEST).is_file():
            return folder
    return None


def _requirement_errors(packset, pack, selected: list) -> list:
    """The errors of the packs `pack` requires (and that are not reported themselves), first: they are the cause of
    what the pack cannot check (pack.requires-broken), and a designer fixes them first."""
    if pack.manifest is None or pack.id not in packset.packs:
        return []
    out = []
    for dep in packset.requirements(pack.id)[:-1]:
        required = packset.packs[dep]
        if required not in selected:
            out += [i for i in required.issues.items if i.is_error]
    return out


def _folder_without_manifest(name: str, pack_paths: list) -> Path | None:
    """The folder `name` in the places packs are looked for (--pack-path, TACFORGE_PACK_PATH), when it has no
    pack.yaml: what a user who names it meant, and why no pack of that id was found."""
    import os

    from ..packs.discovery import ENV_VAR, MANIFEST

    roots = [Path(p) for p in [*pack_paths, *os.environ.get(ENV_VAR, "").split(os.pathsep)] if str(p)]
    for root in roots:
        for folder in (root, root / name):
            try:
                if folder.name == name and folder.is_dir() and not (folder / MANIFEST).is_file():
                    return folder
            except OSError:
                continue
    return None


def run(args) -> int:
    from ..packs import load_packs
    from ..packs.discovery import MANIFEST
    from ..source_locations import locate_issues

    extra, ids, files = list(args.pack_path), [], []
    for target in args.targets:
        path = Path(target)
        if path.exists():
            folder = _pack_folder(path.resolve())
            if folder is None:
                return fail(
                    CommandError(
                        f"validate: {target} is not inside a pack (no {MANIFEST} in it or above "
                        "it); give a pack folder, a file of a pack, or a pack id"
                    )
                )
            extra.insert(0, folder)
            ids.append(folder)
            if path.is_file():
                files.append(path.resolve())
        else:
            ids.append(target)
    # The packs asked about are checked in full; the packs they require (but whose issues are not reported) may come
    # from the schema cache, which only holds files that were clean, so they load as they would without it. Other
    # packs are not read at all (only their manifests, to name them), so a conflict with a pack that neither
    # requires the other shows when every pack is validated.
    named_ids = {t for t in ids if isinstance(t, str)}
    named_folders = {t for t in ids if isinstance(t, Path)}
    asked = lambda pack: pack.id in named_ids or pack.location.folder in named_folders  # noqa: E731
    packset = load_packs(extra, use_cache=bool(ids), check_fully=asked, only=asked if ids else None)
    by_folder = {p.location.folder: p for p in packset.all}
    selected = []
    for target in ids:
        if isinstance(target, Path):
            selected.append(by_folder[target.resolve()])
        else:
            matches = [p for p in packset.all if p.id == target]
            if not matches:
                known = ", ".join(sorted(p.id for p in packset.all)) or "none"
                folder = _folder_without_manifest(target, extra)
                if folder is not None:
                    return fail(
                        CommandError(
                            f"validate: {folder} has no {MANIFEST}, so it is not a pack; write its {MANIFEST} "
                            f"(docs/pack-format.md), or name a pack (packs found: {known})"
                        )
                    )
                return fail(CommandError(f"validate: no pack '{target}' (packs found: {known})"))
            selected += matches
    if not selected:
        selected = list(packset.all)
    issues = list(packset.issues.items) if not args.targets else []
    for pack in selected:
        causes = [i for i in _requirement_errors(packset, pack, selected) if not any(i is j for j in issues)]
        issues += causes + pack.issues.items
    issues = locate_issues(issues, packset.texts())
    if files:
        issues = [i for i in issues if i.file is not None and Path(i.file).resolve() in files]
    names = [p.id for p in selected]
    if args.format == "json":
        print(render_json(issues, packs=names))
    else:
        if issues:
            print(render_text(issues))
        else:
            print(f"{', '.join(names)}: no issues")
    failed = has_errors(issues) or (args.strict and bool(issues))
    return 1 if failed else 0
