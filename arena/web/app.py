"""The spectators' web app: pages built from ArenaService replies of one referee server.

Every page and event stream is a public read of that server (its publicity rules decide what
is shown); the app holds no database and no secret. Live pages use server-sent events relayed
from WatchMatch / WatchTournament.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import jinja2
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from arena.app.reports import TournamentReport
from arena.app.rows import (
    HISTORY_COLUMNS,
    LADDER_NOTE,
    SUMMARY_COLUMNS,
    cell_text,
    history_row,
    ladder_rows,
    report_notes,
    report_tables,
    seats_title,
    standings_title,
    summary_row,
)
from arena.app.values import CONSERVATIVE_K
from arena.errors import AccessError, ArenaError, ConfigError, LimitError, NotFoundError
from arena.rpc.client.connect_errors import call_failure_cause
from arena.rpc.client.remote import Remote, follow_remote
from arena.rpc.wire.reports import report_from_pb
from arena.v1 import arena_pb2 as pb
from arena.web import reads
from arena.web.boards import draw
from arena.web.charts import rating_plot
from arena.web.relays import Relays, RelaySettings

log = logging.getLogger("arena.web")
HERE = Path(__file__).resolve().parent
MAX_ID = 2**63 - 1  # ids are signed 64-bit on the wire
MAX_MATCH_ID = 64


def _words(enum_type: Any, prefix: str) -> dict[int, str]:
    return {v.number: v.name.removeprefix(prefix).lower() for v in enum_type.DESCRIPTOR.values}


TERMINATION = _words(pb.Termination, "TERMINATION_")
KIND = _words(pb.UpdateKind, "UPDATE_KIND_")


class Pages:
    """The request handlers, bound to one server."""

    def __init__(self, remote: Remote, relays: Relays | None = None) -> None:
        self.remote = remote
        self.last_cause = ""  # the last connection failure's cause logged
        self.relays = relays or Relays()  # one upstream stream per match or tournament followed
        env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True
        )
        env.filters["cell"] = cell_text
        env.globals.update(K=CONSERVATIVE_K, LADDER_NOTE=LADDER_NOTE)
        self.templates = Jinja2Templates(env=env)

    async def cause(self, exc: Exception) -> str:
        """The page's one-line error: for a server this app cannot reach, its likely cause as
        the SDK names it (TLS expected: `--tls-ca`; a CA that did not sign it ...), also logged
        (once per change, not per viewer)."""
        found = await call_failure_cause(exc, self.remote.address, self.remote.tls_ca)
        if found is None:
            return str(exc)
        if found != self.last_cause:
            self.last_cause = found
            log.warning("cannot read %s: %s", self.remote.address, found)
        return found

    def page(self, request: Request, name: str, **context: Any) -> Response:
        """A rendered template."""
        return self.templates.TemplateResponse(request, name, context)

    async def index(self, request: Request) -> Response:
        """The games, each linking to its leaderboard."""
        return self.page(request, "index.html", games=await reads.games(self.remote))

    async def leaderboard(self, request: Request) -> Response:
        """A game's TrueSkill ladder: the rows of `arena leaderboard`."""
        game, entries = await reads.leaderboard(self.remote, request.path_params["game"])
        return self.page(request, "leaderboard.html", game=game, rows=ladder_rows(entries))

    async def bot(self, request: Request) -> Response:
        """One bot's rating history in a game: the rows of `arena leaderboard --bot`, plotted."""
        bot = request.path_params["bot"]
        game, changes = await reads.history(self.remote, request.path_params["game"], bot)
        plot = rating_plot([(c.mu, c.sigma) for c in changes], CONSERVATIVE_K)
        rows = [history_row(c) for c in changes]
        return self.page(
            request, "bot.html", game=game, bot=bot, rows=rows, columns=HISTORY_COLUMNS, plot=plot
        )

    async def tournaments(self, request: Request) -> Response:
        """The stored tournaments, newest first: the rows of `arena tournament list`."""
        rows = [summary_row(s) for s in await reads.tournaments(self.remote)]
        return self.page(request, "tournaments.html", rows=rows, columns=SUMMARY_COLUMNS)

    async def tournament(self, request: Request) -> Response:
        """Progress, standings, head-to-head, results by seat and every finished match: the
        tables of `arena tournament show --matches`."""
        report = await reads.tournament(self.remote, tournament_id(request))
        return self.page(request, "tournament.html", **tournament_context(report), live_matches=[])

    async def tournament_events(self, request: Request) -> Response:
        """Server-sent events: the tournament's live part re-rendered at each change (once for
        all its viewers: one upstream WatchTournament per tournament)."""
        tid = tournament_id(request)
        template = self.templates.get_template("tournament_live.html")

        def render(update: Any) -> str:
            context = tournament_context(report_from_pb(update.tournament))
            live = template.render(**context, live_matches=update.live_matches)
            return _event({"html": live, "finished": len(update.finished)})

        def upstream() -> AsyncIterator[Any]:
            request_pb = pb.WatchTournamentRequest(tournament_id=tid)
            return follow_remote(self.remote, "WatchTournament", request_pb)

        events = self.relays.follow(
            client_of(request), f"tournament:{tid}", upstream, render, latest_only=True
        )
        return await _sse(events)

    async def match(self, request: Request) -> Response:
        """The match page: its frames arrive over /events (replayed or live)."""
        return self.page(request, "match.html", match_id=request.path_params["match_id"])

    async def match_events(self, request: Request) -> Response:
        """Server-sent events: every public update of a match, with its board drawn (once for
        all its viewers: one upstream WatchMatch per match)."""
        match_id = request.path_params["match_id"]
        if len(match_id) > MAX_MATCH_ID:
            raise NotFoundError(f"no match {match_id[:40]!r}")

        def upstream() -> AsyncIterator[Any]:
            return follow_remote(self.remote, "WatchMatch", pb.WatchMatchRequest(match_id=match_id))

        events = self.relays.follow(
            client_of(request), f"match:{match_id}", upstream, _frame_event, latest_only=False
        )
        return await _sse(_with_server_time(events))


def tournament_context(report: TournamentReport) -> dict[str, Any]:
    """What the tournament templates show: the report's tables and their titles, as the CLI."""
    return {
        "t": report.summary,
        "tables": report_tables(report),
        "notes": report_notes(report),
        "standings_title": standings_title(report),
        "seats_title": seats_title(report),
        "summary_columns": SUMMARY_COLUMNS,
    }


def frame_json(update: pb.MatchUpdate) -> dict[str, Any]:
    """One MatchUpdate as the match page's frame: the event, the board drawn, the result."""
    view = json.loads(update.view_json) if update.view_json else None
    frame: dict[str, Any] = {
        "kind": KIND.get(update.kind, "?"),
        "match_id": update.match_id,
        "game": update.game,
        "players": list(update.players),
        "ply": update.ply,
        "live": update.live,
        "html": draw(update.game, view, update.players, update.board),
        "time_used_ms": [round(t) for t in update.time_used_ms],
        # live clocks: a countdown runs for the deciding seats from server_unix_ms on
        "per_move_ms": update.clock.per_move_ms if update.clock.HasField("per_move_ms") else None,
        "bank_left_ms": [round(b) for b in update.bank_left_ms],
        "deciding": list(update.deciding),
        "server_unix_ms": update.server_unix_ms,
    }
    if update.HasField("move"):
        m = update.move
        frame["move"] = {"seat": m.seat, "text": m.move, "elapsed_ms": round(m.elapsed_ms, 1)}
    if update.kind == pb.UPDATE_KIND_END:
        o = update.outcome
        frame["result"] = {
            "ranks": list(o.ranks),
            "points": list(o.points),
            "termination": TERMINATION.get(o.termination, "?"),
            "detail": o.detail,
        }
    return frame


def _event(data: dict[str, Any]) -> str:
    return "data: " + json.dumps(data, separators=(",", ":")) + "\n\n"


def _frame_event(update: pb.MatchUpdate) -> str:
    return _event(frame_json(update))


async def _with_server_time(events: AsyncIterator[str]) -> AsyncIterator[str]:
    """The viewer's own first event: the server's time now, so its page can count clocks
    down from the server's timestamps whatever its own clock says."""
    first = await anext(events)  # refused viewers fail here, before any event is sent
    yield "event: clock\ndata: " + json.dumps({"server_unix_ms": int(time.time() * 1000)}) + "\n\n"
    yield first
    async for chunk in events:
        yield chunk


def client_of(request: Request) -> str:
    """The address a viewer connects from (its bounds are per address)."""
    return request.client.host if request.client is not None else "?"


async def _sse(events: AsyncIterator[str]) -> Response:
    """A stream of server-sent events; a viewer refused at once (too many) gets a 429."""
    try:
        first = await anext(events)
    except StopAsyncIteration:
        first = ""
    except LimitError as exc:
        return HTMLResponse(str(exc), status_code=429)

    async def guarded() -> AsyncIterator[str]:
        try:
            if first:
                yield first
            async for chunk in events:
                yield chunk
        except ArenaError as exc:  # the page says so and stops listening
            yield "event: failure\ndata: " + json.dumps({"error": str(exc)}) + "\n\n"

    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    return StreamingResponse(guarded(), media_type="text/event-stream", headers=headers)


def http_status(exc: Exception) -> int:
    """The HTTP status of an error reading the server: what is not there is a 404, a bad
    request 400, a refusal 403; the server failing or unreachable 502."""
    if isinstance(exc, NotFoundError):
        return 404
    if isinstance(exc, ConfigError):
        return 400
    if isinstance(exc, AccessError):
        return 403
    return 502


def tournament_id(request: Request) -> int:
    """The tournament id of a URL (NotFoundError past what an id can be: never a 500)."""
    tid = int(request.path_params["tid"])
    if not 1 <= tid <= MAX_ID:
        raise NotFoundError(f"no tournament {tid}")
    return tid


def create_app(remote: Remote, relays: RelaySettings | None = None) -> Starlette:
    """The web app reading from the referee server `remote`."""
    pages = Pages(remote, Relays(relays))

    async def failed(request: Request, exc: Exception) -> Response:
        body = pages.templates.get_template("error.html").render(error=await pages.cause(exc))
        return HTMLResponse(body, status_code=http_status(exc))

    routes = [
        Route("/", lambda request: RedirectResponse("/games")),
        Route("/games", pages.index),
        Route("/games/{game}", pages.leaderboard),
        Route("/games/{game}/bots/{bot}", pages.bot),
        Route("/tournaments", pages.tournaments),
        Route("/tournaments/{tid:int}", pages.tournament),
        Route("/tournaments/{tid:int}/events", pages.tournament_events),
        Route("/matches/{match_id}", pages.match),
        Route("/matches/{match_id}/events", pages.match_events),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    return Starlette(routes=routes, exception_handlers={ArenaError: failed})
