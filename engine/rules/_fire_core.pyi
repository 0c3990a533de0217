# The types of the compiled direct and indirect fire (_fire_core.c), for mypy.

def shot(
    constants: tuple[float, ...],
    firer: tuple[float, ...],
    target: tuple[float, ...],
    count: float,
    firer_moving: bool,
    firer_suppression: float,
    in_cover: bool,
    target_speed: float,
    target_moving: bool,
    target_suppression: float,
    range: float,
    pulses: float,
    front_arc: float,
    indirect: bool,
    /,
) -> tuple[float, float, float, float, float, float, int, float] | None: ...
