# The types of the compiled distance field and steps (_path_core.c), for mypy.
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
def walk(
    enter_cost: Buffer,
    field: Buffer,
    width: int,
    height: int,
    x: int,
    y: int,
    goal_x: int,
    goal_y: int,
    impassable: int,
    blocked: int,
    bound: int,
    max_steps: int,
    /,
) -> tuple[int | None, list[tuple[int, int]]]: ...
