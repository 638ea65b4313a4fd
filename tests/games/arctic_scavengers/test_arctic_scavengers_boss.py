"""The Arctic Scavengers boss: the deals it samples from a view and the match's events, its
rollout rules, and decisions that depend on nothing but the view."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from arena.errors import ConfigError
from arena.games.arctic_scavengers import GAME, ArcticScavengersOptions
from arena.games.arctic_scavengers.belief import Memory, sample
from arena.games.arctic_scavengers.cards import CARD_ID, NUM_CARDS
from arena.games.arctic_scavengers.module_sampling import module_resample
from arena.games.arctic_scavengers.playout import rule_move
from arena.games.arctic_scavengers.sampling import resample
from arena.games.arctic_scavengers.strategy import make_greedy
from arena.games.testing import request_for
from arena.match.strategies import make_policy


def every_card(state) -> Counter[int]:
    """How often each card index appears anywhere in the state."""
    cards = Counter(state.junkyard + state.contested + state.removed + state.dug)
    for z in state.players:
        cards.update(z.deck + z.discard + z.hand + z.force)
    for stack in state.stacks:
        cards.update(stack)
    return cards


def playout(players: int, options: ArcticScavengersOptions, seed: int):
    """The states of a seeded match of greedy bots that now and then play at random."""
    rng = random.Random(seed)
    bots = [make_greedy(seed * 10 + s) for s in range(players)]
    state = GAME.setup(players, options, random.Random(seed))
    while GAME.outcome(state) is None:
        yield state
        seat = state.current
        legal = GAME.legal_moves(state, seat)
        move = (
            rng.choice(legal) if rng.random() < 0.3 else bots[seat](request_for(GAME, state, seat))
        )
        state = GAME.play(state, seat, move)
    yield state


@pytest.mark.parametrize(
    ("players", "shovel", "seed"),
    [(2, "plus2", 1), (3, "plus1", 2), (4, "plus2", 3), (5, "plus2", 4)],
)
def test_a_deal_sampled_from_a_view_shows_that_seat_the_same_view(players, shovel, seed) -> None:
    options = ArcticScavengersOptions(shovel=shovel)
    memories = [Memory(players) for _ in range(players)]
    rng = random.Random(seed)
    checked = 0
    for ply, state in enumerate(playout(players, options, seed)):
        for seat in range(players):
            view = GAME.view(state, seat)
            if GAME.to_move(state) == (seat,):
                memories[seat].update(view)  # what the bot sees: a view at each decision
            if ply % 9 and GAME.outcome(state) is None:
                continue
            sampled = sample(view, rng, memories[seat])
            checked += 1
            assert GAME.view(sampled, seat) == view
            assert GAME.legal_moves(sampled, seat) == GAME.legal_moves(state, seat)
            assert every_card(sampled) == Counter(range(NUM_CARDS))
            assert GAME.outcome(sampled) == GAME.outcome(state)
    assert checked > 20 * players


def test_the_known_owners_of_cards_come_back_in_the_sampled_deal() -> None:
    # In a 2-player match, the cards an opponent hired are its own in every deal.
    for state in playout(2, ArcticScavengersOptions(), 7):
        if state.round >= 8:
            break
    memory = Memory(2)
    view = GAME.view(state, 0)
    memory.update(view)
    hired = [text.split()[5] for text in view["events"] if text.startswith("seat 1: hire ")]
    for k in range(10):
        sampled = sample(view, random.Random(k), memory)
        theirs = sampled.players[1]
        owned = {CARD_ID[c] for c in theirs.deck + theirs.discard + theirs.hand + theirs.force}
        assert set(hired) <= owned


def test_a_view_with_expansion_parts_is_refused() -> None:
    view = GAME.view(GAME.setup(2, ArcticScavengersOptions(), random.Random(0)), 0)
    with pytest.raises(ConfigError, match="base game"):
        sample({**view, "modules": ["hq"]}, random.Random(0))


def test_the_rollout_rules_play_a_legal_move_in_every_state() -> None:
    for players in (2, 4):
        for state in playout(players, ArcticScavengersOptions(), players):
            if GAME.outcome(state) is None:
                assert rule_move(state) in GAME.legal_moves(state, state.current)


def test_the_boss_decides_the_same_when_the_cards_it_cannot_see_are_dealt_again() -> None:
    states = [
        s
        for i, s in enumerate(playout(2, ArcticScavengersOptions(), 5))
        if i % 13 == 5 and GAME.outcome(s) is None and len(GAME.legal_moves(s, s.current)) > 1
    ][:8]
    for state in states:
        seat = state.current
        other = resample(state, seat, random.Random(seat))
        assert GAME.view(other, seat) == GAME.view(state, seat)
        moves = [
            make_policy("arctic_scavengers", "boss", 42, iterations=12)(request_for(GAME, s, seat))
            for s in (state, other)
        ]
        assert moves[0] == moves[1]
        assert moves[0] in GAME.legal_moves(state, seat)


def test_with_expansion_modules_the_boss_searches_from_the_view_alone() -> None:
    """Three seats, hq1 and recon2: the boss's legal moves are not all the greedy bot's, and
    a state re-dealt behind its view (module_resample) gets the same move."""
    options = ArcticScavengersOptions(hq1=True, recon2=True)
    state = GAME.setup(3, options, random.Random(2))
    shadow = make_policy("arctic_scavengers", "greedy", 5)  # asked the boss's requests only
    others = [make_policy("arctic_scavengers", "greedy", s) for s in (6, 7)]
    decisions = unlike = 0
    while GAME.outcome(state) is None and decisions < 24:
        seat = GAME.to_move(state)[0]
        request = request_for(GAME, state, seat)
        if seat == 0:
            other = module_resample(state, 0, random.Random(decisions))
            assert GAME.view(other, 0) == request.view
            move, again = (
                make_policy("arctic_scavengers", "boss", 5, iterations=4)(request_for(GAME, s, 0))
                for s in (state, other)
            )
            assert move == again and move in request.legal_moves
            unlike += move != shadow(request)
            decisions += 1
        else:
            move = others[seat - 1](request)
        state = GAME.play(state, seat, move)
    assert decisions == 24 and unlike > 0
