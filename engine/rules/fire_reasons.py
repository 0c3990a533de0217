"""The words of a shot's accuracy modifiers (a Fired event's reasons, docs/rules.md 6.4-6.6), written once: fire.py
gives them to its Modifiers, fire_core.py to the compiled shot's bits, and tests/test_fire_core.py holds the two
equal."""

from __future__ import annotations

TARGET_IN_COVER_STOPPED = "target in cover, speed 0"  # armour in cover counts only at speed 0 (6.4)
MOVING_VEHICLE = "moving vehicle"
APF_BELOW_ARMOUR = "APF < armour"
MOVING_TARGET = "moving target"
TARGET_IN_COVER = "target in cover"
MOVING_FIRER = "moving firer"
SAME_SQUARE_SUPPRESSED = "same square, target suppressed"


def number_text(x) -> str:
    """A number as the reasons and notes write it: 10 for 10.0 or Fraction(10), else as it is (2.5, 5/2)."""
    return str(int(x)) if x == int(x) else str(x)


def silhouette(value, divisor) -> str:
    """The silhouette modifier, SL' over its divisor."""
    return f"silhouette {number_text(value)}/{divisor}"


def apf_below(ratio) -> str:
    """The first halving: APF under `ratio` times the armour."""
    return f"APF < {ratio} x armour"


def small_arms(nationality: str) -> str:
    """A ruleset's small-arms bonus of one nationality (KG's German SMG and RIFLE)."""
    return f"{nationality} small arms"
