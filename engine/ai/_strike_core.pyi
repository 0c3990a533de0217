# The types of the compiled choice of a strike's firing position (_strike_core.c), for mypy.
from typing_extensions import Buffer

def best_strike(
    xs: Buffer,
    ys: Buffer,
    k: Buffer,
    gain: Buffer,
    busy: Buffer,
    threat: Buffer,
    moving: Buffer,
    n: int,
    known: int,
    width: int,
    height: int,
    ux: int,
    uy: int,
    speed: float,
    pulses_left: float,
    going: bool,
    gx: int,
    gy: int,
    /,
) -> int: ...
