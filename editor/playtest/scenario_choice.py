"""Which scenario a playtest or a balance run plays. A scenario tab plays its own; from any other tab (weapons,
terrain, a map) the designer is asked, from the scenarios open in the editor and those of the known packs, with the
last one chosen offered first, so that F5 never plays a scenario nobody named."""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtWidgets import QInputDialog

from tacforge.engine.cached_dataclass import dataclass
from tacforge.engine.packs.discovery import pack_folder_of


@dataclass(frozen=True)
class ScenarioEntry:
    label: str  # "Bocage Crossroads (western/bocage_crossroads.yaml, open)"
    path: Path


def tab_scenario(tab) -> Path | None:
    """The scenario a tab shows as its own document, or None (a weapons, terrain or map tab: their other documents,
    e.g. the scenarios a replace-everywhere changed, are not what the tab is about)."""
    document = getattr(tab, "document", None)
    return document.path if document is not None and document.kind == "scenario" else None


def known_scenarios(workspace) -> list[ScenarioEntry]:
    """The scenarios open in the editor (their unsaved names), then every other scenario of the known packs, by
    pack and name. Qt-free."""
    entries: list[ScenarioEntry] = []
    seen: set[Path] = set()
    for document in workspace.documents:
        if document.kind == "scenario":
            path = Path(document.path).resolve()
            name = getattr(document.model, "name", "") or path.stem
            folder = pack_folder_of(path)
            pack = next((p for p in workspace.packset.all if p.location.folder == folder), None)
            where = f"{pack.id}/{path.name}" if pack is not None else path.name
            entries.append(ScenarioEntry(f"{name} ({where}, open)", path))
            seen.add(path)
    packs = sorted(workspace.packset.packs.values(), key=lambda p: p.id)
    for pack in packs:
        for scenario in sorted(pack.docs.scenarios, key=lambda s: (s.name, s.id)):
            file = scenario.source.file
            if file is None or Path(file).resolve() in seen:
                continue
            seen.add(Path(file).resolve())
            entries.append(ScenarioEntry(f"{scenario.name} ({pack.id}/{Path(file).name})", Path(file).resolve()))
    return entries


def ask_scenario(parent, workspace, title: str, last: Path | None) -> Path | None:
    """Ask which scenario to play (None: cancelled, or no scenario is known, which a message says)."""
    entries = known_scenarios(workspace)
    if not entries:
        return None
    labels = [e.label for e in entries]
    paths = [e.path for e in entries]
    current = paths.index(last.resolve()) if last is not None and last.resolve() in paths else 0
    label, ok = QInputDialog.getItem(
        parent, title, "The current tab is not a scenario. Play which scenario?", labels, current, False
    )
    return paths[labels.index(label)] if ok and label in labels else None
