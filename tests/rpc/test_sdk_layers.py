"""The rpc package is split by side: a bot's `import arena.bot` loads the client and the wire,
never the server, the store, the ratings or the CLI; `arena --help` loads no gRPC or database.

Checked in a fresh interpreter, by the modules it ends up holding.
"""

from __future__ import annotations

import json
import subprocess
import sys

LOADED = "import json, sys\n{code}\nprint(json.dumps(sorted(sys.modules)))"

# What a bot author's process must not pay for (the server's, the organizer's, the CLI's).
NOT_IN_A_BOT = (
    "sqlalchemy",
    "trueskill",
    "typer",
    "rich",
    "arena.store",
    "arena.app",
    "arena.ratings.trueskill_ladder",
    "arena.tournament",
    "arena.rpc.server",
    "arena.rpc.embedded",
    "arena.compliance",
    "arena.web",
    "arena.cli",
)
NOT_FOR_HELP = ("grpc", "sqlalchemy", "trueskill", "asyncio", "arena.rpc", "arena.store")


def loaded(code: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", LOADED.format(code=code)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.splitlines()[-1])


def inside(modules: list[str], packages: tuple[str, ...]) -> list[str]:
    return [m for m in modules if any(m == p or m.startswith(p + ".") for p in packages)]


def test_the_bot_sdk_loads_the_client_and_the_wire_only() -> None:
    modules = loaded("import arena.bot")
    assert inside(modules, NOT_IN_A_BOT) == []
    assert {"arena.rpc.client.bot_client", "arena.rpc.wire.convert", "grpc"} <= set(modules)


def test_the_organizers_client_needs_no_server_either() -> None:
    modules = loaded("import arena.rpc.client.remote")
    assert inside(modules, ("arena.rpc.server", "arena.store", "sqlalchemy", "trueskill")) == []


def test_arena_help_loads_no_grpc_database_or_engine() -> None:
    code = (
        "import contextlib, io\n"
        "from arena.cli import main\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):\n"
        "    main(['--help'])\n"
        "assert 'tournament' in out.getvalue(), out.getvalue()"
    )
    # `import arena` sets gRPC's transport variables first: arena.rpc.transport imports no grpc
    modules = [m for m in loaded(code) if m not in ("arena.rpc", "arena.rpc.transport")]
    assert inside(modules, NOT_FOR_HELP) == []
    assert inside(modules, ("arena.games",)) == []
