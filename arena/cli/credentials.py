"""`arena bot add|list|revoke|rotate` and `arena organizer add|list|revoke|rotate|promote|demote`:
tokens, and which organizers are admins (they manage every tournament, not only their own).

A token is printed once, alone on stdout (so `TOKEN=$(arena bot add NAME)` works), with how to
use it on stderr; the database keeps only its SHA-256.
"""

from __future__ import annotations

import time
from typing import Annotated

import typer

from arena.cli import app
from arena.cli.output import DbOption, OutputFormat, emit_rows
from arena.store import Credential, Role, Store

# The token itself is printed once, on stdout; a hint on stderr (which may end up in a log)
# never repeats it.
HINTS = {
    # whatever program the bot is: every bot of bots/ and any run_bot() script take these flags
    Role.BOT: "use it: ARENA_TOKEN=<the token above> python YOUR_BOT.py --address ADDR "
    "--name {name} (YOUR_BOT.py: bots/random_bot.py, or any bot written with arena.bot.run_bot)",
    Role.ORGANIZER: "use it: ARENA_ORGANIZER_TOKEN=<the token above> arena tournament run "
    "--server ADDR ... (gRPC clients send 'authorization: Bearer TOKEN' on organizer calls: "
    "PlayMatch, CreateTournament, ResumeTournament, CancelTournament, DeleteTournament)",
}

NameArgument = Annotated[str, typer.Argument(metavar="NAME", help="1 to 64 of A-Z a-z 0-9 _ . -")]


def _when(at: float | None) -> str:
    return "" if at is None else time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(at))


def _row(c: Credential) -> dict[str, object]:
    return {
        "name": c.name,
        "role": c.role.value,
        "created": _when(c.created_at),
        "revoked": _when(c.revoked_at),
        "last seen": _when(c.last_seen),
        **({"admin": "yes" if c.admin else ""} if c.role is Role.ORGANIZER else {}),
    }


def _print_token(role: Role, name: str, token: str, verb: str) -> None:
    typer.echo(token)
    typer.echo(
        f"{verb} a token for {role.value} {name!r}: shown this once, only its hash is stored",
        err=True,
    )
    typer.echo(HINTS[role].format(name=name), err=True)


def _commands(role: Role, noun: str) -> typer.Typer:
    """The add/list/revoke/rotate commands of one role."""
    sub = typer.Typer(
        rich_markup_mode=None,
        help=f"Add, list, revoke and rotate {noun} tokens.",
        no_args_is_help=True,
        add_completion=False,
    )

    if role is Role.ORGANIZER:

        @sub.command("add")
        def add_organizer(
            name: NameArgument,
            admin: Annotated[
                bool,
                typer.Option(
                    "--admin",
                    help="May cancel, resume and delete every tournament, not only its own.",
                ),
            ] = False,
            db: DbOption = None,
        ) -> None:
            """Create a token for NAME and print it once (only its hash is stored)."""
            with Store.open(db) as store:
                token = store.add_credential(name, role, admin=admin)
            _print_token(role, name, token, "added")
            if admin:
                typer.echo(f"organizer {name!r} is an admin", err=True)

        @sub.command("promote")
        def promote(name: NameArgument, db: DbOption = None) -> None:
            """Make organizer NAME an admin: it manages every tournament, not only its own."""
            with Store.open(db) as store:
                store.set_admin(name, True)
            typer.echo(f"organizer {name!r} is an admin")

        @sub.command("demote")
        def demote(name: NameArgument, db: DbOption = None) -> None:
            """Make organizer NAME an admin no longer: it manages its own tournaments only."""
            with Store.open(db) as store:
                store.set_admin(name, False)
            typer.echo(f"organizer {name!r} is no longer an admin")

    else:

        @sub.command("add")
        def add(name: NameArgument, db: DbOption = None) -> None:
            """Create a token for NAME and print it once (only its hash is stored)."""
            with Store.open(db) as store:
                token = store.add_credential(name, role)
            _print_token(role, name, token, "added")

    @sub.command("rotate")
    def rotate(name: NameArgument, db: DbOption = None) -> None:
        """Replace NAME's token by a new one, printed once; the old token stops working."""
        with Store.open(db) as store:
            token = store.rotate_credential(name, role)
        _print_token(role, name, token, "rotated")

    @sub.command("revoke")
    def revoke(name: NameArgument, db: DbOption = None) -> None:
        """Stop accepting NAME's token (`add` gives the name a new one later)."""
        with Store.open(db) as store:
            store.revoke_credential(name, role)
        typer.echo(f"revoked the token of {role.value} {name!r}")

    @sub.command("list")
    def listing(
        fmt: Annotated[
            OutputFormat, typer.Option("--format", "-f", help="Output format.")
        ] = OutputFormat.TABLE,
        db: DbOption = None,
    ) -> None:
        """Every name with a token: when issued, revoked and last seen (never the token)."""
        with Store.open(db, create=False) as store:
            rows = [_row(c) for c in store.credentials(role)]
        columns = ["name", "role", "created", "revoked", "last seen"]
        if role is Role.ORGANIZER:
            columns.append("admin")
        emit_rows(rows, fmt, columns=columns, title=f"{noun.capitalize()} credentials")

    return sub


app.add_typer(_commands(Role.BOT, "bot"), name="bot")
app.add_typer(_commands(Role.ORGANIZER, "organizer"), name="organizer")
