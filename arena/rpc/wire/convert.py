"""Conversions between arena values and arena.v1 messages (views, clocks, outcomes, records)."""

from __future__ import annotations

import enum
import json
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

from arena.core.registry import game_entry, load_part
from arena.core.values import MatchRecord, MoveRecord, Outcome, Termination
from arena.core.view_wire import ViewWire
from arena.errors import ProtocolError, UnknownGameError
from arena.match.clock import Clock
from arena.v1 import arena_pb2 as pb

_TERMINATION_TO_PB = {t: f"TERMINATION_{t.name}" for t in Termination}  # enum value names
_TERMINATION_FROM_PB = {pb.Termination.Value(v): k for k, v in _TERMINATION_TO_PB.items()}


@cache  # asked on every decision: one lookup per game name
def game_wire(game: str) -> ViewWire | None:
    """The view conversion the game's registry entry names; None when it has none, or when
    the game is not registered here (a bot's SDK older than its server: views as plain dicts)."""
    try:
        path = game_entry(game).wire
    except UnknownGameError:
        return None
    wire: ViewWire | None = load_part(path) if path is not None else None
    return wire


def legal_moves_rule(game: str) -> str:
    """The rule that gives a game's legal moves from its typed view ("" if it has none)."""
    wire = game_wire(game)
    return wire.legal_moves_rule if wire is not None else ""


def view_to_pb(game: str, view: Mapping[str, Any]) -> pb.GameView:
    """The typed GameView of a view dict, through the game's wire module."""
    message = pb.GameView()
    fill_view(message, game, view)
    return message


def fill_view(target: pb.GameView, game: str, view: Mapping[str, Any]) -> None:
    """Set `target` (a GameView inside a message being built) to the typed view: one copy of
    the game's message, where a constructor argument would copy at every level of nesting."""
    wire = game_wire(game)
    if wire is None:
        raise ProtocolError(f"game {game!r} has no wire format to send its views")
    wire.fill(getattr(target, wire.field), view if isinstance(view, dict) else dict(view))


def view_from_pb(game: str, view: pb.GameView) -> dict[str, Any]:
    """The view dict of a GameView; a game without a wire module gets the message as a dict."""
    field = view.WhichOneof("game")
    if field is None:
        return {}
    message = getattr(view, field)
    wire = game_wire(game)
    if wire is not None and wire.field == field:
        return wire.from_proto(message)
    from google.protobuf import json_format  # only for a game the wire has no module for: deferred

    return json_format.MessageToDict(message, preserving_proto_field_name=True)


class LazyView(Mapping[str, Any]):
    """A view dict decoded from its message on first use: a bot that never looks at the view
    (or looks late) does not pay for decoding it."""

    __slots__ = ("_game", "_message", "_decoded")

    def __init__(self, game: str, message: pb.GameView) -> None:
        self._game = game
        self._message = message
        self._decoded: dict[str, Any] | None = None

    def _view(self) -> dict[str, Any]:
        if self._decoded is None:
            self._decoded = view_from_pb(self._game, self._message)
        return self._decoded

    def __getitem__(self, key: str) -> Any:
        return self._view()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._view())

    def __len__(self) -> int:
        return len(self._view())

    def __eq__(self, other: object) -> bool:
        return self._view() == other

    def __repr__(self) -> str:
        return repr(self._view())


def option_text(value: Any) -> str:
    """One option value as wire text: enums by value, booleans as true/false."""
    if isinstance(value, enum.Enum):
        value = value.value
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def options_to_pb(options: Mapping[str, Any]) -> dict[str, str]:
    """Options as a text map."""
    return {key: option_text(value) for key, value in options.items()}


def options_from_pb(game: str, options: Mapping[str, str]) -> dict[str, Any]:
    """Typed options back from text, through the game's option types when it is known here."""
    from arena.core.game import options_to_dict, parse_options
    from arena.core.registry import get_game

    try:
        return options_to_dict(parse_options(get_game(game), dict(options)))
    except Exception:  # an unknown game or option: keep the text rather than lose it
        return dict(options)


def clock_settings_to_pb(clock: Clock) -> pb.ClockSettings:
    """A match clock as ClockSettings."""
    msg = pb.ClockSettings()
    if clock.per_move_ms is not None:
        msg.per_move_ms = clock.per_move_ms
    if clock.bank_ms is not None:
        msg.bank_ms = clock.bank_ms
    if clock.increment_ms is not None:
        msg.increment_ms = clock.increment_ms
    return msg


def clock_settings_from_pb(msg: pb.ClockSettings) -> Clock:
    """A match clock from ClockSettings."""
    return Clock(
        per_move_ms=msg.per_move_ms if msg.HasField("per_move_ms") else None,
        bank_ms=msg.bank_ms if msg.HasField("bank_ms") else None,
        increment_ms=msg.increment_ms if msg.HasField("increment_ms") else None,
    )


def fill_decision_clock(target: pb.Clock, budget_ms: int | None, bank_ms: int | None) -> None:
    """Set `target` (inside a DecisionRequest being built) to the clock of one decision; it is
    present even when empty (no clock), as the field always was."""
    target.SetInParent()
    if budget_ms is not None:
        target.budget_ms = budget_ms
    if bank_ms is not None:
        target.bank_ms = bank_ms


def termination_to_pb(termination: Termination) -> pb.Termination:
    """The Termination enum number of a termination."""
    return pb.Termination.Value(_TERMINATION_TO_PB[termination])  # type: ignore[return-value]


def outcome_to_pb(outcome: Outcome) -> pb.Outcome:
    """An Outcome message."""
    msg = pb.Outcome(
        ranks=outcome.ranks,
        scores=outcome.scores,
        points=outcome.points,
        termination=_TERMINATION_TO_PB[outcome.termination],
        detail=outcome.detail,
    )
    if outcome.offender is not None:
        msg.offender = outcome.offender
    return msg


def outcome_from_pb(msg: pb.Outcome) -> Outcome:
    """An Outcome from its message."""
    return Outcome(
        ranks=tuple(msg.ranks),
        scores=tuple(msg.scores),
        points=tuple(msg.points),
        termination=_TERMINATION_FROM_PB.get(msg.termination, Termination.ABORTED),
        offender=msg.offender if msg.HasField("offender") else None,
        detail=msg.detail,
    )


def record_to_pb(record: MatchRecord) -> pb.MatchRecord:
    """A MatchRecord message."""
    return pb.MatchRecord(
        match_id=record.match_id,
        game=record.game,
        options=options_to_pb(record.options),
        seed=record.seed,
        players=record.players,
        moves=[
            pb.MoveRecord(
                seat=m.seat, move=m.move, elapsed_ms=m.elapsed_ms, transport_ms=m.transport_ms
            )
            for m in record.moves
        ],
        outcome=outcome_to_pb(record.outcome),
        started_at=record.started_at,
        finished_at=record.finished_at,
        metadata_json=json.dumps(dict(record.metadata), sort_keys=True, default=str),
        player_versions=[str(v) for v in record.metadata.get("versions", ())],
    )


def record_from_pb(msg: pb.MatchRecord) -> MatchRecord:
    """An arena MatchRecord from its message (options typed again through the game)."""
    return MatchRecord(
        match_id=msg.match_id,
        game=msg.game,
        options=options_from_pb(msg.game, msg.options),
        seed=msg.seed,
        players=tuple(msg.players),
        moves=tuple(MoveRecord(m.seat, m.move, m.elapsed_ms, m.transport_ms) for m in msg.moves),
        outcome=outcome_from_pb(msg.outcome),
        started_at=msg.started_at,
        finished_at=msg.finished_at,
        metadata=json.loads(msg.metadata_json or "{}"),
    )
