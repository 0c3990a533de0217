"""Balance runs: many computer-against-computer games of a scenario and the statistics of how it tends to end."""

from .batch import run_batch
from .batch_setup import BatchError, game_seed
from .dask_batch import DaskCluster
from .games import GameSummary, SideSummary, UnitContribution, play_game
from .summary import BatchReport, report_from_games

__all__ = [
    "BatchError",
    "BatchReport",
    "DaskCluster",
    "GameSummary",
    "SideSummary",
    "UnitContribution",
    "game_seed",
    "play_game",
    "report_from_games",
    "run_batch",
]
