"""A tournament played by this process (`tournament run|resume` without `--server`): the
bots are started here (or played through a server's PlayMatch with `--store-locally`), the
results go to the organizer's own database, progress shows here."""

from __future__ import annotations

import signal
from typing import TYPE_CHECKING, Any

from arena.app import reports
from arena.app.database import Store
from arena.app.door import LocalArena
from arena.app.owners import local_owner
from arena.app.reports import ClockSpec
from arena.app.rows import clock_words
from arena.cli import sources
from arena.cli.bot_start import DEFAULT_BOT_START_S
from arena.cli.output import stderr
from arena.cli.sprt import SprtStopped, Watch, sprt_watch
from arena.cli.tournament_cluster import play_on_cluster
from arena.cli.tournament_logs import BotLogs
from arena.cli.tournament_play import Faults, execute
from arena.cli.tournament_progress import INTERRUPTING_SIGNALS, MatchProgress, signals_as_interrupt
from arena.cli.tournament_report import emit_final
from arena.core.values import MatchRecord
from arena.errors import ArenaError, TournamentBusyError
from arena.ratings.elo import Sprt
from arena.store import StoredTournament
from arena.tournament import Fixture, TournamentSpec
from arena.tournament.crashes import DEFAULT_MAX_CRASHES

if TYPE_CHECKING:  # grpc is imported only when --server is given
    from arena.rpc.client.remote import Remote


def _clock_text(spec: TournamentSpec) -> str:
    """The clock a tournament plays with, in words ("5000 ms/move, no bank" when it has none)."""
    if not spec.time_per_move_ms:
        return "unlimited"
    clock = ClockSpec(spec.time_per_move_ms, spec.time_bank_ms, spec.increment_ms)
    return clock_words(clock) + ("" if clock.bank_ms else ", no bank")


def run_and_report(
    store: Store,
    tournament: StoredTournament | TournamentSpec,
    *,
    concurrency: int,
    server: Remote | None,
    logs: BotLogs | None = None,
    max_crashes: int = DEFAULT_MAX_CRASHES,
    forfeit_absent: bool = False,
    sprt: Sprt | None = None,
    cluster: Any = None,
    startup_timeout_s: float = DEFAULT_BOT_START_S,
) -> None:
    """Play what is left of a tournament (or a new one, created once its bots are ready)
    with a progress display (on a Ray cluster given `cluster`), then print the report."""
    # an SPRT's own lines say how far it got: no line per match besides (the bar stays)
    progress = MatchProgress(lines=sprt is None)
    created: list[StoredTournament] = []
    watches: list[Watch] = []  # the SPRT's per-match hook, once the tournament exists

    def on_match(fixture: Fixture, record: MatchRecord) -> None:
        progress.advance(reports.match_row_of_record(record, fixture.tournament_id))
        for watch in watches:
            watch(fixture, record, progress.console)

    def on_created(t: StoredTournament) -> None:
        created.append(t)
        total = reports.summary(t).fixtures  # a round format plans more rounds later
        if isinstance(tournament, TournamentSpec):
            progress.say(
                f"tournament {t.id}: {total} matches at tables of {t.spec.table_size}, "
                f"seed {t.spec.seed}, clock {_clock_text(t.spec)}, database {store.location}"
            )
        progress.start(t.id, t.played, total)
        if sprt is not None:
            watches.append(sprt_watch(store, t, sprt))

    faults = Faults(max_crashes, forfeit_absent, progress.warn, startup_timeout_s)
    try:
        with signals_as_interrupt():
            if cluster is not None:
                finished = play_on_cluster(
                    store,
                    tournament,
                    cluster,
                    logs=logs,
                    on_match=on_match,
                    on_created=on_created,
                    faults=faults,
                )
            else:  # the loop's own signal handlers: one taken by another thread is seen at once
                finished = sources.run(
                    execute(
                        store,
                        tournament,
                        concurrency=concurrency,
                        server=server,
                        on_match=on_match,
                        logs=logs,
                        faults=faults,
                        on_created=on_created,
                        owner=local_owner(),
                    ),
                    (signal.SIGINT, *INTERRUPTING_SIGNALS),
                    stop_wait_s=None,
                )
    except SprtStopped as stop:
        progress.stop()
        tid = created[0].id
        store.finish_early(tid, stop.verdict)
        stderr().print(
            f"tournament {tid} finished early: {stop.verdict}", highlight=False, markup=False
        )
        emit_final(LocalArena(store), tid)
        return
    except (KeyboardInterrupt, ArenaError) as exc:
        progress.stop()
        if isinstance(exc, TournamentBusyError):
            raise
        if created:
            hint = f"arena tournament resume {created[0].id} --db {store.location}"
            stderr().print(f"continue with: {hint}", highlight=False, soft_wrap=True, markup=False)
        else:
            stderr().print("nothing was stored", highlight=False)
        raise
    progress.stop()
    emit_final(LocalArena(store), finished.id)
