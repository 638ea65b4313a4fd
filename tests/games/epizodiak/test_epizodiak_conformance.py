"""Epizodiak against the arena contract: conformance over random games in both modes and with
every flag, hidden hands and pile, determinism and the wire roundtrip."""

from __future__ import annotations

import random

from arena.core.game import replay
from arena.core.players import random_policy
from arena.core.registry import get_game
from arena.games.epizodiak import GAME, EpizodiakOptions, State
from arena.games.epizodiak.sampling import resample as redeal_hidden
from arena.games.epizodiak.state import COPIES, CW, SKIP_LIMIT, VALUES, Phase
from arena.games.epizodiak.wire import WIRE
from arena.games.testing import (
    all_option_combinations,
    check_game,
    default_workers,
    play_random_game,
    request_for,
)
from arena.match.strategies import make_policy

FULL = [0] + [COPIES] * VALUES  # tiles per value, index 0 unused


def all_tiles_accounted_for(s: State) -> None:
    """48 tiles, four of each value, in hands + pile + dial + sets; and a coherent turn state."""
    a, b, c = s.hands
    counts = [x + y + z for x, y, z in zip(a, b, c, strict=True)]
    for v in s.pile:
        counts[v] += 1
    v = s.start
    for _ in range(s.length):
        counts[v] += 1
        v = CW[v]
    gone = 0
    for v, _owner in s.discards:
        counts[v] += 3
        gone |= 1 << v
    assert counts == FULL, counts
    assert gone == s.gone and len(s.discards) == gone.bit_count()  # one set per value at most
    phase = s.phase
    if phase == Phase.OVER or s.turns == 0:  # a round was just scored
        assert s.totals == tuple(sum(r.points[i] for r in s.rounds) for i in range(3))
    if phase == Phase.OVER:
        return
    assert 0 < s.length < VALUES and 0 <= s.skips <= SKIP_LIMIT and (not s.skips or not s.pile)
    if phase == Phase.START:
        assert a[0] + b[0] + c[0] == 0 and sum(a) and sum(b) and sum(c)
        assert s.pile_turn == bool(s.pile) and not s.turn_moves and not s.picked
    # Only a contest empties another seat's hand mid-turn; the round ends with that turn.
    assert (s.contested != 0) == (phase == Phase.CONTEST_PLACE)


def test_option_combinations_cover_both_modes_and_every_flag():
    combos = all_option_combinations(GAME)
    assert len(combos) == 16 and EpizodiakOptions() in combos
    assert {o.mode for o in combos} == {"one_round", "score7"}
    for flag in ("dial_double", "pickup_legacy", "score7_legacy"):
        assert {getattr(o, flag) for o in combos} == {False, True}


def test_conformance_1000_games_in_both_modes_and_with_every_flag():
    # 1000 games cycle through the 16 option combinations. Every 20th game is deep (views of
    # every seat traced and replayed, the hidden tiles re-dealt every other ply): 100 games of
    # ~280 decisions. Views dominate the cost of a deep game, and the default of every 10th
    # game doubled this test's time (~24 s of CPU instead of ~15 s) for no new kind of check.
    report = check_game(
        GAME,
        workers=default_workers(),
        games=1000,
        num_players=[3],
        invariant=all_tiles_accounted_for,
        resample=redeal_hidden,
        seed=12,
        deep_every=20,
    )
    assert report.games == 1000
    assert report.terminations == {"normal": 1000}


def test_redeal_changes_the_hidden_tiles_and_keeps_the_viewers_hand():
    state = GAME.setup(3, EpizodiakOptions(), random.Random(5))
    seen = {redeal_hidden(state, 0, random.Random(i)).hands[1] for i in range(10)}
    assert len(seen) > 5
    assert {redeal_hidden(state, 0, random.Random(i)).hands[0] for i in range(10)} == {
        state.hands[0]
    }


def test_views_show_only_the_viewers_hand():
    moves, _ = play_random_game(GAME, 3, EpizodiakOptions(mode="score7"), 21)
    for state in replay(GAME, 3, EpizodiakOptions(mode="score7"), 21, moves)[::7]:
        spectator = GAME.view(state, None)
        assert spectator["hand"] == [] and spectator["seat"] is None
        for seat in range(3):
            view = GAME.view(state, seat)
            assert len(view["hand"]) == sum(state.hands[seat]) == view["hand_sizes"][seat]
            # Apart from the seat and its hand, every seat sees exactly what a spectator sees.
            assert {**view, "seat": None, "hand": []} == spectator
            assert "pile" not in view and "hands" not in view


def test_the_same_seed_and_options_give_the_same_game():
    for options in (EpizodiakOptions(), EpizodiakOptions(mode="score7", pickup_legacy=True)):
        first = play_random_game(GAME, 3, options, 77)
        assert play_random_game(GAME, 3, options, 77) == first
        moves, final = first
        assert replay(GAME, 3, options, 77, moves)[-1] == final
    assert play_random_game(GAME, 3, EpizodiakOptions(), 1) != play_random_game(
        GAME, 3, EpizodiakOptions(), 2
    )


def test_the_first_mover_is_random_from_the_seed():
    starters = {
        GAME.setup(3, EpizodiakOptions(), random.Random(seed)).current for seed in range(30)
    }
    assert starters == {0, 1, 2}


def test_wire_roundtrip_over_random_playouts():
    assert WIRE.field == "epizodiak"
    combos = all_option_combinations(GAME)
    for seed in range(6):
        options = combos[seed * 5 % len(combos)]
        moves, _ = play_random_game(GAME, 3, options, seed)
        for i, state in enumerate(replay(GAME, 3, options, seed, moves)):
            if i % 4:
                continue
            for seat in (0, 1, 2, None):
                view = GAME.view(state, seat)
                assert WIRE.from_proto(WIRE.to_proto(view)) == view


def test_registered_with_its_title_and_player_count():
    assert get_game("epizodiak") is GAME and GAME.title == "Epizodiak"
    assert (GAME.min_players, GAME.max_players) == (3, 3)


def test_render_draws_the_dial_and_only_the_viewers_hand():
    state = GAME.setup(3, EpizodiakOptions(), random.Random(3))
    text = GAME.render(state, 0)
    assert f"[{state.start:>2}]" in text and "*A hand" in text
    assert "12 tiles" in text  # the other hands appear only as sizes
    assert "hand 12 tiles" in GAME.render(state, None).splitlines()[9]


def _match(seed: int, greedy_seat: int, options: EpizodiakOptions) -> float:
    """Greedy against two random bots; the greedy seat's tournament points."""
    policies = [random_policy(3 * seed + s) for s in range(3)]
    policies[greedy_seat] = make_policy("epizodiak", "greedy", seed)
    state = GAME.setup(3, options, random.Random(seed))
    while (out := GAME.outcome(state)) is None:
        seat = GAME.to_move(state)[0]
        request = request_for(GAME, state, seat)
        move = policies[seat](request)
        assert move in request.legal_moves
        state = GAME.apply(state, seat, move)
    return out.points[greedy_seat]


def test_greedy_beats_two_random_bots_clearly():
    for options in (EpizodiakOptions(), EpizodiakOptions(mode="score7", pickup_legacy=True)):
        points = sum(_match(seed, seed % 3, options) for seed in range(24))
        assert points >= 0.75 * 24  # a fair share is 0.5 a game


def test_greedy_prefers_going_out_then_a_set_then_drawing():
    from arena.games.epizodiak.positions import position

    state = position((5, 7), [[8, 9], [1], [2]], [3, 4])
    assert make_policy("epizodiak", "greedy", 0)(request_for(GAME, state, 0)) == "place cw 8 9"
    state = position((5, 7), [[8, 2, 2, 2, 11], [1], [2]], [3, 4])
    assert make_policy("epizodiak", "greedy", 0)(request_for(GAME, state, 0)) == "set 2"
    state = position((5, 7), [[8, 11, 11], [1], [2]], [3, 4])
    assert make_policy("epizodiak", "greedy", 0)(request_for(GAME, state, 0)) == "draw"
