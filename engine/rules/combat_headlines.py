"""Combat report categories (docs/rules.md 6.12): which headline a shot gets, from the firing weapon's class,
its shell size and the ruleset profile's `reports` thresholds. Pure: no state, no I/O."""

from __future__ import annotations

from collections.abc import Mapping

from tacforge.engine.cached_dataclass import dataclass

from ..quick_init import quick_init

# Both manuals: HEAVY ARTILLERY FIRE is SS 6 (MEDIUM is SS 5). The profile schema has no key for it, so a profile
# may only override it if the schema grows a `heavy_artillery_min_ss`.
HEAVY_ARTILLERY_MIN_SS = 6


@quick_init
@dataclass(frozen=True)
class Report:
    """A combat report headline. `category` is a stable key for events and statistics: small_arms,
    light_artillery / medium_artillery / heavy_artillery, light_cannon / medium_cannon / heavy_cannon, overrun, or
    the SIW's id (grenade, flameth, pzfaust, piat, bazooka); `text` is what the report prints."""

    category: str
    text: str


def report_category(
    *,
    kind: str,
    ss,
    mp=0,
    armoured_vehicle: bool = False,
    moving: bool = False,
    range_=None,
    siw: str | None = None,
    siw_name: str = "",
    fires_as: str | None = None,
    reports: Mapping[str, object],
) -> Report | None:
    """The report of one shot. `kind` is the firer's unit-class report kind (cannon | artillery | small_arms | none),
    `siw` the SIW's id when a SIW fires and `siw_name` its name (FLAMETHROWER ATTACK), `range_` None for indirect
    fire. None: the shot gets no report (trucks)."""
    if siw:
        return Report(siw, f"{(siw_name or siw).upper()} ATTACK")
    if armoured_vehicle and moving and range_ is not None and range_ == 0:
        return Report("overrun", "OVERRUN ATTACK")
    if fires_as or kind == "small_arms":
        return Report("small_arms", "SMALL ARMS FIRE")
    if armoured_vehicle:  # MP 0: a howitzer; MP > 0: a cannon / anti-tank gun (6.12)
        kind = "cannon" if mp > 0 else "artillery"
    if kind == "artillery":
        heavy = reports.get("heavy_artillery_min_ss", HEAVY_ARTILLERY_MIN_SS)
        size = "light" if ss <= reports["light_artillery_max_ss"] else "heavy" if ss >= heavy else "medium"
        return Report(f"{size}_artillery", f"{size.upper()} ARTILLERY FIRE")
    if kind == "cannon":
        size = (
            "light"
            if ss <= reports["light_cannon_max_ss"]
            else "heavy"
            if ss >= reports["heavy_cannon_min_ss"]
            else "medium"
        )
        return Report(f"{size}_cannon", f"{size.upper()} {reports['cannon_word']} FIRE")
    return None


def weapon_report(
    weapon, unit_class, *, reports: Mapping[str, object], moving: bool = False, range_=None
) -> Report | None:
    """The report of a shot by a pack weapon (engine.model.Weapon) of the given engine.model.UnitClass."""
    return report_category(
        kind=unit_class.report,
        ss=weapon.ss,
        mp=weapon.mp,
        armoured_vehicle=unit_class.armoured and unit_class.vehicle,
        moving=moving,
        range_=range_,
        siw=weapon.local_id if unit_class.special_weapon else None,
        siw_name=weapon.name,
        fires_as=weapon.fires_as,
        reports=reports,
    )
