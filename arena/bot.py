"""The bot-author SDK: write a policy, call `run_bot(policy)`; gRPC stays hidden.

    from arena.bot import run_bot

    def policy(request):          # an arena.core.players.DecisionRequest
        return 0                  # a move string, or an index into request.legal_moves

    run_bot(policy, name="first-move")

Started as `python my_bot.py --address HOST:PORT --name NAME --token T`, the bot obeys its
flags (`bot_flags()` lists them); an unknown flag stops it with a one-line error and exit
status 2 before it connects anywhere.

`request.view` is the same dict as in-process play (the game's `view`), so a policy written
for `arena play --bot` works unchanged over the wire. Matches run in parallel (up to
`max_matches`), each decision in a worker thread; the connection is retried with backoff if it
drops; Ctrl-C or SIGTERM shut the bot down cleanly.

A policy trained on the ML environments (`arena.env`, the `ml` extra) enters as it is:
`run_bot(fn, observation_policy=True)` gives it the environments' observation dict and takes
back an action index (docs/ml.md).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import secrets
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from arena.core.players import DecisionRequest, Policy, Reply
from arena.errors import BotError, ConfigError
from arena.match.policy_runner import PolicyInterrupted, interrupt_inline_policy
from arena.rpc.addresses import check_target, plaintext_allowed, refuse_token_in_clear
from arena.rpc.client.bot_client import BotConfig, run_until_stopped

__all__ = ["DEFAULT_ADDRESS", "DecisionRequest", "Policy", "Reply", "bot_flags", "run_bot"]

DEFAULT_ADDRESS = "127.0.0.1:50051"
POLICY_MODES = ("auto", "threads", "inline")
RETRY_ENV = "ARENA_RETRY_FOR_S"  # seconds a bot keeps reconnecting (unset: until stopped)


def _env_seconds(variable: str) -> float | None:
    """A number of seconds from the environment (unset or empty: None)."""
    text = os.environ.get(variable, "").strip()
    if not text:
        return None
    try:
        return float(text)
    except ValueError:
        raise SystemExit(f"error: ${variable} must be a number of seconds, not {text!r}") from None


def bot_flags() -> argparse.ArgumentParser:
    """The connection flags `run_bot` reads from the command line, as a parent parser.

    A bot with flags of its own adds these with `ArgumentParser(parents=[bot_flags()])`, parses
    its command line itself and passes the values (and `argv=()`) to `run_bot`.
    """
    flags = argparse.ArgumentParser(add_help=False)
    flags.add_argument("--address", help="referee host:port (default $ARENA_ADDRESS)")
    flags.add_argument("--name", help="bot name (default $ARENA_BOT_NAME, else the script's)")
    flags.add_argument("--token", help="the bot's token (default $ARENA_TOKEN)")
    flags.add_argument("--tls-ca", help="CA file: connect with TLS (default $ARENA_TLS_CA)")
    flags.add_argument(
        "--allow-plaintext",
        action="store_true",
        default=None,
        help="send the token without TLS beyond this machine (default $ARENA_ALLOW_PLAINTEXT)",
    )
    return flags


class _FlagParser(argparse.ArgumentParser):
    """argparse with a one-line error: the usage block would bury what went wrong."""

    def error(self, message: str) -> NoReturn:
        known = "--address, --name, --token, --tls-ca, --allow-plaintext"
        self.exit(2, f"{self.prog}: error: {message} (a bot run by run_bot takes {known})\n")


def _read_flags(argv: Sequence[str] | None) -> argparse.Namespace:
    """The connection flags in `argv` (None: this program's command line)."""
    parser = _FlagParser(
        prog=Path(sys.argv[0]).name if sys.argv and sys.argv[0] else "bot",
        description="A bot for an arena referee (arena.bot.run_bot).",
        parents=[bot_flags()],
    )
    return parser.parse_args(sys.argv[1:] if argv is None else list(argv))


def _default_name() -> str:
    stem = Path(sys.argv[0]).stem if sys.argv and sys.argv[0] else ""
    return stem if stem and stem not in ("-c", "__main__") else "python-bot"


def run_bot(
    policy: Policy,
    *,
    address: str | None = None,
    name: str | None = None,
    token: str | None = None,
    games: Sequence[str] = (),
    max_matches: int = 1,
    version: str = "",
    retry_for_s: float | None = None,
    tls_ca: str | None = None,
    policy_mode: str | None = None,
    observation_policy: bool = False,
    allow_plaintext: bool | None = None,
    argv: Sequence[str] | None = None,
) -> None:
    """Connect `policy` to a referee and play until Ctrl-C / SIGTERM.

    address, name, token, tls_ca and allow_plaintext are taken, in this order, from the
    arguments given here, else the command line's `--address`, `--name`, `--token`, `--tls-ca`,
    `--allow-plaintext` (read from `argv`, None: `sys.argv[1:]`; any other flag ends the program
    with a one-line error and exit status 2, before connecting), else $ARENA_ADDRESS,
    $ARENA_BOT_NAME, $ARENA_TOKEN, $ARENA_TLS_CA, $ARENA_ALLOW_PLAINTEXT, else the defaults:
    127.0.0.1:50051, the script's name, no token, plaintext. A program that parses its own
    command line passes `argv=()` (see `bot_flags()`).

    Without a token the bot makes up one for this process, so its own reconnects take over its
    old connection and nobody else's can. `games` empty means every game of the server. Lost
    connections are retried with capped backoff (at most every 10 s) until stopped, or for
    `retry_for_s` seconds (else $ARENA_RETRY_FOR_S; unset: forever). A refusal by the server
    (bad name, wrong token ...), a channel that cannot work (TLS expected or not spoken, an
    untrusted certificate) or that long without a connection end the program with `error: ...`
    naming the likely cause, and exit status 1.

    `policy_mode` (else $ARENA_POLICY_MODE, else "auto") says where the policy runs: "auto" on
    the event loop once its first decisions proved fast (under 2 ms), back on worker threads for
    good after any slow one; "threads" always on worker threads; "inline" always on the loop
    (only for policies that never take long: the loop cannot answer the server meanwhile).

    `observation_policy`: `policy` takes the ML environments' observation (a dict with
    "observation" and "action_mask", as `arena.env` builds it from the request) and returns
    an action index of the game's action table (docs/ml.md); needs the `ml` extra.

    A bot that holds a token refuses to send it in clear beyond loopback: give `tls_ca`, or
    `allow_plaintext=True` (else $ARENA_ALLOW_PLAINTEXT=1) on a network you trust.
    """
    flags = _read_flags(argv)  # first: a mistyped flag stops the bot before anything else
    address = address if address is not None else flags.address
    name = name if name is not None else flags.name
    token = token if token is not None else flags.token
    tls_ca = tls_ca if tls_ca is not None else flags.tls_ca
    allow_plaintext = allow_plaintext if allow_plaintext is not None else flags.allow_plaintext
    if observation_policy:
        # Imported only here: numpy and the ML packages stay out of plain bots.
        from arena.env.bridge import env_policy

        trained: Any = policy  # takes observations, not requests
        policy = env_policy(trained)
    mode = policy_mode or os.environ.get("ARENA_POLICY_MODE") or "auto"
    if mode not in POLICY_MODES:
        raise SystemExit(f"error: policy_mode {mode!r} is not one of {', '.join(POLICY_MODES)}")
    token = token if token is not None else os.environ.get("ARENA_TOKEN", "")
    address = address or os.environ.get("ARENA_ADDRESS") or DEFAULT_ADDRESS
    tls_ca = tls_ca if tls_ca is not None else os.environ.get("ARENA_TLS_CA")
    try:
        check_target(address, "address")  # before gRPC, whose C core logs lines about it
        if token:  # a made-up token below is no secret; a registered one is
            refuse_token_in_clear(address, tls_ca, allowed=plaintext_allowed(allow_plaintext))
    except ConfigError as exc:
        raise SystemExit(f"error: {exc}") from None
    config = BotConfig(
        address=address,
        name=name or os.environ.get("ARENA_BOT_NAME") or _default_name(),
        token=token or secrets.token_urlsafe(16),
        games=tuple(games),
        max_matches=max_matches,
        version=version,
        retry_for_s=retry_for_s if retry_for_s is not None else _env_seconds(RETRY_ENV),
        tls_ca=tls_ca,
        policy_mode=mode,
    )
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    try:
        asyncio.run(_main(config, policy))
    except BotError as exc:
        raise SystemExit(f"error: {exc}") from None


async def _main(config: BotConfig, policy: Policy) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()

    def on_signal(_signum: int, _frame: object) -> None:
        # A plain handler (not loop.add_signal_handler): it also runs while a policy holds the
        # loop, and then interrupts that policy, so a stop is never kept waiting.
        loop.call_soon_threadsafe(stop.set)
        interrupt_inline_policy()

    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(ValueError):  # not the main thread: the host program decides
            signal.signal(sig, on_signal)
    try:
        await run_until_stopped(config, policy, stop)
    except PolicyInterrupted:
        logging.getLogger("arena.bot").info("bot %s stopped during a decision", config.name)
