"""The game end with expansion modules on (expansions spec 0.11, §2.5): every card a seat owns,
the gangs and their tie-breaks, the final people."""

from __future__ import annotations

from collections.abc import Callable

from .cards import CARD_KIND, IS_MEDICINE_CARD, IS_TOOL, KIND_INDEX, KINDS, MEDICINE, PEOPLE
from .expansion import ext_of
from .state import NO_SEAT, State

GANG_PEOPLE = 5  # §2.5
_K = KIND_INDEX
CONTESTED_TOOLS = frozenset(_K[c] for c in ("WOL", "GRE", "CGS"))  # [ASSUMPTION AX-A16]
REFUGEE_TITLES = frozenset(_K[c] for c in ("REF", "SRF"))  # [ASSUMPTION AX-A64]

Count = Callable[[State, int, list[int]], int]


def owned(state: State, seat: int) -> list[int]:
    """Every card a seat owns (AX-A7): deck, discard, hand, force, held, stacked and stored."""
    z, s = state.players[seat], ext_of(state).seats[seat]
    cards = [*z.deck, *z.discard, *z.hand, *z.force, *s.held]
    for b in s.buildings:
        cards += [*b.stack, *b.stored]
    return cards


def _kinds(kinds: frozenset[int]) -> Count:
    return lambda state, seat, cards: sum(1 for c in cards if CARD_KIND[c] in kinds)


def _tools(state: State, seat: int, cards: list[int]) -> int:
    return sum(1 for c in cards if IS_TOOL[c])


def _medicine(state: State, seat: int, cards: list[int]) -> int:
    """Pharmers: the medicine value of medicine cards; persons do not count (AX-A15)."""
    return sum(MEDICINE[c] for c in cards if IS_MEDICINE_CARD[c])


def _buildings(state: State, seat: int, cards: list[int]) -> int:
    """Masons: complete and enabled buildings (AX-A26)."""
    return sum(1 for b in ext_of(state).seats[seat].buildings if b.working)


# Gang kind -> (what it counts, its tie-break or None).
CRITERIA: dict[int, tuple[Count, Count | None]] = {
    _K["GEA"]: (_tools, _kinds(CONTESTED_TOOLS)),
    _K["PHM"]: (_medicine, _kinds(frozenset({_K["MED"]}))),
    _K["MAS"]: (_buildings, _kinds(frozenset({_K["ENG"]}))),
    _K["HUM"]: (_kinds(REFUGEE_TITLES), None),
}


def award(state: State, gang: int, cards: list[list[int]]) -> int:
    """The seat a gang goes to, or NO_SEAT (AX-A8: a best count of 0 or a surviving tie)."""
    count, tie_break = CRITERIA[CARD_KIND[gang]]
    seats = range(state.num_players)
    counts = [count(state, s, cards[s]) for s in seats]
    best = max(counts)
    tied = [s for s in seats if counts[s] == best]
    if best <= 0:
        return NO_SEAT
    if len(tied) > 1 and tie_break is not None:
        breaks = {s: tie_break(state, s, cards[s]) for s in tied}
        top = max(breaks.values())
        tied = [s for s in tied if breaks[s] == top]
    return tied[0] if len(tied) == 1 else NO_SEAT


def final_people(state: State) -> tuple[list[int], tuple[int, ...]]:
    """Every seat's people on its owned cards plus 5 per gang won, and the gang winners."""
    cards = [owned(state, s) for s in range(state.num_players)]
    people = [sum(PEOPLE[c] for c in mine) for mine in cards]
    winners = tuple(award(state, g, cards) for g in ext_of(state).gangs)
    for w in winners:
        if w != NO_SEAT:
            people[w] += GANG_PEOPLE
    return people, winners


def gangs_text(state: State, winners: tuple[int, ...]) -> str:
    """The public event of the gang awards."""
    parts = [
        f"{KINDS[CARD_KIND[g]].code} {'nobody' if w == NO_SEAT else f'seat {w}'}"
        for g, w in zip(ext_of(state).gangs, winners, strict=True)
    ]
    return "gangs: " + ", ".join(parts)
