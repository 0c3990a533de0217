"""The map editor's Qt-free core: the editable map model, undoable edits and the tools.

* `model.MapModel`   -- painted type and level layers, codes derived by the autotiler, change notifications.
* `edits`            -- `CellEdit` (mergeable per brush stroke) and `ResizeEdit`, applied by `MapModel.apply`.
* `paint`, `lines`, `elevation`, `clipboard`, `generate` -- the operations the tools use, each returning an edit.
* `registry` -- `Tool` (id, name, shortcut, cursor, option defaults, press/move/release on cells), the registry
  of tool classes and the menu presets; `builtin` -- the editor's tools as registered classes.
* `controller.ToolController` -- one instance of each tool, the current one, and the state they share.
* `los.visible_from` -- the line-of-sight preview by the engine's own rules.
"""

from .controller import TOOLS, ToolController
from .registry import TOOL_CLASSES, Tool, menu_entries
from .edits import CellEdit, ResizeEdit
from .model import MapModel

__all__ = ["CellEdit", "MapModel", "ResizeEdit", "TOOLS", "TOOL_CLASSES", "Tool", "ToolController", "menu_entries"]
