# The types of the compiled viewshed loop (_los_core.c), for mypy.
from typing_extensions import Buffer

def viewshed_core(
    codes: Buffer,
    layers: Buffer,
    start: int,
    index: Buffer,
    limits: Buffer,
    place: Buffer,
    reach: Buffer,
    count_between: bool,
    out: Buffer,
    out_origin: int,
    weights: int,
    sum: int,
    fails: int,
    pass_limit: int,
    /,
) -> None: ...
def pair_los(
    level: Buffer,
    obstacle: Buffer,
    los_kind: Buffer,
    weights: Buffer,
    width: int,
    height: int,
    ax: int,
    ay: int,
    bx: int,
    by: int,
    e: int,
    count_blocks: int,
    count_between: bool,
    /,
) -> bool: ...
