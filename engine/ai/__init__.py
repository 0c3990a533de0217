"""Players: the computer opponent (doctrine from the manuals' strategy notes, docs/rules.md 15) and a passive player
for tests."""

from .players import ComputerPlayer, PassivePlayer, Player, play_out

__all__ = ["ComputerPlayer", "PassivePlayer", "Player", "play_out"]
