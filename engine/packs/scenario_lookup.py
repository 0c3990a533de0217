"""Finding a scenario by 'pack:id', bare id or file, for the command line and for batches of games; and the error
a user can fix (a wrong reference, a pack with errors), which the CLI prints without a traceback."""

from __future__ import annotations

from pathlib import Path

from ..issues import CommandError, did_you_mean, render_text
from .discovery import MANIFEST, pack_folder_of
from .loaded_pack import Skip
from .loader import load_packs


def playable_content(packset, pack_id: str, what: str = "play"):
    """The merged content of a pack that battles can be played or built with: the one gate of `play`, `batch`,
    `calc` and `new` (issue 24). It refuses what the validator reports (the pack's errors, and those of the packs it
    requires, first) and a pack without a ruleset, with the same words; so a pack that validates clean passes."""
    pack = packset.packs.get(pack_id)
    if pack is None:
        hint = did_you_mean(pack_id, list(packset.packs))
        raise CommandError(
            f"no pack '{pack_id}' (packs: {', '.join(sorted(packset.packs)) or 'none'})" + (f"; {hint}" if hint else "")
        )
    if not pack.usable:
        raise CommandError(_errors_of([pack], packset), code=1)
    content = packset.content(pack_id)
    if content.ruleset is None:
        raise CommandError(
            f"pack '{pack_id}' has no ruleset, so it cannot {what} a battle; use a front pack such as western, "
            "or name the front's ruleset in the pack's pack.yaml ('ruleset: western:battlegroup')"
        )  # a pack with scenarios and no ruleset has an error (pack.no-ruleset): this is a library pack, named wrongly
    return content


def find_pack_content(pack_id: str, pack_paths: list, what: str = "play"):
    """The merged content of an installed pack, by id, that battles can be played with (playable_content)."""
    return playable_content(load_packs(pack_paths), pack_id, what)


def find_scenario(ref: str, pack_paths: list):
    """(content, scenario) for 'pack:id', a bare id, or the path of a scenario file inside a pack."""
    return scenario_in(load_packs(scenario_pack_paths(ref, pack_paths)), ref, pack_paths)


def scenario_pack_paths(ref: str, pack_paths: list) -> list:
    """The pack paths to load for `ref`: a scenario file's own pack first."""
    path = Path(ref)
    extra = list(pack_paths)
    if path.suffix in (".yaml", ".yml") and path.exists():
        folder = pack_folder_of(path)
        if folder is None:
            raise CommandError(f"{ref} is not inside a pack (no {MANIFEST} above it)")
        extra.insert(0, folder)
    return extra


def scenario_in(packset, ref: str, pack_paths: list):
    """find_scenario in packs already loaded (from scenario_pack_paths(ref, pack_paths))."""
    path = Path(ref)
    extra = scenario_pack_paths(ref, pack_paths)
    candidates = []
    for pack in packset.packs.values():
        for scenario in pack.docs.scenarios:
            if path.exists() and scenario.source.file == path.resolve():
                candidates = [(pack, scenario)]
                break
            if scenario.id == ref or scenario.id.split(":", 1)[1] == ref:
                candidates.append((pack, scenario))
    if not candidates:
        suspects = _broken_packs_that_may_hold(ref, extra[:1] if path.exists() else [], packset)
        if suspects:
            raise CommandError(f"no scenario '{ref}' can be read: {_errors_of(suspects, packset)}", code=1)
        known = sorted(s.id for p in packset.packs.values() for s in p.docs.scenarios)
        raise CommandError(f"no scenario '{ref}' (known: {', '.join(known) or 'none'})")
    if len(candidates) > 1:
        raise CommandError(_ambiguous(ref, candidates))
    pack, scenario = candidates[0]
    return playable_content(packset, pack.id), scenario


def _ambiguous(ref: str, candidates: list) -> str:
    """Two or more scenarios answer to `ref`. Across packs, 'pack:id' picks one; twice in one pack, only the files
    can tell them apart, so name them."""
    ids = [s.id for _, s in candidates]
    doubled = sorted({i for i in ids if ids.count(i) > 1})
    if not doubled:
        return f"'{ref}' is ambiguous: {', '.join(ids)}; use pack:id"
    sid = doubled[0]
    files = [str(s.source.file) for _, s in candidates if s.id == sid]
    return (
        f"the scenario id '{sid}' is given to {len(files)} scenarios of pack '{sid.split(':', 1)[0]}', in "
        f"{' and '.join(files)}; give each its own id (the 'id:' of one of those files), or play one by its file path"
    )


def _broken_packs_that_may_hold(ref: str, folders: list, packset) -> list:
    """Packs with errors in which a scenario that was not found may be: the pack named by 'pack:id' or holding the
    file, else every pack with errors (its scenario file may be the one that cannot be read)."""
    broken = [p for p in packset.all if not p.usable and p.skipped is not Skip.SHADOWED]
    if folders:
        return [p for p in broken if p.location.folder == Path(folders[0]).resolve()]
    if ":" in ref:
        return [p for p in broken if p.id == ref.split(":", 1)[0]]
    return broken


def _errors_of(packs: list, packset) -> str:
    """The errors `tacforge validate` gives for the packs: those of their broken requirements first."""
    ids = {p.id for p in packs}
    ids |= {dep for p in packs if p.id in packset.packs for dep in packset.requirements(p.id)}
    issues = [i for i in packset.all_issues() if i.pack in ids and i.is_error]
    names = ", ".join(f"'{p.id}'" for p in packs)
    return f"pack {names} has errors; fix them first:\n{render_text(issues)}"
