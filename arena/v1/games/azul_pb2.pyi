from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class AzulPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    AZUL_PHASE_UNSPECIFIED: _ClassVar[AzulPhase]
    AZUL_PHASE_OFFER: _ClassVar[AzulPhase]
    AZUL_PHASE_WALL: _ClassVar[AzulPhase]
    AZUL_PHASE_OVER: _ClassVar[AzulPhase]

class AzulWallVariant(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    AZUL_WALL_VARIANT_UNSPECIFIED: _ClassVar[AzulWallVariant]
    AZUL_WALL_VARIANT_COLORED: _ClassVar[AzulWallVariant]
    AZUL_WALL_VARIANT_GRAY: _ClassVar[AzulWallVariant]
AZUL_PHASE_UNSPECIFIED: AzulPhase
AZUL_PHASE_OFFER: AzulPhase
AZUL_PHASE_WALL: AzulPhase
AZUL_PHASE_OVER: AzulPhase
AZUL_WALL_VARIANT_UNSPECIFIED: AzulWallVariant
AZUL_WALL_VARIANT_COLORED: AzulWallVariant
AZUL_WALL_VARIANT_GRAY: AzulWallVariant

class AzulBoard(_message.Message):
    __slots__ = ("score", "lines", "wall", "floor", "has_marker")
    SCORE_FIELD_NUMBER: _ClassVar[int]
    LINES_FIELD_NUMBER: _ClassVar[int]
    WALL_FIELD_NUMBER: _ClassVar[int]
    FLOOR_FIELD_NUMBER: _ClassVar[int]
    HAS_MARKER_FIELD_NUMBER: _ClassVar[int]
    score: int
    lines: _containers.RepeatedScalarFieldContainer[str]
    wall: _containers.RepeatedScalarFieldContainer[str]
    floor: str
    has_marker: bool
    def __init__(self, score: _Optional[int] = ..., lines: _Optional[_Iterable[str]] = ..., wall: _Optional[_Iterable[str]] = ..., floor: _Optional[str] = ..., has_marker: _Optional[bool] = ...) -> None: ...

class AzulView(_message.Message):
    __slots__ = ("seat", "num_players", "wall_variant", "round", "round_cap", "phase", "to_move", "start_player", "factories", "centre", "marker_in_centre", "boards", "bag", "lid", "pending_line", "termination")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NUM_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    WALL_VARIANT_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    ROUND_CAP_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    TO_MOVE_FIELD_NUMBER: _ClassVar[int]
    START_PLAYER_FIELD_NUMBER: _ClassVar[int]
    FACTORIES_FIELD_NUMBER: _ClassVar[int]
    CENTRE_FIELD_NUMBER: _ClassVar[int]
    MARKER_IN_CENTRE_FIELD_NUMBER: _ClassVar[int]
    BOARDS_FIELD_NUMBER: _ClassVar[int]
    BAG_FIELD_NUMBER: _ClassVar[int]
    LID_FIELD_NUMBER: _ClassVar[int]
    PENDING_LINE_FIELD_NUMBER: _ClassVar[int]
    TERMINATION_FIELD_NUMBER: _ClassVar[int]
    seat: int
    num_players: int
    wall_variant: AzulWallVariant
    round: int
    round_cap: int
    phase: AzulPhase
    to_move: _containers.RepeatedScalarFieldContainer[int]
    start_player: int
    factories: _containers.RepeatedScalarFieldContainer[str]
    centre: str
    marker_in_centre: bool
    boards: _containers.RepeatedCompositeFieldContainer[AzulBoard]
    bag: _containers.RepeatedScalarFieldContainer[int]
    lid: _containers.RepeatedScalarFieldContainer[int]
    pending_line: int
    termination: str
    def __init__(self, seat: _Optional[int] = ..., num_players: _Optional[int] = ..., wall_variant: _Optional[_Union[AzulWallVariant, str]] = ..., round: _Optional[int] = ..., round_cap: _Optional[int] = ..., phase: _Optional[_Union[AzulPhase, str]] = ..., to_move: _Optional[_Iterable[int]] = ..., start_player: _Optional[int] = ..., factories: _Optional[_Iterable[str]] = ..., centre: _Optional[str] = ..., marker_in_centre: _Optional[bool] = ..., boards: _Optional[_Iterable[_Union[AzulBoard, _Mapping]]] = ..., bag: _Optional[_Iterable[int]] = ..., lid: _Optional[_Iterable[int]] = ..., pending_line: _Optional[int] = ..., termination: _Optional[str] = ...) -> None: ...
