# The types of the compiled kills-map loop (_kills_core.c), for mypy.
from typing_extensions import Buffer

def free_kills(
    parts: list[tuple[Buffer, Buffer, Buffer, int, int, float]],
    tables: Buffer,
    sight_open: float,
    sight_cover: float,
    out: Buffer,
    width: int,
    x0: int,
    y0: int,
    region_width: int,
    region_height: int,
    /,
) -> list[int]: ...
