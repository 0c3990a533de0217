# The types of the compiled kills-map loop (_kills_core.c), for mypy.
from typing_extensions import Buffer

def free_kills(
    squares: Buffer,
    dists: Buffer,
    at: Buffer,
    counts: Buffer | float,
    cover: Buffer,
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
def box_pairs(
    mask: Buffer,
    dd: Buffer,
    box_width: int,
    box_x0: int,
    box_y0: int,
    cover: Buffer,
    map_width: int,
    ix0: int,
    iy0: int,
    ix1: int,
    iy1: int,
    x0: int,
    y0: int,
    region_width: int,
    reach: int,
    /,
) -> tuple[bytes, bytes, bytes]: ...
