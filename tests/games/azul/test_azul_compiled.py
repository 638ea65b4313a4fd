"""Azul's compiled core against the pure-Python engine, the reference (arena/games/azul/_core.c).

Random games in step (arena.core.compiled.check_compiled) for every player count and both walls,
then
literal positions (positions.py, as the spec vectors and the rules tests build them): converted
to the core and back, and every legal move played on both engines. The suite fails, not skips,
when the core is not built.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from arena.core.chance import Stream
from arena.core.compiled import CompiledEngine, check_compiled, load_core, require_compiled
from arena.errors import IllegalMoveError, InvalidMoveError, PlayerCountError
from arena.games.azul import GAME, AzulOptions, State
from arena.games.azul.positions import board, state
from arena.games.azul.state import OVER, ROUND_CAP


@pytest.fixture(scope="module")
def engine() -> CompiledEngine:
    return require_compiled("azul")


def test_the_core_is_built() -> None:
    engine = require_compiled("azul")  # ConfigError saying why, when it is not
    assert engine.name == "azul"
    core, missing = load_core("arena.games.azul")
    assert core is not None, missing


# (players, wall, games): the common setup gets the most games. Every game runs to its end:
# round ends, lid reshuffles (from round 6 on with 2 players), gray-wall choices, game end.
GAMES = [
    (2, "colored", 300),
    (2, "gray", 150),
    (3, "colored", 100),
    (3, "gray", 100),
    (4, "colored", 80),
    (4, "gray", 80),
]


@pytest.mark.parametrize(("players", "wall", "games"), GAMES)
def test_random_games_agree(players: int, wall: str, games: int) -> None:
    decisions = check_compiled("azul", players, AzulOptions(wall=wall), games, seed=players * 1000)
    assert decisions > games * 40  # whole games were compared


def _spread(engine: CompiledEngine, ref: State, depth: int = 1) -> int:
    """Every legal move of `ref` on both engines: equal states, outcomes and movers (and the
    same below, `depth` more moves deep). Returns the moves compared."""
    fast = engine.from_reference(ref)
    assert engine.to_reference(fast) == ref
    assert engine.outcome(fast) == GAME.outcome(ref)
    movers = GAME.to_move(ref)
    assert tuple(engine.to_move(fast)) == tuple(movers)
    compared = 0
    for seat in range(ref.num_players):
        want = GAME.legal_moves(ref, seat)
        assert list(engine.legal_moves(fast, seat)) == want
        for move in want:
            after = GAME.play(ref, seat, move)
            got = engine.play(fast, seat, move)
            assert engine.to_reference(got) == after, move
            assert engine.outcome(got) == GAME.outcome(after), move
            compared += 1
            if depth > 0:
                compared += _spread(engine, after, depth - 1)
    return compared


def _refusals(engine: CompiledEngine, ref: State) -> None:
    """Malformed, illegal and out-of-turn moves: the same error class and text from both."""
    fast = engine.from_reference(ref)
    seats = range(ref.num_players)
    moves = ["no such move", "take f1 B 1", "take c W floor", "wall 1 1", "take f9 K 5", 7]
    for seat in seats:
        for move in moves:
            for name in ("play", "apply"):
                want: Any
                try:
                    want = getattr(GAME, name)(ref, seat, move)
                except (IllegalMoveError, InvalidMoveError) as exc:
                    want = (type(exc), str(exc))
                try:
                    got: Any = getattr(engine, name)(fast, seat, move)
                except (IllegalMoveError, InvalidMoveError) as exc:
                    got = (type(exc), str(exc))
                else:
                    got = engine.to_reference(got)
                assert got == want, (name, seat, move)


GRAY_WALL = ["..R..", "B....", ".....", "...R.", "....."]  # test_t21_gray_wall_columns


def _gray_choice() -> State:
    """Spec vector AZ-T21: a gray wall whose complete line 2 (Red) may go to column 2 or 5."""
    me = board(wall=GRAY_WALL, lines=["", "RR", "", "", ""], gray=True)
    return state([me, board()], centre="K", marker_in_centre=False, gray=True)


def _positions() -> list[State]:
    """Literal positions like those of test_azul_vectors.py and test_azul_rules.py."""
    two = [board(), board()]
    end_wall = ["####.", ".....", ".....", ".....", "....."]
    return [
        # the last take ends the round: top-to-bottom tiling, floors, clamping, refills
        state(
            [board(wall=[".#...", *["....."] * 4], lines=["B", "WW", "", "", ""]), board()],
            centre="K",
            marker_in_centre=False,
        ),
        state([board(floor="BBRM", score=10), board()], centre="K", marker_in_centre=False),
        state([board(floor="BBRRY", score=4), board()], centre="K", marker_in_centre=False),
        state([board(floor="KW"), board()], factories=["BBYY", "", "", "", ""], centre="RRR"),
        state(
            [board(floor="KKKWWW"), board()], factories=["RRRR", "", "", "", ""], centre="B", lid=""
        ),
        state(
            [board(wall=[".....", ".....", "...#.", ".....", "....."]), board()],
            factories=["YYBB", "", "", "", ""],
        ),
        state([board(lines=["", "B", "", "", ""]), board()], factories=["RRKK", "", "", "", ""]),
        state([board(lines=["", "BB", "", "", ""]), board()], factories=["BBKK", "", "", "", ""]),
        state([board(floor="KKKKWWW"), board()], factories=["BBYY", "", "", "", ""], centre="R"),
        state(
            [board(lines=["", "", "", "", "RRRR"]), board()],
            factories=["R", "", "", "", ""],
            bag="B" * 20,
            lid="",
        ),
        state(two, centre="K", marker_in_centre=False, bag="BBBBYY", seed=5),
        state(
            [board(floor="MRRY", score=9), board()],
            centre="K",
            marker_in_centre=False,
            marker_taker=0,
            lid="",
        ),
        # the game ends: a complete wall row, the round cap, no tile left to deal (AZ-E2)
        state(
            [board(wall=end_wall, lines=["W", "", "", "", ""]), board()],
            centre="K",
            marker_in_centre=False,
        ),
        state(two, centre="K", marker_in_centre=False, round=ROUND_CAP),
        state(two, centre="K", marker_in_centre=False, lid="", bag=""),
        state(
            [
                board(
                    wall=["#####", "##...", "#.#..", "#..#.", "#...#"],
                    lines=["", "", "", "", "BBBB"],
                ),
                board(),
            ],
            factories=["B", "", "", "", ""],
        ),
        # three and four players, a display and the centre in play
        state(
            [board(), board(lines=["R", "", "YYY", "", ""]), board(floor="M")],
            factories=["BBYR", "KKKK", "W", "", "", "", ""],
            centre="WR",
            marker_in_centre=False,
            marker_taker=2,
            current=1,
        ),
        state(
            [board() for _ in range(4)],
            factories=["BBYR", "KKKK", "WWRR", "Y", "", "", "", "", "B"],
            centre="R",
            current=3,
        ),
        # gray wall: choices, a line with no legal space (AZ-A4), the choice then the end
        _gray_choice(),
        state(
            [board(lines=["Y", "", "", "", "RRRRR"], gray=True), board()],
            centre="K",
            marker_in_centre=False,
            gray=True,
        ),
        state(
            [
                board(
                    wall=["RB.KW", ".....", ".....", ".....", "....."],
                    lines=["Y", "", "", "", ""],
                    gray=True,
                    score=5,
                ),
                board(lines=["", "KK", "", "", ""], gray=True),
            ],
            centre="K",
            marker_in_centre=False,
            gray=True,
            lid="",
        ),
        state(
            [
                board(
                    wall=["RB.K.", ".....", ".....", ".....", "....."],
                    lines=["W", "", "", "", ""],
                    gray=True,
                ),
                board(),
            ],
            centre="K",
            marker_in_centre=False,
            gray=True,
            round=ROUND_CAP,
        ),
        # over: ranked by score, then complete rows (AZ-A8)
        state(
            [
                board(wall=["#####", "#####", *["....."] * 3], score=60),
                board(wall=["#####", "#####", "#####", ".....", "....."], score=60),
                board(score=58),
            ]
        )._replace(phase=OVER, termination="normal"),
    ]


def test_literal_positions_agree_move_by_move(engine: CompiledEngine) -> None:
    compared = sum(_spread(engine, ref) for ref in _positions())
    assert compared > 500


def test_refusals_agree(engine: CompiledEngine) -> None:
    for ref in _positions():
        _refusals(engine, ref)
    ref = GAME.setup(2, AzulOptions(), random.Random(1))
    _refusals(engine, ref)


def test_wall_choices_agree(engine: CompiledEngine) -> None:
    """A gray-wall choice pending: every column choice and every refusal on both engines."""
    ref = GAME.apply(_gray_choice(), 0, "take c K 5")
    assert GAME.legal_moves(ref, 0) == ["wall 2 2", "wall 2 5"]
    assert _spread(engine, ref, depth=2) >= 2
    _refusals(engine, ref)


def _unmix(output: int) -> int:
    """The stream value whose next splitmix64 output is `output` (the mix is a bijection)."""
    mask = (1 << 64) - 1
    z = output ^ output >> 31 ^ output >> 62
    z = z * pow(0x94D049BB133111EB, -1, 1 << 64) & mask
    z = z ^ z >> 27 ^ z >> 54
    z = z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64) & mask
    z = z ^ z >> 30 ^ z >> 60
    return (z - 0x9E3779B97F4A7C15) & mask


def test_reshuffles_draw_as_arena_chance() -> None:
    """The core's lid reshuffle is Stream.shuffled: seeds of one 32-bit word and of two (the
    Mersenne Twister's seeding differs), piles from 0 to 100 tiles."""
    core, _ = load_core("arena.games.azul")
    rng = random.Random(5)
    seeds = [0, 1, 2**32 - 1, 2**32, 2**64 - 1] + [rng.getrandbits(w) for w in (16, 32, 64) * 20]
    for seed in seeds:
        stream = _unmix(seed)
        assert Stream(stream).next64()[0] == seed
        for size in (0, 1, 2, 17, 64, 100):
            tiles = [rng.randrange(5) for _ in range(size)]
            assert core.shuffled(stream, tiles) == Stream(stream).shuffled(tiles)


def test_states_are_immutable_and_seats_checked(engine: CompiledEngine) -> None:
    ref = GAME.setup(3, AzulOptions(), random.Random(4))
    fast = engine.from_reference(ref)
    seat = GAME.to_move(ref)[0]
    move = GAME.legal_moves(ref, seat)[0]
    engine.play(fast, seat, move)
    assert engine.to_reference(fast) == ref  # the old state is unchanged
    for other in range(3):
        if other != seat:
            assert list(engine.legal_moves(fast, other)) == GAME.legal_moves(ref, other) == []
    with pytest.raises(TypeError):
        engine.play(ref, seat, move)  # a reference state is not a core state
    with pytest.raises(ValueError):
        engine.from_reference(ref._replace(current=3))


class _OwnRandom(random.Random):
    """A Random subclass: the core leaves its deal to the reference setup."""


def test_setup_deals_as_the_reference(engine: CompiledEngine) -> None:
    """The same deal from the same rng, which is left in the same state; any other rng, and a
    player count the game refuses, go to the reference setup (its error too)."""
    for players in (2, 3, 4):
        for wall in ("colored", "gray"):
            options = AzulOptions(wall=wall)
            for seed in range(40):
                mine, theirs = random.Random(seed), random.Random(seed)
                fast = engine.setup(players, options, mine)
                assert engine.to_reference(fast) == GAME.setup(players, options, theirs)
                assert mine.getstate() == theirs.getstate()
            own = engine.setup(players, options, _OwnRandom(7))
            assert engine.to_reference(own) == GAME.setup(players, options, _OwnRandom(7))
    for players in (1, 5):
        with pytest.raises(PlayerCountError):
            engine.setup(players, AzulOptions(), random.Random(1))
