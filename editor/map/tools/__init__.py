"""The map editor's Qt-free core: the editable map model, undoable edits and the tools.

* `model.MapModel`   -- painted type and level layers, codes derived by the autotiler, change notifications.
* `edits`            -- `CellEdit` (mergeable per brush stroke) and `ResizeEdit`, applied by `MapModel.apply`.
* `paint`, `lines`, `elevation`, `clipboard`, `generate` -- the tools, each returning an edit.
* `controller.ToolController` -- the current tool as a press/move/release state machine for the map view.
* `los.visible_from` -- the line-of-sight preview by the engine's own rules.
"""

from .controller import TOOLS, ToolController
from .edits import CellEdit, ResizeEdit
from .model import MapModel

__all__ = ["CellEdit", "MapModel", "ResizeEdit", "TOOLS", "ToolController"]
