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
    ARCTIC_SCAVENGERS_PHASE_LEADER: _ClassVar[ArcticScavengersPhase]
    ARCTIC_SCAVENGERS_PHASE_RESPOND: _ClassVar[ArcticScavengersPhase]
    ARCTIC_SCAVENGERS_PHASE_SAVE: _ClassVar[ArcticScavengersPhase]
    ARCTIC_SCAVENGERS_PHASE_TARGET: _ClassVar[ArcticScavengersPhase]
    ARCTIC_SCAVENGERS_PHASE_SIDE: _ClassVar[ArcticScavengersPhase]
    ARCTIC_SCAVENGERS_PHASE_RETURN: _ClassVar[ArcticScavengersPhase]
    ARCTIC_SCAVENGERS_PHASE_DROP: _ClassVar[ArcticScavengersPhase]
    ARCTIC_SCAVENGERS_PHASE_PICK: _ClassVar[ArcticScavengersPhase]
    ARCTIC_SCAVENGERS_PHASE_LOOK: _ClassVar[ArcticScavengersPhase]
    ARCTIC_SCAVENGERS_PHASE_YARD: _ClassVar[ArcticScavengersPhase]

class ArcticScavengersBuildingState(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ARCTIC_SCAVENGERS_BUILDING_STATE_UNSPECIFIED: _ClassVar[ArcticScavengersBuildingState]
    ARCTIC_SCAVENGERS_BUILDING_STATE_BUILDING: _ClassVar[ArcticScavengersBuildingState]
    ARCTIC_SCAVENGERS_BUILDING_STATE_COMPLETE: _ClassVar[ArcticScavengersBuildingState]
    ARCTIC_SCAVENGERS_BUILDING_STATE_DISABLED: _ClassVar[ArcticScavengersBuildingState]

class ArcticScavengersPendingKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ARCTIC_SCAVENGERS_PENDING_KIND_NONE: _ClassVar[ArcticScavengersPendingKind]
    ARCTIC_SCAVENGERS_PENDING_KIND_RECON: _ClassVar[ArcticScavengersPendingKind]
    ARCTIC_SCAVENGERS_PENDING_KIND_SNIPE: _ClassVar[ArcticScavengersPendingKind]
    ARCTIC_SCAVENGERS_PENDING_KIND_DISARM: _ClassVar[ArcticScavengersPendingKind]
    ARCTIC_SCAVENGERS_PENDING_KIND_SABOTAGE: _ClassVar[ArcticScavengersPendingKind]
    ARCTIC_SCAVENGERS_PENDING_KIND_DEMOLISH: _ClassVar[ArcticScavengersPendingKind]
    ARCTIC_SCAVENGERS_PENDING_KIND_COUNTER_SNIPE: _ClassVar[ArcticScavengersPendingKind]
ARCTIC_SCAVENGERS_PHASE_UNSPECIFIED: ArcticScavengersPhase
ARCTIC_SCAVENGERS_PHASE_GATHER: ArcticScavengersPhase
ARCTIC_SCAVENGERS_PHASE_BUILD: ArcticScavengersPhase
ARCTIC_SCAVENGERS_PHASE_KEEP: ArcticScavengersPhase
ARCTIC_SCAVENGERS_PHASE_DECLARE: ArcticScavengersPhase
ARCTIC_SCAVENGERS_PHASE_OVER: ArcticScavengersPhase
ARCTIC_SCAVENGERS_PHASE_LEADER: ArcticScavengersPhase
ARCTIC_SCAVENGERS_PHASE_RESPOND: ArcticScavengersPhase
ARCTIC_SCAVENGERS_PHASE_SAVE: ArcticScavengersPhase
ARCTIC_SCAVENGERS_PHASE_TARGET: ArcticScavengersPhase
ARCTIC_SCAVENGERS_PHASE_SIDE: ArcticScavengersPhase
ARCTIC_SCAVENGERS_PHASE_RETURN: ArcticScavengersPhase
ARCTIC_SCAVENGERS_PHASE_DROP: ArcticScavengersPhase
ARCTIC_SCAVENGERS_PHASE_PICK: ArcticScavengersPhase
ARCTIC_SCAVENGERS_PHASE_LOOK: ArcticScavengersPhase
ARCTIC_SCAVENGERS_PHASE_YARD: ArcticScavengersPhase
ARCTIC_SCAVENGERS_BUILDING_STATE_UNSPECIFIED: ArcticScavengersBuildingState
ARCTIC_SCAVENGERS_BUILDING_STATE_BUILDING: ArcticScavengersBuildingState
ARCTIC_SCAVENGERS_BUILDING_STATE_COMPLETE: ArcticScavengersBuildingState
ARCTIC_SCAVENGERS_BUILDING_STATE_DISABLED: ArcticScavengersBuildingState
ARCTIC_SCAVENGERS_PENDING_KIND_NONE: ArcticScavengersPendingKind
ARCTIC_SCAVENGERS_PENDING_KIND_RECON: ArcticScavengersPendingKind
ARCTIC_SCAVENGERS_PENDING_KIND_SNIPE: ArcticScavengersPendingKind
ARCTIC_SCAVENGERS_PENDING_KIND_DISARM: ArcticScavengersPendingKind
ARCTIC_SCAVENGERS_PENDING_KIND_SABOTAGE: ArcticScavengersPendingKind
ARCTIC_SCAVENGERS_PENDING_KIND_DEMOLISH: ArcticScavengersPendingKind
ARCTIC_SCAVENGERS_PENDING_KIND_COUNTER_SNIPE: ArcticScavengersPendingKind

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
    __slots__ = ("seat", "num_players", "shovel_dig", "round", "rounds", "phase", "to_move", "initiator", "junkyard", "contested", "stacks", "stack_codes", "players", "actions_used", "food", "hand", "deck_cards", "discard_cards", "open_action", "hire_code", "chosen", "dug", "peek", "events", "result", "expansion")
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
    EXPANSION_FIELD_NUMBER: _ClassVar[int]
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
    expansion: ArcticScavengersExpansion
    def __init__(self, seat: _Optional[int] = ..., num_players: _Optional[int] = ..., shovel_dig: _Optional[int] = ..., round: _Optional[int] = ..., rounds: _Optional[int] = ..., phase: _Optional[_Union[ArcticScavengersPhase, str]] = ..., to_move: _Optional[_Iterable[int]] = ..., initiator: _Optional[int] = ..., junkyard: _Optional[int] = ..., contested: _Optional[int] = ..., stacks: _Optional[_Iterable[int]] = ..., stack_codes: _Optional[_Iterable[str]] = ..., players: _Optional[_Iterable[_Union[ArcticScavengersPlayer, _Mapping]]] = ..., actions_used: _Optional[_Iterable[str]] = ..., food: _Optional[int] = ..., hand: _Optional[_Iterable[str]] = ..., deck_cards: _Optional[_Iterable[str]] = ..., discard_cards: _Optional[_Iterable[str]] = ..., open_action: _Optional[str] = ..., hire_code: _Optional[str] = ..., chosen: _Optional[_Iterable[str]] = ..., dug: _Optional[_Iterable[str]] = ..., peek: _Optional[str] = ..., events: _Optional[_Iterable[str]] = ..., result: _Optional[_Iterable[int]] = ..., expansion: _Optional[_Union[ArcticScavengersExpansion, _Mapping]] = ...) -> None: ...

class ArcticScavengersBuilding(_message.Message):
    __slots__ = ("id", "state", "stacked", "stored", "placed_round")
    ID_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    STACKED_FIELD_NUMBER: _ClassVar[int]
    STORED_FIELD_NUMBER: _ClassVar[int]
    PLACED_ROUND_FIELD_NUMBER: _ClassVar[int]
    id: str
    state: ArcticScavengersBuildingState
    stacked: int
    stored: int
    placed_round: int
    def __init__(self, id: _Optional[str] = ..., state: _Optional[_Union[ArcticScavengersBuildingState, str]] = ..., stacked: _Optional[int] = ..., stored: _Optional[int] = ..., placed_round: _Optional[int] = ...) -> None: ...

class ArcticScavengersSeatExpansion(_message.Message):
    __slots__ = ("leader", "wounded", "leader_used", "buildings", "held", "provoked", "gassed", "bombed")
    LEADER_FIELD_NUMBER: _ClassVar[int]
    WOUNDED_FIELD_NUMBER: _ClassVar[int]
    LEADER_USED_FIELD_NUMBER: _ClassVar[int]
    BUILDINGS_FIELD_NUMBER: _ClassVar[int]
    HELD_FIELD_NUMBER: _ClassVar[int]
    PROVOKED_FIELD_NUMBER: _ClassVar[int]
    GASSED_FIELD_NUMBER: _ClassVar[int]
    BOMBED_FIELD_NUMBER: _ClassVar[int]
    leader: str
    wounded: bool
    leader_used: bool
    buildings: _containers.RepeatedCompositeFieldContainer[ArcticScavengersBuilding]
    held: _containers.RepeatedScalarFieldContainer[str]
    provoked: bool
    gassed: _containers.RepeatedScalarFieldContainer[str]
    bombed: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, leader: _Optional[str] = ..., wounded: _Optional[bool] = ..., leader_used: _Optional[bool] = ..., buildings: _Optional[_Iterable[_Union[ArcticScavengersBuilding, _Mapping]]] = ..., held: _Optional[_Iterable[str]] = ..., provoked: _Optional[bool] = ..., gassed: _Optional[_Iterable[str]] = ..., bombed: _Optional[_Iterable[str]] = ...) -> None: ...

class ArcticScavengersGangWinner(_message.Message):
    __slots__ = ("gang", "seat")
    GANG_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    gang: str
    seat: int
    def __init__(self, gang: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class ArcticScavengersPending(_message.Message):
    __slots__ = ("kind", "by", "cards", "target", "responder")
    KIND_FIELD_NUMBER: _ClassVar[int]
    BY_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    RESPONDER_FIELD_NUMBER: _ClassVar[int]
    kind: ArcticScavengersPendingKind
    by: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    target: str
    responder: int
    def __init__(self, kind: _Optional[_Union[ArcticScavengersPendingKind, str]] = ..., by: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., target: _Optional[str] = ..., responder: _Optional[int] = ...) -> None: ...

class ArcticScavengersBuildingCards(_message.Message):
    __slots__ = ("building", "cards")
    BUILDING_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    building: str
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, building: _Optional[str] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...

class ArcticScavengersLook(_message.Message):
    __slots__ = ("of", "cards")
    OF_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    of: str
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, of: _Optional[str] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...

class ArcticScavengersSpied(_message.Message):
    __slots__ = ("by", "cards")
    BY_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    by: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, by: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...

class ArcticScavengersExpansion(_message.Message):
    __slots__ = ("modules", "schematics", "gangs", "gang_winners", "pending", "cannibal_food", "med_credit", "players", "leader_options", "building_cards", "stored_cards", "recon", "known", "spied", "drawn", "looked")
    MODULES_FIELD_NUMBER: _ClassVar[int]
    SCHEMATICS_FIELD_NUMBER: _ClassVar[int]
    GANGS_FIELD_NUMBER: _ClassVar[int]
    GANG_WINNERS_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    CANNIBAL_FOOD_FIELD_NUMBER: _ClassVar[int]
    MED_CREDIT_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    LEADER_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    BUILDING_CARDS_FIELD_NUMBER: _ClassVar[int]
    STORED_CARDS_FIELD_NUMBER: _ClassVar[int]
    RECON_FIELD_NUMBER: _ClassVar[int]
    KNOWN_FIELD_NUMBER: _ClassVar[int]
    SPIED_FIELD_NUMBER: _ClassVar[int]
    DRAWN_FIELD_NUMBER: _ClassVar[int]
    LOOKED_FIELD_NUMBER: _ClassVar[int]
    modules: _containers.RepeatedScalarFieldContainer[str]
    schematics: int
    gangs: _containers.RepeatedScalarFieldContainer[str]
    gang_winners: _containers.RepeatedCompositeFieldContainer[ArcticScavengersGangWinner]
    pending: ArcticScavengersPending
    cannibal_food: int
    med_credit: int
    players: _containers.RepeatedCompositeFieldContainer[ArcticScavengersSeatExpansion]
    leader_options: _containers.RepeatedScalarFieldContainer[str]
    building_cards: _containers.RepeatedCompositeFieldContainer[ArcticScavengersBuildingCards]
    stored_cards: _containers.RepeatedCompositeFieldContainer[ArcticScavengersBuildingCards]
    recon: _containers.RepeatedCompositeFieldContainer[ArcticScavengersLook]
    known: _containers.RepeatedScalarFieldContainer[str]
    spied: _containers.RepeatedCompositeFieldContainer[ArcticScavengersSpied]
    drawn: _containers.RepeatedScalarFieldContainer[str]
    looked: _containers.RepeatedCompositeFieldContainer[ArcticScavengersLook]
    def __init__(self, modules: _Optional[_Iterable[str]] = ..., schematics: _Optional[int] = ..., gangs: _Optional[_Iterable[str]] = ..., gang_winners: _Optional[_Iterable[_Union[ArcticScavengersGangWinner, _Mapping]]] = ..., pending: _Optional[_Union[ArcticScavengersPending, _Mapping]] = ..., cannibal_food: _Optional[int] = ..., med_credit: _Optional[int] = ..., players: _Optional[_Iterable[_Union[ArcticScavengersSeatExpansion, _Mapping]]] = ..., leader_options: _Optional[_Iterable[str]] = ..., building_cards: _Optional[_Iterable[_Union[ArcticScavengersBuildingCards, _Mapping]]] = ..., stored_cards: _Optional[_Iterable[_Union[ArcticScavengersBuildingCards, _Mapping]]] = ..., recon: _Optional[_Iterable[_Union[ArcticScavengersLook, _Mapping]]] = ..., known: _Optional[_Iterable[str]] = ..., spied: _Optional[_Iterable[_Union[ArcticScavengersSpied, _Mapping]]] = ..., drawn: _Optional[_Iterable[str]] = ..., looked: _Optional[_Iterable[_Union[ArcticScavengersLook, _Mapping]]] = ...) -> None: ...
