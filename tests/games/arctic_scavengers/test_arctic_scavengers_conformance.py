"""Arctic Scavengers against the Game contract: conformance over random games with the
every-card-once invariant and a resample of every hidden zone, determinism, the wire roundtrip,
and the greedy bot."""

from __future__ import annotations

import os
import random
from itertools import chain

from arena.core.game import parse_options, replay
from arena.core.players import random_policy
from arena.core.registry import get_game
from arena.games.arctic_scavengers import GAME, ArcticScavengersOptions
from arena.games.arctic_scavengers.cards import IS_TOOL, NUM_CARDS, people_of
from arena.games.arctic_scavengers.positions import all_zones
from arena.games.arctic_scavengers.sampling import resample
from arena.games.arctic_scavengers.state import BUILD, DECLARE, KEEP, OVER, State
from arena.games.arctic_scavengers.strategy import STRATEGIES
from arena.games.arctic_scavengers.wire import WIRE
from arena.games.testing import (
    all_option_combinations,
    check_game,
    default_workers,
    play_random_game,
    request_for,
)
from arena.match.strategies import make_policy

ALL_CARDS = list(range(NUM_CARDS))
# The suite's run (both shovels at 2-5 players); longer ones: ARENA_ARCTIC_GAMES=5000.
GAMES = int(os.environ.get("ARENA_ARCTIC_GAMES", "600"))


def every_card_once(s: State) -> None:
    """Each of the 149 cards is in exactly one zone; the phase bookkeeping is consistent."""
    assert sorted(chain.from_iterable(all_zones(s))) == ALL_CARDS, "a card lost or doubled"
    assert all(list(z.hand) == sorted(z.hand) for z in s.players)
    assert (s.phase == KEEP) == bool(s.dug)
    if s.phase == BUILD:
        assert set(s.chosen) <= set(s.players[s.current].hand)
    forces = {c for z in s.players for c in z.force}
    assert s.sniped <= forces and s.disarmed <= forces
    assert all(IS_TOOL[c] for c in s.disarmed)
    skirmishes_done = max(0, s.round - 2) if s.phase == OVER else max(0, s.round - 3)
    assert len(s.contested) == 14 - skirmishes_done


def test_conformance_two_to_five_players_both_shovels() -> None:
    options = all_option_combinations(GAME)
    assert len(options) == 2
    report = check_game(
        GAME,
        workers=default_workers(),
        games=GAMES,
        num_players=[2, 3, 4, 5],
        options=options,
        invariant=every_card_once,
        resample=resample,
        seed=13,
    )
    assert report.games == GAMES and set(report.by_players) == {2, 3, 4, 5}
    assert report.terminations == {"normal": GAMES}


def test_same_seed_same_game() -> None:
    options = ArcticScavengersOptions()
    moves_a, end_a = play_random_game(GAME, 4, options, seed=77)
    moves_b, end_b = play_random_game(GAME, 4, options, seed=77)
    assert moves_a == moves_b and end_a == end_b
    assert replay(GAME, 4, options, 77, moves_a)[-1] == end_a
    assert play_random_game(GAME, 3, options, seed=1) != play_random_game(GAME, 3, options, seed=2)


def test_wire_roundtrip_over_random_playouts() -> None:
    assert WIRE.field == "arctic_scavengers"
    for seed in range(6):
        n = 2 + seed % 4
        options = ArcticScavengersOptions(shovel="plus1" if seed % 2 else "plus2")
        moves, _ = play_random_game(GAME, n, options, seed=seed)
        for i, state in enumerate(replay(GAME, n, options, seed, moves)):
            if i % 5:
                continue
            for seat in [*range(n), None]:
                view = GAME.view(state, seat)
                assert WIRE.from_proto(WIRE.to_proto(view)) == view


def test_options_parse_from_text() -> None:
    assert parse_options(GAME, {"shovel": "plus1"}) == ArcticScavengersOptions(shovel="plus1")
    assert parse_options(GAME, {}) == ArcticScavengersOptions(shovel="plus2")
    assert get_game("arctic_scavengers") is GAME and GAME.title == "Arctic Scavengers"
    assert (GAME.min_players, GAME.max_players) == (2, 5)


def _match(seed: int, n: int, greedy_seat: int) -> float:
    """Greedy against random players; the greedy seat's tournament points."""
    policies = [random_policy(seed * 7 + s) for s in range(n)]
    policies[greedy_seat] = STRATEGIES["greedy"](seed)
    state = GAME.setup(n, ArcticScavengersOptions(), random.Random(seed))
    while (out := GAME.outcome(state)) is None:
        seat = GAME.to_move(state)[0]
        state = GAME.apply(state, seat, policies[seat](request_for(GAME, state, seat)))
    return out.points[greedy_seat]


def test_greedy_beats_random_clearly() -> None:
    assert sum(_match(seed, 2, seed % 2) for seed in range(20)) >= 18
    assert sum(_match(seed, 4, seed % 4) for seed in range(8)) >= 7


def test_greedy_is_a_registered_strategy_and_plays_legal_moves() -> None:
    policies = [make_policy("arctic_scavengers", "greedy", seed=s) for s in range(3)]
    state = GAME.setup(3, ArcticScavengersOptions(), random.Random(3))
    while GAME.outcome(state) is None:
        seat = GAME.to_move(state)[0]
        request = request_for(GAME, state, seat)
        move = policies[seat](request)
        assert move in request.legal_moves
        state = GAME.apply(state, seat, move)


def test_resample_moves_hidden_cards_but_no_view() -> None:
    """The resample really re-deals: hands, decks and piles change, every view stays the same."""
    moves, _ = play_random_game(GAME, 4, ArcticScavengersOptions(), seed=5)
    state = replay(GAME, 4, ArcticScavengersOptions(), 5, moves[:60])[-1]
    for seat in [0, 1, None]:
        other = resample(state, seat, random.Random(9))
        every_card_once(other)
        assert other.junkyard != state.junkyard
        assert [z.hand for z in other.players] != [z.hand for z in state.players]
        assert GAME.view(other, seat) == GAME.view(state, seat)
        if seat is not None:
            assert other.players[seat].hand == state.players[seat].hand


def _skirmisher(rng: random.Random):
    """A test policy that exercises the skirmish: it hires Sniper Teams and Saboteurs, snipes
    and disarms whenever it can, plays greedy half the time and at random otherwise."""
    greedy = STRATEGIES["greedy"](rng.randrange(1000))

    def choose(request) -> str:
        legal = request.legal_moves
        for prefix in ("snipe", "disarm", "hire SNI", "hire SAB", "pay"):
            picks = [m for m in legal if m.startswith(prefix)]
            if picks:
                return rng.choice(picks)
        if rng.random() < 0.5:
            return greedy(request)
        return rng.choice(legal)

    return choose


def test_skirmish_heavy_games_keep_the_invariant_and_hide_what_they_must() -> None:
    declarations = kept = 0
    for seed in range(24):
        n = 2 + seed % 4
        rng = random.Random(seed)
        policies = [_skirmisher(rng) for _ in range(n)]
        state = GAME.setup(n, ArcticScavengersOptions(), random.Random(seed))
        while GAME.outcome(state) is None:
            every_card_once(state)
            seat = GAME.to_move(state)[0]
            if state.phase in (DECLARE, KEEP) or (state.phase == BUILD and rng.random() < 0.1):
                for viewer in [*range(n), None]:
                    other = resample(state, viewer, random.Random(rng.random()))
                    assert GAME.view(other, viewer) == GAME.view(state, viewer)
            move = policies[seat](request_for(GAME, state, seat))
            assert move in GAME.legal_moves(state, seat)
            declarations += move.startswith(("snipe", "disarm"))
            kept += move.startswith("keep")
            state = GAME.apply(state, seat, move)
        assert state.round == 16 and sum(state.result) == sum(
            people_of(zone) for z in state.players for zone in z
        )
    assert declarations >= 50 and kept >= 50
