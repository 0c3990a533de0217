"""The document model the editor's rooms stand on. The API for a room:

Getting a document
    `workspace.open_pack_file(pack_id, kind)` opens (once; later calls return the same object) the pack's file of
    `kind`: "weapons", "terrain", "periods", "rules", "formations", or "pack" for pack.yaml. It returns None if
    the pack has no such file; `workspace.pack_file(pack_id, kind)` gives the path alone. `workspace.open(path)`
    opens any file; its `kind` comes from the pack manifest's `files:` patterns (engine/packs/manifest.py
    FILE_KINDS), never from the folder name, and a file no pack lists is kind "file" with `model` None. The
    shell hands a room tab its document (see "Registering with the shell"). Opening reads the file on the fast
    path; its round-trip data (`value`, edits) is read on first use, which `document.read_ahead()` starts in the
    background (the shell calls it once a tab is drawn).

Reading: `document.model`, a frozen typed model built from the engine's types by the engine's decoders
    weapons     WeaponTable(weapons: tuple[Weapon | None, ...])          engine/model/weapons.py
    terrain     TerrainTables(mobility_classes, terrain_types, terrain_codes: tuples of MobilityClass /
                TerrainType / TerrainCode | None)
    periods     PeriodTable(periods: tuple[Period | None, ...]), .period(number)
    formations  FormationTable(formations: tuple[FormationTemplate | None, ...])
    rules       RulesModel(parameters: RulesParameters (this file's values over `inherited`), inherited (the
                packs it requires, else the defaults), own (the values this file sets, by YAML key),
                unit_classes, victory_bands, ruleset)
    scenario    ScenarioModel(scenario: Scenario | None, parameters: the pack's values with the scenario's
                overrides), .game_length(assault), .sight_range()
    pack        ManifestModel(manifest: Manifest | None)
    map         MapDocument.model is the editable grid (grid/model.py MapModel)
    Row i of a table model is entry i of the file's list, so a table view's row number is the path index. An
    entry is None while the schema rejects one of its values (the issues dock says why). Every edit replaces `model`
    with a new value (only the edited row is decoded again): read `document.model` when an event arrives, never keep
    an old one. `document.content` is the pack's loaded Content (other packs' weapons, periods, ...) as of the
    last load; `workspace.packset.content(pack_id)` that of a pack this one requires (to mark the values that
    differ from it); a rules model carries `inherited` itself. `document.value(*path)` is the raw round-trip value,
    for commands and raw-text views only.

Editing (every edit is one undoable command on `document.undo`, the tab's history)
    document.set_value(("weapons", 12, "fa"), 4, "Change front armour")
        One generic SetValue for any value addressed by its path into the file. Consecutive edits of one
        field merge into one undo step (typing "16" is one step) unless undone steps came between; MISSING
        (commands.py) as the value removes the key. Quoting of the replaced string is kept; comments, key order
        and unknown keys survive saving.
    document.insert_rows(("weapons",), 41, [document.row_copy(("weapons",), 40, id="m4_plus", fa=9)], "Clone")
        Rows are mappings; `row_copy` deep-copies an existing row (its quoting and flow style kept) with changes.
    document.remove_rows(("weapons",), 40, 2, "Delete weapons")
        Undo of a removal puts back the very nodes removed, comments included.
    with bulk_edit(document, "Set FA of 5 weapons"):    # from tacforge.editor.document import bulk_edit
        for row in rows: document.set_value(("weapons", row, "fa"), 6, "Set FA")
        Everything pushed inside the block is ONE undo step (QUndoStack macro).

Listening: one signal, `document.changed`, carrying one typed event (events.py) per change:
    ValueChanged(path)                  a value was set; `event.touches("weapons", 12)` tells if it concerns a row
    RowsInserted(table, first, count)   rows were inserted into the list at path `table`, e.g. ("weapons",)
    RowsRemoved(table, first, count)    rows were removed
    CellsChanged(rect)                  map squares changed (maps only)
    Reloaded()                          the whole document was replaced (reload from disk, recovery): redraw all
    Saved(path)                         the file was written
    The model is re-derived before the event is emitted; undo and redo emit the same events. A bulk edit emits
    one event per edit inside it. `document.dirtyChanged(bool)` tells modified/unmodified.

Registering with the shell (common/rooms.py)
    A room package has `room.py` with `register(rooms)`, and its module ("tacforge.editor.data.room") is added to
    shell/room_modules.py ROOM_MODULES:
        def register(rooms):
            from .weapons_tab import WeaponsTab           # import widgets lazily
            rooms.add_tab("weapons", WeaponsTab)           # WeaponsTab(document, workspace, parent)
            rooms.add_dock("weapon_plots", "Plots", PlotDock, "right")   # PlotDock(); left / right / bottom
            rooms.add_map_layer("scenario", ScenarioMapLink)   # drawn and edited on the map room's tab
    A room never imports another room: what two rooms share lives in common/, and what one shows in another's
    tab is a MapLayer (common/rooms.py). A tab subclasses common.rooms.DocumentTab: call
    `super().__init__(document, workspace, parent)`, build the widgets, then `self.watch_documents()` (joins the
    tab's history, which the Edit menu's Undo/Redo and the History dock follow); override
    `document_changed(document, event)` to redraw (call super() to keep the shell's revalidation and title), and
    `jump_to(issue)` to select the row an issue names. A dock widget with a `show_document(document)` method is
    given the current tab's document (or None) whenever the tab changes.
"""

from .commands import MISSING, ApplyCells, DocumentEdit, InsertRows, RemoveRows, ReplaceData, SetValue, bulk_edit
from .documents import Document, MapDocument, SaveFailed, open_document
from .events import CellsChanged, DocumentEvent, Reloaded, RowsInserted, RowsRemoved, Saved, ValueChanged
from .models import (
    DecodeContext,
    FormationTable,
    ManifestModel,
    PeriodTable,
    RulesModel,
    ScenarioModel,
    TerrainTables,
    WeaponTable,
)

__all__ = [
    "MISSING",
    "ApplyCells",
    "CellsChanged",
    "DecodeContext",
    "Document",
    "DocumentEdit",
    "DocumentEvent",
    "FormationTable",
    "InsertRows",
    "ManifestModel",
    "MapDocument",
    "PeriodTable",
    "Reloaded",
    "RemoveRows",
    "ReplaceData",
    "RowsInserted",
    "RowsRemoved",
    "RulesModel",
    "Saved",
    "SaveFailed",
    "ScenarioModel",
    "SetValue",
    "TerrainTables",
    "ValueChanged",
    "WeaponTable",
    "bulk_edit",
    "open_document",
]
