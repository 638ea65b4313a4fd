from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ArcticScavengersPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ARCTIC_SCAVENGERS_PHASE_UNSPECIFIED: _ClassVar[ArcticScavengersPhase]
    ARCTIC_SCAVENGERS_PHASE_GATHER: _ClassVar[ArcticScavengersPhase]
    ARCTIC_SCAVENGERS_PHASE_BUILD: _ClassVar[ArcticScavengersPhase]
    ARCTIC_SCAVENGERS_PHASE_KEEP: _ClassVar[ArcticScavengersPhase]
    ARCTIC_SCAVENGERS_PHASE_DECLARE: _ClassVar[ArcticScavengersPhase]
    ARCTIC_SCAVENGERS_PHASE_OVER: _ClassVar[ArcticScavengersPhase]
ARCTIC_SCAVENGERS_PHASE_UNSPECIFIED: ArcticScavengersPhase
ARCTIC_SCAVENGERS_PHASE_GATHER: ArcticScavengersPhase
ARCTIC_SCAVENGERS_PHASE_BUILD: ArcticScavengersPhase
ARCTIC_SCAVENGERS_PHASE_KEEP: ArcticScavengersPhase
ARCTIC_SCAVENGERS_PHASE_DECLARE: ArcticScavengersPhase
ARCTIC_SCAVENGERS_PHASE_OVER: ArcticScavengersPhase

class ArcticScavengersPlayer(_message.Message):
    __slots__ = ("deck", "discard", "hand", "force", "played", "sniped", "disarmed")
    DECK_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    FORCE_FIELD_NUMBER: _ClassVar[int]
    PLAYED_FIELD_NUMBER: _ClassVar[int]
    SNIPED_FIELD_NUMBER: _ClassVar[int]
    DISARMED_FIELD_NUMBER: _ClassVar[int]
    deck: int
    discard: int
    hand: int
    force: _containers.RepeatedScalarFieldContainer[str]
    played: _containers.RepeatedScalarFieldContainer[str]
    sniped: _containers.RepeatedScalarFieldContainer[str]
    disarmed: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, deck: _Optional[int] = ..., discard: _Optional[int] = ..., hand: _Optional[int] = ..., force: _Optional[_Iterable[str]] = ..., played: _Optional[_Iterable[str]] = ..., sniped: _Optional[_Iterable[str]] = ..., disarmed: _Optional[_Iterable[str]] = ...) -> None: ...

class ArcticScavengersView(_message.Message):
    __slots__ = ("seat", "num_players", "shovel_dig", "round", "rounds", "phase", "to_move", "initiator", "junkyard", "contested", "stacks", "stack_codes", "players", "actions_used", "food", "hand", "deck_cards", "discard_cards", "open_action", "hire_code", "chosen", "dug", "peek", "events", "result")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NUM_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SHOVEL_DIG_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    TO_MOVE_FIELD_NUMBER: _ClassVar[int]
    INITIATOR_FIELD_NUMBER: _ClassVar[int]
    JUNKYARD_FIELD_NUMBER: _ClassVar[int]
    CONTESTED_FIELD_NUMBER: _ClassVar[int]
    STACKS_FIELD_NUMBER: _ClassVar[int]
    STACK_CODES_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_USED_FIELD_NUMBER: _ClassVar[int]
    FOOD_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    DECK_CARDS_FIELD_NUMBER: _ClassVar[int]
    DISCARD_CARDS_FIELD_NUMBER: _ClassVar[int]
    OPEN_ACTION_FIELD_NUMBER: _ClassVar[int]
    HIRE_CODE_FIELD_NUMBER: _ClassVar[int]
    CHOSEN_FIELD_NUMBER: _ClassVar[int]
    DUG_FIELD_NUMBER: _ClassVar[int]
    PEEK_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    num_players: int
    shovel_dig: int
    round: int
    rounds: int
    phase: ArcticScavengersPhase
    to_move: _containers.RepeatedScalarFieldContainer[int]
    initiator: int
    junkyard: int
    contested: int
    stacks: _containers.RepeatedScalarFieldContainer[int]
    stack_codes: _containers.RepeatedScalarFieldContainer[str]
    players: _containers.RepeatedCompositeFieldContainer[ArcticScavengersPlayer]
    actions_used: _containers.RepeatedScalarFieldContainer[str]
    food: int
    hand: _containers.RepeatedScalarFieldContainer[str]
    deck_cards: _containers.RepeatedScalarFieldContainer[str]
    discard_cards: _containers.RepeatedScalarFieldContainer[str]
    open_action: str
    hire_code: str
    chosen: _containers.RepeatedScalarFieldContainer[str]
    dug: _containers.RepeatedScalarFieldContainer[str]
    peek: str
    events: _containers.RepeatedScalarFieldContainer[str]
    result: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seat: _Optional[int] = ..., num_players: _Optional[int] = ..., shovel_dig: _Optional[int] = ..., round: _Optional[int] = ..., rounds: _Optional[int] = ..., phase: _Optional[_Union[ArcticScavengersPhase, str]] = ..., to_move: _Optional[_Iterable[int]] = ..., initiator: _Optional[int] = ..., junkyard: _Optional[int] = ..., contested: _Optional[int] = ..., stacks: _Optional[_Iterable[int]] = ..., stack_codes: _Optional[_Iterable[str]] = ..., players: _Optional[_Iterable[_Union[ArcticScavengersPlayer, _Mapping]]] = ..., actions_used: _Optional[_Iterable[str]] = ..., food: _Optional[int] = ..., hand: _Optional[_Iterable[str]] = ..., deck_cards: _Optional[_Iterable[str]] = ..., discard_cards: _Optional[_Iterable[str]] = ..., open_action: _Optional[str] = ..., hire_code: _Optional[str] = ..., chosen: _Optional[_Iterable[str]] = ..., dug: _Optional[_Iterable[str]] = ..., peek: _Optional[str] = ..., events: _Optional[_Iterable[str]] = ..., result: _Optional[_Iterable[int]] = ...) -> None: ...
