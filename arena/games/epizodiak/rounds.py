"""Round structure: the deal, the end of a turn, a full dial, the turn cap and round scoring.

Every shuffle (each round's deal, each new dial) is drawn from the Stream kept in the state, so
(options, seed, moves) replays a game exactly.
"""

from __future__ import annotations

import random
from typing import Any

from arena.core.chance import Stream
from arena.core.game import CAPPED_END, NORMAL_END, engine_termination, outcome_from_keys
from arena.core.values import Outcome

from .moves import legal_moves_of, pile_start_moves, start_moves
from .scoring import add_points, final_keys, one_round_keys, round_points, target_reached
from .state import (
    COPIES,
    F_COMPLETED,
    F_CONTESTED,
    F_CURRENT,
    F_HANDS,
    F_LAST_END,
    F_LEGAL,
    F_LENGTH,
    F_MOVERS,
    F_OPTIONS,
    F_PHASE,
    F_PICKED,
    F_PILE,
    F_PILE_TURN,
    F_RECENT,
    F_SKIPS,
    F_START,
    F_TURN_MOVES,
    F_TURNS,
    HAND_SIZE,
    NUM_PLAYERS,
    RECENT_TURNS,
    ROUND_CAP,
    SEATS,
    TURN_CAP,
    VALUES,
    EpizodiakOptions,
    Mode,
    Phase,
    RoundResult,
    Side,
    State,
    block_values,
    hand_of,
    sets_of,
)

ALL_TILES: tuple[int, ...] = tuple(v for v in range(1, VALUES + 1) for _ in range(COPIES))


def deal(
    options: EpizodiakOptions,
    round_no: int,
    starter: int,
    totals: tuple[int, ...],
    stream: Stream,
    rounds: tuple[RoundResult, ...],
) -> State:
    """A new round (spec §3): 12 tiles to each hand, 12 to the pile, its top tile on the dial."""
    tiles, stream = stream.shuffled(ALL_TILES)
    hands = tuple(hand_of(tiles[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(NUM_PLAYERS))
    pile = tuple(tiles[NUM_PLAYERS * HAND_SIZE :])
    return settle(State(
        options=options,
        phase=Phase.START,
        current=starter,
        hands=hands,
        pile=pile[:-1],
        start=pile[-1],  # [ASSUMPTION EP-A2] the top tile is turned onto the dial
        length=1,
        pile_turn=True,
        picked=0,
        contested=0,
        last_end=Side.NONE,
        skips=0,
        gone=0,
        discards=(),
        completed=(False,) * NUM_PLAYERS,
        round=round_no,
        starter=starter,
        turns=0,
        totals=totals,
        stream=stream,
        turn_moves=(),
        recent=(),
        rounds=rounds,
        termination="",
        legal=(),  # settle derives these three from the fields above
        movers=(),
        result=None,
    ))  # fmt: skip


def finish_turn(fields: list[Any], skip: bool, placed: int) -> State:
    """The end of the mover's turn: `fields` is a copy of the state's fields with what the
    turn's play changed already set (hands, block, sets, the turn's decisions); `skip` says the
    turn was an empty-pile skip, `placed` where its placement ended (a Side). Round end, a full
    dial, the turn cap, else the next seat; one new state on the common path (the hot one)."""
    seat = fields[F_CURRENT]
    hands = fields[F_HANDS]
    length = fields[F_LENGTH]
    turns = fields[F_TURNS] + 1
    fields[F_TURNS] = turns
    if length == VALUES and not fields[F_COMPLETED][seat]:
        completed = fields[F_COMPLETED]
        fields[F_COMPLETED] = completed[:seat] + (True,) + completed[seat + 1 :]
    recent = fields[F_RECENT]
    done = (seat, "; ".join(fields[F_TURN_MOVES]))
    # A full lap shown: the oldest turn leaves.
    fields[F_RECENT] = (recent[1], recent[2], done) if len(recent) == 3 else recent + (done,)
    # [ASSUMPTION EP-A7] only skips with an empty pile count; any other turn resets.
    fields[F_SKIPS] = fields[F_SKIPS] + 1 if skip else 0
    fields[F_LAST_END] = placed  # where a pick-up on the next turn takes from
    # Only the mover's hand can have emptied, or a seat a contest stripped of its last tiles
    # ([ENGINE DECISION EP-E2]).
    emptied = not any(hands[seat]) or (fields[F_CONTESTED] and not all(map(any, hands)))
    if emptied or length == VALUES or turns >= TURN_CAP:
        state = _new(State, fields)
        if emptied:  # [ASSUMPTION EP-A13] checked before a full dial is reshuffled
            out = tuple(s for s in range(NUM_PLAYERS) if not any(hands[s]))
            return end_round(state, out, capped=False)
        if length == VALUES:
            state = new_dial(state)
        if turns >= TURN_CAP:
            return end_round(state, (), capped=True)
        fields = list(state)
        placed = state.last_end  # a new dial's
    fields[F_PHASE] = _START
    fields[F_CURRENT] = seat = (seat + 1) % NUM_PLAYERS
    fields[F_MOVERS] = SEATS[seat]
    fields[F_PICKED] = 0
    fields[F_CONTESTED] = 0
    fields[F_TURN_MOVES] = ()
    if fields[F_PILE] and not fields[F_OPTIONS].pickup_legacy:  # the common turn start
        fields[F_PILE_TURN] = True
        fields[F_LEGAL] = pile_start_moves(hands[seat], fields[F_START], fields[F_LENGTH], placed)
        return _new(State, fields)
    fields[F_PILE_TURN] = bool(fields[F_PILE])
    fields[F_LEGAL] = tuple(start_moves(_new(State, fields)))  # it reads only fields set above
    return _new(State, fields)


_new = tuple.__new__
assert RECENT_TURNS == 3  # finish_turn keeps the last three turns written out
_START = int(Phase.START)  # naming an enum member costs a class-attribute lookup


def new_dial(state: State) -> State:
    """Spec §7: the dial's 12 tiles and the pile shuffled into a new pile, its top on the dial."""
    tiles, stream = state.stream.shuffled(block_values(state.start, state.length) + state.pile)
    return state._replace(
        pile=tuple(tiles[:-1]),
        start=tiles[-1],  # [ASSUMPTION EP-A2] a new dial turn starts like the first
        length=1,
        stream=stream,
        skips=0,
        last_end=Side.NONE,  # no pick-up on the next turn (spec §7.2)
    )


def end_round(state: State, out: tuple[int, ...], *, capped: bool) -> State:
    """Score the round (spec §8); deal the next one in Score 7, or end the game."""
    options = state.options
    score7 = options.mode == Mode.SCORE7.value
    sets = tuple(sets_of(state.discards, s) for s in range(NUM_PLAYERS))
    doubled = tuple(options.dial_double and c for c in state.completed)
    points = round_points(sets, out, doubled, only_out_scores_sets=score7 and options.score7_legacy)
    result = RoundResult(state.round, sets, out, doubled, points, capped)
    rounds = (*state.rounds, result)
    totals = add_points(state.totals, points)
    reached = target_reached(totals, options.target)
    if score7 and not reached and state.round < ROUND_CAP:
        return deal(options, state.round + 1, (state.starter + 1) % NUM_PLAYERS, totals,
                    state.stream, rounds)  # fmt: skip
    # One round ends on a capped round; Score 7 only when the round cap stops it short.
    cut_short = capped if not score7 else not reached
    # No turn is under way once the game is over: its decisions (turn_moves) and what they
    # picked up or contested are cleared alike; the last turn reads in `recent`.
    return settle(
        state._replace(
            phase=Phase.OVER,
            totals=totals,
            rounds=rounds,
            picked=0,
            contested=0,
            turn_moves=(),
            termination=CAPPED_END if cut_short else NORMAL_END,
        )
    )


def settle(state: State) -> State:
    """`state` with its derived fields (legal, movers, result) computed from the others."""
    if state.phase != Phase.OVER:
        return state._replace(
            legal=tuple(legal_moves_of(state)), movers=SEATS[state.current], result=None
        )
    return state._replace(legal=(), movers=(), result=final_outcome(state))


def final_outcome(state: State) -> Outcome:
    """Ranks by points (One round) or totals (Score 7, EP-A14 tie-break); 1/0.5/0 points."""
    return outcome_from_keys(
        _keys(state),
        state.totals,
        termination=engine_termination(state.termination),
        detail=_detail(state),
    )


def _keys(state: State) -> list[tuple[int, int]]:
    """Ranking keys of a finished game (larger is better)."""
    if state.options.mode == Mode.ONE_ROUND.value:
        return one_round_keys(state.rounds[-1].points)
    return final_keys(state.totals, state.rounds[-1].out)


def _detail(state: State) -> str:
    last = state.rounds[-1]
    ended = "turn cap" if last.capped else f"seat {', '.join(map(str, last.out))} went out"
    return f"{len(state.rounds)} round(s); last round: {ended}"


def setup(options: EpizodiakOptions, rng: random.Random) -> State:
    """Round 1: a random starter ([ASSUMPTION EP-A3]) and a deal from a stream of the seed."""

    starter = rng.randrange(NUM_PLAYERS)
    stream = Stream.from_rng(rng)  # seeds the deal of every round and every dial reshuffle
    return deal(options, 1, starter, (0,) * NUM_PLAYERS, stream, ())
