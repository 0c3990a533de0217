"""Playtests from the editor: the battle window, replays and balance runs of the documents as they stand."""
