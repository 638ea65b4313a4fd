"""The spectators' web app: pages built from ArenaService replies of one referee server, and
a seat for a person to play from (/play: arena/web/seats.py).

Every spectator page and event stream is a public read of that server (its publicity rules
decide what is shown); the app holds no database. Live pages use server-sent events relayed
from WatchMatch / WatchTournament. A person's seat is a bot connection of this process, with
that person's bot token; its page shows that seat's view and the public match.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote

import jinja2
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from arena.app.brackets import bracket_of
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
from arena.match.strategies import strategies_for
from arena.rpc.client.arena_client import ArenaClient
from arena.rpc.client.connect_errors import call_failure_cause
from arena.rpc.client.remote import Remote
from arena.v1 import arena_pb2 as pb
from arena.web import reads
from arena.web.charts import rating_plot
from arena.web.frames import FrameEvents, move_note, page_context
from arena.web.headers import SecurityHeaders
from arena.web.play_form import CLOCKS_S, first_player_words, level_words, picked_choices
from arena.web.reads import LiveMatch, LiveTournament
from arena.web.relays import Relays, RelaySettings
from arena.web.seat_options import MAX_OPTIONS
from arena.web.seat_page import panel_html, seat_state
from arena.web.seats import MAX_LISTENERS, SeatRequest, Seats, parse_request

log = logging.getLogger("arena.web")
HERE = Path(__file__).resolve().parent
MAX_ID = 2**63 - 1  # ids are signed 64-bit on the wire
MAX_MATCH_ID = 64
FINISHED = ("finished", "abandoned")  # no match of it is played any more
LIVE_WAIT_S = 2.0  # the tournament page waits this long for who plays now
SNAPSHOT_WAIT_S = 5.0  # a match page waits this long for the moves up to its current position
MAX_FORM_BYTES = 4096  # a play form or a move, url-encoded
SEAT_EVENTS_S = 15.0  # a seat's event stream says it is alive at least this often


class Pages:
    """The request handlers, bound to one server."""

    def __init__(
        self, remote: Remote, relays: Relays | None = None, organizer: Remote | None = None
    ) -> None:
        self.remote = remote
        # Every read of this process on one channel; each watch on its own (a server takes 64
        # streams per connection, and these pages may relay thousands).
        self.client = ArenaClient(remote, channel_per_stream=True)
        self.last_cause = ""  # the last connection failure's cause logged
        organizer = organizer or Remote(
            remote.address, None, remote.tls_ca, allow_plaintext=remote.allow_plaintext
        )  # PlayMatch: an organizer's credential where the server wants one
        self.seats = Seats(self.client, ArenaClient(organizer))  # people playing from browsers
        self.relays = relays or Relays()  # one upstream stream per match or tournament followed
        # One read of a match's current update at a time, shared by the pages asking for it.
        self.reading: dict[str, asyncio.Future[pb.MatchUpdate | None]] = {}
        env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True
        )
        env.filters["cell"] = cell_text
        env.globals.update(K=CONSERVATIVE_K, LADDER_NOTE=LADDER_NOTE)
        self.templates = Jinja2Templates(env=env)

    async def close(self) -> None:
        """Close the clients' channels."""
        await self.client.close()
        await self.seats.organizer.close()

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
        return self.page(request, "index.html", games=await self.client.list_games())

    async def leaderboard(self, request: Request) -> Response:
        """A game's TrueSkill ladder: the rows of `arena leaderboard`."""
        game, entries = await self.client.get_leaderboard(request.path_params["game"])
        return self.page(request, "leaderboard.html", game=game, rows=ladder_rows(entries))

    async def bot(self, request: Request) -> Response:
        """One bot's rating history in a game: the rows of `arena leaderboard --bot`, plotted."""
        bot = request.path_params["bot"]
        game, changes = await self.client.get_rating_history(request.path_params["game"], bot)
        plot = rating_plot([(c.mu, c.sigma) for c in changes], CONSERVATIVE_K)
        rows = [history_row(c) for c in changes]
        return self.page(
            request, "bot.html", game=game, bot=bot, rows=rows, columns=HISTORY_COLUMNS, plot=plot
        )

    async def tournaments(self, request: Request) -> Response:
        """The stored tournaments, newest first: the rows of `arena tournament list`."""
        rows = [summary_row(s) for s in await self.client.list_tournaments()]
        return self.page(request, "tournaments.html", rows=rows, columns=SUMMARY_COLUMNS)

    async def tournament(self, request: Request) -> Response:
        """Progress, standings, head-to-head, results by seat and every finished match: the
        tables of `arena tournament show --matches`; while it is played, who plays now."""
        tid = tournament_id(request)
        report = await self.client.get_tournament(tid, with_matches=True)
        live: list[LiveMatch] = []
        if report.summary.status not in FINISHED:
            upstream, render = self._tournament_stream(tid)
            relay = await self.relays.snapshot(
                f"tournament:{tid}", upstream, render, latest_only=True, timeout_s=LIVE_WAIT_S
            )
            if relay.last is not None:
                live = relay.last.live
        context = tournament_context(report)
        return self.page(request, "tournament.html", **context, live_matches=live)

    async def tournament_events(self, request: Request) -> Response:
        """Server-sent events: the tournament's live part re-rendered at each change (once for
        all its viewers: one upstream WatchTournament per tournament)."""
        tid = tournament_id(request)
        upstream, render = self._tournament_stream(tid)
        events = self.relays.follow(
            client_of(request), f"tournament:{tid}", upstream, render, latest_only=True
        )
        return await _sse(events)

    def _tournament_stream(
        self, tid: int
    ) -> tuple[Callable[[], AsyncIterator[LiveTournament]], Callable[[LiveTournament], str]]:
        template = self.templates.get_template("tournament_live.html")

        def render(update: LiveTournament) -> str:
            context = tournament_context(update.update.report)
            live = template.render(**context, live_matches=update.live)
            return _event({"html": live, "finished": len(update.update.finished)})

        def upstream() -> AsyncIterator[LiveTournament]:
            return reads.follow_tournament(self.client, tid)

        return upstream, render

    async def match(self, request: Request) -> Response:
        """The match page, drawn on the server at its current (or final) position with the moves
        so far; its script then follows the frames over /events (replayed or live)."""
        match_id = match_id_of(request)
        key, upstream = f"match:{match_id}", self._match_stream(match_id)
        relay = self.relays.relays.get(key)
        if relay is not None and relay.done and _is_end(relay.last):
            current = relay.last  # a finished match relayed already: its END update
        else:
            try:
                current = await self._current(match_id)
            except LimitError:  # the referee's watch streams are all taken: the relay's latest
                current = None
            wanted = current.ply if current is not None else 0
            # Without a current update (its moves withheld) the relay has nothing to wait for.
            relay = await self.relays.snapshot(
                key, upstream, FrameEvents(), latest_only=False, note=move_note,
                ready=lambda r: r.last is not None and r.last.ply >= wanted,
                timeout_s=SNAPSHOT_WAIT_S if current is not None else 0.5,
            )  # fmt: skip
            if current is None and isinstance(relay.last, pb.MatchUpdate):
                current = relay.last
        context = page_context(current, relay.notes)
        return self.page(request, "match.html", match_id=match_id, **context)

    async def _current(self, match_id: str) -> pb.MatchUpdate | None:
        """A match's current update: one read for every page asking at the same time (a crowd
        loading one page costs the referee one stream)."""
        pending = self.reading.get(match_id)
        if pending is None:
            pending = asyncio.ensure_future(reads.current_update(self.client, match_id))
            self.reading[match_id] = pending

            def done(read: asyncio.Future[pb.MatchUpdate | None]) -> None:
                self.reading.pop(match_id, None)
                if not read.cancelled():
                    read.exception()  # retrieved here too, if every page asking went away

            pending.add_done_callback(done)
        return await asyncio.shield(pending)  # a page that goes away cancels only itself

    async def match_events(self, request: Request) -> Response:
        """Server-sent events: every public update of a match, with its board drawn (once for
        all its viewers: one upstream WatchMatch per match)."""
        match_id = match_id_of(request)
        events = self.relays.follow(
            client_of(request), f"match:{match_id}", self._match_stream(match_id),
            FrameEvents(), latest_only=False, note=move_note,
        )  # fmt: skip
        return await _sse(_with_server_time(events))

    def _match_stream(self, match_id: str) -> Callable[[], AsyncIterator[Any]]:
        def upstream() -> AsyncIterator[Any]:
            return self.client.watch_match(match_id)

        return upstream

    # ── a person's seat ──

    async def play(self, request: Request) -> Response:
        """The games to play; with ?game=NAME, the form that seats a person in one."""
        games = await self.client.list_games()
        name = request.query_params.get("game", "")[:64]
        game = next((g for g in games if g.name == name), None)
        if game is None:
            return self.page(request, "play_games.html", games=games)
        return await self._play_form(request, game)

    async def _play_form(
        self,
        request: Request,
        game: Any,
        error: str = "",
        chosen: SeatRequest | None = None,
        status: int = 200,
    ) -> Response:
        """The form seating a person in `game`; after a failed start, with the reason and the
        person's choices kept (`chosen`)."""
        bots = await self.client.list_bots()
        playing = sorted(b.name for b in bots if not b.games or game.name in b.games)
        builtins = sorted(strategies_for(game.name))
        response = self.page(
            request, "play_form.html", game=game, error=error,
            picked=picked_choices(game, builtins, chosen), secure=secure(request),
            builtins=[(b, level_words(b)) for b in builtins], bots=playing,
            clocks=list(CLOCKS_S.items()), first_player=first_player_words(game.name),
        )  # fmt: skip
        response.status_code = status
        return response

    async def start_seat(self, request: Request) -> Response:
        """Seat the person the form asks for and start the match; on to its page."""
        form = await _form(request)
        seat_request = parse_request({k: v[0] for k, v in form.items()}, form.get("opponent", []))
        if seat_request.token and not secure(request):
            raise AccessError(
                "a token must not travel in clear: reach these pages over https (or from this "
                "machine) to play with one"
            )
        try:
            sid, _ = await self.seats.start(seat_request, client_of(request))
        except ArenaError as exc:
            games = await self.client.list_games()
            game = next((g for g in games if g.name == seat_request.game), None)
            if game is None:
                raise
            return await self._play_form(request, game, str(exc), seat_request, http_status(exc))
        return RedirectResponse("/play/" + quote(sid, safe=""), status_code=303)

    async def seat_page(self, request: Request) -> Response:
        """A person's seat: their board and moves, drawn on the server."""
        sid = request.path_params["sid"]
        seat = self.seats.get(sid)
        prefix, pick = (request.query_params.get(k, "") for k in ("prefix", "pick"))
        context = {
            "game": seat.game,
            "match_id": seat.match_id,
            "panel": panel_html(seat, sid, prefix, pick),
            # without scripts the page reloads itself until it is the person's move or over
            "waiting": seat_state(seat) != "your-move" and not seat.settled,
            "events": f"/play/{quote(sid, safe='')}/events",
            "panel_url": f"/play/{quote(sid, safe='')}/panel",
        }
        return self.page(request, "play.html", **context)

    async def seat_panel(self, request: Request) -> Response:
        """The seat's panel alone (the page's script redraws it with this)."""
        sid = request.path_params["sid"]
        seat = self.seats.get(sid)
        prefix, pick = (request.query_params.get(k, "") for k in ("prefix", "pick"))
        return HTMLResponse(panel_html(seat, sid, prefix, pick))

    async def seat_events(self, request: Request) -> Response:
        """Server-sent events: the seat's version at each change (its page then redraws)."""
        seat = self.seats.get(request.path_params["sid"])
        if seat.listeners >= MAX_LISTENERS:
            raise LimitError("this seat's page is open in too many tabs")

        async def events() -> AsyncIterator[str]:
            version = -1
            seat.listeners += 1  # counted while it streams (a stream never started is not)
            try:
                while True:
                    if seat.version != version:
                        version = seat.version
                        yield _event({"version": version, "state": seat_state(seat)})
                        if seat.settled:
                            return
                    await seat.wait_change(version, SEAT_EVENTS_S)
                    if seat.version == version:
                        yield ": alive\n\n"
            finally:
                seat.listeners -= 1

        headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
        return StreamingResponse(events(), media_type="text/event-stream", headers=headers)

    async def seat_move(self, request: Request) -> Response:
        """The person's click: a move of the pending decision."""
        sid = request.path_params["sid"]
        seat = self.seats.get(sid)
        form = await _form(request)
        request_id, move = form.get("request", [""])[0], form.get("move", [""])[0]
        if not (request_id.isdigit() and move.isdigit()) or len(request_id + move) > 24:
            raise ConfigError("a move is a request number and a move number")
        seat.choose(int(request_id), int(move))
        if request.headers.get("x-arena-fetch"):
            return Response(status_code=204)
        return RedirectResponse("/play/" + quote(sid, safe=""), status_code=303)


async def _form(request: Request) -> dict[str, list[str]]:
    """An url-encoded form, bounded (ConfigError past MAX_FORM_BYTES)."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_FORM_BYTES:
            raise ConfigError("the form is too large")
    try:
        # a seat's own fields, then one per game option
        return parse_qs(body.decode(), max_num_fields=16 + MAX_OPTIONS)
    except ValueError:
        raise ConfigError("the form could not be read") from None


def tournament_context(report: TournamentReport) -> dict[str, Any]:
    """What the tournament templates show: the report's tables and their titles, as the CLI."""
    return {
        "t": report.summary,
        "tables": report_tables(report),
        "notes": report_notes(report),
        "standings_title": standings_title(report),
        "seats_title": seats_title(report),
        "summary_columns": SUMMARY_COLUMNS,
        "bracket": bracket_of(report),
    }


def _event(data: dict[str, Any]) -> str:
    return "data: " + json.dumps(data, separators=(",", ":")) + "\n\n"


async def _with_server_time(events: AsyncIterator[str]) -> AsyncIterator[str]:
    """The viewer's own first event: the server's time now, so its page can count clocks
    down from the server's timestamps whatever its own clock says."""
    first = await anext(events)  # refused viewers fail here, before any event is sent
    yield "event: clock\ndata: " + json.dumps({"server_unix_ms": int(time.time() * 1000)}) + "\n\n"
    yield first
    async for chunk in events:
        yield chunk


def secure(request: Request) -> bool:
    """Whether what the browser sends stays private: https (uvicorn takes the scheme from a
    proxy on this machine), or a browser on this machine."""
    if request.url.scheme == "https":
        return True
    try:
        return ipaddress.ip_address(client_of(request)).is_loopback
    except ValueError:
        return False


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
    if isinstance(exc, LimitError):  # too many at once: later, or fewer
        return 429
    if isinstance(exc, ConfigError):
        return 400
    if isinstance(exc, AccessError):
        return 403
    return 502


def _is_end(update: Any) -> bool:
    return isinstance(update, pb.MatchUpdate) and update.kind == pb.UPDATE_KIND_END


def match_id_of(request: Request) -> str:
    """The match id of a URL (NotFoundError past what an id can be)."""
    match_id: str = request.path_params["match_id"]
    if len(match_id) > MAX_MATCH_ID:
        raise NotFoundError(f"no match {match_id[:40]!r}")
    return match_id


def tournament_id(request: Request) -> int:
    """The tournament id of a URL (NotFoundError past what an id can be: never a 500)."""
    tid = int(request.path_params["tid"])
    if not 1 <= tid <= MAX_ID:
        raise NotFoundError(f"no tournament {tid}")
    return tid


def create_app(
    remote: Remote, relays: RelaySettings | None = None, organizer: Remote | None = None
) -> Starlette:
    """The web app reading from the referee server `remote` (and starting the matches people
    play with `organizer`'s credential, where the server wants one)."""
    pages = Pages(remote, Relays(relays), organizer)

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
        Route("/play", pages.play),
        Route("/play", pages.start_seat, methods=["POST"]),
        Route("/play/{sid}", pages.seat_page),
        Route("/play/{sid}/panel", pages.seat_panel),
        Route("/play/{sid}/events", pages.seat_events),
        Route("/play/{sid}/move", pages.seat_move, methods=["POST"]),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={ArenaError: failed},
        middleware=[Middleware(SecurityHeaders)],  # on every response, errors included
    )
    app.state.pages = pages  # serve_web closes its clients at the end
    return app
