"""The one door every front end calls: a tournament ladder over a database or over a server.

`Arena` is the interface: reads (reports, lists, ladders, histories, statistics, matches), a
tournament followed as it is played, and the writes that act on a stored tournament (cancel,
delete), with the same names, arguments and values whichever side answers. Two
implementations:

- `LocalArena` over a database (the CLI's `--db`): its holder's view, acting as an admin
  (arena/app/owners.py: whoever holds the database could as well write to it);
- `arena.client.SyncArenaClient` over a server (the CLI's `--server`, organizers' scripts): the
  public view, and what its organizer token may do there.

A front end opens one with `arena.cli.sources.arena(db, server)`, calls it and prints: it never
asks which side it has. tests/app/test_door.py keeps the two sides' signatures equal.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from types import TracebackType
from typing import Protocol, Self, runtime_checkable

from arena.app import ladders, matches, owners, reports, stats
from arena.app.access import Caller
from arena.app.database import open_store
from arena.app.matches import Replay
from arena.app.reports import (
    Audience,
    MatchRow,
    TournamentReport,
    TournamentSummary,
    display_status,
)
from arena.app.stats import StatsReport
from arena.app.values import Disclosure, LadderEntry, RatingChange
from arena.errors import ConfigError, TournamentBusyError
from arena.store import Store
from arena.tournament.schedule import Status

POLL_S = 0.5  # how often a follower of a database's tournament reads it again


@runtime_checkable
class Arena(Protocol):
    """What a front end may ask of a ladder, wherever it is kept."""

    @property
    def address(self) -> str:
        """Where it is (a server's address, a database's URL without its password)."""
        ...

    def close(self) -> None:
        """Let go of the database or the channel."""
        ...

    def get_tournament(self, tournament_id: int, *, with_matches: bool = False) -> TournamentReport:
        """A tournament's report (with its match rows in fixture order)."""
        ...

    def list_tournaments(self, limit: int = 0) -> list[TournamentSummary]:
        """The newest tournaments in brief, newest first (0: the default count)."""
        ...

    def get_leaderboard(self, game: str | None) -> tuple[str, list[LadderEntry]]:
        """(the game, its ladder best first); None: the only game there is, if one."""
        ...

    def get_rating_history(
        self, game: str | None, bot: str, *, last: int = 0
    ) -> tuple[str, list[RatingChange]]:
        """(the game, a bot's rated matches oldest first; `last`: only that many)."""
        ...

    def get_stats(
        self, *, tournament_id: int | None = None, game: str | None = None
    ) -> StatsReport:
        """The statistics of a tournament, or of a game's stored matches."""
        ...

    def watch_tournament(self, tournament_id: int) -> Iterator[TournamentUpdate]:
        """The tournament at each change while it is played; the first update lists every
        match finished so far."""
        ...

    def get_match(self, match_id: str) -> Disclosure:
        """A finished match as this side shows it (seed and moves withheld or not)."""
        ...

    def get_replay(self, match_id: str, seat: int | None = None) -> Replay:
        """A finished match frame by frame: the spectator's view, or a seat's where allowed."""
        ...

    def cancel_tournament(self, tournament_id: int) -> TournamentReport:
        """Stop a tournament being played, resumable; its report."""
        ...

    def delete_tournament(self, tournament_id: int, *, force: bool = False) -> Deleted:
        """Delete a tournament and its matches; what went, and what it did to the ladder."""
        ...


@dataclass(frozen=True, slots=True)
class TournamentUpdate:
    """What a follower of a tournament sees at each change: the tournament as it stands, the
    matches finished since the last update (every one so far, in the first), those being
    played now."""

    report: TournamentReport  # summary, standings, seats, away and withdrawn bots; no matches
    finished: tuple[MatchRow, ...]
    live_matches: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Deleted:
    """What a delete did: the matches it took, and what happened to the ladder."""

    matches: int
    ladder: str  # one line for the person deleting ("" from a server that does not say)


class LocalArena:
    """The ladder in a database used directly: the holder's view, an admin's rights."""

    def __init__(self, store: Store, caller: Caller | None = None) -> None:
        self.store = store
        self.caller = caller or owners.local_caller()

    @classmethod
    def open(cls, db: str | None, *, create: bool = False) -> LocalArena:
        """The database at a path or URL (a read never creates one)."""
        return cls(open_store(db, create=create))

    def __repr__(self) -> str:
        return f"LocalArena({self.address!r})"

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    @property
    def address(self) -> str:
        """The database's URL without its password."""
        return self.store.location

    def close(self) -> None:
        """Release the database."""
        self.store.close()

    def get_tournament(self, tournament_id: int, *, with_matches: bool = False) -> TournamentReport:
        """A tournament's whole report, as its holder sees it (seeds shown)."""
        return reports.tournament_report(self.store, tournament_id, with_matches=with_matches)

    def list_tournaments(self, limit: int = 0) -> list[TournamentSummary]:
        """The newest tournaments in brief, newest first."""
        if limit:
            return reports.tournament_summaries(self.store, limit=limit)
        return reports.tournament_summaries(self.store)

    def get_leaderboard(self, game: str | None) -> tuple[str, list[LadderEntry]]:
        """(the game, its ladder best first)."""
        return ladders.leaderboard(self.store, game)

    def get_rating_history(
        self, game: str | None, bot: str, *, last: int = 0
    ) -> tuple[str, list[RatingChange]]:
        """(the game, a bot's rated matches oldest first)."""
        return ladders.rating_history(self.store, game, bot, last or None)

    def get_stats(
        self, *, tournament_id: int | None = None, game: str | None = None
    ) -> StatsReport:
        """The statistics of a tournament or a game."""
        return stats.stats_report(self.store, tournament=tournament_id, game=game)

    def watch_tournament(self, tournament_id: int) -> Iterator[TournamentUpdate]:
        """The tournament at each change while a run plays it (`tournament run|resume --db` in
        another process), read from the database every POLL_S; the first update lists every
        match finished so far. Ends once no live run holds it."""
        shown: set[str] = set()
        seen: tuple[int, int, str] | None = None
        while True:
            stored = self.store.tournament(tournament_id)
            now = (stored.played, stored.fixtures, display_status(stored))
            if now != seen:
                report = reports.tournament_report(self.store, tournament_id, with_matches=True)
                rows = tuple(r for r in report.matches or () if r.match_id not in shown)
                shown.update(r.match_id for r in rows)
                yield TournamentUpdate(replace(report, matches=None), rows, ())
                seen = now
            if now[2] != Status.RUNNING.value:
                return
            time.sleep(POLL_S)

    def get_match(self, match_id: str) -> Disclosure:
        """A finished match in full (its holder sees everything)."""
        return matches.disclosed_match(self.store, match_id, Audience.OWNER)

    def get_replay(self, match_id: str, seat: int | None = None) -> Replay:
        """A finished match frame by frame (any seat's view: its holder's)."""
        return matches.stored_replay(self.store, match_id, Audience.OWNER, seat)

    def cancel_tournament(self, tournament_id: int) -> TournamentReport:
        """A run on this machine stops with Ctrl-C in its own terminal: ConfigError saying so."""
        stored = self.store.tournament(tournament_id)
        owners.check_may_manage(self.caller, stored, "cancel")
        raise ConfigError(
            f"tournament {tournament_id} is {display_status(stored)} in {self.address}: a run "
            "of a database is stopped where it runs (Ctrl-C); `cancel` stops a server's "
            "(--server)"
        )

    def delete_tournament(self, tournament_id: int, *, force: bool = False) -> Deleted:
        """Delete a tournament with its matches; its game's ladder is recomputed. Refused while
        it is being played (unless `force`), or when the caller may not (owners.py)."""
        stored = self.store.tournament(tournament_id)
        impact = owners.check_may_delete(self.store, self.caller, stored)
        if display_status(stored) == "running" and not force:
            raise TournamentBusyError(
                f"tournament {tournament_id} is being played ({stored.runner}): cancel it "
                "first, or delete it with --force"
            )
        self.store.delete_tournament(tournament_id)
        return Deleted(stored.played, impact.says())


__all__ = ["Arena", "Deleted", "LocalArena", "TournamentUpdate"]
