from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class EpizodiakMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EPIZODIAK_MODE_UNSPECIFIED: _ClassVar[EpizodiakMode]
    EPIZODIAK_MODE_ONE_ROUND: _ClassVar[EpizodiakMode]
    EPIZODIAK_MODE_SCORE7: _ClassVar[EpizodiakMode]

class EpizodiakPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EPIZODIAK_PHASE_UNSPECIFIED: _ClassVar[EpizodiakPhase]
    EPIZODIAK_PHASE_START: _ClassVar[EpizodiakPhase]
    EPIZODIAK_PHASE_PLAY: _ClassVar[EpizodiakPhase]
    EPIZODIAK_PHASE_CONTEST_PLACE: _ClassVar[EpizodiakPhase]
    EPIZODIAK_PHASE_OVER: _ClassVar[EpizodiakPhase]

class EpizodiakSide(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EPIZODIAK_SIDE_NONE: _ClassVar[EpizodiakSide]
    EPIZODIAK_SIDE_CW: _ClassVar[EpizodiakSide]
    EPIZODIAK_SIDE_CCW: _ClassVar[EpizodiakSide]
EPIZODIAK_MODE_UNSPECIFIED: EpizodiakMode
EPIZODIAK_MODE_ONE_ROUND: EpizodiakMode
EPIZODIAK_MODE_SCORE7: EpizodiakMode
EPIZODIAK_PHASE_UNSPECIFIED: EpizodiakPhase
EPIZODIAK_PHASE_START: EpizodiakPhase
EPIZODIAK_PHASE_PLAY: EpizodiakPhase
EPIZODIAK_PHASE_CONTEST_PLACE: EpizodiakPhase
EPIZODIAK_PHASE_OVER: EpizodiakPhase
EPIZODIAK_SIDE_NONE: EpizodiakSide
EPIZODIAK_SIDE_CW: EpizodiakSide
EPIZODIAK_SIDE_CCW: EpizodiakSide

class EpizodiakTurn(_message.Message):
    __slots__ = ("seat", "moves")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MOVES_FIELD_NUMBER: _ClassVar[int]
    seat: int
    moves: str
    def __init__(self, seat: _Optional[int] = ..., moves: _Optional[str] = ...) -> None: ...

class EpizodiakRound(_message.Message):
    __slots__ = ("round", "sets", "out", "doubled", "points", "capped")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    SETS_FIELD_NUMBER: _ClassVar[int]
    OUT_FIELD_NUMBER: _ClassVar[int]
    DOUBLED_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    CAPPED_FIELD_NUMBER: _ClassVar[int]
    round: int
    sets: _containers.RepeatedScalarFieldContainer[int]
    out: _containers.RepeatedScalarFieldContainer[int]
    doubled: _containers.RepeatedScalarFieldContainer[bool]
    points: _containers.RepeatedScalarFieldContainer[int]
    capped: bool
    def __init__(self, round: _Optional[int] = ..., sets: _Optional[_Iterable[int]] = ..., out: _Optional[_Iterable[int]] = ..., doubled: _Optional[_Iterable[bool]] = ..., points: _Optional[_Iterable[int]] = ..., capped: _Optional[bool] = ...) -> None: ...

class EpizodiakView(_message.Message):
    __slots__ = ("seat", "mode", "target", "dial_double", "pickup_legacy", "score7_legacy", "round", "turn", "starter", "to_move", "phase", "dial", "block_start", "block_end", "open_values", "hand", "hand_sizes", "pile_size", "set_owners", "set_counts", "completed_dial", "totals", "skips", "last_placement_end", "pickup_value", "picked", "contested", "turn_moves", "recent", "rounds", "game_over", "termination")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    DIAL_DOUBLE_FIELD_NUMBER: _ClassVar[int]
    PICKUP_LEGACY_FIELD_NUMBER: _ClassVar[int]
    SCORE7_LEGACY_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    STARTER_FIELD_NUMBER: _ClassVar[int]
    TO_MOVE_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    DIAL_FIELD_NUMBER: _ClassVar[int]
    BLOCK_START_FIELD_NUMBER: _ClassVar[int]
    BLOCK_END_FIELD_NUMBER: _ClassVar[int]
    OPEN_VALUES_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZES_FIELD_NUMBER: _ClassVar[int]
    PILE_SIZE_FIELD_NUMBER: _ClassVar[int]
    SET_OWNERS_FIELD_NUMBER: _ClassVar[int]
    SET_COUNTS_FIELD_NUMBER: _ClassVar[int]
    COMPLETED_DIAL_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    SKIPS_FIELD_NUMBER: _ClassVar[int]
    LAST_PLACEMENT_END_FIELD_NUMBER: _ClassVar[int]
    PICKUP_VALUE_FIELD_NUMBER: _ClassVar[int]
    PICKED_FIELD_NUMBER: _ClassVar[int]
    CONTESTED_FIELD_NUMBER: _ClassVar[int]
    TURN_MOVES_FIELD_NUMBER: _ClassVar[int]
    RECENT_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    TERMINATION_FIELD_NUMBER: _ClassVar[int]
    seat: int
    mode: EpizodiakMode
    target: int
    dial_double: bool
    pickup_legacy: bool
    score7_legacy: bool
    round: int
    turn: int
    starter: int
    to_move: _containers.RepeatedScalarFieldContainer[int]
    phase: EpizodiakPhase
    dial: _containers.RepeatedScalarFieldContainer[int]
    block_start: int
    block_end: int
    open_values: _containers.RepeatedScalarFieldContainer[int]
    hand: _containers.RepeatedScalarFieldContainer[int]
    hand_sizes: _containers.RepeatedScalarFieldContainer[int]
    pile_size: int
    set_owners: _containers.RepeatedScalarFieldContainer[int]
    set_counts: _containers.RepeatedScalarFieldContainer[int]
    completed_dial: _containers.RepeatedScalarFieldContainer[bool]
    totals: _containers.RepeatedScalarFieldContainer[int]
    skips: int
    last_placement_end: EpizodiakSide
    pickup_value: int
    picked: int
    contested: int
    turn_moves: _containers.RepeatedScalarFieldContainer[str]
    recent: _containers.RepeatedCompositeFieldContainer[EpizodiakTurn]
    rounds: _containers.RepeatedCompositeFieldContainer[EpizodiakRound]
    game_over: bool
    termination: str
    def __init__(self, seat: _Optional[int] = ..., mode: _Optional[_Union[EpizodiakMode, str]] = ..., target: _Optional[int] = ..., dial_double: _Optional[bool] = ..., pickup_legacy: _Optional[bool] = ..., score7_legacy: _Optional[bool] = ..., round: _Optional[int] = ..., turn: _Optional[int] = ..., starter: _Optional[int] = ..., to_move: _Optional[_Iterable[int]] = ..., phase: _Optional[_Union[EpizodiakPhase, str]] = ..., dial: _Optional[_Iterable[int]] = ..., block_start: _Optional[int] = ..., block_end: _Optional[int] = ..., open_values: _Optional[_Iterable[int]] = ..., hand: _Optional[_Iterable[int]] = ..., hand_sizes: _Optional[_Iterable[int]] = ..., pile_size: _Optional[int] = ..., set_owners: _Optional[_Iterable[int]] = ..., set_counts: _Optional[_Iterable[int]] = ..., completed_dial: _Optional[_Iterable[bool]] = ..., totals: _Optional[_Iterable[int]] = ..., skips: _Optional[int] = ..., last_placement_end: _Optional[_Union[EpizodiakSide, str]] = ..., pickup_value: _Optional[int] = ..., picked: _Optional[int] = ..., contested: _Optional[int] = ..., turn_moves: _Optional[_Iterable[str]] = ..., recent: _Optional[_Iterable[_Union[EpizodiakTurn, _Mapping]]] = ..., rounds: _Optional[_Iterable[_Union[EpizodiakRound, _Mapping]]] = ..., game_over: _Optional[bool] = ..., termination: _Optional[str] = ...) -> None: ...
