# The types of the compiled distance field (_path_core.c), for mypy.
from typing_extensions import Buffer

def distance_field(
    enter_cost: Buffer,
    width: int,
    height: int,
    goal: int,
    impassable: int,
    bounded: bool,
    limit: float,
    out: Buffer,
    /,
) -> None: ...
