"""Checking a portable record by replaying it on the engine: every move, then the outcome."""

from __future__ import annotations

import hashlib
import json
import math
from typing import Any

from arena.core.game import check_player_count, new_game_state, parse_options
from arena.core.registry import get_game
from arena.core.values import Outcome, Termination
from arena.errors import ArenaError, RecordError
from arena.records.portable import PortableMatch, rules_version

SCORE_TOLERANCE = 1e-9
DIGEST_HEX = 16  # 64 bits of SHA-256 per position: a check, not a secret


def position_digest(view: Any) -> str:
    """A short digest of a spectator's view: what anyone could see of the position."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:DIGEST_HEX]


def position_digests(match: PortableMatch, *, every: bool = False) -> dict[int, str]:
    """Digests of the spectator's view by ply (replays the match): the deal and the final
    position, or every position with `every`."""
    game = get_game(match.record.game)
    states = replay_states(match)
    plies = range(len(states)) if every else sorted({0, len(states) - 1})
    return {ply: position_digest(game.view(states[ply], None)) for ply in plies}


def replay_states(match: PortableMatch) -> list[Any]:
    """Every state of the match, from the deal to the last move; RecordError with the ply
    (1-based) and the reason at the first move the engine refuses."""
    record = match.record
    if match.seed_withheld:
        raise RecordError("the seed is withheld (its tournament is not finished): cannot replay")
    if match.moves_withheld:
        raise RecordError("the moves are withheld (duplicate deals not finished): cannot replay")
    try:
        game = get_game(record.game)
        options = parse_options(game, dict(record.options))
        check_player_count(game, len(record.players))
        state = new_game_state(game, len(record.players), options, record.seed)
    except ArenaError as exc:
        raise RecordError(str(exc)) from None
    states = [state]
    _check_position(match, game, state, 0)
    for ply, move in enumerate(record.moves, start=1):
        to_move = game.to_move(state)
        if not to_move:
            raise RecordError(
                f"the game is over, yet seat {move.seat} plays {move.move!r}", ply=ply
            )
        if move.seat not in to_move:
            raise RecordError(
                f"seat {move.seat} is not to move (seats to move: {list(to_move)})", ply=ply
            )
        try:
            state = game.apply(state, move.seat, move.move)
        except Exception as exc:  # any engine refusal means the record does not replay
            raise RecordError(
                f"{move.move!r} by seat {move.seat} is refused: {exc}", ply=ply
            ) from None
        _check_position(match, game, state, ply)
        states.append(state)
    return states


def _check_position(match: PortableMatch, game: Any, state: Any, ply: int) -> None:
    # The digests make chance checkable ply by ply: a deal, draw or roll that the seed does not
    # reproduce (other rules, another engine) is caught where it happens, not at the outcome.
    if ply not in match.positions:
        return
    if position_digest(game.view(state, None)) != match.positions[ply]:
        what = "the deal" if ply == 0 else "the position after this move"
        raise RecordError(
            f"{what} differs from the record (another draw or other rules)",
            ply=ply if ply else None,
        )


def validate(match: PortableMatch) -> None:
    """RecordError unless the record replays and ends with the outcome it claims."""
    record = match.record
    declared = match.extra.get("rules_version")
    if declared is not None and declared != rules_version(record.game):
        raise RecordError(
            f"rules version {declared!r}, this arena plays {rules_version(record.game)!r}"
        )
    states = replay_states(match)
    game = get_game(record.game)
    final = states[-1]
    claimed = record.outcome
    reached = game.outcome(final)
    plies = len(record.moves)
    if claimed.termination in (Termination.NORMAL, Termination.TURN_CAP):
        if reached is None:
            raise RecordError(
                f"the record ends the game ({claimed.termination.value}) but it is not over",
                ply=plies,
            )
        expected = reached
    else:
        if reached is not None:
            raise RecordError(
                f"the game was over, yet the record ends it by {claimed.termination.value}",
                ply=plies,
            )
        expected = game.adjudicate(final, claimed.offender)
    _check_outcome(claimed, expected, plies)


def _check_outcome(claimed: Outcome, expected: Outcome, plies: int) -> None:
    if claimed.ranks != expected.ranks:
        raise RecordError(
            f"outcome ranks {list(claimed.ranks)}, the replay gives {list(expected.ranks)}",
            ply=plies,
        )
    for name in ("scores", "points"):
        mine, theirs = getattr(claimed, name), getattr(expected, name)
        if len(mine) != len(theirs) or any(
            not math.isclose(a, b, rel_tol=SCORE_TOLERANCE, abs_tol=SCORE_TOLERANCE)
            for a, b in zip(mine, theirs, strict=True)
        ):
            raise RecordError(
                f"outcome {name} {list(mine)}, the replay gives {list(theirs)}", ply=plies
            )
    if (
        claimed.termination in (Termination.NORMAL, Termination.TURN_CAP)
        and claimed.termination != expected.termination
    ):
        raise RecordError(
            f"termination {claimed.termination.value}, the replay gives "
            f"{expected.termination.value}",
            ply=plies,
        )
