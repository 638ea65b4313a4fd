"""Setup with expansion modules on (expansions spec 0.8 market, 0.9 setup order, §4 two players).

The generator is called in the order of AX-A6; a step whose modules are off is skipped, so the
base steps draw exactly what the base setup draws.
"""

from __future__ import annotations

import random
from functools import cache

from arena.core.chance import Stream

from .cards import (
    CARD_KIND,
    GANGS,
    JUNKYARD_KINDS,
    KIND_INDEX,
    KINDS,
    LEADERS,
    MERCENARY_KINDS,
    NUM_ALL_CARDS,
    REF,
    SCA,
    SHOVEL_DIG,
    STARTING_DECK,
    TWO_PLAYER_REMOVED_PER_KIND,
)
from .expansion import HQ1, HQ2, HQ3, RECON1, RECON2, RECON3, RECON4, RECON5, module_bits
from .state import GATHER, LEADER, NO_CARD, ArcticScavengersOptions, Ext, SeatExt, State, Zones

_K = KIND_INDEX
HSC = _K["HSC"]
# Required mercenary stacks per module (0.8), in stack order.
HQ_STACKS = ((HQ1, _K["MED"]), (HQ2, _K["ENG"]))
RECON_STACKS = (
    (RECON1, _K["SPY"]),
    *((RECON2, _K[c]) for c in ("ASN", "PRO", "ROG", "GUA")),
    *((RECON3, _K[c]) for c in ("COU", "DRS", "SCR", "TIN")),
)
SCOUTING_REFUGEES = _K["SRF"]  # Recon 1: a stack beside the market, outside the count
MARKET_SIZE = 10  # [ASSUMPTION AX-A5] base types drawn: min(8, MARKET_SIZE - required Recon)
# Module-specific junkyard kinds (in kind order, after the base 8), contested kinds (Recon 4).
MODULE_JUNKYARD = ((HQ1, _K["RIF"]), (HQ1, _K["TLK"]), (RECON1, _K["BIN"]), (RECON5, _K["MAP"]))
RECON4_CONTESTED = tuple(i for i, k in enumerate(KINDS) if k.contested and k.module == "recon4")
CONTESTED_IN_PLAY = 14  # [ASSUMPTION AX-A58] Recon 4: 14 of the 28 shuffled
HQ_BUILDINGS = tuple(_K[c] for c in ("BNK", "ARM", "PHA", "HYD"))
RECON3_BUILDINGS = (_K["DCY"], _K["TWR"])
LEADERS_DEALT = 2  # §6.1: deal two, keep one
GANG_KINDS = ((HQ1, _K["GEA"]), (HQ1, _K["PHM"]), (HQ2, _K["MAS"]), (RECON5, _K["HUM"]))


def market(bits: int, rng: random.Random) -> list[int]:
    """The mercenary stack kinds in stack order (0.8); draws from `rng` only with Recon 1-3."""
    recon = [kind for bit, kind in RECON_STACKS if bits & bit]
    base = list(MERCENARY_KINDS)
    if bits & (RECON1 | RECON2 | RECON3):
        chosen = set(rng.sample(MERCENARY_KINDS, min(len(base), MARKET_SIZE - len(recon))))
        base = [k for k in MERCENARY_KINDS if k in chosen]
    hq = [kind for bit, kind in HQ_STACKS if bits & bit]
    # Stack order: base stacks, then MED ENG SPY ASN PRO ROG GUA COU DRS SCR TIN SRF (kind order).
    order = base + sorted(hq + recon)
    if bits & RECON1:
        order.append(SCOUTING_REFUGEES)
    return order


def schematic_kinds(bits: int) -> tuple[int, ...]:
    """The buildings in the schematics pile: HQ 2's 12, Recon 3's 12 + 6 (AX-A57)."""
    if bits & RECON3:
        return HQ_BUILDINGS + RECON3_BUILDINGS
    return HQ_BUILDINGS if bits & HQ2 else ()


def game_kinds(bits: int) -> set[int]:
    """Every card kind in a game with these modules (the base kinds always)."""
    kinds = {i for i, k in enumerate(KINDS) if not k.module}
    kinds |= {k for bit, k in HQ_STACKS + RECON_STACKS + MODULE_JUNKYARD + GANG_KINDS if bits & bit}
    if bits & RECON1:
        kinds.add(SCOUTING_REFUGEES)
    if bits & RECON3:
        kinds.add(HSC)
    if bits & RECON4:
        kinds |= set(RECON4_CONTESTED)
    kinds |= set(schematic_kinds(bits))
    if bits & HQ3:
        kinds |= {i for i, k in enumerate(KINDS) if k.home == LEADERS and k.module == "hq3"}
        if bits & RECON5:  # AX-A67: the Swindler and the Yardmaster only with HQ 3
            kinds |= {i for i, k in enumerate(KINDS) if k.home == LEADERS and k.module == "recon5"}
    return kinds


@cache
def _game_cards(bits: int) -> tuple[int, ...]:
    kinds = game_kinds(bits)
    return tuple(c for c in range(NUM_ALL_CARDS) if CARD_KIND[c] in kinds)


def game_cards(bits: int) -> list[int]:
    """Every card of a game with these modules, in card order (for the every-card-once check)."""
    return list(_game_cards(bits))


def setup_modules(num_players: int, options: ArcticScavengersOptions, rng: random.Random) -> State:
    """The setup of 0.9, steps 1-8, then the leader choice or round 1."""
    from .module_rounds import start_round  # the rounds build on this module's types

    bits = module_bits(options)
    kinds = game_kinds(bits)
    by_kind: list[list[int]] = [[] for _ in KINDS]
    for c in range(NUM_ALL_CARDS):
        if CARD_KIND[c] in kinds:
            by_kind[CARD_KIND[c]].append(c)
    players = []
    for _ in range(num_players):  # 1. starting decks (Recon 3: Hardy Scavengers, AX-A56)
        deck: list[int] = []
        for kind, qty in STARTING_DECK:
            kind = HSC if kind == SCA and bits & RECON3 else kind
            deck += by_kind[kind][:qty]
            del by_kind[kind][:qty]
        rng.shuffle(deck)
        players.append((tuple(deck), (), (), ()))
    removed = by_kind[REF] + by_kind[HSC]
    junkyard: list[int] = []  # 2. the junkyard (AX-A11: two of every kind out in 2 players)
    for kind in (*JUNKYARD_KINDS, *(k for bit, k in MODULE_JUNKYARD if bits & bit)):
        cards = by_kind[kind]
        if num_players == 2:
            removed += cards[-TWO_PLAYER_REMOVED_PER_KIND:]
            cards = cards[:-TWO_PLAYER_REMOVED_PER_KIND]
        junkyard += cards
    rng.shuffle(junkyard)
    contested = sorted(_contested(by_kind, bits))
    rng.shuffle(contested)  # 3. the contested pile
    unseen = contested[CONTESTED_IN_PLAY:] if bits & RECON4 else []
    contested = contested[:CONTESTED_IN_PLAY] if bits & RECON4 else contested
    initiator = rng.randrange(num_players)  # 4. (AS-A3)
    stack_kinds = market(bits, rng)  # 5.
    for kind in MERCENARY_KINDS:
        if kind not in stack_kinds:
            removed += by_kind[kind]
    schematics = [c for kind in schematic_kinds(bits) for c in by_kind[kind]]
    rng.shuffle(schematics)  # 6.
    leaders = sorted(
        c
        for c in range(NUM_ALL_CARDS)
        if KINDS[CARD_KIND[c]].home == LEADERS and CARD_KIND[c] in kinds
    )
    rng.shuffle(leaders)  # 7.
    dealt, rest = deal_leaders(leaders, num_players)
    seats = [SeatExt(options=options) for options in dealt]
    unseen += rest
    ext = Ext(
        modules=bits,
        stack_kinds=tuple(stack_kinds),
        schematics=tuple(schematics),
        gangs=tuple(
            c
            for c in range(NUM_ALL_CARDS)
            if KINDS[CARD_KIND[c]].home == GANGS and CARD_KIND[c] in kinds
        ),
        unseen=tuple(sorted(unseen)),
        seats=tuple(seats),
    )
    state = State(
        num_players=num_players,
        shovel_dig=SHOVEL_DIG[options.shovel],
        round=0,
        phase=LEADER if bits & HQ3 else GATHER,
        current=initiator,
        initiator=initiator,
        players=tuple(Zones(*p) for p in players),
        junkyard=tuple(junkyard),
        contested=tuple(contested),
        stacks=tuple(tuple(by_kind[k]) for k in stack_kinds),
        removed=tuple(sorted(removed)),
        used=0,
        food=0,
        action=-1,
        chosen=(),
        hire_kind=-1,
        dug=(),
        peek=NO_CARD,
        spent=frozenset(),
        sniped=frozenset(),
        disarmed=frozenset(),
        played=((),) * num_players,
        events=(),
        stream=Stream.from_rng(rng),  # 8.
        result=(),
        ext=ext,
    )
    return state if bits & HQ3 else start_round(state)


def deal_leaders(pile: list[int], num_players: int) -> tuple[list[tuple[int, ...]], list[int]]:
    """Seat s gets pile positions 2s and 2s+1 (AX-A6 step 7); the rest are removed unseen."""
    dealt = [
        tuple(sorted(pile[LEADERS_DEALT * seat : LEADERS_DEALT * (seat + 1)]))
        for seat in range(num_players)
    ]
    return dealt, pile[LEADERS_DEALT * num_players :]


def _contested(by_kind: list[list[int]], bits: int) -> set[int]:
    kinds = [i for i, k in enumerate(KINDS) if k.contested and not k.module]
    if bits & RECON4:
        kinds += RECON4_CONTESTED
    return {c for kind in kinds for c in by_kind[kind]}
