# The types of the attacking computer player's compiled loops (_attack_core.c), for mypy.
from collections.abc import Sequence

from typing_extensions import Buffer

def anchor_pick(
    ax: Buffer,
    ay: Buffer,
    bx: int,
    by: int,
    speed: float,
    late: float,
    judged: tuple[tuple[Buffer, Buffer, Buffer], ...],
    taken: tuple[tuple[int, int], ...],
    /,
) -> int: ...
def spot_pick(
    arrays: tuple[Buffer, Buffer, Buffer, int, Buffer, Buffer],
    window: tuple[int, int, int, int],
    around: tuple[int, int],
    here: tuple[int, int],
    /,
) -> tuple[int, int]: ...
def suspect_distance(
    cover: Buffer,
    cx: int,
    cy: int,
    kx: Buffer,
    ky: Buffer,
    ours: Sequence[tuple[int, int] | None],
    out: Buffer,
    /,
) -> None: ...
