# The types of the compiled picks of the attacking computer player (_attack_core.c), for mypy.
from typing_extensions import Buffer

def anchor_pick(
    ax: Buffer,
    ay: Buffer,
    bx: int,
    by: int,
    speed: float,
    late: float,
    dangers: tuple[Buffer, ...],
    taken: tuple[tuple[int, int], ...],
    /,
) -> int: ...
def spot_pick(
    arrays: tuple[Buffer, Buffer, Buffer],
    origin: tuple[int, int],
    window: tuple[int, int, int, int],
    around: tuple[int, int],
    here: tuple[int, int],
    /,
) -> tuple[int, int]: ...
