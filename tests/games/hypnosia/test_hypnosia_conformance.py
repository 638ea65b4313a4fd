"""Hypnosia against the Game contract: conformance over random games with the issue's
invariants, determinism, the wire roundtrip, options and registration."""

from __future__ import annotations

import random

import pytest

from arena.core.game import parse_options, replay
from arena.core.registry import get_game
from arena.errors import OptionError, PlayerCountError
from arena.games.hypnosia import GAME, HypnosiaOptions, State
from arena.games.hypnosia.board import CIRCLE_OF
from arena.games.hypnosia.positions import position
from arena.games.hypnosia.sampling import resample as new_dice
from arena.games.hypnosia.state import (
    CENTRE_PLACES,
    HEIGHT_SHIFT,
    MAX_STACK,
    OWNER_MASK,
    PAWNS_PER_COLOUR,
)
from arena.games.hypnosia.wire import WIRE
from arena.games.testing import (
    all_option_combinations,
    check_game,
    default_workers,
    play_random_game,
)

BOTH_VARIANTS = [HypnosiaOptions(stacks_cross=True), HypnosiaOptions(stacks_cross=False)]


def depth_sums(state: State) -> list[tuple[int, int, int, int]]:
    """Per seat: its pawns in the start slots, and in the slots or on circles up to A, B, C.

    Each only ever falls: pawns move inwards (a unit moving outwards would raise one), and
    captured or entering pawns leave the board. Also checks that no space holds 3 pawns."""
    counts = [[state.start[s].bit_count(), 0, 0, 0] for s in range(state.num_players)]
    for i, v in enumerate(state.cells):
        if v:
            assert v >> HEIGHT_SHIFT <= MAX_STACK, f"{v >> HEIGHT_SHIFT} pawns on space {i}"
            counts[v & OWNER_MASK][CIRCLE_OF[i] + 1] += v >> HEIGHT_SHIFT
    return [(a, a + b, a + b + c, a + b + c + d) for a, b, c, d in counts]


class Invariants:
    """The issue's invariants after every decision; remembers the previous state of a game."""

    def __init__(self) -> None:
        self.previous: State | None = None
        self.before: list[tuple[int, int, int, int]] = []

    def __call__(self, state: State) -> None:
        sums = depth_sums(state)
        for seat, on_board in enumerate(sums):  # start + track + centre + captured = 4
            held = on_board[3] + state.centre.count(seat) + state.lost[seat]
            assert held == PAWNS_PER_COLOUR, f"seat {seat} has {held} pawns"
        assert sum(state.gained) == sum(state.lost) and len(state.centre) <= CENTRE_PLACES
        assert set(state.left) <= set(state.dice) and len(state.left) <= 2
        assert bool(state.moves) != bool(state.over)
        previous = self.previous
        if previous is not None and state.ply == previous.ply + 1:  # the next decision
            for now, then in zip(sums, self.before, strict=True):
                assert now[0] <= then[0], "a pawn went back to a start slot"
                assert now[1] <= then[1] and now[2] <= then[2], "a unit moved outwards"
        self.previous, self.before = state, sums


def test_option_combinations_are_the_two_variants() -> None:
    assert all_option_combinations(GAME) == BOTH_VARIANTS


def test_conformance_1000_games_two_to_six_players_both_variants() -> None:
    report = check_game(
        GAME,
        workers=default_workers(),
        games=1000,
        num_players=[2, 3, 4, 5, 6],
        options=BOTH_VARIANTS,
        invariant=Invariants(),
        resample=new_dice,
        seed=11,
        # Deep checks (views of every seat at every ply, replay, hidden dice) on every 20th
        # game: 100 games, 20 per player count, half in each variant.
        deep_every=20,
    )
    assert report.games == 1000
    assert report.by_players == {n: 200 for n in range(2, 7)}
    assert report.terminations.get("normal", 0) >= 995


def test_invariants_catch_a_pawn_moving_out() -> None:
    check = Invariants()
    inner = position({"B3": "0"}, start={0: [1, 2, 3]}, gained=(4, 0), lost=(0, 4))
    check(inner._replace(ply=4))
    outer = position({"A3": "0"}, start={0: [1, 2, 3]}, gained=(4, 0), lost=(0, 4))
    try:
        check(outer._replace(ply=5))
    except AssertionError as exc:
        assert "moved outwards" in str(exc)
    else:
        raise AssertionError("a move from B3 to A3 went unnoticed")


def test_resample_changes_the_dice_to_come_but_no_view() -> None:
    state = GAME.setup(3, HypnosiaOptions(), random.Random(2))
    other = new_dice(state, 0, random.Random(5))
    assert other.stream != state.stream
    assert all(GAME.view(other, s) == GAME.view(state, s) for s in (0, 1, 2, None))
    move = GAME.legal_moves(state, state.current)[0]
    a, b = GAME.apply(state, state.current, move), GAME.apply(other, state.current, move)
    assert a.turns[-1] == b.turns[-1] or a.dice != b.dice or a.current == b.current


def test_same_seed_same_game_for_every_player_count() -> None:
    for n in range(2, 7):
        for options in BOTH_VARIANTS:
            moves_a, end_a = play_random_game(GAME, n, options, seed=70 + n)
            moves_b, end_b = play_random_game(GAME, n, options, seed=70 + n)
            assert moves_a == moves_b and end_a == end_b
            assert replay(GAME, n, options, 70 + n, moves_a)[-1] == end_a
    assert play_random_game(GAME, 2, BOTH_VARIANTS[0], 1) != play_random_game(
        GAME, 2, BOTH_VARIANTS[0], 2
    )


def test_views_show_the_rolls_and_forfeits_and_keep_the_latest_turns() -> None:
    moves, end = play_random_game(GAME, 4, HypnosiaOptions(), seed=3)
    states = replay(GAME, 4, HypnosiaOptions(), 3, moves)
    for state in states[::9]:
        view = GAME.view(state, None)
        texts = [e["text"] for e in view["history"]]
        assert any(t.startswith(("roll ", "rolloff ")) for t in texts)
        assert len(state.turns) <= 5  # one turn per seat plus the current one
        if view["history_start"] == 0:
            assert texts[0].startswith("rolloff ")
    skipped = [t for s in states for turn in s.turns for _, t in turn if t.startswith("skip ")]
    assert skipped  # forfeits are logged like rolls
    assert sum(len(t) for t in end.turns) + end.events_before > len(moves)


def _turn_starts(texts: list[str]) -> list[int]:
    """Where each turn starts: at its roll (the roll-off events together are the first)."""
    return [
        i
        for i, t in enumerate(texts)
        if t.startswith("roll ") or (t.startswith("rolloff ") and i == 0)
    ]


def test_the_history_holds_the_last_n_plus_one_turns_as_the_docs_say() -> None:
    # docs/games/hypnosia.md: the events of the current turn and the n turns before it (a
    # roll without any use and the roll-off are turns too), `history_start` their index in
    # the whole log.
    for n, seed in ((2, 4), (3, 5), (6, 6)):
        moves, _ = play_random_game(GAME, n, HypnosiaOptions(), seed=seed)
        log: list[str] = []  # the whole game's events, pieced together from the views
        for state in replay(GAME, n, HypnosiaOptions(), seed, moves):
            view = GAME.view(state, 0)
            texts = [e["text"] for e in view["history"]]
            start = view["history_start"]
            assert start <= len(log) and log[start:] == texts[: len(log) - start]
            log = log[:start] + texts
            starts = _turn_starts(log)
            kept = min(n + 1, len(starts))
            assert start == starts[-kept]  # whole turns, the last n + 1 of them
            assert len(_turn_starts(texts)) == kept
        assert len(_turn_starts(log)) > 3 * (n + 1)


def test_wire_roundtrip_over_random_playouts() -> None:
    assert WIRE.field == "hypnosia"
    checked = 0
    for seed in range(10):
        n = 2 + seed % 5
        options = BOTH_VARIANTS[seed % 2]
        moves, _ = play_random_game(GAME, n, options, seed=seed)
        for state in replay(GAME, n, options, seed, moves)[::5]:
            for seat in [*range(n), None]:
                view = GAME.view(state, seat)
                assert WIRE.from_proto(WIRE.to_proto(view)) == view
                checked += 1
    assert checked > 1000


def test_options_parse_from_text_and_the_game_is_registered() -> None:
    assert parse_options(GAME, {"stacks_cross": "false", "round_cap": "50"}) == HypnosiaOptions(
        stacks_cross=False, round_cap=50
    )
    assert get_game("hypnosia") is GAME and GAME.title == "Hypnosia"
    assert (GAME.min_players, GAME.max_players) == (2, 6)


def test_the_view_gives_the_board_as_data_and_units_with_owner_and_height() -> None:
    state = position({"A7": "00", "C3": "1"}, start={0: [2, 4]}, centre=(1,), dice=(4, 2))
    view = GAME.view(state, 0)
    board = view["board"]
    assert board["approximate"] is True and "approximation" in board["name"]
    assert [(c["letter"], c["size"], c["first"]) for c in board["circles"]] == [
        ("A", 48, 0),
        ("B", 36, 48),
        ("C", 24, 84),
    ]
    bridges = dict(zip(board["bridges"], board["bridge_targets"], strict=True))
    assert bridges[7] == 48 and bridges[84 + 3] == -2 and len(bridges) == 18
    assert view["units"] == [
        {"space": 7, "owner": 0, "height": 2},
        {"space": 87, "owner": 1, "height": 1},
    ]
    assert view["players"][0] == {
        "score": 0, "start_slots": [2, 4], "centre_pawns": 0, "captured": 0, "lost": 0
    }  # fmt: skip
    assert view["players"][1]["score"] == 5 and view["centre"] == [1]
    assert view["dice"] == [4, 2] and view["to_move"] == [0]
    spectator = GAME.view(state, None)
    assert spectator["seat"] is None and {**spectator, "seat": 0} == view
    msg = WIRE.to_proto(spectator)
    assert not msg.HasField("seat") and msg.board.circles[1].letter == "B"
    assert "approximation" in GAME.render(state, 0)


def test_bad_player_counts_and_options_are_refused() -> None:
    with pytest.raises(PlayerCountError):
        GAME.setup(7, HypnosiaOptions(), random.Random(0))
    with pytest.raises(PlayerCountError):
        GAME.setup(1, HypnosiaOptions(), random.Random(0))
    with pytest.raises(OptionError):
        GAME.setup(2, HypnosiaOptions(round_cap=0), random.Random(0))
