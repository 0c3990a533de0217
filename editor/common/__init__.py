"""What the rooms (map, data, scenario) share, above the documents and below the rooms, so that no room imports
another: the room tab base class and the rooms' registration with the shell (rooms.py), the look of terrain codes
(terrain_look.py, Qt-free) and their tiles and icons (tiles.py), the marks of a scenario's units (unit_marks.py,
Qt-free), the bounds the JSON schemas set on a value (schema_bounds.py, Qt-free), a NumPy array shown as a QImage
(pixels.py) and the issues list (issues_list.py). Something one room offers another goes through the documents or a
protocol here (MapLayer)."""
