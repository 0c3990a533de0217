"""Opening battles that were played before: a replay log (a playtest's or `tacforge play --log`) plays again in a
battle window, a saved game (`tacforge play --save`) continues in one, and `watch_game` shows a computer-against-
computer game of a seed (the balance dialog's notable games)."""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtWidgets import QMessageBox

from tacforge.engine.issues import CommandError
from tacforge.engine.packs.scenario_lookup import find_scenario
from tacforge.engine.sim.record import COMPUTER, RecordError, file_format, read_replay, saved_scenario
from tacforge.engine.sim.savegame import FORMAT as SAVE_FORMAT
from tacforge.engine.sim.savegame import SaveError, load
from tacforge.engine.yamlio import unsaved as read_unsaved

from .battle_window import BattleWindow
from .controller import BattleController, PlaytestChoice


def watch_game(
    parent,
    scenario_ref: str,
    pack_paths: list[str],
    seed: int,
    handicap: int | None,
    *,
    unsaved: dict | None = None,
    turns: int | None = None,
) -> BattleWindow:
    """A battle window playing the computer-against-computer game of `seed`, every unit shown. `unsaved` and
    `turns` as the batch run had them (PlaytestSource.batch_arguments), so the game is the one the run played."""
    with read_unsaved(unsaved or {}):
        content, scenario = find_scenario(scenario_ref, list(pack_paths))
    choice = PlaytestChoice(
        {side.id: COMPUTER for side in content.ruleset.sides}, seed, handicap, fog=False, turns=turns
    )
    controller = BattleController.start(content, scenario, choice)
    window = BattleWindow(controller, f"{scenario.name}, seed {seed}", parent)
    window.show()
    return window


def open_battle_file(parent, path: Path, pack_paths: list[str], choose_players) -> BattleWindow | None:
    """A replay log or a saved game in a battle window; a message box says why a file cannot be opened.
    `choose_players(sides) -> PlaytestChoice | None` asks who plays a saved game on."""
    try:
        controller, title = _controller_for(Path(path), list(pack_paths), choose_players)
    except (RecordError, SaveError, CommandError) as exc:
        QMessageBox.warning(parent, "Cannot open the battle", str(exc))
        return None
    if controller is None:
        return None
    window = BattleWindow(controller, title, parent)
    window.show()
    return window


def _controller_for(path: Path, pack_paths: list[str], choose_players):
    if file_format(path) == SAVE_FORMAT:
        content, _ = find_scenario(saved_scenario(path), pack_paths)
        battle, _events = load(path, content)
        names = {side.id: side.name for side in battle.ruleset.sides} if battle.ruleset else {}
        choice = choose_players([(s, names.get(s, s)) for s in battle.state.sides])
        if choice is None:
            return None, ""
        return BattleController.continuing(battle, choice, str(path)), f"{battle.scenario.name} (saved game)"
    record, _logged = read_replay(path)
    content, scenario = find_scenario(record.scenario, pack_paths)
    return BattleController.replaying(record, content, scenario), f"{scenario.name}, replay of seed {record.seed}"
