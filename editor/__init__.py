"""tacforge editor: the PyQt6 application (built on the engine; the engine never imports it)."""
