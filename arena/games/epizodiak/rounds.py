"""Round structure: the deal, the end of a turn, a full dial, the turn cap and round scoring.

Every shuffle (each round's deal, each new dial) is drawn from the Stream kept in the state, so
(options, seed, moves) replays a game exactly.
"""

from __future__ import annotations

from typing import Any

from arena.chance import Stream
from arena.game import CAPPED_END, NORMAL_END

from .scoring import add_points, round_points, target_reached
from .state import (
    COPIES,
    HAND_SIZE,
    NUM_PLAYERS,
    RECENT_TURNS,
    ROUND_CAP,
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
    return State(
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
    )


def finish_turn(
    state: State,
    turn_moves: tuple[str, ...],
    *,
    skip: bool = False,
    placed: Side = Side.NONE,
    **changes: Any,
) -> State:
    """The end of the mover's turn, with its `changes` to the state: round end, a full dial,
    the turn cap, else the next seat. One new state on the common path (it is the hot one)."""
    seat = state.current
    hands = changes.get("hands", state.hands)
    length = changes.get("length", state.length)
    completed = state.completed
    if length == VALUES and not completed[seat]:
        completed = completed[:seat] + (True,) + completed[seat + 1 :]
    turns = state.turns + 1
    changes.update(
        recent=(*state.recent, (seat, "; ".join(turn_moves)))[-RECENT_TURNS:],
        turns=turns,
        # [ASSUMPTION EP-A7] only skips with an empty pile count; any other turn resets.
        skips=state.skips + 1 if skip else 0,
        last_end=placed,  # where a pick-up on the next turn takes from
        completed=completed,
    )
    # The mover, or a seat a contest stripped of its last tiles ([ENGINE DECISION EP-E2]).
    out = tuple(s for s in range(NUM_PLAYERS) if not any(hands[s]))
    if out or length == VALUES or turns >= TURN_CAP:
        state = state._replace(turn_moves=turn_moves, **changes)
        if out:  # [ASSUMPTION EP-A13] checked before a full dial is reshuffled
            return end_round(state, out, capped=False)
        if length == VALUES:
            state = new_dial(state)
        if turns >= TURN_CAP:
            return end_round(state, (), capped=True)
        changes = {}
    pile = changes.get("pile", state.pile)
    return state._replace(
        phase=Phase.START,
        current=(seat + 1) % NUM_PLAYERS,
        pile_turn=bool(pile),
        picked=0,
        contested=0,
        turn_moves=(),
        **changes,
    )


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
    return state._replace(
        phase=Phase.OVER,
        totals=totals,
        rounds=rounds,
        turn_moves=(),
        termination=CAPPED_END if cut_short else NORMAL_END,
    )
