"""Final scoring: the breakdown of each player's points, the winners and the tiebreak.

Building and technology points are counted here at the end and never tracked by
historians. The breakdown is what the scoring screen shows, so it shows exactly
what the engine counted: the score sheet (``score_sheet``, a row per category, a
number per player), the finishing order (``standings``), and what decided the
winner (``deciding_tiebreak`` when points were level, else ``deciding_category``,
the category of the winner's widest lead over the runner-up).
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


def building_counts(st: State) -> list[tuple[int, int, int]]:
    """Each seat's (strongholds, churches, marketplaces), counted in one pass over the
    building spaces (the game's last step counts them for every seat)."""
    counts = [[0, 0, 0] for _ in st.names]
    kinds = st.board.building_kind
    for i, owner in enumerate(st.buildings):
        if owner >= 0:
            counts[owner][_KIND_COLUMN[kinds[i]]] += 1
    return [(s, c, m) for s, c, m in counts]


#: Where ``building_counts`` counts each kind.
_KIND_COLUMN = {STRONGHOLD: 0, CHURCH: 1, MARKETPLACE: 2}


def breakdown(st: State, seat: int,
              counts: list[tuple[int, int, int]] | None = None) -> Breakdown:
    """One player's final score, part by part (``counts``: ``building_counts(st)``,
    when it is at hand already)."""
    strongholds, churches, marketplaces = (counts or building_counts(st))[seat]
    held = {STRONGHOLD: strongholds, CHURCH: churches, MARKETPLACE: marketplaces}
    bonus = {}
    for tech_id, kind, each in TECH_BONUSES:
        if st.has_tech(seat, tech_id):
            bonus[tech_id] = each if kind is None else each * held[kind]
    return Breakdown(seat, st.vp[seat], strongholds, churches, marketplaces, bonus)


def final_scores(st: State) -> list[int]:
    counts = building_counts(st)
    return [breakdown(st, seat, counts).total for seat in range(st.n)]


def tiebreak_key(st: State, seat: int, scores: list[int]) -> tuple[int, int, int, int]:
    """Most points; then India's discoverer; then most wealth; then most historian VP."""
    return (scores[seat], 1 if st.india == seat else 0, st.wealth[seat], st.vp[seat])


def winners(st: State, scores: list[int]) -> list[int]:
    keys = [tiebreak_key(st, seat, scores) for seat in range(st.n)]
    best = max(keys)
    return [seat for seat in range(st.n) if keys[seat] == best]


def level_leaders(scores: list[int]) -> list[int]:
    """The seats with the most points: the ones the tiebreaks compare when several."""
    top = max(scores)
    return [s for s in range(len(scores)) if scores[s] == top]


def deciding_tiebreak(st: State, scores: list[int]) -> str | None:
    """Which rule separated the leaders: None (no tie on points), "india",
    "wealth", "vp", or "shared" when nothing did."""
    tied = level_leaders(scores)
    if len(tied) == 1:
        return None
    for i, name in ((1, "india"), (2, "wealth"), (3, "vp")):
        keys = [tiebreak_key(st, s, scores)[: i + 1] for s in tied]
        if keys.count(max(keys)) == 1:
            return name
    return "shared"


#: The score sheet's categories before the technologies, in the order it lists them:
#: historian VP, then each kind of building.
BASE_CATEGORIES = ("historians", STRONGHOLD, CHURCH, MARKETPLACE)


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One category of the score sheet: each seat's points, and what they count (the
    buildings behind a building's or a technology's points; None for historian VP
    and Renaissance)."""

    category: str                      # "historians", a building kind, or a technology id
    points: tuple[int, ...]            # by seat
    counted: tuple[int | None, ...]    # by seat: the buildings counted (None: nothing)
    each: int                          # points per building counted (or the flat bonus)
    kind: str | None = None            # the building a technology's bonus counts


def score_sheet(st: State) -> list[SheetRow]:
    """The final tally category by category: historian VP and the three buildings
    always, then each technology bonus that somebody holds, in ``TECH_BONUSES``'s
    order. The rows' points add up to ``final_scores``."""
    rows = [breakdown(st, seat) for seat in range(st.n)]
    sheet = [SheetRow("historians", tuple(r.historian_vp for r in rows),
                      (None,) * st.n, 1)]
    counts = {STRONGHOLD: [r.strongholds for r in rows], CHURCH: [r.churches for r in rows],
              MARKETPLACE: [r.marketplaces for r in rows]}
    for building in (STRONGHOLD, CHURCH, MARKETPLACE):
        sheet.append(SheetRow(building, tuple(r.building_points[building] for r in rows),
                              tuple(counts[building]), BUILDING_POINTS[building]))
    for tech_id, kind, each in TECH_BONUSES:
        if any(tech_id in r.tech_bonus for r in rows):
            counted = tuple((counts[kind][s] if kind is not None else None)
                            if tech_id in rows[s].tech_bonus else None for s in range(st.n))
            sheet.append(SheetRow(tech_id, tuple(r.tech_bonus.get(tech_id, 0) for r in rows),
                                  counted, each, kind))
    return sheet


def standings(st: State, scores: list[int]) -> list[int]:
    """The seats in finishing order: most points first, then by the tiebreaks (seats
    still level keep their seat order)."""
    return sorted(range(st.n), key=lambda s: tiebreak_key(st, s, scores), reverse=True)


def deciding_category(st: State, scores: list[int]) -> tuple[str, int, int] | None:
    """What won the game when the points alone decided: the category of the score
    sheet where the winner gained most over the runner-up, that runner-up's seat and
    the lead in that category, as (category, runner-up, lead). None when points
    were level (a tiebreak decided: ``deciding_tiebreak``) or nobody else played."""
    if deciding_tiebreak(st, scores) is not None or st.n < 2:
        return None
    winner, runner_up = standings(st, scores)[:2]
    best: tuple[str, int, int] | None = None
    for row in score_sheet(st):
        lead = row.points[winner] - row.points[runner_up]
        if lead > 0 and (best is None or lead > best[2]):
            best = (row.category, runner_up, lead)
    return best
