"""Creating, running and resuming stored tournaments: the schedule meets the store."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from arena.core import MatchRecord
from arena.errors import TournamentError
from arena.game import check_player_count, options_to_dict, parse_options
from arena.registry import get_game
from arena.store import Store, StoredTournament
from arena.tournament.runner import MatchRunner, run_fixtures
from arena.tournament.schedule import Fixture, Status, TournamentSpec, make_fixtures

OnMatch = Callable[[Fixture, MatchRecord], None]


def normalize_spec(spec: TournamentSpec) -> TournamentSpec:
    """Check the game, table size and options; the spec with options as the game's full dict."""
    game = get_game(spec.game)
    check_player_count(game, spec.table_size)
    options = parse_options(game, dict(spec.options))
    make_fixtures(spec)  # validates bots, format and sizes before anything is stored
    return replace(spec, game=game.name, options=options_to_dict(options))


def create_tournament(store: Store, spec: TournamentSpec) -> StoredTournament:
    """Validate, schedule and store a tournament (one transaction); the stored tournament."""
    spec = normalize_spec(spec)
    tid = store.create_tournament(spec, make_fixtures(spec))
    return store.tournament(tid)


def game_and_options(spec: TournamentSpec) -> tuple[Any, Any]:
    """The game object and typed options of a stored spec."""
    game = get_game(spec.game)
    return game, parse_options(game, dict(spec.options))


async def play_tournament(
    store: Store,
    tid: int,
    play: MatchRunner,
    *,
    concurrency: int = 1,
    on_match: OnMatch | None = None,
) -> StoredTournament:
    """Play every fixture that has no stored match; each match is stored as soon as it ends.

    Run and resume are the same call: the fixtures and their seeds come from the store.
    """
    tournament = store.tournament(tid)
    if tournament.status is Status.FINISHED and tournament.played == tournament.fixtures:
        return tournament
    pending = store.pending_fixtures(tid)

    def sink(fixture: Fixture, record: MatchRecord) -> None:
        store.save_match(record, fixture)
        if on_match is not None:
            on_match(fixture, record)

    store.set_status(tid, Status.RUNNING)
    try:
        await run_fixtures(pending, play, sink, concurrency=concurrency)
    except BaseException:
        store.set_status(tid, Status.INTERRUPTED)
        raise
    if store.pending_fixtures(tid):
        raise TournamentError(f"tournament {tid} still has fixtures without a match")
    store.set_status(tid, Status.FINISHED)
    return store.tournament(tid)
