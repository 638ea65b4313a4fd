from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class TheNumberStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    THE_NUMBER_STATUS_UNSPECIFIED: _ClassVar[TheNumberStatus]
    THE_NUMBER_STATUS_APPROVED: _ClassVar[TheNumberStatus]
    THE_NUMBER_STATUS_ELIMINATED: _ClassVar[TheNumberStatus]
    THE_NUMBER_STATUS_OUT: _ClassVar[TheNumberStatus]
THE_NUMBER_STATUS_UNSPECIFIED: TheNumberStatus
THE_NUMBER_STATUS_APPROVED: TheNumberStatus
THE_NUMBER_STATUS_ELIMINATED: TheNumberStatus
THE_NUMBER_STATUS_OUT: TheNumberStatus

class TheNumberPlayer(_message.Message):
    __slots__ = ("crossed", "out", "submitted", "turn_scores", "round_totals", "total")
    CROSSED_FIELD_NUMBER: _ClassVar[int]
    OUT_FIELD_NUMBER: _ClassVar[int]
    SUBMITTED_FIELD_NUMBER: _ClassVar[int]
    TURN_SCORES_FIELD_NUMBER: _ClassVar[int]
    ROUND_TOTALS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    crossed: _containers.RepeatedScalarFieldContainer[int]
    out: bool
    submitted: bool
    turn_scores: _containers.RepeatedScalarFieldContainer[int]
    round_totals: _containers.RepeatedScalarFieldContainer[int]
    total: int
    def __init__(self, crossed: _Optional[_Iterable[int]] = ..., out: _Optional[bool] = ..., submitted: _Optional[bool] = ..., turn_scores: _Optional[_Iterable[int]] = ..., round_totals: _Optional[_Iterable[int]] = ..., total: _Optional[int] = ...) -> None: ...

class TheNumberEntry(_message.Message):
    __slots__ = ("number", "status", "points", "bonus")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    BONUS_FIELD_NUMBER: _ClassVar[int]
    number: str
    status: TheNumberStatus
    points: int
    bonus: int
    def __init__(self, number: _Optional[str] = ..., status: _Optional[_Union[TheNumberStatus, str]] = ..., points: _Optional[int] = ..., bonus: _Optional[int] = ...) -> None: ...

class TheNumberTurn(_message.Message):
    __slots__ = ("round", "turn", "entries")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    round: int
    turn: int
    entries: _containers.RepeatedCompositeFieldContainer[TheNumberEntry]
    def __init__(self, round: _Optional[int] = ..., turn: _Optional[int] = ..., entries: _Optional[_Iterable[_Union[TheNumberEntry, _Mapping]]] = ...) -> None: ...

class TheNumberView(_message.Message):
    __slots__ = ("seat", "num_players", "round", "turn", "rounds", "turns_per_round", "bonuses", "tied_bonus", "eliminated_cross", "equal_eliminate", "game_over", "my_pending", "players", "history")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NUM_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    TURNS_PER_ROUND_FIELD_NUMBER: _ClassVar[int]
    BONUSES_FIELD_NUMBER: _ClassVar[int]
    TIED_BONUS_FIELD_NUMBER: _ClassVar[int]
    ELIMINATED_CROSS_FIELD_NUMBER: _ClassVar[int]
    EQUAL_ELIMINATE_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    MY_PENDING_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    seat: int
    num_players: int
    round: int
    turn: int
    rounds: int
    turns_per_round: int
    bonuses: _containers.RepeatedScalarFieldContainer[int]
    tied_bonus: str
    eliminated_cross: bool
    equal_eliminate: bool
    game_over: bool
    my_pending: str
    players: _containers.RepeatedCompositeFieldContainer[TheNumberPlayer]
    history: _containers.RepeatedCompositeFieldContainer[TheNumberTurn]
    def __init__(self, seat: _Optional[int] = ..., num_players: _Optional[int] = ..., round: _Optional[int] = ..., turn: _Optional[int] = ..., rounds: _Optional[int] = ..., turns_per_round: _Optional[int] = ..., bonuses: _Optional[_Iterable[int]] = ..., tied_bonus: _Optional[str] = ..., eliminated_cross: _Optional[bool] = ..., equal_eliminate: _Optional[bool] = ..., game_over: _Optional[bool] = ..., my_pending: _Optional[str] = ..., players: _Optional[_Iterable[_Union[TheNumberPlayer, _Mapping]]] = ..., history: _Optional[_Iterable[_Union[TheNumberTurn, _Mapping]]] = ...) -> None: ...
