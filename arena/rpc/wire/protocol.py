"""Protocol constants both sides of the wire agree on.

The server and the SDK import these from here, so a bot's runtime needs nothing of the server.
"""

from __future__ import annotations

PROTOCOL_VERSION = 1  # Hello.protocol_version this side speaks (0 = an old bot that never said)
MAX_MESSAGE_BYTES = 1 << 20  # 1 MiB: far above any view or decision, far below a memory problem
AUTHORIZATION = "authorization"  # the metadata key an organizer's token travels in
RELAY_METADATA = "arena-relay"  # the web pages of `serve --web` name themselves with it


def bearer(token: str) -> tuple[str, str]:
    """The metadata pair that carries `token` on an ArenaService call."""
    return (AUTHORIZATION, f"Bearer {token}")
