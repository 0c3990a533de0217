"""Forces: which formation templates a side may buy, buying them with selection points, and the lettered order of
battle they become (docs/rules.md 2.1, 2.2, 3.11, 8.2, 13 U7-U10).

A template is *available* to a side's force in a period when all of these hold:

* it belongs to the side, and to the force type's nationality when the force type names one;
* the period lies in the template's periods, and every weapon and SIW in it is available in that period;
* its `force_types` list names the force type, or the list is empty (a template without force types is open to
  every force type of its side);
* it is not off-map artillery, unless the battle is an assault (3.11).

Every side also gets its command HQ, formation A, free of charge: A0 is the command vehicle (a halftrack that can
carry anything, else a truck) and A1 a headquarters defence section riding in it (13 U10). Bought formations get
the letters B-U in the order bought; each keeps its template's HQ as index 0 and its units as 1-8. Bought off-map
detachments become `offmap_artillery` batteries, never formations.
"""

from __future__ import annotations

import math
from dataclasses import field, replace

from tacforge.engine.cached_dataclass import dataclass

from ..model import Arrival, FormationTemplate, Weapon
from ..model.content import Content
from .plan import BuildError

# A template's role is the commonest `role` of its units' classes (content/rules.yaml), ties to the HQ's role and
# then to this order; `transport` never names a formation.
ROLE_ORDER = ("armour", "infantry", "tank_hunter", "antitank", "support", "assault_armour", "recon", "artillery")
TRANSPORT_ROLE = "transport"


def round_half_up(value: float) -> int:
    return int(math.floor(value + 0.5))


@dataclass
class UnitDraft:
    index: int
    weapon: Weapon
    count: int
    name: str = ""
    siw: str | None = None  # local id of the SIW, None: the ruleset's default
    at: tuple[int, int] | None = None
    facing: str | None = None
    carrier: str | None = None  # unit id (letter + index) of the vehicle it rides in
    suppression: int = 0  # pinned before the battle (a tabletop scenario type's bombardment, docs/rules.md 16.5)


@dataclass
class FormationDraft:
    letter: str
    name: str
    role: str
    units: list[UnitDraft]
    template: str | None = None  # qualified template id
    arrives: Arrival | None = None  # a reinforcement (a tabletop scenario type's reserves, docs/rules.md 16.5)

    @property
    def hq(self) -> UnitDraft:
        return next(u for u in self.units if u.index == 0)


@dataclass(frozen=True)
class Battery:
    weapon: Weapon
    count: int
    name: str = ""


@dataclass(frozen=True)
class Offer:
    """An available template: what it is for, whether its infantry rides, and what it costs: its selection points,
    or its tabletop points when the battle is bought with points (docs/rules.md 16.4)."""

    template: FormationTemplate
    role: str
    mounted: bool
    by_points: bool = False

    @property
    def cost(self) -> int:
        return self.template.cost if not self.by_points else self.template.points or 0


@dataclass
class Purchase:
    side: str
    force_type: str
    budget: int
    items: list[tuple[Offer, int | None]] = field(default_factory=list)  # (offer, batteries bought or None: all)

    @property
    def spent(self) -> int:
        return sum(battery_cost(o, n) for o, n in self.items)

    @property
    def unused(self) -> int:
        return self.budget - self.spent

    def add(self, offer: Offer, batteries: int | None = None) -> None:
        self.items.append((offer, batteries))


@dataclass
class ForceDraft:
    side: str
    force_type: str
    name: str
    formations: list[FormationDraft]
    batteries: list[Battery]
    budget: int
    spent: int

    @property
    def unused(self) -> int:
        return self.budget - self.spent


def battery_cost(offer: Offer, batteries: int | None) -> int:
    """The cost of a whole template, or of its first `batteries` off-map batteries at their share of its tubes."""
    template = offer.template
    if batteries is None or batteries >= len(template.units):
        return offer.cost
    tubes = sum(u.count for u in template.units)
    return max(1, round_half_up(offer.cost * sum(u.count for u in template.units[:batteries]) / tubes))


def nationalities(content: Content, side: str, force_type: str, template: FormationTemplate | None = None):
    ft = content.known_ruleset.force_type(force_type)
    if template is not None and template.nationality:
        return [template.nationality]
    return [ft.nationality] if ft and ft.nationality else content.side_nationalities(side)


def _elements(t: FormationTemplate):
    return ([t.hq] if t.hq else []) + list(t.units)


def is_available(
    content: Content, t: FormationTemplate, side: str, force_type: str, period: int, assault: bool
) -> bool:
    ft = content.known_ruleset.force_type(force_type)
    if ft is None or ft.side != side or t.side != side:
        return False
    if ft.nationality and t.nationality and t.nationality != ft.nationality:
        return False
    if t.nationality and t.nationality not in content.side_nationalities(side):
        return False
    if not t.periods[0] <= period <= t.periods[1] or (t.force_types and force_type not in t.force_types):
        return False
    if t.offmap and not assault:
        return False
    nats = nationalities(content, side, force_type, t)
    for element in _elements(t):
        weapon = content.resolve_weapon(element.weapon, nats)
        if weapon is None or not weapon.available_in(period) or not weapon.fielded_by(nats):
            return False
        if element.siw:
            siw = content.resolve_weapon(element.siw, nats)
            if siw is None or not siw.available_in(period):
                return False
    return True


def _role(content: Content, ref: str, nats) -> str | None:
    weapon = content.resolve_weapon(ref, nats)
    cls = content.unit_class_of(weapon) if weapon else None
    return cls.role if cls else None


def is_transport_weapon(content: Content, weapon: Weapon) -> bool:
    cls = content.unit_class_of(weapon)
    return cls is not None and cls.role == TRANSPORT_ROLE


def offer(content: Content, t: FormationTemplate, side: str, force_type: str, by_points: bool = False) -> Offer:
    """What a template is for, from the classes of its units (not its name)."""
    nats = nationalities(content, side, force_type, t)
    if t.offmap:
        return Offer(t, "offmap", False, by_points)
    counts: dict[str, int] = {}
    for element in t.units:
        role = _role(content, element.weapon, nats)
        if role:
            counts[role] = counts.get(role, 0) + 1
    hq_role = _role(content, t.hq.weapon, nats) if t.hq else None
    role = max(ROLE_ORDER, key=lambda r: (counts.get(r, 0), r == hq_role, -ROLE_ORDER.index(r)))
    men = lift = 0
    for element in _elements(t):
        weapon = content.resolve_weapon(element.weapon, nats)
        if weapon is None:
            continue
        cls = content.unit_classes.get(weapon.unit_class)
        if cls and cls.infantry:
            men += (content.transport_cost(weapon) or 0) * element.count
        elif is_transport_weapon(content, weapon):
            lift += content.parameters.units.transport_capacity_per_vehicle * element.count
    return Offer(t, role, men > 0 and lift >= men, by_points)


def offers(
    content: Content, side: str, force_type: str, period: int, assault: bool, by_points: bool = False
) -> list[Offer]:
    """Every template the force may buy, in the order of the pack's formations file; bought with points, only
    those the pack gives points."""
    return [
        offer(content, t, side, force_type, by_points)
        for t in content.formations.values()
        if is_available(content, t, side, force_type, period, assault) and (not by_points or t.points is not None)
    ]


def buy(
    content: Content,
    side: str,
    force_type: str,
    period: int,
    budget: int,
    template_refs,
    assault: bool,
    by_points: bool = False,
) -> Purchase:
    """Buy named templates (ids as in formations.yaml); BuildError when one is unavailable or the budget is short."""
    purchase = Purchase(side, force_type, budget)
    for ref in template_refs:
        t = content.formation(ref)
        if t is None:
            raise BuildError(f"unknown formation '{ref}'")
        if not is_available(content, t, side, force_type, period, assault):
            raise BuildError(
                f"{t.name} ({t.id.split(':')[-1]}) is not available to a {force_type} force of "
                f"{side} in period {period}"
                + ("" if assault or not t.offmap else " (off-map artillery is for assault battles)")
            )
        if by_points and t.points is None:
            raise BuildError(f"{t.name} ({t.id.split(':')[-1]}) has no tabletop points in its pack's formations file")
        purchase.add(offer(content, t, side, force_type, by_points))
    if purchase.spent > budget:
        unit = "points" if by_points else "selection points"
        raise BuildError(f"the {side} formations cost {purchase.spent} {unit}; the budget is {budget}")
    return purchase


def command_hq(content: Content, side: str, force_type: str, period: int) -> FormationDraft:
    """Formation A: the side's command HQ vehicle (A0) and its defence section riding in it (A1)."""
    profile = content.known_ruleset
    nats = nationalities(content, side, force_type)
    pool = [w for w in content.weapons.values() if w.available_in(period) and w.fielded_by(nats)]

    def rank(w: Weapon):
        own = any(n in w.nationalities for n in nats)
        armoured = content.unit_class_of(w).armoured  # a halftrack before a truck
        return (content.carries(w) != "all", not armoured, not own, w.id)

    # the escort: platoons of the first class (in the rules' unit_classes order) whose platoons carry a SIW
    class_order = list(content.unit_classes)
    vehicles = sorted((w for w in pool if is_transport_weapon(content, w) and content.carries(w) == "all"), key=rank)
    men = sorted(
        (w for w in pool if content.unit_class_of(w) and content.unit_class_of(w).carries_siw),
        key=lambda w: (class_order.index(w.unit_class), w.id),
    )
    if not vehicles or not men:
        raise BuildError(f"no command vehicle or infantry for {side} in period {period}")
    capacity = content.parameters.units.transport_capacity_per_vehicle
    escort = max(1, capacity // max(1, content.transport_cost(men[0]) or 1))
    name = profile.known_side(side).command_hq_name
    return FormationDraft(
        "A", name, "command", [UnitDraft(0, vehicles[0], 1, name), UnitDraft(1, men[0], escort, "HQ Defence Section")]
    )


def formations(content: Content, purchase: Purchase, period: int) -> tuple[list[FormationDraft], list[Battery]]:
    """The bought templates as lettered formations (B-U, in the order bought) and off-map batteries."""
    letters = content.parameters.units.formation_letters
    out = [command_hq(content, purchase.side, purchase.force_type, period)]
    batteries: list[Battery] = []
    names: dict[str, int] = {}
    for o, n in purchase.items:
        t = o.template
        nats = nationalities(content, purchase.side, purchase.force_type, t)
        if t.offmap:
            for i, element in enumerate(t.units[:n] if n is not None else t.units, 1):
                batteries.append(
                    Battery(_weapon(content, element.weapon, nats), element.count, f"{t.name}, battery {i}")
                )
            continue
        if len(out) >= len(letters):
            raise BuildError(f"a force has at most {len(letters)} formations ({letters[0]}-{letters[-1]})")
        names[t.id] = names.get(t.id, 0) + 1
        label = t.name if names[t.id] == 1 else f"{t.name} {names[t.id]}"
        out.append(FormationDraft(letters[len(out)], label, o.role, template_units(content, t, nats), t.id))
    return out, batteries


def _weapon(content: Content, ref: str, nats) -> Weapon:
    """A template's weapon, as the side's nationalities field it (validation has checked that they do)."""
    weapon = content.resolve_weapon(ref, nats)
    if weapon is None:
        raise BuildError(f"no weapon '{ref}' is fielded by {', '.join(nats)}")
    return weapon


def template_units(content: Content, t: FormationTemplate, nats) -> list[UnitDraft]:
    """The units of one bought template: its HQ as index 0 and its units as 1-8."""
    units = []
    # a template without an HQ is led by one weapon of its first unit
    elements = _elements(t) if t.hq else [replace(t.units[0], count=1, name="HQ"), *t.units]
    for index, element in enumerate(elements):
        weapon = _weapon(content, element.weapon, nats)
        siw = _weapon(content, element.siw, nats).local_id if element.siw else None
        units.append(UnitDraft(index, weapon, element.count, element.name or ("HQ" if index == 0 else ""), siw))
    return units
