"""Balance runs: many computer-against-computer games of a scenario and the statistics of how it tends to end."""

from .batch import (BatchError, BatchReport, GameSummary, SideSummary, UnitContribution, game_seed, play_game,
                    report_from_games, run_batch)

__all__ = ["BatchError", "BatchReport", "GameSummary", "SideSummary", "UnitContribution", "game_seed", "play_game",
           "report_from_games", "run_batch"]
