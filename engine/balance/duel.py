"""A shooting range: two weapons facing each other at one range, duelled many times with the rules' own fire
resolution, to see who kills whom and how fast (the editor's shooting range draws the distribution).

Each pulse both sides fire at once with the units they still have: expected kills from `content_direct_fire` (what
`tacforge calc` computes; front armour, since the two face each other; the pulse count P growing as they keep
firing at the same target, 6.4), whole kills drawn as the battle draws them (`resolve_kills`, 13 U15). Left out on
purpose, so that the numbers say what the two weapons' ratings do: terrain, sighting, suppression, movement and
morale. A duel ends when a side has no units left, or after `turns` turns (a draw). Seeded: the same seed gives
the same outcomes.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import field

from tacforge.engine.cached_dataclass import dataclass

from ..model import Weapon
from ..rules import fire as rf
from ..rules.suppression import resolve_kills

A_WINS, B_WINS, BOTH_DIE, DRAW = "a", "b", "both", "draw"
OUTCOMES = (A_WINS, B_WINS, BOTH_DIE, DRAW)


@dataclass(frozen=True)
class DuelSetup:
    """Weapon `a` (`count_a` of them) against weapon `b` at `range_` squares, for at most `turns` turns."""

    a: Weapon
    b: Weapon
    range_: int
    count_a: int = 1
    count_b: int = 1
    turns: int = 10


@dataclass(frozen=True)
class DuelResult:
    """How one duel ended: the outcome (a, b, both or draw), the pulse it ended in (counted over the turns, 1 for
    the first pulse of the first turn), the units left on each side and each side's shots (pulses it fired)."""

    outcome: str
    pulse: int
    left_a: int
    left_b: int
    shots_a: int
    shots_b: int


@dataclass(frozen=True)
class DuelSummary:
    """The outcomes of many duels: how many of each, and for each outcome how many ended in each pulse."""

    setup: DuelSetup
    seed: int
    results: tuple[DuelResult, ...]
    counts: dict[str, int] = field(default_factory=dict)
    pulses_per_turn: int = 1

    def share(self, outcome: str) -> float:
        return self.counts.get(outcome, 0) / len(self.results) if self.results else 0.0

    def pulse_histogram(self, outcome: str) -> dict[int, int]:
        """Pulse -> duels of this outcome that ended in it."""
        return dict(sorted(Counter(r.pulse for r in self.results if r.outcome == outcome).items()))

    def mean_pulse(self, outcome: str) -> float | None:
        found = [r.pulse for r in self.results if r.outcome == outcome]
        return sum(found) / len(found) if found else None


def _attack(content, firer: Weapon, count: int, target: Weapon, range_: int, pulses: int) -> float | None:
    """Expected kills of one pulse's fire, or None when the rules do not let it fire (out of range, a target it
    cannot hurt)."""
    if range_ > firer.mr:
        return None
    f = rf.Firer.from_weapon(firer, content.unit_classes[firer.unit_class], float(count))
    t = rf.Target.from_weapon(target, content.unit_classes[target.unit_class])
    try:
        result = rf.content_direct_fire(content, f, t, range_=float(range_), pulses=pulses, front_arc=True)
    except ValueError:
        return None
    return float(result.kills)


class _Attacks:
    """The expected kills of each side's fire by (units left, pulse count): the same few values come back in
    every duel of a run, and the rules' arithmetic is most of a duel's time."""

    def __init__(self, content, setup: DuelSetup) -> None:
        self.content, self.setup = content, setup
        self.known: dict[tuple[bool, int, int], float | None] = {}

    def kills(self, by_a: bool, count: int, pulses: int) -> float | None:
        key = (by_a, count, pulses)
        if key not in self.known:
            s = self.setup
            firer, target = (s.a, s.b) if by_a else (s.b, s.a)
            self.known[key] = _attack(self.content, firer, count, target, s.range_, pulses)
        return self.known[key]


def duel(content, setup: DuelSetup, rng: random.Random, attacks: _Attacks | None = None) -> DuelResult:
    """One duel, drawing from `rng`."""
    per_turn = content.parameters.time_space.pulses_per_turn
    attacks = attacks if attacks is not None else _Attacks(content, setup)
    left_a, left_b, shots_a, shots_b = setup.count_a, setup.count_b, 0, 0
    pulse = 0
    for pulse in range(1, setup.turns * per_turn + 1):
        kills_a = attacks.kills(True, left_a, shots_a + 1)
        kills_b = attacks.kills(False, left_b, shots_b + 1)
        if kills_a is None and kills_b is None:
            break  # neither can hurt the other: a draw at once
        # both fire with the units they had at the start of the pulse, so the draws are made before either loses
        dead_b = resolve_kills(kills_a, rng.random(), left_b) if kills_a is not None else 0
        dead_a = resolve_kills(kills_b, rng.random(), left_a) if kills_b is not None else 0
        shots_a += kills_a is not None
        shots_b += kills_b is not None
        left_a, left_b = left_a - dead_a, left_b - dead_b
        if left_a == 0 or left_b == 0:
            outcome = BOTH_DIE if left_a == left_b == 0 else (A_WINS if left_b == 0 else B_WINS)
            return DuelResult(outcome, pulse, left_a, left_b, shots_a, shots_b)
    return DuelResult(DRAW, pulse, left_a, left_b, shots_a, shots_b)


def duel_many(content, setup: DuelSetup, runs: int, seed: int) -> DuelSummary:
    """`runs` duels from one seeded generator."""
    if content.ruleset is None:
        raise ValueError(f"pack '{content.pack_id}' has no ruleset")
    if runs < 1 or setup.range_ < 0 or setup.count_a < 1 or setup.count_b < 1 or setup.turns < 1:
        raise ValueError("a duel needs at least one run, one unit a side, one turn and a range of 0 or more")
    for weapon in (setup.a, setup.b):
        if weapon.unit_class not in content.unit_classes:
            raise ValueError(
                f"{weapon.name} is of class '{weapon.unit_class}', which {content.pack_id} does not define"
            )
    rng = random.Random(seed)
    attacks = _Attacks(content, setup)
    results = tuple(duel(content, setup, rng, attacks) for _ in range(runs))
    counts = dict(Counter(r.outcome for r in results))
    return DuelSummary(setup, seed, results, counts, content.parameters.time_space.pulses_per_turn)
