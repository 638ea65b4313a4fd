"""Test doubles and the conformance check every game must pass.

`check_game` plays many seeded random games and checks the Game contract:
legal moves non-empty until the end, illegal moves rejected with IllegalMoveError or
InvalidMoveError, determinism from the seed, views that reveal no hidden information
(a view must not depend on what is hidden from that seat), and well-formed outcomes.
"""

from __future__ import annotations

import copy
import itertools
import json
import multiprocessing
import os
import random
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, fields
from typing import Any

from arena.core.game import Game, options_to_dict
from arena.core.players import (
    DecisionRequest,
    MatchInfo,
    Reply,
    first_move_policy,
    random_policy,
    scripted_policy,
)
from arena.core.values import Outcome, Seat, Termination
from arena.errors import IllegalMoveError, InvalidMoveError
from arena.match.policy_runner import PolicyPlayer

__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "FaultyPlayer",
    "PolicyPlayer",
    "all_option_combinations",
    "check_game",
    "default_workers",
    "first_move_policy",
    "play_random_game",
    "random_policy",
    "request_for",
    "scripted_policy",
]

Invariant = Callable[[Any], None]
"""A game-specific check run on every state; raise AssertionError when broken."""

Resample = Callable[[Any, "Seat | None", random.Random], Any]
"""Re-deal what `seat` cannot see (pot order, others' secret choices): same view expected."""


class ConformanceError(AssertionError):
    """A game broke its contract; the message says which game, seed and ply."""


@dataclass(slots=True)
class ConformanceReport:
    """What a conformance run covered."""

    games: int = 0
    decisions: int = 0
    by_players: dict[int, int] = field(default_factory=dict)
    terminations: dict[str, int] = field(default_factory=dict)


def all_option_combinations(game: Game[Any, Any]) -> list[Any]:
    """Every combination of the game's bool and enum/Literal options (others at default;
    add-on options, arena.core.game.addon_option, stay off)."""
    from arena.core.game import is_addon, option_choices, parse_options

    axes: list[tuple[str, tuple[str, ...]]] = []
    for f in fields(game.options_type):
        if is_addon(f):
            continue
        choices = option_choices(game, f.name)
        if choices is not None:
            axes.append((f.name, choices))
    combos = itertools.product(*(choices for _, choices in axes))
    return [parse_options(game, dict(zip([n for n, _ in axes], c, strict=True))) for c in combos]


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, default=str)


def play_random_game(
    game: Game[Any, Any], num_players: int, options: Any, seed: int, *, max_decisions: int = 100_000
) -> tuple[list[tuple[Seat, str]], Any]:
    """Play one random game from a seed; returns the moves and the final state."""
    rng = random.Random(seed ^ 0x5EED)
    state = game.setup(num_players, options, random.Random(seed))
    moves: list[tuple[Seat, str]] = []
    while game.outcome(state) is None:
        seat = rng.choice(game.to_move(state))
        move = rng.choice(list(game.legal_moves(state, seat)))
        state = game.play(state, seat, move)  # the seat is to move: no turn check needed
        moves.append((seat, move))
        if len(moves) > max_decisions:
            raise ConformanceError(f"{game.name} seed {seed}: no end after {max_decisions} moves")
    return moves, state


def default_workers() -> int:
    """Processes for a conformance run: this machine's usable CPUs, at most 4."""
    usable = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None  # Linux
    return max(1, min(4, len(usable) if usable is not None else os.cpu_count() or 1))


def check_game(
    game: Game[Any, Any],
    *,
    games: int = 200,
    num_players: Sequence[int] | None = None,
    options: Iterable[Any] | None = None,
    seed: int = 0,
    invariant: Invariant | None = None,
    resample: Resample | None = None,
    probes: Sequence[str] = ("", "pass", "0", "zzz 99", "draw draw"),
    deep_every: int = 10,
    workers: int = 1,
) -> ConformanceReport:
    """Play `games` seeded random games, cycling over (player count, options) pairs.

    Every game is spot-checked (illegal moves rejected, moves out of turn rejected, adjudication
    well formed). Every `deep_every`-th game is checked more often and also for determinism
    (a replay from the seed reaches the same views) and, given `resample`, for hidden
    information: every other ply, each seat's view is unchanged when what that seat cannot
    see is re-dealt.

    With `workers` > 1 the games are shared among that many processes (spawned: the game,
    options, invariant and resample must pickle). The games, their seeds and the report are
    the same as in one process; on a failure, the one of the lowest game index is raised.
    """
    counts = list(num_players or range(game.min_players, game.max_players + 1))
    option_list = list(options) if options is not None else all_option_combinations(game)
    job = _Job(game, [(n, o) for n in counts for o in option_list], seed, invariant, resample,
               tuple(probes), deep_every)  # fmt: skip
    if workers <= 1 or games < 2 * workers:
        return _run_games(job, range(games))
    # Contiguous shares: every deep_every-th game is a deep one, and a stride would give
    # them all to one worker.
    parts = [range(w * games // workers, (w + 1) * games // workers) for w in range(workers)]
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        results = list(pool.map(_run_games_caught, [job] * workers, parts))
    failures = [r for r in results if isinstance(r, tuple)]
    if failures:
        raise min(failures, key=lambda failure: failure[0])[1]
    report = ConformanceReport()
    for part in results:
        assert isinstance(part, ConformanceReport)
        report.games += part.games
        report.decisions += part.decisions
        for n, count in part.by_players.items():
            report.by_players[n] = report.by_players.get(n, 0) + count
        for name, count in part.terminations.items():
            report.terminations[name] = report.terminations.get(name, 0) + count
    report.by_players = dict(sorted(report.by_players.items()))
    return report


@dataclass(frozen=True, slots=True)
class _Job:
    """What every game of a conformance run shares."""

    game: Game[Any, Any]
    pairs: list[tuple[int, Any]]  # (player count, options), cycled over
    seed: int
    invariant: Invariant | None
    resample: Resample | None
    probes: tuple[str, ...]
    deep_every: int


def _run_games(
    job: _Job, indexes: Iterable[int], report: ConformanceReport | None = None
) -> ConformanceReport:
    report = report if report is not None else ConformanceReport()
    for i in indexes:
        n, opts = job.pairs[i % len(job.pairs)]
        game_seed = job.seed * 1_000_003 + i
        deep = i % job.deep_every == 0
        _check_one(
            job.game, n, opts, game_seed, job.invariant, job.resample, job.probes, deep, report
        )
        report.games += 1
        report.by_players[n] = report.by_players.get(n, 0) + 1
    return report


def _run_games_caught(
    job: _Job, indexes: range
) -> ConformanceReport | tuple[int, ConformanceError]:
    """_run_games in a worker: a failure comes back with the index of the game that failed."""
    report = ConformanceReport()
    for i in indexes:
        try:
            _run_games(job, (i,), report)
        except ConformanceError as exc:
            return i, exc
    return report


def _fail(game: Game[Any, Any], seed: int, ply: int, message: str) -> ConformanceError:
    return ConformanceError(f"{game.name} seed {seed} ply {ply}: {message}")


def _check_one(
    game: Game[Any, Any],
    n: int,
    options: Any,
    seed: int,
    invariant: Invariant | None,
    resample: Resample | None,
    probes: Sequence[str],
    deep: bool,
    report: ConformanceReport,
) -> None:
    rng = random.Random(seed ^ 0x5EED)
    state = game.setup(n, options, random.Random(seed))
    trace: list[str] = []
    moves: list[tuple[Seat, str]] = []
    ply = 0
    while True:
        if invariant is not None:
            try:
                invariant(state)
            except AssertionError as exc:
                raise _fail(game, seed, ply, f"invariant broken: {exc}") from exc
        out = game.outcome(state)
        if out is not None:
            _check_outcome(game, seed, ply, out, n)
            _canonical(out.to_dict())  # must be JSON-ready
            if game.to_move(state):
                raise _fail(game, seed, ply, "game over but to_move is not empty")
            report.terminations[out.termination.value] = (
                report.terminations.get(out.termination.value, 0) + 1
            )
            break
        seats = game.to_move(state)
        if not seats or len(set(seats)) != len(seats) or not all(0 <= s < n for s in seats):
            raise _fail(game, seed, ply, f"bad to_move {seats!r}")
        seat = rng.choice(seats)
        legal = list(game.legal_moves(state, seat))
        if not legal:
            raise _fail(game, seed, ply, f"seat {seat} to move with no legal moves")
        if len(set(legal)) != len(legal):
            raise _fail(game, seed, ply, "legal moves contain duplicates")
        # Spot checks: every ply of a deep game, every 31st ply of the others.
        if (deep and ply % 3 == 0) or ply % 31 == 0:
            _check_rejects(game, state, seat, legal, seats, n, probes, seed, ply)
            _check_adjudicate(game, state, seat, n, seed, ply)
        if deep:
            trace.append(_canonical([game.view(state, s) for s in [*range(n), None]]))
            if resample is not None and ply % 2 == 0:
                _check_hidden(game, state, n, resample, rng, seed, ply)
        move = rng.choice(legal)
        before = copy.deepcopy(state) if deep else None
        state = game.apply(state, seat, move)
        if before is not None and list(game.legal_moves(before, seat)) != legal:
            raise _fail(game, seed, ply, "apply mutated the previous state")
        moves.append((seat, move))
        ply += 1
        if ply > 200_000:
            raise _fail(game, seed, ply, "no end after 200000 decisions")
    report.decisions += ply
    if deep:
        _check_replay(game, n, options, seed, moves, trace)
    game.render(state, None)


def _check_rejects(
    game: Game[Any, Any],
    state: Any,
    seat: Seat,
    legal: list[str],
    seats: tuple[Seat, ...],
    n: int,
    probes: Sequence[str],
    seed: int,
    ply: int,
) -> None:
    legal_set = set(legal)
    for probe in probes:
        if probe in legal_set:
            continue
        try:
            game.apply(state, seat, probe)
        except (IllegalMoveError, InvalidMoveError):
            continue
        raise _fail(game, seed, ply, f"apply accepted {probe!r}, which is not in legal_moves")
    others = [s for s in range(n) if s not in seats]
    if others:
        try:
            game.apply(state, others[0], legal[0])
        except (IllegalMoveError, InvalidMoveError):
            return
        raise _fail(game, seed, ply, f"seat {others[0]} moved out of turn")


def _check_adjudicate(
    game: Game[Any, Any], state: Any, seat: Seat, n: int, seed: int, ply: int
) -> None:
    out = game.adjudicate(state, seat)
    _check_outcome(game, seed, ply, out, n)
    if out.ranks[seat] != n or sum(1 for r in out.ranks if r == n) != 1:
        raise _fail(game, seed, ply, f"adjudication does not rank offender {seat} alone last")
    _check_outcome(game, seed, ply, game.adjudicate(state, None), n)


def _check_outcome(game: Game[Any, Any], seed: int, ply: int, out: Outcome, n: int) -> None:
    if not isinstance(out, Outcome) or len(out.ranks) != n:
        raise _fail(game, seed, ply, f"outcome {out!r} is not one entry per seat")
    if min(out.ranks) != 1 or any(r < 1 or r > n for r in out.ranks):
        raise _fail(game, seed, ply, f"ranks {out.ranks} are not competition ranks")
    for s, r in enumerate(out.ranks):
        if r != 1 + sum(1 for o in out.ranks if o < r):
            raise _fail(game, seed, ply, f"rank {r} of seat {s} skips wrongly in {out.ranks}")
    if out.termination not in (Termination.NORMAL, Termination.TURN_CAP):
        raise _fail(game, seed, ply, f"engine returned termination {out.termination}")


def _check_replay(
    game: Game[Any, Any],
    n: int,
    options: Any,
    seed: int,
    moves: list[tuple[Seat, str]],
    trace: list[str],
) -> None:
    state = game.setup(n, options, random.Random(seed))
    for ply, (seat, move) in enumerate(moves):
        if ply < len(trace):
            views = _canonical([game.view(state, s) for s in [*range(n), None]])
            if views != trace[ply]:
                raise _fail(game, seed, ply, "replay from the same seed diverged")
        state = game.apply(state, seat, move)
    _canonical(options_to_dict(options))


def _check_hidden(
    game: Game[Any, Any],
    state: Any,
    n: int,
    resample: Resample,
    rng: random.Random,
    seed: int,
    ply: int,
) -> None:
    for s in [*range(n), None]:
        view = game.view(state, s)
        if not isinstance(view, dict):
            raise _fail(game, seed, ply, "view is not a dict")
        other = game.view(resample(state, s, random.Random(rng.random())), s)
        if _canonical(view) != _canonical(other):
            raise _fail(game, seed, ply, f"view of seat {s} depends on information hidden from it")


def request_for(game: Game[Any, Any], state: Any, seat: Seat) -> DecisionRequest:
    """A DecisionRequest for `seat` in `state`, as the referee would send it (for bot tests)."""
    return DecisionRequest(
        match_id="test",
        request_id=0,
        game=game.name,
        seat=seat,
        view=game.view(state, seat),
        legal_moves=tuple(game.legal_moves(state, seat)),
    )


class FaultyPlayer:
    """A test double that plays randomly until decision `after`, then misbehaves.

    kind: "slow" (sleeps `delay_s` before answering), "garbage" (answers nonsense text),
    "illegal" (answers a well-formed move not on the legal list, given as `text`),
    "crash" (raises), "bad_index" (answers an index past the end of the list).
    """

    def __init__(
        self,
        name: str,
        kind: str,
        *,
        after: int = 0,
        delay_s: float = 1.0,
        text: str = "zzz",
        seed: int = 0,
    ) -> None:
        self.name = name
        self.kind = kind
        self.after = after
        self.delay_s = delay_s
        self.text = text
        self._random = random_policy(seed)
        self.decisions = 0
        self.finished = False

    async def start(self, info: MatchInfo) -> None:
        """Nothing to prepare."""

    async def decide(self, request: DecisionRequest) -> Reply:
        """Random until `after` decisions were made, then the configured fault."""
        import asyncio

        self.decisions += 1
        if self.decisions <= self.after:
            return self._random(request)
        if self.kind == "slow":
            await asyncio.sleep(self.delay_s)
            return self._random(request)
        if self.kind in ("garbage", "illegal"):
            return self.text
        if self.kind == "bad_index":
            return len(request.legal_moves)
        raise RuntimeError("the bot fell over")

    async def finish(self, record: Any) -> None:
        """Remember that the referee said goodbye."""
        self.finished = True
