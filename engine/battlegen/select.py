"""AUTO-SELECT: buy a combined-arms force that suits the side's part in the battle (docs/rules.md 8.2, 3.11).

A recipe per posture gives each kind of formation a share of the budget:

* attack (the attacker of an assault or pursuit, and both sides of a meeting engagement): armour, infantry that
  rides (mounted), a little support, reconnaissance and anti-tank;
* defend (the defender of an assault): infantry on foot, anti-tank guns, mortars and machine guns, an armoured
  reserve;
* rearguard (the small defender of a pursuit): infantry, anti-tank, mobile anti-tank or armour, reconnaissance.

In an assault battle both sides first buy off-map artillery with up to 40% of their budget: a whole detachment
when it fits, else as many of its batteries as fit, each at its share of the detachment's cost (a small battle
halves the batteries as it halves the budgets). The rest of the budget is spent by drawing candidate forces at
random, guided by the recipe (the kind of formation furthest below its share tends to buy next, templates near
what that share still lacks are likelier; what is left at the end buys the dearest template that still fits), and
buying the candidate that scores best: closest to the recipe's shares, fewest points unused, every major share
bought, the same support formation not bought again and again. (An unused point is worth 20 VP to its side, at
most 250, docs/rules.md 9; auto-select still spends what it can, as a player building a force would, and what
stays unused is what no template fits.) Each seed also likes some templates a little more than others, so
different seeds give different forces where several fit about as well; the same seed always gives the same force.
The force is listed (and lettered B, C, ...) armour first, then infantry, tank destroyers, assault guns,
reconnaissance, anti-tank, support and artillery.
"""

from __future__ import annotations

import random

from ..model.content import Content
from .forces import Offer, Purchase, battery_cost, offers
from .plan import BattlePlan, BuildError

RECIPES: dict[str, tuple[tuple[tuple[str, ...], float], ...]] = {
    "attack": (
        (("armour",), 0.36),
        (("infantry",), 0.34),
        (("support",), 0.10),
        (("recon",), 0.08),
        (("tank_hunter", "antitank", "assault_armour"), 0.12),
    ),
    "defend": (
        (("infantry",), 0.42),
        (("antitank",), 0.16),
        (("support",), 0.14),
        (("armour", "assault_armour", "tank_hunter"), 0.28),
    ),
    "rearguard": (
        (("infantry",), 0.34),
        (("antitank",), 0.16),
        (("tank_hunter", "armour", "assault_armour"), 0.30),
        (("recon",), 0.10),
        (("support",), 0.10),
    ),
}
OFFMAP_SHARE = 0.40
TASTE = 0.3  # how far a seed's liking for some templates may outweigh a closer fit to the recipe
FILL_ROLES = ("infantry", "support", "antitank", "tank_hunter", "armour", "assault_armour", "recon", "artillery")


def _offers(content: Content, side: str, force_type: str, plan: BattlePlan) -> list[Offer]:
    """What the force may buy, priced in the battle's currency (selection points, or tabletop points, 16.4)."""
    return offers(content, side, force_type, plan.choices.period, plan.assault, plan.points is not None)


def posture(plan: BattlePlan, side: str) -> str:
    if plan.attacking(side):
        return "attack"
    return "defend" if plan.assault else "rearguard"


def mobility(content: Content, side: str, force_type: str, plan: BattlePlan) -> float:
    """The share of the force type's infantry templates whose men ride."""
    infantry = [o for o in _offers(content, side, force_type, plan) if o.role == "infantry"]
    return sum(o.mounted for o in infantry) / len(infantry) if infantry else 0.0


def choose_force_type(content: Content, plan: BattlePlan, side: str, rng: random.Random) -> str:
    """Attackers take the most mobile force type (the most of its infantry rides), defenders the least mobile one;
    the seed picks among equals. Force types with nothing to buy in the period are never chosen."""
    types = [
        ft.id
        for ft in content.known_ruleset.force_types
        if ft.side == side and any(o.role != "offmap" for o in _offers(content, side, ft.id, plan))
    ]
    if not types:
        raise BuildError(f"no force type of {side} has formations available in period {plan.choices.period}")
    scored = [(mobility(content, side, t, plan), t) for t in types]
    want = (max if posture(plan, side) == "attack" else min)(m for m, _ in scored)
    return rng.choice(sorted(t for m, t in scored if m == want))


def _offmap(purchase: Purchase, pool: list[Offer], budget: int) -> None:
    cap = int(budget * OFFMAP_SHARE)
    whole = [o for o in pool if o.cost <= cap]
    if whole:
        purchase.add(max(whole, key=lambda o: (o.cost, o.template.id)))
        return
    best = None
    for o in pool:
        n = max((k for k in range(1, len(o.template.units)) if battery_cost(o, k) <= cap), default=0)
        if n and (best is None or battery_cost(o, n) > battery_cost(best[0], best[1])):
            best = (o, n)
    if best is not None:
        purchase.add(*best)


def _limit(content: Content) -> int:
    return len(content.parameters.units.formation_letters) - 1  # A is the command HQ


def _candidate(pool: list[Offer], recipe, spend: int, room: int, limit: int, ride: bool, rng: random.Random):
    """One force drawn at random, guided by the recipe: the kind of formation furthest below its share is likelier
    to buy next, and templates near what that share still lacks are likelier to be bought."""
    picks: list[Offer] = []
    spent_by = [0] * len(recipe)
    while len(picks) < limit:
        wants = []
        for i, (roles, share) in enumerate(recipe):
            lack = share * spend - spent_by[i]
            fits = [o for o in pool if o.role in roles and o.cost <= room]
            if lack > 0 and fits:
                wants.append((lack, i, fits))
        if not wants:
            break
        lack, i, fits = rng.choices(wants, weights=[w[0] for w in wants])[0]
        weights = [
            1.0 / (1.0 + abs(o.cost - lack) / max(lack, 1.0)) * (1.0 if o.mounted == ride else 0.4) for o in fits
        ]
        pick = rng.choices(fits, weights=weights)[0]
        picks.append(pick)
        spent_by[i] += pick.cost
        room -= pick.cost
    while len(picks) < limit:  # spend what is left on what still fits
        fits = [o for o in pool if o.cost <= room and o.role in FILL_ROLES]
        if not fits:
            break
        pick = max(fits, key=lambda o: (o.cost, rng.random()))
        picks.append(pick)
        room -= pick.cost
    return picks


def _score(picks: list[Offer], recipe, spend: int) -> float:
    """Lower is better: distance from the recipe's shares, points left unused, and the same non-infantry
    formation bought again and again."""
    if not picks:
        return float("inf")
    spent = [sum(o.cost for o in picks if o.role in roles) for roles, _ in recipe]
    total = sum(o.cost for o in picks)
    off = sum(abs(s / max(spend, 1) - share) for s, (_, share) in zip(spent, recipe, strict=True))
    missing = sum(1 for s, (_, share) in zip(spent, recipe, strict=True) if s == 0 and share >= 0.15)
    repeats = (
        len(picks)
        - len({o.template.id for o in picks})
        - sum(1 for o in picks if o.role == "infantry")
        + len({o.template.id for o in picks if o.role == "infantry"})
    )
    return off + 0.5 * missing + 3.0 * (spend - total) / max(spend, 1) + 0.2 * repeats


def auto_select(
    content: Content,
    plan: BattlePlan,
    side: str,
    force_type: str | None = None,
    seed: int | None = None,
    samples: int = 200,
) -> Purchase:
    """Buy a force for `side` within its budget; deterministic for a seed. `samples` candidate forces are drawn
    and the one that best matches the recipe (see _score) is bought; each seed also likes some templates a little
    more than others (TASTE), so that different seeds give different forces where several fit about as well."""
    seed = plan.choices.seed if seed is None else seed
    rng = random.Random(f"select:{seed}:{side}")
    force_type = force_type or choose_force_type(content, plan, side, rng)
    budget = plan.budgets[side]
    purchase = Purchase(side, force_type, budget)
    pool = _offers(content, side, force_type, plan)
    if plan.assault:
        _offmap(purchase, [o for o in pool if o.role == "offmap"], budget)
    pool = [o for o in pool if o.role != "offmap"]
    mode = posture(plan, side)
    recipe, spend = RECIPES[mode], purchase.unused
    taste = {o.template.id: rng.random() * TASTE for o in pool}  # the seed's liking for each template
    best, best_score = [], float("inf")
    for _ in range(samples):
        picks = _candidate(pool, recipe, spend, spend, _limit(content), mode == "attack", rng)
        score = _score(picks, recipe, spend) + (sum(taste[o.template.id] for o in picks) / len(picks) if picks else 0)
        if score < best_score:
            best, best_score = picks, score
    order = {
        r: i
        for i, r in enumerate(
            ("armour", "infantry", "tank_hunter", "assault_armour", "recon", "antitank", "support", "artillery")
        )
    }
    for o in sorted(best, key=lambda o: (order.get(o.role, 99), -o.cost, o.template.id)):
        purchase.add(o)
    return purchase
