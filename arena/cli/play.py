"""`arena play`: one game between built-in bots and/or bot programs, printed move by move.

Bot programs (`--bot-cmd`) are started as processes that connect to a referee server this
command runs on a free loopback port; built-in bots (`--bot`) play in-process.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import shlex
import signal
import uuid
from pathlib import Path
from typing import Annotated, Any

import typer

from arena.app.match_rows import result_text
from arena.cli import app
from arena.cli.bot_start import DEFAULT_BOT_START_S, STARTUP_FLAG, StartupTimeoutOption
from arena.cli.human import HUMAN, HumanPlayer
from arena.cli.seat_order import SeatOrderCommand, interleave
from arena.core.game import Game, check_player_count, parse_option_pairs, parse_options
from arena.core.players import Player
from arena.core.registry import get_game
from arena.core.values import MatchRecord
from arena.errors import ConfigError
from arena.match.clock import Clock
from arena.match.limits import check_seed
from arena.match.policy_runner import PolicyPlayer
from arena.match.referee import MatchEvent, play_match
from arena.match.strategies import make_policy
from arena.store import Store


def print_event(game: Game[Any, Any], event: MatchEvent, *, public: bool = False) -> None:
    """Print one match event as text: each move (as the others see it, when `public`: a person
    plays at this terminal), then the final position and result."""
    if event.kind == "move":
        move = event.public_move if public and event.public_move is not None else event.move
        typer.echo(f"{event.ply:4d}. seat {event.seat}: {move}")
    elif event.kind == "end" and event.record is not None:
        record = event.record
        typer.echo("")
        typer.echo(game.render(event.state, None))
        typer.echo("")
        typer.echo(result_text(record.players, record.outcome))


@app.command("play", cls=SeatOrderCommand)
def play_command(
    ctx: typer.Context,
    game_name: Annotated[
        str, typer.Argument(metavar="GAME", help="Game name (see `arena games`).")
    ],
    bot: Annotated[
        list[str] | None,
        typer.Option(
            "--bot",
            help="A built-in bot per seat, e.g. random, greedy (in-process), or human: "
            "you, at this terminal.",
        ),
    ] = None,
    bot_cmd: Annotated[
        list[str] | None,
        typer.Option(
            "--bot-cmd",
            help='A command that runs a bot per seat, e.g. "python bots/random_bot.py"; it '
            "connects over gRPC. Seats follow the order --bot and --bot-cmd are typed in.",
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the deal (random if omitted).")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value.")
    ] = None,
    time_per_move: Annotated[
        int | None, typer.Option(help="Time per decision in ms (default: no limit).")
    ] = None,
    time_bank: Annotated[
        int | None, typer.Option(help="Time bank per seat in ms, used past --time-per-move.")
    ] = None,
    increment: Annotated[
        int | None,
        typer.Option("--increment", help="Added to the time bank after each decision (ms)."),
    ] = None,
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="Stream the bot programs' output live.")
    ] = False,
    startup_timeout: StartupTimeoutOption = DEFAULT_BOT_START_S,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="Store the match (rated on the ladder) in this database: a file path or URL.",
        ),
    ] = None,
) -> None:
    """Play one game between bots and print the moves, final position and result."""
    from arena.cli.serve import clock_from_options

    game = get_game(game_name)
    builtins, commands = bot or [], bot_cmd or []
    if not builtins and not commands:
        raise ConfigError("give one --bot or --bot-cmd per seat")
    check_player_count(game, len(builtins) + len(commands))
    options = parse_options(game, parse_option_pairs(option or []))
    clock = clock_from_options(time_per_move, time_bank, increment)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    check_seed(seed)
    # a built-in bot's policy seed counts built-in bots only, as before commands could precede
    players = iter(_builtin_player(game, name, seed + i) for i, name in enumerate(builtins))
    seating: list[Player | str] = [
        next(players) if kind == "bot" else value
        for kind, value in interleave(ctx, {"bot": builtins, "bot_cmd": commands})
    ]
    # opened first, so a bad --db fails before the match is played
    with Store.open(db) if db is not None else contextlib.nullcontext() as store:
        try:
            record = asyncio.run(
                _play(game, options, seed, seating, clock, verbose, startup_timeout)
            )
        except asyncio.CancelledError:  # Ctrl-C or SIGTERM: the bots are stopped
            raise KeyboardInterrupt from None
        if store is not None:
            store.save_match(record)
            typer.echo(f"stored as match {record.match_id} in {store.location}")


def _builtin_player(game: Game[Any, Any], name: str, seed: int) -> Player:
    if name == HUMAN:
        return HumanPlayer(game)
    return PolicyPlayer(name, make_policy(game.name, name, seed))


def command_names(commands: list[str]) -> list[str]:
    """A distinct bot name per command: the program's file stem, numbered when repeated."""
    names: list[str] = []
    for command in commands:
        words = shlex.split(command) or ["bot"]
        # "python bots/random_bot.py" is named after its script, "./mybot --fast" after itself.
        scripts = [
            w for w in words[1:] if Path(w).suffix and not w.startswith("-") and w.split() == [w]
        ]
        stem = Path(scripts[0] if scripts else words[0]).stem or "bot"
        name, n = stem, 1
        while name in names:
            n += 1
            name = f"{stem}-{n}"
        names.append(name)
    return names


async def _play(
    game: Game[Any, Any],
    options: Any,
    seed: int,
    seating: list[Player | str],
    clock: Clock,
    verbose: bool = False,
    startup_timeout_s: float = DEFAULT_BOT_START_S,
) -> MatchRecord:
    """Play the match; a str in `seating` is a bot command, started and seated there."""
    humans = [p for p in seating if isinstance(p, HumanPlayer)]
    commands = [c for c in seating if isinstance(c, str)]

    def show(event: MatchEvent) -> None:
        for human in humans:
            human.observe(event)
        print_event(game, event, public=bool(humans))

    def echo(bot: str, line: str) -> None:
        typer.echo(f"  [{bot}] {line}", err=True)

    # Ctrl-C and SIGTERM cancel the match (the bot processes it started are stopped), through the
    # loop's own handlers: their wakeup fd wakes the loop whichever thread the kernel hands the
    # signal to. (asyncio.run's SIGINT handler does not: a Ctrl-C taken by another thread while
    # the loop sleeps waits for the loop's next event, at a person's prompt the next Enter; a
    # suite run once saw a Ctrl-C at the prompt go unanswered for 20 s.)
    main = asyncio.current_task()
    if main is not None:
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                asyncio.get_running_loop().add_signal_handler(sig, main.cancel)
    if not commands:
        players = [p for p in seating if not isinstance(p, str)]
        typer.echo(f"{game.title}, seed {seed}, players: {', '.join(p.name for p in players)}")
        return await play_match(
            game, options, seed, players, clock=clock, match_id=_match_id(), on_event=show
        )
    from arena.rpc.embedded import EmbeddedReferee

    names = command_names(commands)
    async with EmbeddedReferee(
        echo=echo if verbose else None,
        startup_timeout_s=startup_timeout_s,
        startup_flag=STARTUP_FLAG,
    ) as referee:
        await asyncio.gather(*(referee.launch(n, c) for n, c in zip(names, commands, strict=True)))
        launched = iter(names)  # seat -> (bot name, command), for the seats of commands
        commanded = {s: (next(launched), c) for s, c in enumerate(seating) if isinstance(c, str)}
        seated = [
            referee.player(commanded[s][0]) if isinstance(p, str) else p
            for s, p in enumerate(seating)
        ]
        typer.echo(
            f"{game.title}, seed {seed}, players: {', '.join(p.name for p in seated)} "
            f"(referee {referee.address})"
        )
        for seat, (name, command) in commanded.items():
            typer.echo(f"  seat {seat}: {name} = {command}")
        return await play_match(
            game, options, seed, seated, clock=clock, match_id=_match_id(), on_event=show
        )


def _match_id() -> str:
    """A fresh id for a match played outside any tournament."""
    return f"play-{uuid.uuid4().hex[:12]}"
