"""Resampling with expansion modules on: every hidden zone re-dealt (extends sampling.py).

Hidden from a seat: other seats' hands, decks, discard piles, stacked and stored cards, their
dug or drawn cards, the junkyard, the contested pile (but a peeked top), the unused contested
resources, the schematics pile and a builder's look at it, leaders nobody has shown (dealt
options, choices not yet revealed, those removed unseen but the seat's own declined one), and
the order of its own deck. Cards are re-dealt within their class (deck cards, buildings,
leaders), stored cards only into buildings they fit. What the seat's view is built from stays
put: cards an open action chose, a Courier's drawn cards, a targeted card, the cards its recon
saw, the junkyard top a Yardmaster looks at.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from arena.core.chance import Stream

from .buildings import fits
from .cards import CARD_KIND, KINDS, LEADERS, SCHEMATICS
from .expansion import ext_of
from .leaders import choosing
from .state import DIG_SCHEMATICS, KEEP, NO_CARD, RETURN, YARD, Building, Ext, State

DECK, BUILDING, LEADER = range(3)


def card_class(card: int) -> int:
    """Cards are re-dealt only among cards of their class."""
    home = KINDS[CARD_KIND[card]].home
    return BUILDING if home == SCHEMATICS else LEADER if home == LEADERS else DECK


class _Deal:
    """Slots of hidden cards: each zone's hidden part is emptied into a pool, then refilled."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.pools: dict[int, list[int]] = {DECK: [], BUILDING: [], LEADER: []}

    def take(self, cards: tuple[int, ...] | list[int]) -> int:
        for c in cards:
            self.pools[card_class(c)].append(c)
        return len(cards)

    def shuffle(self) -> None:
        for pool in self.pools.values():
            self.rng.shuffle(pool)

    def give(self, count: int, klass: int = DECK, building: int = NO_CARD) -> tuple[int, ...]:
        pool = self.pools[klass]
        if building == NO_CARD:
            out, pool[:] = pool[:count], pool[count:]
            return tuple(out)
        return self._pick(count, lambda c: fits(building, c))

    def give_hand(self, count: int, seen: set[int]) -> tuple[int, ...]:
        """Hand cards, avoiding cards the viewer saw elsewhere (they would become known)."""
        picked = self._pick(count, lambda c: c not in seen)
        return picked + self.give(count - len(picked))

    def _pick(self, count: int, ok: Callable[[int], bool]) -> tuple[int, ...]:
        pool = self.pools[DECK]
        picked = [c for c in pool if ok(c)][:count]
        for c in picked:
            pool.remove(c)
        return tuple(picked)


def module_resample(s: State, seat: int | None, rng: random.Random) -> State:
    """A state `seat` (None: a spectator) cannot tell from `s`, its hidden cards re-dealt."""
    ext = ext_of(s)
    deal = _Deal(rng)
    acting = seat is not None and seat == s.current
    keep = _kept(s, seat)
    hands: list[tuple[int, int, int] | None] = []
    stacks: list[list[int] | None] = []
    stored: list[list[int] | None] = []
    for o, z in enumerate(s.players):
        if o == seat:
            hands.append(None)
            stacks.append(None)
            stored.append(None)
            continue
        hidden = [c for c in z.hand if c not in keep]
        hands.append((len(hidden), deal.take(z.deck), deal.take(z.discard)))
        deal.take(hidden)
        stacks.append([deal.take(b.stack) for b in ext.seats[o].buildings])
        stored.append([deal.take(b.stored) for b in ext.seats[o].buildings])
    top = len(ext.turn.yard) if s.phase == YARD else 0  # the Yardmaster's two stay on top
    junk = deal.take(s.junkyard[top:])
    peeked = seat is not None and seat == s.initiator and s.peek == (s.contested[:1] or (-2,))[0]
    fight = deal.take(s.contested[1:] if peeked else s.contested)
    pile = deal.take(ext.schematics)
    dug_hidden = not (acting and s.phase in (KEEP, RETURN))
    dug = deal.take(s.dug) if dug_hidden else 0
    unseen = [c for c in ext.unseen if not _own_declined(ext, seat, c)]
    leader_slots = _leader_slots(s, ext, seat, deal)
    unseen_counts = {
        k: deal.take([c for c in unseen if card_class(c) == k]) for k in (DECK, LEADER)
    }
    seen = _seen(s, seat)
    deal.shuffle()
    players = list(s.players)
    seats = list(ext.seats)
    for o, z in enumerate(s.players):
        if hands[o] is None:
            continue
        slot, n_stacks, n_stored = hands[o], stacks[o], stored[o]
        if slot is None or n_stacks is None or n_stored is None:
            continue
        in_hand, in_deck, in_discard = slot
        kept = tuple(c for c in z.hand if c in keep)
        hand = tuple(sorted(kept + deal.give_hand(in_hand, seen)))
        players[o] = z._replace(hand=hand, deck=deal.give(in_deck), discard=deal.give(in_discard))
        built = []
        for b, n_stack, n_kept in zip(seats[o].buildings, n_stacks, n_stored, strict=True):
            built.append(
                Building(
                    b.card,
                    deal.give(n_stack),
                    tuple(sorted(deal.give(n_kept, building=b.card))),
                    b.disabled,
                    b.placed,
                )
            )
        seats[o] = seats[o]._replace(buildings=tuple(built))
    out_unseen = [c for c in ext.unseen if _own_declined(ext, seat, c)]
    junkyard = s.junkyard[:top] + deal.give(junk)
    contested = (s.contested[:1] if peeked else ()) + deal.give(fight)
    schematics = deal.give(pile, BUILDING)
    new_dug = s.dug
    if dug_hidden and dug:
        klass = BUILDING if ext.turn.dig == DIG_SCHEMATICS and s.phase == KEEP else DECK
        new_dug = deal.give(dug, klass)
    for o, options, leader in leader_slots:
        seats[o] = seats[o]._replace(
            options=tuple(sorted(deal.give(options, LEADER))),
            leader=deal.give(1, LEADER)[0] if leader else seats[o].leader,
        )
    out_unseen += [c for klass, count in unseen_counts.items() for c in deal.give(count, klass)]
    deal_left = sum(len(p) for p in deal.pools.values())
    assert deal_left == 0, "a resample must place every hidden card"
    if seat is not None:
        z = players[seat]
        deck = list(z.deck)
        rng.shuffle(deck)
        players[seat] = z._replace(deck=tuple(deck))
    ext = ext._replace(seats=tuple(seats), schematics=schematics, unseen=tuple(sorted(out_unseen)))
    return s._replace(
        players=tuple(players),
        junkyard=junkyard,
        contested=contested,
        dug=new_dug,
        ext=ext,
        stream=Stream.from_rng(rng),
    )


def _own_declined(ext: Ext, seat: int | None, card: int) -> bool:
    return seat is not None and ext.seats[seat].declined == card


def _leader_slots(s: State, ext: Ext, seat: int | None, deal: _Deal) -> list[tuple[int, int, bool]]:
    """Other seats' hidden leader cards: (seat, options count, chosen leader hidden)."""
    hidden_choice = choosing(s)
    slots = []
    for o, x in enumerate(ext.seats):
        if o == seat:
            continue
        options = deal.take(x.options)
        leader = hidden_choice and x.leader != NO_CARD
        if leader:
            deal.take((x.leader,))
        if options or leader:
            slots.append((o, options, leader))
    return slots


def _seen(s: State, seat: int | None) -> set[int]:
    """The cards the viewer's recon saw in other seats' hands this round."""
    if seat is None:
        return set()
    recon = ext_of(s).seats[seat].recon
    return {c for of, cards in recon if of.startswith("seat ") for c in cards}


def _kept(s: State, seat: int | None) -> set[int]:
    """Hand cards that stay put for this viewer (see the module docstring)."""
    turn = ext_of(s).turn
    keep = set(s.chosen) | set(turn.drawn) | _seen(s, seat)
    if turn.pending is not None:
        keep.add(turn.pending.target)
    return keep
