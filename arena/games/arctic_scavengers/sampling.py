"""Resampling of what a seat cannot see, for conformance checks, search bots and ML adapters.

`resample(state, seat, rng)` returns a state that `seat` (None: a spectator) cannot tell apart
from `state`: everything its view shows is kept, the hidden part is re-dealt from `rng`.
"""

from __future__ import annotations

import random

from arena.core.chance import Stream
from arena.games.arctic_scavengers.state import KEEP, State, Zones


def resample(s: State, seat: int | None, rng: random.Random) -> State:
    """Re-deal every card `seat` cannot see among the zones that hide it, sizes kept.

    Hidden from `seat`: other seats' hands, decks and discard piles, the junkyard, the contested
    pile (but the top card for the initiator who peeked), another seat's dug cards, and the
    order of its own deck. Cards chosen into an open action stay put (the acting seat's).
    With expansion modules on, their hidden zones too (module_sampling.py).
    """
    if s.ext is not None:
        from .module_sampling import module_resample

        return module_resample(s, seat, rng)
    slots: list[tuple[str, int, int]] = []  # (zone, seat, size)
    pool: list[int] = []
    keep_chosen = set(s.chosen)
    for o, z in enumerate(s.players):
        if o == seat:
            continue
        hand = [c for c in z.hand if c not in keep_chosen]
        for name, cards in (("hand", hand), ("deck", z.deck), ("discard", z.discard)):
            slots.append((name, o, len(cards)))
            pool += cards
    peeked = seat is not None and seat == s.initiator and s.peek == (s.contested[:1] or (-2,))[0]
    contested = s.contested[1:] if peeked else s.contested
    for name, cards in (("junkyard", s.junkyard), ("contested", contested)):
        slots.append((name, -1, len(cards)))
        pool += cards
    if seat != s.current or s.phase != KEEP:
        slots.append(("dug", -1, len(s.dug)))
        pool += s.dug
    rng.shuffle(pool)
    players = list(s.players)
    out = {"junkyard": s.junkyard, "contested": s.contested, "dug": s.dug}
    at = 0
    for name, o, size in slots:
        part = tuple(pool[at : at + size])
        at += size
        if o < 0:
            out[name] = (s.contested[:1] + part) if name == "contested" and peeked else part
            continue
        z = players[o]
        if name == "hand":
            part = tuple(sorted(part + tuple(c for c in z.hand if c in keep_chosen)))
        players[o] = z._replace(**{name: part})
    if seat is not None:
        z = players[seat]
        deck = list(z.deck)
        rng.shuffle(deck)
        players[seat] = Zones(tuple(deck), z.discard, z.hand, z.force)
    return s._replace(
        players=tuple(players),
        junkyard=out["junkyard"],
        contested=out["contested"],
        dug=out["dug"],
        stream=Stream.from_rng(rng),
    )
