"""What the /play form offers a person and keeps for them: the clocks, the built-in opponents
with their levels and pace, who plays first in each game (as its rules say: shared/rules), and
the person's own choices when a start fails and the form comes back with the reason."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arena.web.seat_options import Options

# Built-in opponents facing a person think at a person's pace: a search bot (boss and its
# levels) gets this cap per decision, whatever the clock allows (a 60 s clock once had the boss
# think 57 s on its first move). The others answer at once.
BOT_PACE_MS = 2_000
CLOCKS_S = {  # the clocks a page offers: per move, bank (seconds); the person's own clock
    "5+20": (5, 20),
    "10+60": (10, 60),
    "30+120": (30, 120),
    "60+300": (60, 300),
    "120+900": (120, 900),
    "600+3600": (600, 3600),
}
DEFAULT_CLOCK = "60+300"
DEFAULT_OPPONENT = "boss"  # the built-in opponent a required seat starts with, where there is one

# Who plays first, as each game's rules say (shared/rules/<game>.md); tests/web checks each
# against the engine over many seeds.
FIRST_PLAYER: dict[str, str] = {
    "lucky_numbers": "the start player is drawn at random for each match",
    "azul": "the start player is drawn at random for each match (and takes the marker)",
    "the_number": "nobody: every seat chooses its number at the same time",
    "hypnosia": "the highest roll of the dice, rolled for each match",
    "epizodiak": "a random player starts round 1; the start then moves one seat on each round",
    "arctic_scavengers": "a random player takes the Initiator card and plays first",
}
SIMULTANEOUS = frozenset({"the_number"})  # the games whose seats all decide at once

_AT_ONCE = "answers at once"


def first_player_words(game: str) -> str:
    """Who plays first in `game`, for the seat menu."""
    return FIRST_PLAYER.get(game, "as the game's rules say (`arena rules GAME`)")


def level_words(strategy: str) -> str:
    """What a built-in opponent is, and how long it thinks facing a person."""
    pace = f"{BOT_PACE_MS / 1000:g} s"
    if strategy == "boss":
        return f"strongest, about {pace} a move"
    if strategy.startswith("boss:"):
        return f"search level {strategy[5:]} of 3 (weaker than boss), at most {pace} a move"
    return {
        "greedy": f"the best move for now, {_AT_ONCE}",
        "random": f"any legal move, {_AT_ONCE}",
        "first": f"the first legal move, {_AT_ONCE}",
        "reasoner": f"guesses the others' numbers from their boards, {_AT_ONCE}",
    }.get(strategy, "a built-in strategy")


def picked_choices(game: Any, builtins: Sequence[str], chosen: Any | None = None) -> dict[str, Any]:
    """What the form shows selected: the person's earlier choices (`chosen`, a SeatRequest)
    when a start failed, else the defaults. `game` is the server's GameInfo."""
    slots = game.max_players - 1
    required = game.min_players - 1
    opening = DEFAULT_OPPONENT if DEFAULT_OPPONENT in builtins else (builtins or [""])[0]
    if chosen is None:
        opponents = [f"builtin:{opening}" if i < required else "" for i in range(slots)]
        return {"name": "", "opponents": opponents, "seat": "0", "clock": DEFAULT_CLOCK,
                "options": {}}  # fmt: skip
    kept = list(chosen.opponents)[:slots]
    options: Options = chosen.options
    return {
        "name": chosen.name,
        "opponents": kept + [""] * (slots - len(kept)),
        "seat": "random" if chosen.seat is None else str(chosen.seat),
        "clock": chosen.clock if chosen.clock in CLOCKS_S else DEFAULT_CLOCK,
        "options": dict(options),
    }
