"""The headers every response of the web pages carries: what a page may load, who may frame
it, what it tells other sites, and (a person's seat) that nothing of it is cached."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

# The pages load only their own scripts, styles and event streams (arena/web/static: no inline
# script anywhere). Inline style attributes stay allowed: the boards colour seats and pieces
# with them, also in the HTML the scripts insert.
CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self'",
        "connect-src 'self'",  # fetch and EventSource
        "form-action 'self'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
    )
)
EVERY_PAGE = (
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-frame-options", "DENY"),  # frame-ancestors for browsers without CSP 2
    # a seat's URL is its session: never sent to another site as a Referer
    ("referrer-policy", "no-referrer"),
    ("x-content-type-options", "nosniff"),
)
SEAT_PAGES = (("cache-control", "no-store"),)  # a person's seat, view and moves: kept nowhere
SEAT_PATH = "/play"


def headers_for(path: str) -> tuple[tuple[str, str], ...]:
    """The headers a response to `path` carries (set over any the page set itself)."""
    seat = path == SEAT_PATH or path.startswith(SEAT_PATH + "/")
    return EVERY_PAGE + SEAT_PAGES if seat else EVERY_PAGE


class SecurityHeaders:
    """ASGI middleware adding headers_for(path) to every HTTP response (streams included:
    nothing is buffered)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        added = [(k.encode(), v.encode()) for k, v in headers_for(scope["path"])]
        names = {k for k, _ in added}

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in names]
                message = {**message, "headers": kept + added}
            await send(message)

        await self.app(scope, receive, send_with_headers)
