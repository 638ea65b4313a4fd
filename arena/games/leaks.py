"""Does a move's public text reveal what the views hide? A check over seeded random playouts.

A move is released to the others when the referee lets its event out: at once, or for a move
of a simultaneous decision when that decision resolves (the referee holds the others' choices
until then). From then on a viewer (another seat, or a spectator) knows its own view of the
position and the move's public text. The text may say no more than the view:

    for a ply where `seat` plays `move` in `state`, and a viewer other than `seat`,
    resample what the viewer cannot see (a state it cannot tell from `state`); every move of
    `seat` legal there that leads to a released position the viewer cannot tell from the real
    one (equal views) must have the same public text as `move`.

A game whose move texts name hidden cards fails it: a digger's `keep MDK.2` and `keep SCA.1`
look the same to everyone else, so their texts must be equal too.

The same resampling checks what a spectator is shown of a position (`picture_leaks`): a web
board or a text picture drawn from a position must not change when what no spectator can see
is re-dealt; and what a seat's own page shows must not change when what that seat cannot see
is.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from arena.core.game import Game
from arena.core.values import Seat
from arena.games.testing import Resample


@dataclass(frozen=True, slots=True)
class Leak:
    """Two moves a viewer cannot tell apart, with different public texts."""

    seed: int
    ply: int
    seat: Seat
    viewer: Seat | None
    move: str
    public: str
    other_move: str  # in a state the viewer cannot tell from the real one
    other_public: str


@dataclass(slots=True)
class LeakReport:
    """What a check found and covered."""

    leaks: list[Leak] = field(default_factory=list)
    plies: int = 0
    look_alikes: int = 0  # distinct moves a viewer could not tell apart (texts compared)


def public_move_leaks(
    game: Game[Any, Any],
    resample: Resample,
    *,
    seeds: Iterable[int] = range(5),
    num_players: Sequence[int] | None = None,
    options: Sequence[Any] | None = None,
    alternatives: int = 24,
    every: int = 1,
    hold_simultaneous: bool = True,
) -> LeakReport:
    """Play a random game per seed (player counts and options cycled) and check every
    `every`-th ply against up to `alternatives` moves of the resampled states.

    `hold_simultaneous=False` releases every move at once, as a referee that did not hold a
    simultaneous decision's choices would (to show what the holding protects).
    """
    counts = list(num_players or range(game.min_players, game.max_players + 1))
    option_list = list(options) if options is not None else [game.options_type()]
    report = LeakReport()
    for i, seed in enumerate(seeds):
        n = counts[i % len(counts)]
        opts = option_list[i // len(counts) % len(option_list)]
        states, plies = _playout(game, n, opts, seed)
        release = _release_points(game, states, hold_simultaneous)
        rng = random.Random(seed ^ 0x1EAC)
        for ply in range(0, len(plies), every):
            _check_ply(game, resample, states, plies, ply, release[ply], n, rng, seed,
                       alternatives, report)  # fmt: skip
            report.plies += 1
    return report


def _playout(
    game: Game[Any, Any], n: int, options: Any, seed: int
) -> tuple[list[Any], list[tuple[Seat, str]]]:
    rng = random.Random(seed ^ 0x5EED)
    state = game.setup(n, options, random.Random(seed))
    states, plies = [state], []
    while game.outcome(state) is None:
        seat = rng.choice(game.to_move(state))
        move = rng.choice(list(game.legal_moves(state, seat)))
        state = game.play(state, seat, move)
        states.append(state)
        plies.append((seat, move))
    return states, plies


def _release_points(game: Game[Any, Any], states: list[Any], hold: bool) -> list[int]:
    """Per ply, the index of the state after which its move is released (the referee's rule:
    a move that leaves some, but fewer, of the same seats still to decide is held)."""
    out: list[int] = []
    held: list[int] = []
    for ply in range(len(states) - 1):
        before, after = set(game.to_move(states[ply])), set(game.to_move(states[ply + 1]))
        held.append(ply)
        if hold and after and after < before:
            continue
        out.extend([ply + 1] * len(held))
        held.clear()
    out.extend([len(states) - 1] * len(held))
    return out


def _check_ply(
    game: Game[Any, Any],
    resample: Resample,
    states: list[Any],
    plies: list[tuple[Seat, str]],
    ply: int,
    released: int,
    n: int,
    rng: random.Random,
    seed: int,
    alternatives: int,
    report: LeakReport,
) -> None:
    seat, move = plies[ply]
    state = states[ply]
    public = game.public_move(state, seat, move)
    for viewer in [*(v for v in range(n) if v != seat), None]:
        seen = game.view(states[released], viewer)
        other = resample(state, viewer, rng)
        legal = list(game.legal_moves(other, seat))
        for alt in rng.sample(legal, min(alternatives, len(legal))):
            after = _replay(game, other, seat, alt, plies[ply + 1 : released])
            if after is None or game.view(after, viewer) != seen:
                continue  # the viewer can tell this move from the real one: nothing to hide
            report.look_alikes += alt != move
            alt_public = game.public_move(other, seat, alt)
            if alt_public != public:
                report.leaks.append(Leak(seed, ply, seat, viewer, move, public, alt, alt_public))


def _replay(
    game: Game[Any, Any], state: Any, seat: Seat, move: str, rest: Sequence[tuple[Seat, str]]
) -> Any | None:
    """`move` then the rest of its decision's moves, or None when one is refused there."""
    try:
        state = game.play(state, seat, move)
        for other_seat, other_move in rest:
            state = game.apply(state, other_seat, other_move)
    # The rest of the decision may not fit this state; and a resampled state matches the views,
    # not always what the history implies (Epizodiak knows a contest finds all four tiles),
    # so an engine may also assert there. Either way the alternative is not comparable.
    except Exception:  # noqa: BLE001
        return None
    return state


Picture = Callable[[Any, tuple[Seat, str] | None], str]
"""picture(state, last move as (seat, public text) or None) -> what a spectator is shown."""


@dataclass(frozen=True, slots=True)
class PictureLeak:
    """A position whose spectator picture changed when what spectators cannot see was
    re-dealt: the picture drew from more than the spectator view."""

    seed: int
    ply: int
    shown: str
    resampled: str


@dataclass(slots=True)
class PictureReport:
    """What a picture check found and covered."""

    leaks: list[PictureLeak] = field(default_factory=list)
    plies: int = 0


def picture_leaks(
    game: Game[Any, Any],
    resample: Resample,
    picture: Picture,
    *,
    seeds: Iterable[int] = range(3),
    num_players: Sequence[int] | None = None,
    every: int = 1,
    resamples: int = 2,
    viewer: Seat | None = None,
) -> PictureReport:
    """Play a random game per seed (player counts cycled); at every `every`-th position,
    the spectator picture (a web board, a text picture) must not change when the hidden
    information is re-dealt `resamples` times. With a `viewer` seat, the picture is that
    seat's (a person's page at the table): what that seat cannot see is re-dealt."""
    counts = list(num_players or range(game.min_players, game.max_players + 1))
    report = PictureReport()
    for i, seed in enumerate(seeds):
        n = counts[i % len(counts)]
        states, plies = _playout(game, n, game.options_type(), seed)
        rng = random.Random(seed ^ 0x91C7)
        for ply in range(0, len(states), every):
            last = None
            if ply:
                seat, move = plies[ply - 1]
                last = (seat, game.public_move(states[ply - 1], seat, move))
            shown = picture(states[ply], last)
            for _ in range(resamples):
                other = picture(resample(states[ply], viewer, rng), last)
                if other != shown:
                    report.leaks.append(PictureLeak(seed, ply, shown, other))
            report.plies += 1
    return report
