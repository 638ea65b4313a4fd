"""Arctic Scavengers' compiled core against the pure-Python engine, the reference
(arena/games/arctic_scavengers/_core.c; the base game only).

Random games in step (arena.core.compiled.check_compiled) for every player count and both Shovel
options, then literal positions (positions.py, as the spec vectors and the rules tests build
them): converted to the core and back, and every legal move played on both engines, two moves
deep. The suite fails, not skips, when the core is not built.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from arena.core.chance import Stream
from arena.core.compiled import CompiledEngine, check_compiled, load_core, require_compiled
from arena.errors import ConfigError
from arena.games.arctic_scavengers import GAME, ArcticScavengersOptions, State
from arena.games.arctic_scavengers.cards import NUM_CARDS
from arena.games.arctic_scavengers.positions import cards, position
from arena.games.arctic_scavengers.state import DECLARE, KEEP, OVER

NAME = "arctic_scavengers"


@pytest.fixture(scope="module")
def engine() -> CompiledEngine:
    return require_compiled(NAME)


def test_the_core_is_built() -> None:
    engine = require_compiled(NAME)  # ConfigError saying why, when it is not
    assert engine.name == NAME
    core, missing = load_core("arena.games.arctic_scavengers")
    assert core is not None, missing


# (players, shovel, games): the common setup gets the most games. Every game runs to its end
# (14 skirmishes): reshuffles, digs and keeps, hires, trashes, snipes and disarms, deadlocks.
GAMES = [
    (2, "plus2", 150),
    (2, "plus1", 60),
    (3, "plus2", 40),
    (3, "plus1", 30),
    (4, "plus2", 40),
    (4, "plus1", 30),
    (5, "plus2", 30),
    (5, "plus1", 30),
]


@pytest.mark.parametrize(("players", "shovel", "games"), GAMES)
def test_random_games_agree(players: int, shovel: str, games: int) -> None:
    options = ArcticScavengersOptions(shovel=shovel)  # type: ignore[arg-type]
    decisions = check_compiled(NAME, players, options, games, seed=players * 1000)
    assert decisions > games * 100  # whole games were compared


FAVOURED = ("snipe", "disarm", "hire", "pay", "hunt", "go")


def _favouring(rng: random.Random, moves: list[str]) -> str:
    """A random move, but mostly a hire, a payment or a declaration when there is one."""
    favoured = [m for m in moves if m.startswith(FAVOURED)]
    if favoured and rng.random() < 0.7:
        return rng.choice(favoured)
    return rng.choice(moves)


def _armed(players: int, seed: int) -> State:
    """A seeded setup whose Sniper Teams and Saboteurs are dealt on top of the decks instead
    of staying in their stacks (random play seldom hires them into a skirmish)."""
    ref = GAME.setup(players, ArcticScavengersOptions(), random.Random(seed))
    units = ref.stacks[3] + ref.stacks[6]  # SAB, SNI (MERCENARY_KINDS order)
    zones = list(ref.players)
    for seat, z in enumerate(zones):
        zones[seat] = z._replace(deck=units[seat::players] + z.deck)
    stacks = tuple(() if i in (3, 6) else stack for i, stack in enumerate(ref.stacks))
    return ref._replace(players=tuple(zones), stacks=stacks)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_armed_games_agree_and_meet_every_rule(engine: CompiledEngine, players: int) -> None:
    """Games from armed setups that mostly hire and declare when they can, both engines in step
    (as check_compiled compares them); they reach every event of the rules."""
    wanted = {
        "shuffles the discard pile",
        "shuffling the discard pile",
        ": draw ",
        ": dig ",
        ": hunt ",
        ": hire ",
        " pay ",
        ": trash ",
        "keeps one card",
        "keeps none",
        ": snipe ",
        ": disarm ",
        ": deadlock",
        "wins the contested resource",
        "game over",
    }
    if players > 2:
        wanted.add("peeks at the top contested resource")
    seen: set[str] = set()
    for g in range(players * 100, players * 100 + 12):
        rng = random.Random(g)
        ref = _armed(players, g)
        fast = engine.from_reference(ref)
        while True:
            assert engine.to_reference(fast) == ref, (g, ref.round)
            assert engine.outcome(fast) == GAME.outcome(ref)
            seen |= {w for w in wanted if any(w in t for _, t in ref.events)}
            if GAME.outcome(ref) is not None:
                break
            seat = GAME.to_move(ref)[0]
            assert tuple(engine.to_move(fast)) == (seat,)
            moves = GAME.legal_moves(ref, seat)
            assert list(engine.legal_moves(fast, seat)) == moves
            move = _favouring(rng, moves)
            ref, fast = GAME.play(ref, seat, move), engine.play(fast, seat, move)
    assert seen == wanted


def _both(engine: CompiledEngine, ref: State, fast: Any, seat: int, move: Any) -> list[Any]:
    """`move` played on both engines: each answer as ("ok", reference state) or ("error", the
    class and text of what was raised)."""
    answers: list[Any] = []
    for play, state in ((GAME.play, ref), (engine.play, fast)):
        try:
            after = play(state, seat, move)
        except Exception as exc:  # compared by the caller, whatever the class
            answers.append(("error", type(exc), str(exc)))
        else:
            answers.append(("ok", after if play is GAME.play else engine.to_reference(after)))
    return answers


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
            after, got = _both(engine, ref, fast, seat, move)
            assert got == after, move
            compared += 1
            if after[0] == "ok":
                assert engine.outcome(engine.from_reference(after[1])) == GAME.outcome(after[1])
                if depth > 0:
                    compared += _spread(engine, after[1], depth - 1)
    return compared


def _positions() -> list[State]:
    """Literal positions like those of the vectors and the rules tests."""
    tf3 = "TF3.1 FIE.1"
    empty_stack = position(["PIL.1", "REF.5"])
    empty_stack = empty_stack._replace(
        stacks=empty_stack.stacks[:2] + ((),) + empty_stack.stacks[3:]
    )
    old_events = position(["SCA.4 SHO.1", "REF.5"], round=5)._replace(
        events=((3, "old"), (4, "kept"), (5, "now"))
    )
    unsorted_events = position(["SCA.4 SHO.1", "REF.5"], round=5)._replace(
        events=((4, "kept"), (2, "old"), (5, "now"))
    )
    return [
        position(["SCA.4 HUN.1 PIL.1", "REF.5"]),
        position(["MDK.1", "REF.5"], food=4),
        position(["MDK.1", "REF.5"], food=3),
        position(["PIL.1", "REF.5"], food=1),
        position(["PIL.1", "REF.5"], food=5),
        position(["MDK.1 MDK.2 MDK.3", "REF.5"]),
        empty_stack,
        position(["BRA.1 SPE.1", "THU.1 SCA.4", ""], contested=tf3, current=2),
        position(["BRA.1", "BRA.2", ""], contested=tf3, current=2),
        position(["", "", ""], contested="GRE.1 FIE.1", current=2),
        position(["BRA.1 SPE.1", "SNI.1"], current=1),
        position(["SCA.4 SCA.5 BRA.1 SHO.1 JUN.1 HUN.1", "REF.5"]),
        position(["SCA.4 BRA.1 SHO.1 PIL.1", "REF.5"], junkyard="JUN.1 PIL.2 MDK.1 NET.1 SPE.2"),
        position(
            ["SCA.4 SHO.1", "REF.5"], junkyard="JUN.1 PIL.2 MDK.1 NET.1 SPE.2", shovel="plus1"
        ),
        position(["SCA.4 SHO.1", "REF.5"], junkyard="PIL.2"),
        position(["SCA.4 SHO.1", "REF.5"], junkyard=""),
        position(["SHO.1", "REF.5"]),
        position(["SCA.4", "REF.5"], decks=["HUN.1", ""]),
        position(["SCO.1 SCA.4", "REF.5"], decks=["HUN.1", ""], discards=["BRA.3 REF.1", ""]),
        position(["GRL.1 SCA.4 SCO.2", "REF.5"], decks=["", ""], discards=["", ""]),
        position(["REF.1 JUN.2 SCA.4", "REF.5"], junkyard="MDK.1 PIL.2"),
        position(["BRA.1 SPE.1", "REF.5"], round=2, current=1, decks=["SCA.4", ""]),
        position(
            ["BRA.1 SNI.1 SNI.3", "SNI.2 SAB.1 SPE.1", "THU.1"],
            current=0,
            initiator=1,
            contested="TF5.1 TF4.1",
        ),
        position(["BRA.1 SPE.1", "SAB.1 BRA.2", "REF.1"], current=2, contested="TF5.1 TF4.1"),
        position(["BRA.1 SCA.4 GRE.1", "SNI.1"], current=1, contested="TF5.1 TF4.1"),
        position(["BRA.1", "REF.1", ""], current=2, contested="TF5.1 GRE.1 TF4.1"),
        position(
            ["THU.1", "REF.1"],
            decks=["TF5.1", ""],
            discards=["GRL.1", "SCA.4"],
            contested="FIE.1",
            round=16,
            current=1,
        ),
        position(["BRA.1", "BRA.2", "REF.1"], contested="GRE.1", round=16, current=2),
        position(["", ""], contested="", round=5, current=1),  # the reference fails: no prize
        position(["SNI.1 SAB.2", "BRA.1 WOL.1", "SNI.2 SHO.1", "SAB.3 GRL.1", "SCA.4"], current=4),
        old_events,
        unsorted_events,
    ]


def test_literal_positions_agree(engine: CompiledEngine) -> None:
    compared = sum(_spread(engine, ref) for ref in _positions())
    assert compared > 300


def test_phases_mid_round_agree(engine: CompiledEngine) -> None:
    """Positions in the middle of an action (build), a dig (keep) and the declarations, from
    seeded games: every legal move two deep."""
    found: dict[int, State] = {}
    for g in range(40):
        rng = random.Random(g)
        ref = _armed(3, g)
        while GAME.outcome(ref) is None and len(found) < 4:
            if ref.phase not in found and ref.phase in (1, KEEP, DECLARE):
                found[ref.phase] = ref
            seat = GAME.to_move(ref)[0]
            ref = GAME.play(ref, seat, rng.choice(GAME.legal_moves(ref, seat)))
        if GAME.outcome(ref) is not None:
            found.setdefault(OVER, ref)
    assert set(found) >= {1, KEEP, DECLARE, OVER}
    for ref in found.values():
        _spread(engine, ref, depth=2)


def test_refusals_agree(engine: CompiledEngine) -> None:
    """Malformed, illegal and out-of-turn moves: the reference's error class and text (or its
    answer, for a spelling it accepts)."""
    refs = [
        position(["SCA.4 HUN.1 PIL.1", "REF.5"]),
        position(["BRA.1 SPE.1", "SNI.1"], current=1),
        GAME.setup(2, ArcticScavengersOptions(), random.Random(3)),
    ]
    moves: list[Any] = [
        "no such move",
        "draw SCA.99",
        "draw  SCA.4",  # spaces: the reference accepts it
        "hire XYZ",
        "hire THU",
        "go",
        "keep none",
        "snipe SNI.1 BRA.1",
        "done",
        "end",
        7,
        None,
    ]
    for ref in refs:
        fast = engine.from_reference(ref)
        for seat in range(ref.num_players):
            for move in moves:
                want, got = _both(engine, ref, fast, seat, move)
                assert got == want, (seat, move)


def test_expansion_modules_are_refused(engine: CompiledEngine) -> None:
    options = ArcticScavengersOptions(hq1=True)
    with pytest.raises(ConfigError, match="base game only"):
        engine.setup(3, options, random.Random(1))
    with pytest.raises(ConfigError, match="base game only"):
        engine.from_reference(GAME.setup(3, options, random.Random(1)))


def test_the_core_shuffles_as_arena_chance() -> None:
    core, missing = load_core("arena.games.arctic_scavengers")
    assert core is not None, missing
    rng = random.Random(7)
    for size in (0, 1, 2, 5, 17, 60, NUM_CARDS):
        items = tuple(rng.sample(range(NUM_CARDS), size))
        for value in (0, 1, 2**32 - 1, 2**32, rng.getrandbits(64), 2**64 - 1):
            want = Stream(value).shuffled_chained(items)
            assert core.shuffled_chained(value, items) == (want[0], int(want[1]))


def test_states_are_immutable_and_branch(engine: CompiledEngine) -> None:
    """Two moves from one state (sharing its events) leave it and each other untouched."""
    ref = position(["SCA.4 HUN.1 PIL.1", "REF.5"], round=4)
    fast = engine.from_reference(ref)
    ends = engine.play(fast, 0, "end")
    opened = engine.play(engine.play(fast, 0, "hunt HUN.1"), 0, "go")
    again = engine.play(fast, 0, "end")
    assert engine.to_reference(fast) == ref
    assert engine.to_reference(ends) == GAME.play(ref, 0, "end") == engine.to_reference(again)
    assert engine.to_reference(opened) == GAME.play(GAME.play(ref, 0, "hunt HUN.1"), 0, "go")
    assert cards("HUN.1")[0] in engine.to_reference(opened).players[0].discard


class _OwnRandom(random.Random):
    """A Random of another type: the core leaves its deal to the reference setup."""


def test_setup_deals_as_the_reference(engine: CompiledEngine) -> None:
    for players in (2, 3, 4, 5):
        for shovel in ("plus2", "plus1"):
            options = ArcticScavengersOptions(shovel=shovel)
            for seed in (0, 1, 99):
                want = GAME.setup(players, options, random.Random(seed))
                assert (
                    engine.to_reference(engine.setup(players, options, random.Random(seed))) == want
                )
                got = engine.setup(players, options, _OwnRandom(seed))
                assert engine.to_reference(got) == want
    for players in (1, 6):
        with pytest.raises(Exception) as refused:
            GAME.setup(players, ArcticScavengersOptions(), random.Random(1))
        with pytest.raises(refused.type):
            engine.setup(players, ArcticScavengersOptions(), random.Random(1))
