"""Every page says what the browser may load, frame, refer and cache (issue 40): a policy the
pages satisfy (the browser tests run them under it), no framing, no Referer (a seat's address
is its session), no sniffing; and a person's seat pages are never stored by a cache."""

from __future__ import annotations

import asyncio
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import token_ledger
from web_helpers import Served, arena_with_web

from arena.rpc.client.remote import Remote
from arena.web.app import create_app
from arena.web.headers import CONTENT_SECURITY_POLICY, headers_for

EVERY_PAGE = {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
}


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def fetch(url: str, form: list[tuple[str, str]] | None = None) -> tuple[int, dict[str, str]]:
    """(status, headers with lower-case names) of a GET, or of a form POST (no redirects)."""
    data = None if form is None else urllib.parse.urlencode(form).encode()
    try:
        with urllib.request.build_opener(_NoRedirect).open(url, data, timeout=60) as reply:
            reply.read()
            return reply.status, {k.lower(): v for k, v in reply.headers.items()}
    except urllib.error.HTTPError as exc:
        exc.read()
        return exc.code, {k.lower(): v for k, v in exc.headers.items()}


def assert_headers(headers: dict[str, str], *, seat: bool) -> None:
    for name, value in EVERY_PAGE.items():
        assert headers.get(name) == value, (name, headers)
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert "script-src 'self'" in headers["content-security-policy"]  # no inline script
    assert (headers.get("cache-control") == "no-store") is seat, headers


def test_the_seat_paths_are_the_ones_kept_out_of_caches():
    for path in ("/play", "/play/abc", "/play/abc/panel", "/play/abc/events", "/play/abc/move"):
        assert ("cache-control", "no-store") in headers_for(path), path
    for path in ("/", "/games", "/playground", "/matches/play-1", "/static/play.js"):
        assert ("cache-control", "no-store") not in headers_for(path), path


def asgi_get(path: str) -> tuple[int, dict[str, str]]:
    """A GET straight to the app of a server nobody runs: its error pages carry them too."""
    app = create_app(Remote("127.0.0.1:9"))
    scope = {
        "type": "http", "scheme": "http", "client": ("127.0.0.1", 50000),
        "server": ("arena", 80), "method": "GET", "path": path, "raw_path": path.encode(),
        "query_string": b"", "headers": [], "http_version": "1.1", "root_path": "",
    }  # fmt: skip
    sent: list[dict[str, Any]] = []
    requests = [{"type": "http.request", "body": b"", "more_body": False}]

    async def receive() -> dict[str, Any]:
        if requests:
            return requests.pop()
        await asyncio.Event().wait()  # the client never leaves: until the response is done
        raise AssertionError("unreachable")

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    start = sent[0]
    return start["status"], {k.decode(): v.decode() for k, v in start["headers"]}


def test_error_pages_and_static_files_carry_them():
    status, headers = asgi_get("/play/no-such-seat")
    assert status == 404
    assert_headers(headers, seat=True)
    status, headers = asgi_get("/static/arena.css")
    assert status == 200
    assert_headers(headers, seat=False)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    db = Path(tmp_path_factory.mktemp("headers")) / "headers.db"
    with arena_with_web(db) as s:
        s.bot("bots/random_bot.py", "rival", "--seed", "3", "--max-matches", "2")
        s.wait_for_bots({"rival"})
        yield s


def test_every_page_of_a_running_server_carries_them(served: Served) -> None:
    for path in ("/games", "/tournaments", "/games/azul"):
        status, headers = fetch(served.web + path)
        assert status == 200, path
        assert_headers(headers, seat=False)
    status, headers = fetch(served.web + "/play")
    assert status == 200
    assert_headers(headers, seat=True)
    form = [("game", "azul"), ("name", "gus"), ("token", ""), ("seat", "0")]
    form += [("clock", "30+120"), ("opponent", "rival")]
    status, headers = fetch(served.web + "/play", form)
    assert status == 303
    assert_headers(headers, seat=True)
    seat = headers["location"]
    token_ledger.issued(urllib.parse.unquote(seat.rsplit("/", 1)[1]))
    for path in (seat, seat + "/panel"):
        status, headers = fetch(served.web + path)
        assert status == 200, path
        assert_headers(headers, seat=True)
