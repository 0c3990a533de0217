"""Semantic checks of rules parameters that the schema cannot state: limits that must keep their order."""

from __future__ import annotations

from collections.abc import Iterable

from ..issues import Issue, error
from ..model.parameters import RulesParameters, parameter_info
from ..model.source import Source

# (lower, upper): parameters whose values must not cross, or the engine has no value to pick between them.
ORDERED_PAIRS = (("visibility_min", "visibility_max"),)


def check_parameter_order(params: RulesParameters, set_here: Iterable[str], src: Source) -> list[Issue]:
    """Issues for every ordered pair that the merged parameters break, reported where one of the two is set
    (`src` is the `parameters` mapping of that file); pairs this file does not touch are its requirements' business."""
    keys, out = set(set_here), []
    for low, high in ORDERED_PAIRS:
        touched = [k for k in (low, high) if k in keys]
        if touched and params.value(low) > params.value(high):
            out.append(
                error(
                    "params.order",
                    f"{low} {params.value(low)} is above {high} {params.value(high)}",
                    file=src.file,
                    path=src.path + (touched[0],),
                    pack=src.pack,
                    hint=f"{low} is the {parameter_info(low).meaning}; make it at most {high}",
                )
            )
    return out
