"""Literal positions with expansion modules on, for tests and docs (extends positions.py).

Cards not placed go where a setup puts them: mercenaries to their stacks (every base stack and
every module's stack unless `market` names the base ones), junkyard and contested cards to
their piles, buildings to the schematics pile, leaders out of the game face down, gangs to the
display, Refugees and Hardy Scavengers out of the game. Every card of the game is in exactly
one zone, so positions satisfy the conformance invariant (`module_zones`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import chain
from typing import Any, NamedTuple

from .cards import (
    CARD_KIND,
    CONTESTED,
    GANGS,
    JUNKYARD,
    KIND_INDEX,
    KINDS,
    LEADERS,
    SCHEMATICS,
)
from .expansion import RECON1, module_bits
from .module_setup import HQ_STACKS, RECON_STACKS, SCOUTING_REFUGEES, game_cards
from .positions import Ids, cards, position
from .state import GATHER, NO_CARD, ArcticScavengersOptions, Building, Ext, SeatExt, State

BASE_ORDER = ("SCA", "BRA", "HUN", "SAB", "SCO", "GRL", "SNI", "THU")


class Site(NamedTuple):
    """A building in a literal position: its stacked cards (top first) and stored cards."""

    stack: str = ""
    stored: str = ""
    placed: int = 2
    disabled: bool = False


def options_of(modules: str | Sequence[str]) -> ArcticScavengersOptions:
    """Options with the named modules on ("hq1 recon2" or a list)."""
    names = modules.split() if isinstance(modules, str) else list(modules)
    on: dict[str, Any] = {name: True for name in names}
    return ArcticScavengersOptions(**on)


def module_position(
    hands: Sequence[Ids | str],
    *,
    modules: str | Sequence[str],
    decks: Sequence[Ids | str] | None = None,
    discards: Sequence[Ids | str] | None = None,
    forces: Sequence[Ids | str] | None = None,
    junkyard: Ids | str | None = None,
    contested: Ids | str | None = None,
    schematics: Ids | str | None = None,
    leaders: Sequence[str] | None = None,
    wounded: Sequence[int] = (),
    buildings: Sequence[Mapping[str, Site]] | None = None,
    held: Sequence[Ids | str] | None = None,
    market: str | None = None,
    **base: Any,
) -> State:
    """A position with modules (`base` takes positions.position's other keywords)."""
    options = options_of(modules)
    bits = module_bits(options)
    n = len(hands)
    sites = buildings or [{}] * n
    leader_ids = leaders or [""] * n
    held_ids = held or [""] * n
    fixed = set(cards(" ".join(leader_ids)))
    fixed |= {
        c
        for seat in sites
        for bid, site in seat.items()
        for c in (*cards(bid), *cards(site.stack), *cards(site.stored))
    }
    fixed |= set(cards(" ".join(map(_text, held_ids))))
    if schematics is not None:
        fixed |= set(cards(schematics))
    s = position(
        hands,
        decks=decks,
        discards=discards,
        forces=forces,
        junkyard=junkyard,
        contested=contested,
        **base,
    )
    in_game = set(game_cards(bits))
    placed = {c for z in s.players for zone in z for c in zone} | fixed
    free = [c for c in sorted(in_game) if c not in placed]
    home = {c: KINDS[CARD_KIND[c]].home for c in free}
    stack_kinds = _market(bits, market)
    pile = (
        cards(schematics)
        if schematics is not None
        else tuple(c for c in free if home[c] == SCHEMATICS)
    )
    junk = (
        s.junkyard
        if junkyard is not None
        else tuple(
            c
            for c in sorted(in_game)
            if c not in placed
            and (home[c] == JUNKYARD or (not KINDS[CARD_KIND[c]].module and c in s.junkyard))
        )
    )
    fight = (
        s.contested
        if contested is not None
        else tuple(
            c
            for c in sorted(in_game)
            if c not in placed
            and (home[c] == CONTESTED or (not KINDS[CARD_KIND[c]].module and c in s.contested))
        )
    )
    stacks = tuple(tuple(c for c in free if CARD_KIND[c] == k) for k in stack_kinds)
    gangs = tuple(c for c in free if home[c] == GANGS)
    seats = []
    for seat in range(n):
        leader = cards(leader_ids[seat])
        built = tuple(
            Building(
                cards(bid)[0],
                cards(site.stack),
                tuple(sorted(cards(site.stored))),
                site.disabled,
                site.placed,
            )
            for bid, site in sites[seat].items()
        )
        seats.append(
            SeatExt(
                leader=leader[0] if leader else NO_CARD,
                wounded=seat in wounded,
                buildings=built,
                held=cards(_text(held_ids[seat])),
            )
        )
    zoned = placed | set(pile) | set(junk) | set(fight) | set(chain(*stacks)) | set(gangs)
    unseen = tuple(c for c in sorted(in_game) if c not in zoned and home.get(c) == LEADERS)
    removed = tuple(c for c in sorted(in_game) if c not in zoned and c not in unseen)
    ext = Ext(
        modules=bits,
        stack_kinds=stack_kinds,
        schematics=pile,
        gangs=gangs,
        unseen=unseen,
        seats=tuple(seats),
    )
    state = s._replace(junkyard=junk, contested=fight, stacks=stacks, removed=removed, ext=ext)
    if state.phase == GATHER and state.food == 0:
        from .buildings import gardens

        state = state._replace(food=gardens(ext, state.current))
    return state


def _text(ids: Ids | str) -> str:
    return ids if isinstance(ids, str) else " ".join(ids)


def _market(bits: int, market: str | None) -> tuple[int, ...]:
    base = market.split() if market is not None else list(BASE_ORDER)
    kinds = [KIND_INDEX[c] for c in BASE_ORDER if c in base]
    kinds += sorted(k for bit, k in HQ_STACKS + RECON_STACKS if bits & bit)
    if bits & RECON1:
        kinds.append(SCOUTING_REFUGEES)
    return tuple(kinds)


def module_zones(state: State) -> list[int]:
    """Every card in a zone, sorted (each card of the game must be there exactly once)."""
    ext = state.ext
    assert ext is not None
    out = [c for z in state.players for zone in z for c in zone]
    out += [*state.junkyard, *state.contested, *state.removed, *state.dug]
    out += [c for stack in state.stacks for c in stack]
    out += [*ext.schematics, *ext.gangs, *ext.unseen, *ext.turn.aside]
    for s in ext.seats:
        out += [s.leader] if s.leader != NO_CARD else []
        out += [*s.options, *s.held]
        for b in s.buildings:
            out += [b.card, *b.stack, *b.stored]
    return sorted(out)
