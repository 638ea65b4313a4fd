from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class LuckyNumbersView(_message.Message):
    __slots__ = ("seat", "num_players", "grids", "table", "pot_size", "hand", "hand_source", "phase", "to_move", "current_seat", "start_seat", "turn", "bonus_turn", "chain_returned", "options", "tiles_in_grid")
    class Grid(_message.Message):
        __slots__ = ("cells",)
        CELLS_FIELD_NUMBER: _ClassVar[int]
        cells: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, cells: _Optional[_Iterable[int]] = ...) -> None: ...
    class Options(_message.Message):
        __slots__ = ("setup", "bruno")
        SETUP_FIELD_NUMBER: _ClassVar[int]
        BRUNO_FIELD_NUMBER: _ClassVar[int]
        setup: str
        bruno: bool
        def __init__(self, setup: _Optional[str] = ..., bruno: _Optional[bool] = ...) -> None: ...
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NUM_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    GRIDS_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    POT_SIZE_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    HAND_SOURCE_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    TO_MOVE_FIELD_NUMBER: _ClassVar[int]
    CURRENT_SEAT_FIELD_NUMBER: _ClassVar[int]
    START_SEAT_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    BONUS_TURN_FIELD_NUMBER: _ClassVar[int]
    CHAIN_RETURNED_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    TILES_IN_GRID_FIELD_NUMBER: _ClassVar[int]
    seat: int
    num_players: int
    grids: _containers.RepeatedCompositeFieldContainer[LuckyNumbersView.Grid]
    table: _containers.RepeatedScalarFieldContainer[int]
    pot_size: int
    hand: int
    hand_source: str
    phase: str
    to_move: _containers.RepeatedScalarFieldContainer[int]
    current_seat: int
    start_seat: int
    turn: int
    bonus_turn: bool
    chain_returned: _containers.RepeatedScalarFieldContainer[int]
    options: LuckyNumbersView.Options
    tiles_in_grid: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seat: _Optional[int] = ..., num_players: _Optional[int] = ..., grids: _Optional[_Iterable[_Union[LuckyNumbersView.Grid, _Mapping]]] = ..., table: _Optional[_Iterable[int]] = ..., pot_size: _Optional[int] = ..., hand: _Optional[int] = ..., hand_source: _Optional[str] = ..., phase: _Optional[str] = ..., to_move: _Optional[_Iterable[int]] = ..., current_seat: _Optional[int] = ..., start_seat: _Optional[int] = ..., turn: _Optional[int] = ..., bonus_turn: _Optional[bool] = ..., chain_returned: _Optional[_Iterable[int]] = ..., options: _Optional[_Union[LuckyNumbersView.Options, _Mapping]] = ..., tiles_in_grid: _Optional[_Iterable[int]] = ...) -> None: ...
