from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class HypnosiaCircle(_message.Message):
    __slots__ = ("letter", "size", "first")
    LETTER_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    FIRST_FIELD_NUMBER: _ClassVar[int]
    letter: str
    size: int
    first: int
    def __init__(self, letter: _Optional[str] = ..., size: _Optional[int] = ..., first: _Optional[int] = ...) -> None: ...

class HypnosiaBoard(_message.Message):
    __slots__ = ("name", "approximate", "circles", "bridges", "bridge_targets", "entries", "start_slots", "centre_values")
    NAME_FIELD_NUMBER: _ClassVar[int]
    APPROXIMATE_FIELD_NUMBER: _ClassVar[int]
    CIRCLES_FIELD_NUMBER: _ClassVar[int]
    BRIDGES_FIELD_NUMBER: _ClassVar[int]
    BRIDGE_TARGETS_FIELD_NUMBER: _ClassVar[int]
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    START_SLOTS_FIELD_NUMBER: _ClassVar[int]
    CENTRE_VALUES_FIELD_NUMBER: _ClassVar[int]
    name: str
    approximate: bool
    circles: _containers.RepeatedCompositeFieldContainer[HypnosiaCircle]
    bridges: _containers.RepeatedScalarFieldContainer[int]
    bridge_targets: _containers.RepeatedScalarFieldContainer[int]
    entries: _containers.RepeatedScalarFieldContainer[int]
    start_slots: int
    centre_values: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, name: _Optional[str] = ..., approximate: _Optional[bool] = ..., circles: _Optional[_Iterable[_Union[HypnosiaCircle, _Mapping]]] = ..., bridges: _Optional[_Iterable[int]] = ..., bridge_targets: _Optional[_Iterable[int]] = ..., entries: _Optional[_Iterable[int]] = ..., start_slots: _Optional[int] = ..., centre_values: _Optional[_Iterable[int]] = ...) -> None: ...

class HypnosiaUnit(_message.Message):
    __slots__ = ("space", "owner", "height")
    SPACE_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    HEIGHT_FIELD_NUMBER: _ClassVar[int]
    space: int
    owner: int
    height: int
    def __init__(self, space: _Optional[int] = ..., owner: _Optional[int] = ..., height: _Optional[int] = ...) -> None: ...

class HypnosiaPlayer(_message.Message):
    __slots__ = ("score", "start_slots", "centre_pawns", "captured", "lost")
    SCORE_FIELD_NUMBER: _ClassVar[int]
    START_SLOTS_FIELD_NUMBER: _ClassVar[int]
    CENTRE_PAWNS_FIELD_NUMBER: _ClassVar[int]
    CAPTURED_FIELD_NUMBER: _ClassVar[int]
    LOST_FIELD_NUMBER: _ClassVar[int]
    score: int
    start_slots: _containers.RepeatedScalarFieldContainer[int]
    centre_pawns: int
    captured: int
    lost: int
    def __init__(self, score: _Optional[int] = ..., start_slots: _Optional[_Iterable[int]] = ..., centre_pawns: _Optional[int] = ..., captured: _Optional[int] = ..., lost: _Optional[int] = ...) -> None: ...

class HypnosiaEvent(_message.Message):
    __slots__ = ("seat", "text")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    text: str
    def __init__(self, seat: _Optional[int] = ..., text: _Optional[str] = ...) -> None: ...

class HypnosiaView(_message.Message):
    __slots__ = ("seat", "num_players", "stacks_cross", "round", "round_cap", "to_move", "start_player", "dice", "dice_left", "board", "units", "players", "centre", "history_start", "history", "termination")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NUM_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    STACKS_CROSS_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    ROUND_CAP_FIELD_NUMBER: _ClassVar[int]
    TO_MOVE_FIELD_NUMBER: _ClassVar[int]
    START_PLAYER_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    DICE_LEFT_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    UNITS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    CENTRE_FIELD_NUMBER: _ClassVar[int]
    HISTORY_START_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    TERMINATION_FIELD_NUMBER: _ClassVar[int]
    seat: int
    num_players: int
    stacks_cross: bool
    round: int
    round_cap: int
    to_move: _containers.RepeatedScalarFieldContainer[int]
    start_player: int
    dice: _containers.RepeatedScalarFieldContainer[int]
    dice_left: _containers.RepeatedScalarFieldContainer[int]
    board: HypnosiaBoard
    units: _containers.RepeatedCompositeFieldContainer[HypnosiaUnit]
    players: _containers.RepeatedCompositeFieldContainer[HypnosiaPlayer]
    centre: _containers.RepeatedScalarFieldContainer[int]
    history_start: int
    history: _containers.RepeatedCompositeFieldContainer[HypnosiaEvent]
    termination: str
    def __init__(self, seat: _Optional[int] = ..., num_players: _Optional[int] = ..., stacks_cross: _Optional[bool] = ..., round: _Optional[int] = ..., round_cap: _Optional[int] = ..., to_move: _Optional[_Iterable[int]] = ..., start_player: _Optional[int] = ..., dice: _Optional[_Iterable[int]] = ..., dice_left: _Optional[_Iterable[int]] = ..., board: _Optional[_Union[HypnosiaBoard, _Mapping]] = ..., units: _Optional[_Iterable[_Union[HypnosiaUnit, _Mapping]]] = ..., players: _Optional[_Iterable[_Union[HypnosiaPlayer, _Mapping]]] = ..., centre: _Optional[_Iterable[int]] = ..., history_start: _Optional[int] = ..., history: _Optional[_Iterable[_Union[HypnosiaEvent, _Mapping]]] = ..., termination: _Optional[str] = ...) -> None: ...
