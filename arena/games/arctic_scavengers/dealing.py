"""The setup (spec §3; with expansion modules, expansions spec 0.9 in module_setup.py): the
first state of a game, its first round started."""

from __future__ import annotations

import random

from arena.core.chance import Stream

from .cards import (
    CARD_KIND,
    CONTESTED_KINDS,
    JUNKYARD_KINDS,
    KINDS,
    MERCENARY_KINDS,
    NUM_CARDS,
    REF,
    SHOVEL_DIG,
    STARTING_DECK,
    TWO_PLAYER_REMOVED_PER_KIND,
)
from .module_setup import setup_modules
from .rounds import start_round
from .state import GATHER, NO_CARD, ArcticScavengersOptions, State, Zones


def setup(num_players: int, options: ArcticScavengersOptions, rng: random.Random) -> State:
    """Decks dealt and shuffled, stacks, junkyard, contested pile, a random initiator (§3)."""
    if options.modules:  # expansions spec 0.9; with every module off, the base setup below
        return setup_modules(num_players, options, rng)
    by_kind: list[list[int]] = [[] for _ in KINDS]
    for c in range(NUM_CARDS):
        by_kind[CARD_KIND[c]].append(c)
    players = []
    for _ in range(num_players):
        deck = []
        for kind, qty in STARTING_DECK:
            deck += by_kind[kind][:qty]
            del by_kind[kind][:qty]
        rng.shuffle(deck)
        players.append(Zones(tuple(deck), (), (), ()))
    removed = list(by_kind[REF])  # §3.3: Refugees not dealt leave the game
    junkyard: list[int] = []
    for kind in JUNKYARD_KINDS:
        cards = by_kind[kind]
        if num_players == 2:  # §9.1, AS-A15: after the starting decks took theirs
            removed += cards[-TWO_PLAYER_REMOVED_PER_KIND:]
            cards = cards[:-TWO_PLAYER_REMOVED_PER_KIND]
        junkyard += cards
    rng.shuffle(junkyard)
    contested = [c for kind in CONTESTED_KINDS for c in by_kind[kind]]
    rng.shuffle(contested)
    initiator = rng.randrange(num_players)  # [ASSUMPTION AS-A3]
    state = State(
        num_players=num_players,
        shovel_dig=SHOVEL_DIG[options.shovel],
        round=0,
        phase=GATHER,
        current=initiator,
        initiator=initiator,
        players=tuple(players),
        junkyard=tuple(junkyard),
        contested=tuple(contested),
        stacks=tuple(tuple(by_kind[k]) for k in MERCENARY_KINDS),
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
        stream=Stream.from_rng(rng),
        result=(),
    )
    return start_round(state)
