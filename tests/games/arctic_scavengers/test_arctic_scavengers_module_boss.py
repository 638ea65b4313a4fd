"""The Arctic Scavengers boss with expansion modules on: its deals from a view (module_belief)
and its search (module_boss), in seeded games with all nine modules and with hq1+recon4."""

from __future__ import annotations

import random

import pytest
from arctic_modules_helpers import ALL_MODULES, options_of

from arena.core.players import DecisionRequest
from arena.games.arctic_scavengers import GAME
from arena.games.arctic_scavengers.module_belief import Hints, matches, sample
from arena.games.arctic_scavengers.module_positions import module_zones
from arena.games.arctic_scavengers.module_setup import game_cards
from arena.games.arctic_scavengers.state import State
from arena.games.arctic_scavengers.strategy import greedy_move
from arena.match.strategies import make_policy

MODULE_SETS = [ALL_MODULES, "hq1 recon4"]


def _greedy_game(modules: str, seed: int, rounds: int = 16):
    """Seat 0's (state, view, legal moves) at each choice of a greedy game, to `rounds`."""
    state = GAME.setup(2, options_of(modules), random.Random(seed))
    while GAME.outcome(state) is None and state.round <= rounds:
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_moves(state, seat)
        view = GAME.view(state, seat)
        if seat == 0 and len(legal) > 1:
            yield state, view, legal
        state = GAME.play(state, seat, greedy_move(view, legal))


@pytest.mark.parametrize("modules", MODULE_SETS)
def test_a_deal_from_the_view_shows_the_seat_its_own_view(modules: str) -> None:
    hints, rng = Hints(), random.Random(7)
    made = fitting = decisions = 0
    for _, view, legal in _greedy_game(modules, seed=3):
        decisions += 1
        hints.update(view)
        dealt = sample(view, rng, hints)
        if dealt is None:
            continue
        made += 1
        assert module_zones(dealt) == sorted(game_cards(dealt.ext.modules))  # every card once
        seen = GAME.view(dealt, 0)
        # What the seat knows from recon results is not rebuilt; the rest reads the same.
        assert {**seen, "expansion": {**seen["expansion"], "known": []}} == {
            **view,
            "expansion": {**view["expansion"], "known": []},
        }
        fitting += matches(dealt, 0, legal)
    assert decisions > 50 and made >= 0.9 * decisions and fitting >= 0.95 * made


def test_other_seats_get_their_own_cards_first() -> None:
    """Seat 1's starting deck (known: decks are dealt in seat order) fills its hidden zones."""
    state = GAME.setup(2, options_of("hq1 recon4"), random.Random(1))
    view = GAME.view(state, 0)
    dealt = sample(view, random.Random(2))
    assert dealt is not None
    theirs = state.players[1]
    assert sorted(dealt.players[1].hand + dealt.players[1].deck) == sorted(
        theirs.hand + theirs.deck
    )
    assert dealt.players[1].hand != theirs.hand or dealt.players[1].deck != theirs.deck


def test_no_deal_while_the_leaders_are_chosen() -> None:
    state = GAME.setup(2, options_of(ALL_MODULES), random.Random(0))
    assert state.phase == 5  # LEADER
    assert sample(GAME.view(state, state.current), random.Random(0)) is None


def _boss_game(modules: str, seed: int, rounds: int, iterations: int = 8) -> tuple[int, int, State]:
    """A boss (`iterations` playouts a decision) against greedy to `rounds`: (decisions, moves
    unlike greedy's, the state reached); every reply must be legal."""
    boss = make_policy("arctic_scavengers", "boss", seed, iterations=iterations)
    state = GAME.setup(2, options_of(modules), random.Random(seed))
    decisions = unlike = 0
    while GAME.outcome(state) is None and state.round <= rounds:
        seat = GAME.to_move(state)[0]
        legal = tuple(GAME.legal_moves(state, seat))
        view = GAME.view(state, seat)
        move = greedy_move(view, legal)
        if seat == 0:
            request = DecisionRequest(f"m{seed}", decisions, "arctic_scavengers", 0, view, legal)
            reply = boss(request)
            chosen = legal[reply] if isinstance(reply, int) else reply
            assert chosen in legal
            decisions += 1
            unlike += chosen != move
            move = chosen
        state = GAME.play(state, seat, move)
    return decisions, unlike, state


@pytest.mark.parametrize("modules", MODULE_SETS)
def test_the_boss_searches_legal_moves_that_are_not_all_greedy(modules: str) -> None:
    decisions, unlike, state = _boss_game(modules, seed=5, rounds=4)
    assert state.round > 4 and decisions > 20
    assert unlike > 0  # with modules on, it no longer plays exactly as greedy


def test_the_boss_replays_its_moves_from_its_seed() -> None:
    first = _boss_game("hq1 recon4", seed=2, rounds=2, iterations=3)
    again = _boss_game("hq1 recon4", seed=2, rounds=2, iterations=3)
    assert first[:2] == again[:2] and first[2] == again[2]


def test_the_boss_plays_a_whole_game_with_all_nine_modules() -> None:
    """Open module actions (a building's work) included: deals it cannot make are greedy's."""
    decisions, _, state = _boss_game(ALL_MODULES, seed=0, rounds=16, iterations=2)
    assert GAME.outcome(state) is not None and decisions > 100
