"""The editable map grid, Qt-free, at the bottom of the editor: `model.MapModel` (painted type and level layers,
codes derived by the autotiler, change notifications) and `edits` (`CellEdit`, mergeable per brush stroke, and
`ResizeEdit`, applied by `MapModel.apply`). A map document keeps one (document/documents.py MapDocument); the map
room's tools (map/tools) return edits of it."""
