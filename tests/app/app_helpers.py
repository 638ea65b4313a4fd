"""Literal tournaments and matches for the application layer's unit tests (a SQLite store).

Every record is a Lucky Numbers match stopped after its first decision (its first mover's
"draw", always legal first), so it replays from any seed; its ranks and points are given.
"""

from __future__ import annotations

from dataclasses import replace

from arena.app.running import create_tournament
from arena.core.game import new_game_state, parse_options
from arena.core.registry import get_game
from arena.core.values import MatchRecord, MoveRecord, Outcome, Termination
from arena.store import Store, StoredTournament
from arena.tournament import BotEntry, Fixture, Format, Status, TournamentSpec
from arena.tournament.schedule import Deals

GAME = "lucky_numbers"


def spec(
    *bots: str,
    seed: int = 42,
    fmt: Format = Format.ROUND_ROBIN,
    deals: Deals = Deals.INDEPENDENT,
    **changes: object,
) -> TournamentSpec:
    """A two-seat Lucky Numbers tournament of the named bots."""
    base = TournamentSpec(
        game=GAME,
        bots=tuple(BotEntry(b, "builtin:random") for b in bots or ("ann", "bob", "cy")),
        seed=seed,
        format=fmt,
        table_size=2,
        cycles=1,
        deals=deals,
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def tournament(store: Store, s: TournamentSpec) -> tuple[StoredTournament, list[Fixture]]:
    """Store a tournament (its whole schedule, or a round format's first round)."""
    stored = create_tournament(store, s, owner=None)
    return stored, store.fixtures(stored.id)


def record(
    match_id: str,
    players: tuple[str, ...],
    ranks: tuple[int, ...] = (1, 2),
    *,
    seed: int = 7,
    finished_at: float = 1000.0,
    points: tuple[float, ...] | None = None,
    termination: Termination = Termination.NORMAL,
    metadata: dict[str, object] | None = None,
) -> MatchRecord:
    """A finished match after one decision (its first mover drew), with literal ranks and points."""
    n = len(players)
    game = get_game(GAME)
    first = game.to_move(new_game_state(game, n, parse_options(game, {}), seed))[0]
    shown = points if points is not None else tuple(1.0 if r == 1 else 0.0 for r in ranks)
    return MatchRecord(
        match_id=match_id,
        game=GAME,
        options={},
        seed=seed,
        players=players,
        moves=(MoveRecord(first, "draw", 1.5),),
        outcome=Outcome(ranks, (0.0,) * n, shown, termination),
        started_at=finished_at - 1.0,
        finished_at=finished_at,
        metadata=metadata or {},
    )


def play(store: Store, fixture: Fixture, ranks: tuple[int, ...], **kw: object) -> MatchRecord:
    """Store a result for a fixture (its match id, seats and seed)."""
    r = record(fixture.match_id, fixture.seats, ranks, seed=fixture.seed, **kw)  # type: ignore[arg-type]
    store.save_match(r, fixture)
    return r


def finish(store: Store, tid: int) -> None:
    """Mark a tournament finished (its seeds become public)."""
    store.set_status(tid, Status.FINISHED)
