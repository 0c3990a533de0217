"""The map editor's Qt-free tools; the map they edit and the edits they return are grid/ (MapModel, CellEdit,
ResizeEdit), below the documents that keep them.

* `paint`, `lines`, `elevation`, `clipboard`, `generate` -- the operations the tools use, each returning an edit.
* `registry` -- `Tool` (id, name, shortcut, cursor, option defaults, press/move/release on cells), the registry
  of tool classes and the menu presets; `builtin` -- the editor's tools as registered classes.
* `controller.ToolController` -- one instance of each tool, the current one, and the state they share.
* `los.visible_from` -- the line-of-sight preview by the engine's own rules.
"""

from .controller import TOOLS, ToolController
from .registry import TOOL_CLASSES, Tool, menu_entries

__all__ = ["TOOLS", "TOOL_CLASSES", "Tool", "ToolController", "menu_entries"]
