"""Literal Epizodiak positions, for tests, puzzles and bot debugging.

    position(block=(5, 7), hands=[[8, 9, 10], [4, 4], [1, 2]], pile=[3, 11])

`block` is (s, e): the anticlockwise and clockwise end values, every place from s clockwise to e
filled. `discards` lists the sets already gone as (value, seat). The builder does not check that
all 48 tiles are accounted for: scenario positions list only the tiles that matter.
"""

from __future__ import annotations

from collections.abc import Sequence

from arena.core.chance import Stream

from .rounds import settle
from .state import (
    NUM_PLAYERS,
    VALUES,
    EpizodiakOptions,
    Phase,
    RoundResult,
    Side,
    State,
    hand_of,
)


def position(
    block: tuple[int, int],
    hands: Sequence[Sequence[int]],
    pile: Sequence[int] = (),
    *,
    current: int = 0,
    options: EpizodiakOptions | None = None,
    last_end: Side = Side.NONE,
    skips: int = 0,
    discards: Sequence[tuple[int, int]] = (),
    completed: Sequence[bool] = (False, False, False),
    totals: Sequence[int] = (0, 0, 0),
    round_no: int = 1,
    starter: int = 0,
    turns: int = 0,
    rounds: Sequence[RoundResult] = (),
    stream: int = 12345,
) -> State:
    """A position at the start of `current`'s turn; the pile's top tile is its last entry."""
    s, e = block
    if len(hands) != NUM_PLAYERS:
        raise ValueError("Epizodiak has three hands")
    gone = 0
    for v, _ in discards:
        gone |= 1 << v
    return settle(State(
        options=options or EpizodiakOptions(),
        phase=Phase.START,
        current=current,
        hands=tuple(hand_of(list(h)) for h in hands),
        pile=tuple(pile),
        start=s,
        length=(e - s) % VALUES + 1,
        pile_turn=bool(pile),
        picked=0,
        contested=0,
        last_end=last_end,
        skips=skips,
        gone=gone,
        discards=tuple(discards),
        completed=tuple(completed),
        round=round_no,
        starter=starter,
        turns=turns,
        totals=tuple(totals),
        stream=Stream(stream),
        turn_moves=(),
        recent=(),
        rounds=tuple(rounds),
        termination="",
        legal=(),  # settle derives legal, movers and result from the fields above
        movers=(),
        result=None,
    ))  # fmt: skip
