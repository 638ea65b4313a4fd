"""The start-up limit of the bot processes a command starts (`play --bot-cmd`, tournaments)."""

from __future__ import annotations

from typing import Annotated

import typer

DEFAULT_BOT_START_S = 15.0
STARTUP_FLAG = "--startup-timeout"

StartupTimeoutOption = Annotated[
    float,
    typer.Option(
        STARTUP_FLAG,
        min=0.1,
        help="Seconds each bot process started here has to connect (a bot that loads a "
        "model may need more).",
    ),
]
