"""The shell: the application, the main window and its docks, the workspace of open packs and documents, recovery
after a crash, files changed on disk, new packs, maps and scenarios, and the live issue list."""
