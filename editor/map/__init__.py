"""The map room: the map view (drawn from image buffers), its minimap, terrain palette and square info, the editor
tab that shows a scenario on its map, and in tools/ the Qt-free map model and tools."""
