"""Each side's own journal of a play-by-file game, in the user's data folder: the hash of every message of the game
as this side has seen it, and the package this side has committed to and not yet revealed (its secret until then).

The journal is what refuses a file sent again, an older file and a turn played a second time: a file must continue
the game exactly as the journal holds it, by exactly the opponent's next message.
"""

from __future__ import annotations

import json
import re
from dataclasses import field
from pathlib import Path

from platformdirs import user_data_dir

from tacforge.engine.cached_dataclass import dataclass

from ..atomic_files import atomic_write_text
from .protocol import GameFile, Package, PbemError


def journal_dir() -> Path:
    return Path(user_data_dir("tacforge", appauthor=False)) / "pbem"


def _journal_path(game: str, side: str) -> Path:
    if not re.fullmatch(r"[0-9a-f]{32}", game) or not re.fullmatch(r"[\w-]+", side):
        raise PbemError(f"game id {game!r} or side {side!r} cannot name a journal: the file was not made by tacforge")
    return journal_dir() / f"{game}-{side}.json"


@dataclass
class Journal:
    game: str
    side: str
    scenario: str
    heads: list[str] = field(default_factory=list)  # the digest of each message, in order
    secret: Package | None = None  # this side's committed, not yet revealed package
    over: bool = False

    @classmethod
    def open(cls, game: str, side: str) -> Journal | None:
        path = _journal_path(game, side)
        if not path.exists():
            return None
        try:
            body = json.loads(path.read_text(encoding="utf-8"))
            secret = Package.from_dict(body["secret"], str(path)) if body.get("secret") else None
            return cls(body["game"], body["side"], body["scenario"], list(body["heads"]), secret, bool(body["over"]))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise PbemError(
                f"{path}: your journal of this game cannot be read ({exc}); without it the game cannot go on safely"
            ) from None

    def save(self) -> Path:
        path = _journal_path(self.game, self.side)
        path.parent.mkdir(parents=True, exist_ok=True)
        body = {
            "game": self.game,
            "side": self.side,
            "scenario": self.scenario,
            "heads": self.heads,
            "secret": self.secret.to_dict() if self.secret else None,
            "over": self.over,
        }
        atomic_write_text(path, json.dumps(body, indent=1) + "\n")
        return path

    def check_continues(self, game: GameFile, where: str) -> None:
        """The file holds every message this journal holds, unchanged, and exactly one more: the opponent's."""
        have, got = len(self.heads), len(game.messages)
        if self.over:
            raise PbemError(f"{where}: this game is over; there is nothing more to play")
        for i, digest in enumerate(self.heads[:got]):
            if game.messages[i].digest != digest:
                raise PbemError(
                    f"{where}: message {i + 1} is not the one your journal holds: this file does not continue your "
                    "game (a turn was changed or played again); keep playing from the last file you received"
                )
        if got <= have:
            raise PbemError(
                f"{where}: an older file of this game (it ends at message {got}; your game is at message {have}): "
                "it was played already; play the newest file your opponent sent"
            )
        if got > have + 1:
            raise PbemError(
                f"{where}: this file is {got - have} messages ahead of your journal (at message {have}): you missed "
                "a file, or it was played with another journal; play the files in order"
            )
