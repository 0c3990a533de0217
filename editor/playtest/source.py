"""What a playtest or a balance run plays: the scenario as the editor holds it now, unsaved edits included.

Nothing is written: the unsaved documents' texts are read in place of their files (engine.yamlio.unsaved), in this
process for a battle and in every worker process for a balance run (engine.balance.batch takes the same texts), so
the pack on disk and the editor's documents and undo history are untouched. Qt-free.
"""

from __future__ import annotations

from pathlib import Path

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.issues import Issue
from tacforge.engine.packs import load_packs
from tacforge.engine.packs.discovery import pack_folder_of
from tacforge.engine.source_locations import locate_issues
from tacforge.engine.yamlio import unsaved


@dataclass(frozen=True)
class PlaytestSource:
    """A scenario file, the extra pack folders the editor knows, and the unsaved texts of its open documents."""

    scenario_path: Path
    pack_paths: tuple[str, ...] = ()
    texts: tuple[tuple[str, str], ...] = ()  # (file, text) of every unsaved document, sorted by file

    @classmethod
    def from_workspace(cls, workspace, scenario_path: Path) -> PlaytestSource:
        texts = workspace.unsaved_texts()
        return cls(
            Path(scenario_path).resolve(),
            tuple(str(p) for p in workspace.extra),
            tuple(sorted((str(Path(f).resolve()), t) for f, t in texts.items())),
        )

    @property
    def unsaved(self) -> dict[Path, str]:
        return {Path(f): t for f, t in self.texts}

    def load(self):
        """(content, scenario) as the engine will play them. Raises engine.issues.CommandError (its message names
        the pack's errors) when the scenario cannot be played."""
        from tacforge.engine.packs.scenario_lookup import scenario_in

        with unsaved(self.unsaved):  # the content's parts read when first asked for are read from the texts too
            return scenario_in(self._packset(), str(self.scenario_path), list(self.pack_paths))

    def issues(self) -> list[Issue]:
        """The validation issues of the scenario's pack and of the packs it requires, with lines and columns, errors
        first: errors block a playtest, warnings do not."""
        return self._issues(self._packset())

    def prepare(self) -> tuple:
        """(content, scenario, issues, error) with the packs loaded once (what a playtest's start needs): content and
        scenario are None, and error says why, when the scenario cannot be played."""
        from tacforge.engine.issues import CommandError
        from tacforge.engine.packs.scenario_lookup import scenario_in

        with unsaved(self.unsaved):
            packset = self._packset()
            try:
                content, scenario = scenario_in(packset, str(self.scenario_path), list(self.pack_paths))
            except CommandError as exc:
                return None, None, self._issues(packset), str(exc)
            return content, scenario, self._issues(packset), ""

    def _packset(self):
        folder = pack_folder_of(self.scenario_path)
        with unsaved(self.unsaved):
            return load_packs([str(folder), *self.pack_paths] if folder else list(self.pack_paths))

    def _issues(self, packset) -> list[Issue]:
        folder = pack_folder_of(self.scenario_path)
        pack = next((p for p in packset.all if p.location.folder == folder), None)
        if pack is None:
            return list(packset.issues.items)
        required = set(packset.requirements(pack.id)) - {pack.id} if pack.id in packset.packs else set()
        found = list(pack.issues.items) + [i for i in packset.issues.items if i.pack == pack.id]
        found += [i for p in packset.all if p.id in required for i in p.issues.items if i.is_error]
        located = locate_issues(found, {**packset.texts(), **self.unsaved})
        return sorted(located, key=lambda i: not i.is_error)

    def batch_arguments(self) -> dict:
        """Keyword arguments for engine.balance.batch.run_batch besides runs, seed and the like."""
        return {"scenario_ref": str(self.scenario_path), "pack_paths": self.pack_paths, "unsaved": self.unsaved}
