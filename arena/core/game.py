"""The Game protocol every engine implements, the base class that writes its shared parts once,
and generic helpers over it (options, replay, ranks and outcomes)."""

from __future__ import annotations

import abc
import dataclasses
import enum
import random
import typing
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from arena.core.values import Outcome, Seat, Termination
from arena.errors import IllegalMoveError, OptionError, PlayerCountError, ReplayError

StateT = TypeVar("StateT")
OptionsT = TypeVar("OptionsT")


class Game(Protocol[StateT, OptionsT]):
    """A game: pure functions over an immutable (or copy-on-apply) state.

    All randomness comes from the rng given to `setup`; later draws come from streams
    stored in the state, so (game, options, seed, moves) replays a match exactly.
    """

    name: str  # registry name, e.g. "lucky_numbers"
    title: str  # human name, e.g. "Lucky Numbers"
    min_players: int
    max_players: int
    options_type: type[OptionsT]  # a frozen dataclass; every field has a default

    def setup(self, num_players: int, options: OptionsT, rng: random.Random) -> StateT:
        """The initial state."""
        ...

    def to_move(self, state: StateT) -> tuple[Seat, ...]:
        """Seats that must decide now; several means a simultaneous decision; () when over."""
        ...

    def legal_moves(self, state: StateT, seat: Seat) -> Sequence[str]:
        """The legal decisions of `seat` in canonical notation, in a stable order."""
        ...

    def apply(self, state: StateT, seat: Seat, move: str) -> StateT:
        """The state after `seat` plays `move`; InvalidMoveError / IllegalMoveError if not
        (IllegalMoveError too when the game is over or `seat` is not to decide now)."""
        ...

    def play(self, state: StateT, seat: Seat, move: str) -> StateT:
        """`apply` without the turn check, for a caller that took `seat` from `to_move`
        (random playouts): InvalidMoveError / IllegalMoveError if the move is not legal."""
        ...

    def public_move(self, state: StateT, seat: Seat, move: str) -> str:
        """How `seat` playing `move` in `state` appears to everyone else (see GameBase)."""
        ...

    def view(self, state: StateT, seat: Seat | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator), as JSON-ready data."""
        ...

    def outcome(self, state: StateT) -> Outcome | None:
        """The result once the game is over, else None."""
        ...

    def adjudicate(self, state: StateT, offender: Seat | None) -> Outcome:
        """The result of stopping now: the offender (if any) last, others by the position."""
        ...

    def render(self, state: StateT, seat: Seat | None = None) -> str:
        """A compact text picture of the position as `seat` sees it."""
        ...


class GameBase(abc.ABC, Generic[StateT, OptionsT]):
    """What every engine shares, written once: the turn check around the engine's own `play`,
    and the public text of a move.

    An engine subclasses this and writes the rules only: `play` assumes `seat` is to decide
    (it still refuses a move that is not legal), and `apply` adds the check that the game is
    not over and that `seat` is to decide now. Hot loops that took the seat from `to_move`
    call `play` (an engine may bind it straight to a module function, with no wrapper call).
    """

    # Positional-only: an engine binds its own module functions here, whatever their names.
    @abc.abstractmethod
    def to_move(self, state: StateT, /) -> tuple[Seat, ...]:
        """Seats that must decide now; () when the game is over."""

    @abc.abstractmethod
    def play(self, state: StateT, seat: Seat, move: str, /) -> StateT:
        """The state after `seat`, which is to decide now, plays `move`."""

    def apply(self, state: StateT, seat: Seat, move: str) -> StateT:
        """`play`, after checking that the game is not over and `seat` is to decide now."""
        if seat not in self.to_move(state):
            raise IllegalMoveError(self.not_to_move(state, seat))
        return self.play(state, seat, move)

    def not_to_move(self, state: StateT, seat: Seat) -> str:
        """Why `seat` may not decide now (an engine may say it in its own words)."""
        movers = self.to_move(state)
        if not movers:
            return "the game is over"
        if len(movers) == 1:
            return f"it is seat {movers[0]}'s decision, not seat {seat}'s"
        return f"seat {seat} is not to decide now (seats {', '.join(map(str, movers))} are)"

    def public_move(self, state: StateT, seat: Seat, move: str) -> str:
        """How `seat` playing `move` in `state` appears to the other seats and to spectators.

        `state` is the position before the move, `move` one that `seat` may play there. By
        default the move itself. A game overrides it when a move's text names something the
        others do not learn by it (a card kept in secret): the public text may say no more than
        their views show once the move is released, which arena.games.leaks checks over playouts.
        The referee holds every move of a simultaneous decision until the decision resolves,
        so a move is released no earlier than that.
        """
        return move


def check_player_count(game: Game[Any, Any], num_players: int) -> None:
    """Raise PlayerCountError unless the game is played by `num_players`."""
    if not game.min_players <= num_players <= game.max_players:
        raise PlayerCountError(
            f"{game.name} is played by {game.min_players} to {game.max_players} players, "
            f"not {num_players}"
        )


def option_fields(game: Game[Any, Any]) -> list[dataclasses.Field[Any]]:
    """The option fields of a game, in declaration order."""
    return list(dataclasses.fields(game.options_type))


ADDON = "arena.addon"  # dataclass field metadata key: the option is an add-on (see addon_option)


def addon_option(default: bool = False) -> Any:
    """A bool option field for an optional add-on (a game's expansion module), off by default.

    While it keeps its default it is left out of `options_to_dict`, so the records, seeds and
    digests of games without it stay exactly what they were before the add-on existed; and
    `arena.games.testing.all_option_combinations` holds it at its default (combining every add-on
    would multiply the variants: a game tests its add-ons itself).
    """
    return dataclasses.field(default=default, metadata={ADDON: True})


def is_addon(f: dataclasses.Field[Any]) -> bool:
    """Whether an option field was declared with `addon_option`."""
    return bool(f.metadata.get(ADDON))


def option_choices(game: Game[Any, Any], name: str) -> tuple[str, ...] | None:
    """The allowed values of an option as text, or None for free-form (int) options."""
    hint = typing.get_type_hints(game.options_type)[name]
    if hint is bool:
        return ("true", "false")
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return tuple(str(m.value) for m in hint)
    if typing.get_origin(hint) is typing.Literal:
        return tuple(str(a) for a in typing.get_args(hint))
    return None


def _convert(game: Game[Any, Any], name: str, text: str) -> Any:
    hint = typing.get_type_hints(game.options_type)[name]
    value = text.strip()
    if hint is bool:
        low = value.lower()
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off"):
            return False
        raise OptionError(f"option {name} takes true or false, not {text!r}")
    if hint is int:
        try:
            return int(value)
        except ValueError:
            raise OptionError(f"option {name} takes an integer, not {text!r}") from None
    choices = option_choices(game, name)
    if choices is not None and value not in choices:
        raise OptionError(f"option {name} takes one of {', '.join(choices)}, not {text!r}")
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint(value)
    return value


def parse_options(game: Game[OptionsT, Any] | Game[Any, OptionsT], raw: Mapping[str, Any]) -> Any:
    """Build the game's options from text (or already typed) values; OptionError if bad."""
    known = {f.name for f in option_fields(game)}
    unknown = sorted(set(raw) - known)
    if unknown:
        listed = ", ".join(sorted(known)) or "none"
        raise OptionError(f"{game.name} has no option {unknown[0]!r} (options: {listed})")
    values = {k: _convert(game, k, v) if isinstance(v, str) else v for k, v in raw.items()}
    return game.options_type(**values)


def options_to_dict(options: Any) -> dict[str, Any]:
    """Options as JSON-ready data (enum members as their values; add-ons only when on)."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(options):
        value = getattr(options, f.name)
        if is_addon(f) and value == f.default:
            continue  # an add-on left off: the dict is the one from before it existed
        out[f.name] = value.value if isinstance(value, enum.Enum) else value
    return out


def parse_option_pairs(pairs: Iterable[str]) -> dict[str, str]:
    """Turn ["key=value", ...] into a dict; OptionError on a malformed pair."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"option {pair!r} is not of the form key=value")
        out[key.strip()] = value.strip()
    return out


def new_game_state(game: Game[StateT, Any], num_players: int, options: Any, seed: int) -> StateT:
    """Set a game up from a seed, checking the player count."""
    check_player_count(game, num_players)
    return game.setup(num_players, options, random.Random(seed))


def replay(
    game: Game[StateT, Any],
    num_players: int,
    options: Any,
    seed: int,
    moves: Iterable[tuple[Seat, str]],
) -> list[StateT]:
    """Every state of a recorded match, from setup to the last move (ReplayError if broken)."""
    state = new_game_state(game, num_players, options, seed)
    states = [state]
    for ply, (seat, move) in enumerate(moves):
        if seat not in game.to_move(state):
            raise ReplayError(f"ply {ply}: seat {seat} is not to move")
        try:
            state = game.apply(state, seat, move)
        except Exception as exc:  # any engine refusal means the record does not replay
            raise ReplayError(f"ply {ply}: {move!r} by seat {seat}: {exc}") from exc
        states.append(state)
    return states


def ranks_from_keys(keys: Sequence[Any]) -> tuple[int, ...]:
    """Competition ranks (1, 1, 3) from per-seat sort keys where larger is better."""
    return tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)


def ranks_with_offender_last(keys: Sequence[Any], offender: Seat | None) -> tuple[int, ...]:
    """Ranks by keys (larger is better), except that the offender is ranked alone last."""
    if offender is None:
        return ranks_from_keys(keys)
    others = [s for s in range(len(keys)) if s != offender]
    ranks = [0] * len(keys)
    for s in others:
        ranks[s] = 1 + sum(1 for o in others if keys[o] > keys[s])
    ranks[offender] = len(keys)
    return tuple(ranks)


def outcome_from_keys(
    keys: Sequence[Any],
    scores: Iterable[float],
    *,
    last: Seat | None = None,
    points: Sequence[float] | None = None,
    termination: Termination = Termination.NORMAL,
    offender: Seat | None = None,
    detail: str = "",
) -> Outcome:
    """An Outcome ranked by per-seat keys (larger is better) with seat `last` alone last.

    Tournament points by rank (`points_by_rank`) unless the game gives its own. `offender` is
    only recorded in the Outcome: `adjudicate(state, offender)` passes it as `last` too when
    the engine names the offender (the referee stamps its own on a fault either way).
    """
    ranks = ranks_with_offender_last(keys, last)
    return Outcome(
        ranks=ranks,
        scores=tuple(float(s) for s in scores),
        points=points_by_rank(ranks) if points is None else tuple(points),
        termination=termination,
        offender=offender,
        detail=detail,
    )


# How an engine's state says the game ended: by its rules, or by the engine's safety cap.
NORMAL_END = Termination.NORMAL.value
CAPPED_END = Termination.TURN_CAP.value


def engine_termination(end: str) -> Termination:
    """The Termination of an engine's own end, NORMAL_END or CAPPED_END (ValueError if not)."""
    termination = Termination(end)
    if termination not in (Termination.NORMAL, Termination.TURN_CAP):
        raise ValueError(f"an engine ends a game normally or by its cap, not by {end!r}")
    return termination


def points_by_rank(ranks: Sequence[int]) -> tuple[float, ...]:
    """Default tournament points: 1 for a sole win, 0 for last, shared places split evenly.

    With n seats, rank r is worth (n - r) / (n - 1) before ties; tied seats share the average
    of the places they occupy (two players: win 1, draw 0.5, loss 0).
    """
    n = len(ranks)
    if n == 1:
        return (1.0,)
    out = []
    for r in ranks:
        tied = sum(1 for x in ranks if x == r)
        places = range(r, r + tied)
        out.append(sum((n - p) / (n - 1) for p in places) / tied)
    return tuple(out)
