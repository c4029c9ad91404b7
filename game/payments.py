"""Wealth and VP: what things cost, and paying and gaining with the markers that hold them.

Every step that pays or earns goes through here (``game.rules`` for the actions at
home and the free actions, ``game.voyage`` for ships), and so does the listing of
legal steps (``game.listing``) for the costs it checks, so a price is written once.
Rule numbers refer to docs/rules.md.
"""

from __future__ import annotations

from .cards import CARDS
from .state import TECH_IDS, TECH_INDEX, State
from .steps import IllegalStep

SELL_WEALTH = (0, 1, 2, 3, 4, 5, 6)
SELL_VP = (0, 0, 0, 1, 1, 2, 4)
SPEED_COST = {1: 2, 2: 4}
BUILD_COST = 2
EMPLOY_COST = 1
BANK_COST = 2
MAP_COST = 1

T_METALLURGY = TECH_INDEX["metallurgy"]
T_GEOGRAPHY = TECH_INDEX["geography"]
T_PRINTING = TECH_INDEX["printing-press"]
T_HARBOR = TECH_INDEX["harbor-maintenance"]
T_ARCHITECTURE = TECH_INDEX["architecture"]
T_MAP = TECH_INDEX["map"]
T_BANK = TECH_INDEX["bank-system"]
T_FACTORY = TECH_INDEX["factory"]
TECH_COST = tuple(CARDS.tech(t).cost for t in TECH_IDS)


# ----- wealth and VP ---------------------------------------------------------
# These change the lists of a successor state in place: the handler that calls them
# has already given that state its own copy of every list they touch (``wealth`` or
# ``vp``, and ``lisboa``).
def pay(st: State, seat: int, amount: int) -> None:
    """Pay wealth; bankers emptied by it go back to Lisboa."""
    before = st.wealth[seat]
    after = before - amount
    st.wealth[seat] = after
    st.lisboa[seat] += -(-before // 5) + (-after // 5)


def gain(st: State, seat: int, amount: int, track: list[int]) -> None:
    """Gain wealth or VP (``track`` is st.wealth or st.vp).

    Each extra banker/historian needed comes from Lisboa while Lisboa has one;
    what no marker can hold is lost.
    """
    if amount <= 0:
        return
    before = track[seat]
    have = -(-before // 5)
    target = before + amount
    need = -(-target // 5) - have
    if need > 0:
        lisboa = st.lisboa
        take = min(need, lisboa[seat])
        lisboa[seat] -= take
        target = min(target, 5 * (have + take))
    track[seat] = target


def gain_wealth(st: State, seat: int, amount: int) -> None:
    gain(st, seat, amount, st.wealth)


def gain_vp(st: State, seat: int, amount: int) -> None:
    gain(st, seat, amount, st.vp)


def own_money(st: State) -> None:
    """Give a successor its own wealth, VP and Lisboa lists (before paying or gaining)."""
    st.wealth = st.wealth[:]
    st.vp = st.vp[:]
    st.lisboa = st.lisboa[:]


# ----- small checks shared by several steps ----------------------------------
def need_wealth(st: State, seat: int, cost: int, key: str, **values: object) -> None:
    if st.wealth[seat] < cost:
        raise IllegalStep(key, cost=cost, have=st.wealth[seat], **values)


def need_town(st: State, pos: int) -> None:
    if not 1 <= pos <= st.board.size:
        raise IllegalStep("no_town", pos=pos)


def need_tech(st: State, seat: int, tech: int) -> None:
    if st.tech_owner[tech] != seat:
        raise IllegalStep("not_owner", tech=TECH_IDS[tech])


def start_end_trigger(st: State) -> None:
    """An end condition is met: the player to move finishes, the others get one turn."""
    if st.last_seat < 0:
        st.last_seat = (st.active - 1) % len(st.names)
