"""Final scoring: the breakdown of each player's points, the winners and the tiebreak.

Building and technology points are counted here at the end and never tracked by
historians. The breakdown is what the scoring screen shows, so it shows exactly
what the engine counted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .cards import CHURCH, MARKETPLACE, STRONGHOLD

if TYPE_CHECKING:
    from .state import State

BUILDING_POINTS = {STRONGHOLD: 1, MARKETPLACE: 1, CHURCH: 2}
# Technology end bonuses: (technology id, building kind counted or None, points each).
TECH_BONUSES = (
    ("renaissance", None, 3),
    ("mission-church", CHURCH, 2),
    ("guild", MARKETPLACE, 2),
    ("eastern-india", STRONGHOLD, 2),
)


@dataclass(frozen=True, slots=True)
class Breakdown:
    """One player's final score, part by part."""

    seat: int
    historian_vp: int
    strongholds: int
    churches: int
    marketplaces: int
    tech_bonus: dict[str, int] = field(default_factory=dict)

    @property
    def building_points(self) -> dict[str, int]:
        return {
            STRONGHOLD: self.strongholds * BUILDING_POINTS[STRONGHOLD],
            CHURCH: self.churches * BUILDING_POINTS[CHURCH],
            MARKETPLACE: self.marketplaces * BUILDING_POINTS[MARKETPLACE],
        }

    @property
    def total(self) -> int:
        return (self.historian_vp + sum(self.building_points.values())
                + sum(self.tech_bonus.values()))


def breakdown(st: State, seat: int) -> Breakdown:
    counts = {kind: st.owned_buildings(seat, kind) for kind in BUILDING_POINTS}
    bonus = {}
    for tech_id, kind, each in TECH_BONUSES:
        if st.has_tech(seat, tech_id):
            bonus[tech_id] = each if kind is None else each * counts[kind]
    return Breakdown(seat, st.vp[seat], counts[STRONGHOLD], counts[CHURCH],
                     counts[MARKETPLACE], bonus)


def final_scores(st: State) -> list[int]:
    return [breakdown(st, seat).total for seat in range(st.n)]


def tiebreak_key(st: State, seat: int, scores: list[int]) -> tuple[int, int, int, int]:
    """Most points; then India's discoverer; then most wealth; then most historian VP."""
    return (scores[seat], 1 if st.india == seat else 0, st.wealth[seat], st.vp[seat])


def winners(st: State, scores: list[int]) -> list[int]:
    keys = [tiebreak_key(st, seat, scores) for seat in range(st.n)]
    best = max(keys)
    return [seat for seat in range(st.n) if keys[seat] == best]


def deciding_tiebreak(st: State, scores: list[int]) -> str | None:
    """Which rule separated the leaders: None (no tie on points), "india",
    "wealth", "vp", or "shared" when nothing did."""
    top = max(scores)
    tied = [s for s in range(st.n) if scores[s] == top]
    if len(tied) == 1:
        return None
    for i, name in ((1, "india"), (2, "wealth"), (3, "vp")):
        keys = [tiebreak_key(st, s, scores)[: i + 1] for s in tied]
        if keys.count(max(keys)) == 1:
            return name
    return "shared"
