"""The organizer's client of a shared server: `arena serve`'s ArenaService as typed calls.

`ArenaClient` (async) and `SyncArenaClient` (blocking) have one method per RPC, take Python
values and return the application layer's (reports, match rows, ladders, statistics), over one
channel for the client's life. docs/client.md shows them at work:

    async with ArenaClient("arena.example:50051", tls_ca="ca.pem") as client:
        report = await client.get_tournament(3)

The token defaults to $ARENA_ORGANIZER_TOKEN; a failed call raises the arena error the CLI
shows (UnknownTournamentError, AccessError, ...). Importing this module imports grpc.
"""

from __future__ import annotations

from arena.app.door import TournamentUpdate
from arena.app.tournaments import TournamentRequest
from arena.app.values import BotEntry
from arena.match.clock import Clock
from arena.rpc.client.arena_client import ArenaClient
from arena.rpc.client.remote import Remote
from arena.rpc.client.sync_client import SyncArenaClient

# The client's own classes, and the values a script passes to create a tournament.
__all__ = [
    "ArenaClient",
    "BotEntry",
    "Clock",
    "Remote",
    "SyncArenaClient",
    "TournamentRequest",
    "TournamentUpdate",
]
