"""Literal Arctic Scavengers positions for tests and docs: zones written as card ids.

Cards not placed anywhere go where they start a game: mercenaries to their stacks, junkyard
cards to the junkyard, contested resources to the contested pile, Refugees out of the game.
Every card is in exactly one zone, so positions satisfy the conformance invariant.
"""

from __future__ import annotations

from collections.abc import Sequence

from arena.core.chance import Stream

from .cards import (
    CARD_BY_ID,
    CARD_KIND,
    CONTESTED_KINDS,
    JUNKYARD_KINDS,
    MERCENARY_KINDS,
    NUM_CARDS,
    SHOVEL_DIG,
)
from .state import GATHER, NO_CARD, State, Zones

Ids = Sequence[str]


def cards(ids: Ids | str) -> tuple[int, ...]:
    """Card indices of ids ("SCA.1 SHO.2" or a list of ids)."""
    if isinstance(ids, str):
        ids = ids.split()
    return tuple(CARD_BY_ID[i] for i in ids)


def position(
    hands: Sequence[Ids | str],
    *,
    decks: Sequence[Ids | str] | None = None,
    discards: Sequence[Ids | str] | None = None,
    forces: Sequence[Ids | str] | None = None,
    junkyard: Ids | str | None = None,
    contested: Ids | str | None = None,
    round: int = 3,
    phase: int = GATHER,
    current: int = 0,
    initiator: int = 0,
    shovel: str = "plus2",
    food: int = 0,
    used: int = 0,
) -> State:
    """A position with the given zones (top of each pile first); one hand per seat."""
    n = len(hands)
    decks = decks or [()] * n
    discards = discards or [()] * n
    forces = forces or [()] * n
    players = tuple(
        Zones(cards(decks[s]), cards(discards[s]), tuple(sorted(cards(hands[s]))), cards(forces[s]))
        for s in range(n)
    )
    placed = {c for z in players for zone in z for c in zone}
    junk = cards(junkyard) if junkyard is not None else None
    pile = cards(contested) if contested is not None else None
    placed |= set(junk or ()) | set(pile or ())
    free = [c for c in range(NUM_CARDS) if c not in placed]
    if junk is None:
        junk = tuple(c for c in free if CARD_KIND[c] in JUNKYARD_KINDS)
    if pile is None:
        pile = tuple(c for c in free if CARD_KIND[c] in CONTESTED_KINDS)
    stacks = tuple(tuple(c for c in free if CARD_KIND[c] == k) for k in MERCENARY_KINDS)
    used_now = placed | set(junk) | set(pile) | {c for s in stacks for c in s}
    return State(
        num_players=n,
        shovel_dig=SHOVEL_DIG[shovel],
        round=round,
        phase=phase,
        current=current,
        initiator=initiator,
        players=players,
        junkyard=junk,
        contested=pile,
        stacks=stacks,
        removed=tuple(c for c in range(NUM_CARDS) if c not in used_now),
        used=used,
        food=food,
        action=-1,
        chosen=(),
        hire_kind=-1,
        dug=(),
        peek=NO_CARD,
        spent=frozenset(),
        sniped=frozenset(),
        disarmed=frozenset(),
        played=((),) * n,
        events=(),
        stream=Stream(12345),
        result=(),
    )


def all_zones(state: State) -> list[tuple[int, ...]]:
    """Every zone that holds cards (for the every-card-once invariant)."""
    zones = [z for p in state.players for z in p]
    zones += [state.junkyard, state.contested, state.removed, state.dug, *state.stacks]
    return zones
