"""The spectators' web app: pages built from ArenaService replies of one referee server.

Every page and event stream is a public read of that server (its publicity rules decide what
is shown); the app holds no database and no secret. Live pages use server-sent events relayed
from WatchMatch / WatchTournament.
"""

from __future__ import annotations

import json
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

from arena.errors import ArenaError, ConfigError
from arena.ratings import CONSERVATIVE_K
from arena.rpc.client import Remote, follow_remote, read_remote
from arena.v1 import arena_pb2 as pb
from arena.web.boards import draw
from arena.web.charts import head_to_head, rating_plot

HERE = Path(__file__).resolve().parent
PAGE_SIZE = 500  # match summaries read per ListMatches call


def _words(enum_type: Any, prefix: str) -> dict[int, str]:
    return {v.number: v.name.removeprefix(prefix).lower() for v in enum_type.DESCRIPTOR.values}


STATUS = _words(pb.TournamentStatus, "TOURNAMENT_STATUS_")
TERMINATION = _words(pb.Termination, "TERMINATION_")
KIND = _words(pb.UpdateKind, "UPDATE_KIND_")


class Pages:
    """The request handlers, bound to one server."""

    def __init__(self, remote: Remote) -> None:
        self.remote = remote
        env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True
        )
        env.globals.update(STATUS=STATUS, TERMINATION=TERMINATION, K=CONSERVATIVE_K)
        self.templates = Jinja2Templates(env=env)

    def page(self, request: Request, name: str, **context: Any) -> Response:
        """A rendered template."""
        return self.templates.TemplateResponse(request, name, context)

    async def read(self, method: str, message: Any) -> Any:
        """One public read of the server."""
        return await read_remote(self.remote, method, message)

    async def index(self, request: Request) -> Response:
        """The games, each linking to its leaderboard."""
        games = (await self.read("ListGames", pb.ListGamesRequest())).games
        return self.page(request, "index.html", games=games)

    async def leaderboard(self, request: Request) -> Response:
        """A game's TrueSkill ladder."""
        game = request.path_params["game"]
        board = await self.read("GetLeaderboard", pb.GetLeaderboardRequest(game=game))
        return self.page(request, "leaderboard.html", board=board)

    async def bot(self, request: Request) -> Response:
        """One bot's rating history in a game, as a plot and a table."""
        game, bot = request.path_params["game"], request.path_params["bot"]
        history = await self.read(
            "GetRatingHistory", pb.GetRatingHistoryRequest(game=game, bot=bot)
        )
        plot = rating_plot([(p.mu, p.sigma) for p in history.points], CONSERVATIVE_K)
        return self.page(request, "bot.html", history=history, plot=plot)

    async def tournaments(self, request: Request) -> Response:
        """The stored tournaments, newest first."""
        reply = await self.read("ListTournaments", pb.ListTournamentsRequest())
        return self.page(request, "tournaments.html", tournaments=reply.tournaments)

    async def tournament(self, request: Request) -> Response:
        """Progress, standings, head-to-head, results by seat and every finished match."""
        tid = request.path_params["tid"]
        t = await self.read("GetTournament", pb.GetTournamentRequest(tournament_id=tid))
        matches = await self.matches(tid)
        h2h = head_to_head(t.bots, ((m.players, m.ranks) for m in matches))
        return self.page(request, "tournament.html", t=t, matches=matches, h2h=h2h, live_matches=[])

    async def matches(self, tid: int) -> list[pb.MatchSummary]:
        """Every stored match of a tournament, oldest first."""
        out: list[pb.MatchSummary] = []
        token = ""
        while True:
            request = pb.ListMatchesRequest(
                tournament_id=tid, page_size=PAGE_SIZE, page_token=token
            )
            page = await self.read("ListMatches", request)
            out.extend(page.matches)
            token = page.next_page_token
            if not token:
                return out

    async def tournament_events(self, request: Request) -> Response:
        """Server-sent events: the tournament's live part re-rendered at each change."""
        tid = request.path_params["tid"]
        template = self.templates.get_template("tournament_live.html")

        async def events() -> AsyncIterator[str]:
            request_pb = pb.WatchTournamentRequest(tournament_id=tid)
            async for update in follow_remote(self.remote, "WatchTournament", request_pb):
                live = template.render(t=update.tournament, live_matches=update.live_matches)
                yield _event({"html": live, "finished": len(update.finished)})
            yield "event: end\ndata: {}\n\n"

        return _sse(events())

    async def match(self, request: Request) -> Response:
        """The match page: its frames arrive over /events (replayed or live)."""
        return self.page(request, "match.html", match_id=request.path_params["match_id"])

    async def match_events(self, request: Request) -> Response:
        """Server-sent events: every public update of a match, with its board drawn."""
        match_id = request.path_params["match_id"]

        async def events() -> AsyncIterator[str]:
            request_pb = pb.WatchMatchRequest(match_id=match_id)
            async for update in follow_remote(self.remote, "WatchMatch", request_pb):
                yield _event(frame_json(update))
            yield "event: end\ndata: {}\n\n"

        return _sse(events())


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


def _sse(events: AsyncIterator[str]) -> StreamingResponse:
    async def guarded() -> AsyncIterator[str]:
        try:
            async for chunk in events:
                yield chunk
        except ArenaError as exc:  # e.g. no such match: the page says so and stops listening
            yield "event: failure\ndata: " + json.dumps({"error": str(exc)}) + "\n\n"

    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    return StreamingResponse(guarded(), media_type="text/event-stream", headers=headers)


def create_app(remote: Remote) -> Starlette:
    """The web app reading from the referee server `remote`."""
    pages = Pages(remote)

    async def failed(request: Request, exc: Exception) -> Response:
        code = 404 if isinstance(exc, ConfigError) else 502
        body = pages.templates.get_template("error.html").render(error=str(exc))
        return HTMLResponse(body, status_code=code)

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
