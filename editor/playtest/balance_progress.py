"""A balance run's settings and its progress line (games done, time left). Qt-free."""

from __future__ import annotations

from tacforge.engine.cached_dataclass import dataclass


@dataclass(frozen=True)
class BalanceOptions:
    """What the dialog asks: run_batch's runs, seed, handicap (None: the scenario's), jobs and turns (None: the
    scenario's length)."""

    runs: int = 100
    seed: int = 0
    handicap: int | None = None
    jobs: int = 1
    turns: int | None = None

    def batch_arguments(self) -> dict:
        return {"runs": self.runs, "seed": self.seed, "handicap": self.handicap, "jobs": self.jobs, "turns": self.turns}


class TimeLeft:
    """Estimates the time a run still needs from the pace of the games finished so far.

    The workers' start (each loads the packs) comes before the first game; the pace is therefore measured from the
    first progress report on, once a second one has come, and until then from the start."""

    def __init__(self, total: int, started: float):
        self.total, self.started = total, started
        self._first: tuple[int, float] | None = None  # (games done, time) at the first report

    def update(self, done: int, now: float) -> float | None:
        """Seconds left after `done` games at time `now` (the same clock as `started`); None before any game."""
        if done <= 0:
            return None
        if self._first is None:
            self._first = (done, now)
        first_done, first_at = self._first
        if done > first_done and now > first_at:
            per_game = (now - first_at) / (done - first_done)
        else:
            per_game = (now - self.started) / done
        return max(0.0, per_game * (self.total - done))


def duration_text(seconds: float) -> str:
    """'45 s', '3 min 05 s', '1 h 02 min'."""
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


def progress_text(done: int, total: int, left: float | None) -> str:
    """'37 of 100 games, about 1 min 05 s left'."""
    games = f"{done} of {total} games"
    if done >= total:
        return games
    return games + (", estimating the time left" if left is None else f", about {duration_text(left)} left")
