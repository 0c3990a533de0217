"""Playtests from the editor: the scenario as the editor holds it (source), the battle controller (Qt-free), the
battle window, replays and the Playtest actions of the main window."""


def watch_game(parent, scenario_ref: str, pack_paths: list[str], seed: int, handicap: int | None, **options):
    """Open a battle window replaying the computer-against-computer game of `seed` (the balance dialog's notable
    games); returns the window. Options: `unsaved` texts and `turns`, as the batch run had them."""
    from .replays import watch_game as open_watch

    return open_watch(parent, scenario_ref, pack_paths, seed, handicap, **options)
