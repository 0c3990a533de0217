"""Suppression (docs/rules.md 6.7, 12.4 A11-A13), searching under suppression (6.2), the sighting of firing
units (6.13) and the resolution of expected kills to whole ones (13 U15) as pure functions, plus the exact-or-float
arithmetic shared with engine.rules.fire.

Arithmetic is exact when an input is a Fraction and none is a float (results are Fractions; float parameters such
as 0.5 are read as exact decimals); otherwise results are floats.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from ..model.parameters import RulesParameters

Number = int | float | Fraction
Params = RulesParameters

FIRING_SIGHTING_FACTOR = 2  # chance = 2 x pulses fired at the same target / range (6.13; both games)


def exact(x) -> Fraction:
    """`x` as an exact Fraction; a float parameter such as 0.5 is read as the decimal it is written as."""
    if isinstance(x, Fraction):
        return x
    return Fraction(str(x)) if isinstance(x, float) else Fraction(x)


def arithmetic(values) -> Callable[[Number], Number]:
    """The arithmetic of a formula on `values`: `exact` when a Fraction and no float is among them (by exact type),
    else the builtin `float` (the fire phase's case, kept to one C call a number); calling it converts an input or
    parameter."""
    fraction = False
    for value in values:  # (a loop rather than a set of the types: this is asked some 50,000 times a battle)
        kind = type(value)
        if kind is float:
            return float
        fraction = fraction or kind is Fraction
    return exact if fraction else float


def suppression_added(ss, accuracy, n, params: Params) -> Number:
    """SS^2 * max(acc, 10)^2 * N / 200, with the final accuracy after every modifier (6.7, A13); uncapped."""
    a = arithmetic((ss, accuracy, n))
    acc = max(a(accuracy), a(params.suppression.suppression_min_accuracy))
    return a(ss) ** 2 * acc**2 * a(n) / a(params.suppression.suppression_divisor)


def fire_effectiveness(suppression, params: Params) -> Number:
    """The factor on a firer's kills and suppression: max(0, 1 - S/300); suppression 180 gives 2/5 (6.7, A11)."""
    a = arithmetic((suppression,))
    return max(a(0), 1 - a(suppression) / a(params.suppression.suppression_fire_divisor))


def suppression_cap(armoured: bool, params: Params) -> Number:
    """The most suppression a unit can carry: 200, or 50 for armoured vehicles (6.7)."""
    s = params.suppression
    return s.suppression_cap_armoured if armoured else s.suppression_cap_soft


def add_suppression(current, added, *, armoured: bool, params: Params) -> Number:
    """The target's suppression after an attack: cumulative within the pulse, capped (6.7)."""
    a = arithmetic((current, added))
    return min(a(suppression_cap(armoured, params)), a(current) + a(added))


def halve_suppression(suppression) -> Number:
    """End of every pulse: suppression is halved (6.1, 6.7)."""
    return suppression / 2 if isinstance(suppression, Fraction) else float(suppression) / 2


def search_failure_chance(suppression, params: Params) -> Number:
    """Chance that a unit fails to search: certain above 99, otherwise the suppression as a percentage (6.2)."""
    a = arithmetic((suppression,))
    if suppression > params.suppression.suppression_no_search_above:
        return a(1)
    return max(a(0), a(suppression) / 100)


def fails_to_search(suppression, u: float, params: Params) -> bool:
    """Whether the search fails, given a random number u in [0, 1). Units always search their own square."""
    return u < search_failure_chance(suppression, params)


def is_pinned(suppression, params: Params) -> bool:
    """Suppression above 50 pins a unit: it cannot move (6.7). Armour, capped at 50, is never pinned."""
    return suppression > params.suppression.suppression_pinned_above


def firing_sighting_chance(pulses, range_) -> Number:
    """Chance that a unit that fires is sighted: 2 x pulses fired at the same target / range, at most 1; certain at
    range 0 (6.13)."""
    a = arithmetic((pulses, range_))
    if range_ <= 0:
        return a(1)
    return min(a(1), a(FIRING_SIGHTING_FACTOR) * a(pulses) / a(range_))


def resolve_kills(expected, u: float, available: int) -> int:
    """Whole kills (13 U15): floor(K), plus one if u < frac(K), capped at the target's count; u in [0, 1)."""
    if not 0 <= u < 1:
        raise ValueError(f"random number {u} is not in [0, 1)")
    if expected < 0:
        raise ValueError(f"expected kills {expected} is negative")
    whole = math.floor(expected)
    return max(0, min(int(available), whole + (1 if u < expected - whole else 0)))
