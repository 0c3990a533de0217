from __future__ import annotations

from dataclasses import field

from tacforge.engine.cached_dataclass import dataclass

from .source import Source


@dataclass(frozen=True, slots=True)
class Weapon:
    """One row of a weapon table: a vehicle, gun, small arm, special infantry weapon or off-map battery."""

    id: str  # qualified: western:sherman
    name: str
    nationalities: tuple[str, ...]
    unit_class: str
    mr: int
    mp: int
    ss: int
    ac: int
    periods: tuple[int, int]
    sp: int = 0
    mg: int = 0
    fa: int = 0
    ba: int = 0
    df: int = 0
    sl: int = 0
    aliases: tuple[str, ...] = ()
    legacy_number: int | None = None
    indirect_mr: int | None = None
    fires_as: str | None = None
    carries: str | None = None
    kill_vp: int | None = None
    transport_cost: int | None = None
    designer_value: bool = False
    points: int | None = None  # tabletop points of one piece (docs/rules.md 16.4); None: none of its own
    single_use: bool = False  # fires once per game, then the platoon falls back on the default SIW (6.1)
    thrown: bool = False  # thrown by hand (grenades): weapons firing divided by the ruleset's grenade_divisor (3.10)
    # The air_support module (docs/rules.md 16.6-16.9): what an aircraft does on a sortie, and who fires back.
    hits: int = 0  # an aircraft: the hits it takes before it is shot down
    passes: int = 1  # an aircraft: the pulses in a row it attacks on one sortie (guns three, bombs one)
    bombs: bool = False  # an aircraft's attack is a bomb drop: aimed at a square, it may land beside it
    dive_bomber: bool = False  # bombs dropped in a dive: the drift is rolled twice and the better result kept
    aa_rolls: int = 0  # anti-aircraft rolls against an aircraft over its reach: 0 none, 1, or 2 (a multiple mount)
    description: str = ""
    source: Source = field(default=Source(None), compare=False)

    @property
    def nationality(self) -> str:
        return self.nationalities[0]

    def fielded_by(self, nationalities) -> bool:
        wanted = set(nationalities)
        return "any" in self.nationalities or bool(wanted & set(self.nationalities))

    @property
    def local_id(self) -> str:
        return self.id.split(":", 1)[-1]

    def available_in(self, period: int) -> bool:
        return self.periods[0] <= period <= self.periods[1]

    def search_names(self) -> tuple[str, ...]:
        return (self.local_id, self.name, *self.aliases)
