"""The gRPC transport arena's processes use: set before gRPC is first imported.

gRPC 1.6x+ moved Python's connections onto its EventEngine, which hands every message between
I/O threads, the completion-queue poller and the asyncio loop. For the small, strictly
alternating messages of a match (a request, a decision) that costs about half of each round
trip: measured on 2 cores, a bare bidi-stream echo does 3,500-3,800 round trips/s with gRPC's
defaults and 6,600-7,800 with the EventEngine client and listener off (`bench/bench_referee.py`
prints both). So arena turns them off, through gRPC's own switch (the GRPC_EXPERIMENTS
variable), in every process that imports arena before gRPC: the CLI, the server, the SDK bots.

A GRPC_EXPERIMENTS already in the environment wins (set it to "" for gRPC's defaults). The
variable is inherited by child processes (bots started by the referee), where it does the same.

GRPC_VERBOSITY likewise defaults to ERROR: left unset, gRPC's core prints its INFO lines (a
failed TLS handshake, for one, as a raw "I1201 ... ssl_transport_security.cc" line next to
arena's own message that already names the cause). GRPC_VERBOSITY=INFO or DEBUG brings them back.
"""

from __future__ import annotations

import os

GRPC_EXPERIMENTS = "-event_engine_client,-event_engine_listener"
"""What arena asks of gRPC unless the environment says otherwise."""


GRPC_VERBOSITY = "ERROR"
"""gRPC core's log level unless the environment says otherwise."""


def configure(environ: dict[str, str] | os._Environ[str] = os.environ) -> str:
    """Set arena's GRPC_EXPERIMENTS (and GRPC_VERBOSITY) unless set already; returns the
    GRPC_EXPERIMENTS in force.

    Only effective before gRPC's core reads its configuration (the first `import grpc`).
    """
    environ.setdefault("GRPC_VERBOSITY", GRPC_VERBOSITY)
    return environ.setdefault("GRPC_EXPERIMENTS", GRPC_EXPERIMENTS)


configure()
