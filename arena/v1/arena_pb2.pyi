from arena.v1.games import arctic_scavengers_pb2 as _arctic_scavengers_pb2
from arena.v1.games import azul_pb2 as _azul_pb2
from arena.v1.games import hypnosia_pb2 as _hypnosia_pb2
from arena.v1.games import epizodiak_pb2 as _epizodiak_pb2
from arena.v1.games import lucky_numbers_pb2 as _lucky_numbers_pb2
from arena.v1.games import the_number_pb2 as _the_number_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Termination(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TERMINATION_UNSPECIFIED: _ClassVar[Termination]
    TERMINATION_NORMAL: _ClassVar[Termination]
    TERMINATION_TURN_CAP: _ClassVar[Termination]
    TERMINATION_TIMEOUT: _ClassVar[Termination]
    TERMINATION_ILLEGAL_MOVE: _ClassVar[Termination]
    TERMINATION_UNPARSABLE: _ClassVar[Termination]
    TERMINATION_DISCONNECT: _ClassVar[Termination]
    TERMINATION_CRASH: _ClassVar[Termination]
    TERMINATION_ABORTED: _ClassVar[Termination]

class TournamentStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TOURNAMENT_STATUS_UNSPECIFIED: _ClassVar[TournamentStatus]
    TOURNAMENT_STATUS_CREATED: _ClassVar[TournamentStatus]
    TOURNAMENT_STATUS_RUNNING: _ClassVar[TournamentStatus]
    TOURNAMENT_STATUS_INTERRUPTED: _ClassVar[TournamentStatus]
    TOURNAMENT_STATUS_FINISHED: _ClassVar[TournamentStatus]
    TOURNAMENT_STATUS_ABANDONED: _ClassVar[TournamentStatus]

class UpdateKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    UPDATE_KIND_UNSPECIFIED: _ClassVar[UpdateKind]
    UPDATE_KIND_START: _ClassVar[UpdateKind]
    UPDATE_KIND_MOVE: _ClassVar[UpdateKind]
    UPDATE_KIND_END: _ClassVar[UpdateKind]
TERMINATION_UNSPECIFIED: Termination
TERMINATION_NORMAL: Termination
TERMINATION_TURN_CAP: Termination
TERMINATION_TIMEOUT: Termination
TERMINATION_ILLEGAL_MOVE: Termination
TERMINATION_UNPARSABLE: Termination
TERMINATION_DISCONNECT: Termination
TERMINATION_CRASH: Termination
TERMINATION_ABORTED: Termination
TOURNAMENT_STATUS_UNSPECIFIED: TournamentStatus
TOURNAMENT_STATUS_CREATED: TournamentStatus
TOURNAMENT_STATUS_RUNNING: TournamentStatus
TOURNAMENT_STATUS_INTERRUPTED: TournamentStatus
TOURNAMENT_STATUS_FINISHED: TournamentStatus
TOURNAMENT_STATUS_ABANDONED: TournamentStatus
UPDATE_KIND_UNSPECIFIED: UpdateKind
UPDATE_KIND_START: UpdateKind
UPDATE_KIND_MOVE: UpdateKind
UPDATE_KIND_END: UpdateKind

class BotMessage(_message.Message):
    __slots__ = ("hello", "decision", "ping", "pong")
    HELLO_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    PING_FIELD_NUMBER: _ClassVar[int]
    PONG_FIELD_NUMBER: _ClassVar[int]
    hello: Hello
    decision: Decision
    ping: Ping
    pong: Pong
    def __init__(self, hello: _Optional[_Union[Hello, _Mapping]] = ..., decision: _Optional[_Union[Decision, _Mapping]] = ..., ping: _Optional[_Union[Ping, _Mapping]] = ..., pong: _Optional[_Union[Pong, _Mapping]] = ...) -> None: ...

class Hello(_message.Message):
    __slots__ = ("name", "token", "games", "max_matches", "version", "protocol_version", "compact_legal_moves", "instance_id")
    NAME_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    MAX_MATCHES_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    PROTOCOL_VERSION_FIELD_NUMBER: _ClassVar[int]
    COMPACT_LEGAL_MOVES_FIELD_NUMBER: _ClassVar[int]
    INSTANCE_ID_FIELD_NUMBER: _ClassVar[int]
    name: str
    token: str
    games: _containers.RepeatedScalarFieldContainer[str]
    max_matches: int
    version: str
    protocol_version: int
    compact_legal_moves: bool
    instance_id: str
    def __init__(self, name: _Optional[str] = ..., token: _Optional[str] = ..., games: _Optional[_Iterable[str]] = ..., max_matches: _Optional[int] = ..., version: _Optional[str] = ..., protocol_version: _Optional[int] = ..., compact_legal_moves: _Optional[bool] = ..., instance_id: _Optional[str] = ...) -> None: ...

class Decision(_message.Message):
    __slots__ = ("request_id", "match_id", "move", "index", "error")
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    request_id: int
    match_id: str
    move: str
    index: int
    error: str
    def __init__(self, request_id: _Optional[int] = ..., match_id: _Optional[str] = ..., move: _Optional[str] = ..., index: _Optional[int] = ..., error: _Optional[str] = ...) -> None: ...

class ServerMessage(_message.Message):
    __slots__ = ("welcome", "match_started", "decision_request", "match_ended", "ping", "pong", "notice")
    WELCOME_FIELD_NUMBER: _ClassVar[int]
    MATCH_STARTED_FIELD_NUMBER: _ClassVar[int]
    DECISION_REQUEST_FIELD_NUMBER: _ClassVar[int]
    MATCH_ENDED_FIELD_NUMBER: _ClassVar[int]
    PING_FIELD_NUMBER: _ClassVar[int]
    PONG_FIELD_NUMBER: _ClassVar[int]
    NOTICE_FIELD_NUMBER: _ClassVar[int]
    welcome: Welcome
    match_started: MatchStarted
    decision_request: DecisionRequest
    match_ended: MatchEnded
    ping: Ping
    pong: Pong
    notice: Notice
    def __init__(self, welcome: _Optional[_Union[Welcome, _Mapping]] = ..., match_started: _Optional[_Union[MatchStarted, _Mapping]] = ..., decision_request: _Optional[_Union[DecisionRequest, _Mapping]] = ..., match_ended: _Optional[_Union[MatchEnded, _Mapping]] = ..., ping: _Optional[_Union[Ping, _Mapping]] = ..., pong: _Optional[_Union[Pong, _Mapping]] = ..., notice: _Optional[_Union[Notice, _Mapping]] = ...) -> None: ...

class Notice(_message.Message):
    __slots__ = ("request_id", "match_id", "problem")
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    PROBLEM_FIELD_NUMBER: _ClassVar[int]
    request_id: int
    match_id: str
    problem: str
    def __init__(self, request_id: _Optional[int] = ..., match_id: _Optional[str] = ..., problem: _Optional[str] = ...) -> None: ...

class Welcome(_message.Message):
    __slots__ = ("session_id", "server_version", "protocol_version", "ping_interval_ms", "games", "max_message_bytes", "worker_id", "worker_count")
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    SERVER_VERSION_FIELD_NUMBER: _ClassVar[int]
    PROTOCOL_VERSION_FIELD_NUMBER: _ClassVar[int]
    PING_INTERVAL_MS_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    MAX_MESSAGE_BYTES_FIELD_NUMBER: _ClassVar[int]
    WORKER_ID_FIELD_NUMBER: _ClassVar[int]
    WORKER_COUNT_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    server_version: str
    protocol_version: int
    ping_interval_ms: int
    games: _containers.RepeatedScalarFieldContainer[str]
    max_message_bytes: int
    worker_id: str
    worker_count: int
    def __init__(self, session_id: _Optional[str] = ..., server_version: _Optional[str] = ..., protocol_version: _Optional[int] = ..., ping_interval_ms: _Optional[int] = ..., games: _Optional[_Iterable[str]] = ..., max_message_bytes: _Optional[int] = ..., worker_id: _Optional[str] = ..., worker_count: _Optional[int] = ...) -> None: ...

class MatchStarted(_message.Message):
    __slots__ = ("match_id", "game", "options", "seat", "players", "clock", "bot_seed")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    BOT_SEED_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    game: str
    options: _containers.ScalarMap[str, str]
    seat: int
    players: _containers.RepeatedScalarFieldContainer[str]
    clock: ClockSettings
    bot_seed: int
    def __init__(self, match_id: _Optional[str] = ..., game: _Optional[str] = ..., options: _Optional[_Mapping[str, str]] = ..., seat: _Optional[int] = ..., players: _Optional[_Iterable[str]] = ..., clock: _Optional[_Union[ClockSettings, _Mapping]] = ..., bot_seed: _Optional[int] = ...) -> None: ...

class DecisionRequest(_message.Message):
    __slots__ = ("match_id", "request_id", "seat", "game", "view", "legal_moves", "clock", "legal_moves_omitted", "legal_move_count")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    LEGAL_MOVES_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    LEGAL_MOVES_OMITTED_FIELD_NUMBER: _ClassVar[int]
    LEGAL_MOVE_COUNT_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    request_id: int
    seat: int
    game: str
    view: GameView
    legal_moves: _containers.RepeatedScalarFieldContainer[str]
    clock: Clock
    legal_moves_omitted: bool
    legal_move_count: int
    def __init__(self, match_id: _Optional[str] = ..., request_id: _Optional[int] = ..., seat: _Optional[int] = ..., game: _Optional[str] = ..., view: _Optional[_Union[GameView, _Mapping]] = ..., legal_moves: _Optional[_Iterable[str]] = ..., clock: _Optional[_Union[Clock, _Mapping]] = ..., legal_moves_omitted: _Optional[bool] = ..., legal_move_count: _Optional[int] = ...) -> None: ...

class GameView(_message.Message):
    __slots__ = ("lucky_numbers", "azul", "the_number", "hypnosia", "arctic_scavengers", "epizodiak")
    LUCKY_NUMBERS_FIELD_NUMBER: _ClassVar[int]
    AZUL_FIELD_NUMBER: _ClassVar[int]
    THE_NUMBER_FIELD_NUMBER: _ClassVar[int]
    HYPNOSIA_FIELD_NUMBER: _ClassVar[int]
    ARCTIC_SCAVENGERS_FIELD_NUMBER: _ClassVar[int]
    EPIZODIAK_FIELD_NUMBER: _ClassVar[int]
    lucky_numbers: _lucky_numbers_pb2.LuckyNumbersView
    azul: _azul_pb2.AzulView
    the_number: _the_number_pb2.TheNumberView
    hypnosia: _hypnosia_pb2.HypnosiaView
    arctic_scavengers: _arctic_scavengers_pb2.ArcticScavengersView
    epizodiak: _epizodiak_pb2.EpizodiakView
    def __init__(self, lucky_numbers: _Optional[_Union[_lucky_numbers_pb2.LuckyNumbersView, _Mapping]] = ..., azul: _Optional[_Union[_azul_pb2.AzulView, _Mapping]] = ..., the_number: _Optional[_Union[_the_number_pb2.TheNumberView, _Mapping]] = ..., hypnosia: _Optional[_Union[_hypnosia_pb2.HypnosiaView, _Mapping]] = ..., arctic_scavengers: _Optional[_Union[_arctic_scavengers_pb2.ArcticScavengersView, _Mapping]] = ..., epizodiak: _Optional[_Union[_epizodiak_pb2.EpizodiakView, _Mapping]] = ...) -> None: ...

class Clock(_message.Message):
    __slots__ = ("budget_ms", "bank_ms")
    BUDGET_MS_FIELD_NUMBER: _ClassVar[int]
    BANK_MS_FIELD_NUMBER: _ClassVar[int]
    budget_ms: int
    bank_ms: int
    def __init__(self, budget_ms: _Optional[int] = ..., bank_ms: _Optional[int] = ...) -> None: ...

class ClockSettings(_message.Message):
    __slots__ = ("per_move_ms", "bank_ms", "increment_ms")
    PER_MOVE_MS_FIELD_NUMBER: _ClassVar[int]
    BANK_MS_FIELD_NUMBER: _ClassVar[int]
    INCREMENT_MS_FIELD_NUMBER: _ClassVar[int]
    per_move_ms: int
    bank_ms: int
    increment_ms: int
    def __init__(self, per_move_ms: _Optional[int] = ..., bank_ms: _Optional[int] = ..., increment_ms: _Optional[int] = ...) -> None: ...

class MatchEnded(_message.Message):
    __slots__ = ("match_id", "seat", "outcome")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    seat: int
    outcome: Outcome
    def __init__(self, match_id: _Optional[str] = ..., seat: _Optional[int] = ..., outcome: _Optional[_Union[Outcome, _Mapping]] = ...) -> None: ...

class Ping(_message.Message):
    __slots__ = ("nonce", "sent_unix_ms")
    NONCE_FIELD_NUMBER: _ClassVar[int]
    SENT_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    nonce: int
    sent_unix_ms: int
    def __init__(self, nonce: _Optional[int] = ..., sent_unix_ms: _Optional[int] = ...) -> None: ...

class Pong(_message.Message):
    __slots__ = ("nonce",)
    NONCE_FIELD_NUMBER: _ClassVar[int]
    nonce: int
    def __init__(self, nonce: _Optional[int] = ...) -> None: ...

class Outcome(_message.Message):
    __slots__ = ("ranks", "scores", "points", "termination", "offender", "detail")
    RANKS_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    TERMINATION_FIELD_NUMBER: _ClassVar[int]
    OFFENDER_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    ranks: _containers.RepeatedScalarFieldContainer[int]
    scores: _containers.RepeatedScalarFieldContainer[float]
    points: _containers.RepeatedScalarFieldContainer[float]
    termination: Termination
    offender: int
    detail: str
    def __init__(self, ranks: _Optional[_Iterable[int]] = ..., scores: _Optional[_Iterable[float]] = ..., points: _Optional[_Iterable[float]] = ..., termination: _Optional[_Union[Termination, str]] = ..., offender: _Optional[int] = ..., detail: _Optional[str] = ...) -> None: ...

class MoveRecord(_message.Message):
    __slots__ = ("seat", "move", "elapsed_ms", "transport_ms")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    ELAPSED_MS_FIELD_NUMBER: _ClassVar[int]
    TRANSPORT_MS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    move: str
    elapsed_ms: float
    transport_ms: float
    def __init__(self, seat: _Optional[int] = ..., move: _Optional[str] = ..., elapsed_ms: _Optional[float] = ..., transport_ms: _Optional[float] = ...) -> None: ...

class MatchRecord(_message.Message):
    __slots__ = ("match_id", "game", "options", "seed", "players", "moves", "outcome", "started_at", "finished_at", "metadata_json", "seed_withheld", "moves_withheld", "player_versions")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    MOVES_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    STARTED_AT_FIELD_NUMBER: _ClassVar[int]
    FINISHED_AT_FIELD_NUMBER: _ClassVar[int]
    METADATA_JSON_FIELD_NUMBER: _ClassVar[int]
    SEED_WITHHELD_FIELD_NUMBER: _ClassVar[int]
    MOVES_WITHHELD_FIELD_NUMBER: _ClassVar[int]
    PLAYER_VERSIONS_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    game: str
    options: _containers.ScalarMap[str, str]
    seed: int
    players: _containers.RepeatedScalarFieldContainer[str]
    moves: _containers.RepeatedCompositeFieldContainer[MoveRecord]
    outcome: Outcome
    started_at: float
    finished_at: float
    metadata_json: str
    seed_withheld: bool
    moves_withheld: bool
    player_versions: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, match_id: _Optional[str] = ..., game: _Optional[str] = ..., options: _Optional[_Mapping[str, str]] = ..., seed: _Optional[int] = ..., players: _Optional[_Iterable[str]] = ..., moves: _Optional[_Iterable[_Union[MoveRecord, _Mapping]]] = ..., outcome: _Optional[_Union[Outcome, _Mapping]] = ..., started_at: _Optional[float] = ..., finished_at: _Optional[float] = ..., metadata_json: _Optional[str] = ..., seed_withheld: _Optional[bool] = ..., moves_withheld: _Optional[bool] = ..., player_versions: _Optional[_Iterable[str]] = ...) -> None: ...

class ListGamesRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListGamesResponse(_message.Message):
    __slots__ = ("games",)
    GAMES_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[GameInfo]
    def __init__(self, games: _Optional[_Iterable[_Union[GameInfo, _Mapping]]] = ...) -> None: ...

class GameInfo(_message.Message):
    __slots__ = ("name", "title", "min_players", "max_players", "options", "view_field", "legal_moves_rule")
    NAME_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    MIN_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    MAX_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_FIELD_NUMBER: _ClassVar[int]
    LEGAL_MOVES_RULE_FIELD_NUMBER: _ClassVar[int]
    name: str
    title: str
    min_players: int
    max_players: int
    options: _containers.RepeatedCompositeFieldContainer[GameOption]
    view_field: str
    legal_moves_rule: str
    def __init__(self, name: _Optional[str] = ..., title: _Optional[str] = ..., min_players: _Optional[int] = ..., max_players: _Optional[int] = ..., options: _Optional[_Iterable[_Union[GameOption, _Mapping]]] = ..., view_field: _Optional[str] = ..., legal_moves_rule: _Optional[str] = ...) -> None: ...

class GameOption(_message.Message):
    __slots__ = ("name", "default", "choices")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_FIELD_NUMBER: _ClassVar[int]
    CHOICES_FIELD_NUMBER: _ClassVar[int]
    name: str
    default: str
    choices: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, name: _Optional[str] = ..., default: _Optional[str] = ..., choices: _Optional[_Iterable[str]] = ...) -> None: ...

class ListBotsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListBotsResponse(_message.Message):
    __slots__ = ("bots",)
    BOTS_FIELD_NUMBER: _ClassVar[int]
    bots: _containers.RepeatedCompositeFieldContainer[BotInfo]
    def __init__(self, bots: _Optional[_Iterable[_Union[BotInfo, _Mapping]]] = ...) -> None: ...

class BotInfo(_message.Message):
    __slots__ = ("name", "games", "max_matches", "active_matches", "version", "connected_unix_ms", "session_id", "ping_rtt_ms")
    NAME_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    MAX_MATCHES_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_MATCHES_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    CONNECTED_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    PING_RTT_MS_FIELD_NUMBER: _ClassVar[int]
    name: str
    games: _containers.RepeatedScalarFieldContainer[str]
    max_matches: int
    active_matches: int
    version: str
    connected_unix_ms: int
    session_id: str
    ping_rtt_ms: float
    def __init__(self, name: _Optional[str] = ..., games: _Optional[_Iterable[str]] = ..., max_matches: _Optional[int] = ..., active_matches: _Optional[int] = ..., version: _Optional[str] = ..., connected_unix_ms: _Optional[int] = ..., session_id: _Optional[str] = ..., ping_rtt_ms: _Optional[float] = ...) -> None: ...

class PlayMatchRequest(_message.Message):
    __slots__ = ("game", "options", "seed", "bots", "clock", "match_id", "store")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    GAME_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    BOTS_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    STORE_FIELD_NUMBER: _ClassVar[int]
    game: str
    options: _containers.ScalarMap[str, str]
    seed: int
    bots: _containers.RepeatedScalarFieldContainer[str]
    clock: ClockSettings
    match_id: str
    store: bool
    def __init__(self, game: _Optional[str] = ..., options: _Optional[_Mapping[str, str]] = ..., seed: _Optional[int] = ..., bots: _Optional[_Iterable[str]] = ..., clock: _Optional[_Union[ClockSettings, _Mapping]] = ..., match_id: _Optional[str] = ..., store: _Optional[bool] = ...) -> None: ...

class GetMatchRequest(_message.Message):
    __slots__ = ("match_id",)
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    def __init__(self, match_id: _Optional[str] = ...) -> None: ...

class CreateTournamentRequest(_message.Message):
    __slots__ = ("game", "options", "bots", "format", "hero", "table_size", "cycles", "seed", "clock", "concurrency", "deals", "rounds", "reconnect_grace_ms", "format_options")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    class FormatOptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    GAME_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    BOTS_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    HERO_FIELD_NUMBER: _ClassVar[int]
    TABLE_SIZE_FIELD_NUMBER: _ClassVar[int]
    CYCLES_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    CONCURRENCY_FIELD_NUMBER: _ClassVar[int]
    DEALS_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    RECONNECT_GRACE_MS_FIELD_NUMBER: _ClassVar[int]
    FORMAT_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    game: str
    options: _containers.ScalarMap[str, str]
    bots: _containers.RepeatedScalarFieldContainer[str]
    format: str
    hero: str
    table_size: int
    cycles: int
    seed: int
    clock: ClockSettings
    concurrency: int
    deals: str
    rounds: int
    reconnect_grace_ms: int
    format_options: _containers.ScalarMap[str, str]
    def __init__(self, game: _Optional[str] = ..., options: _Optional[_Mapping[str, str]] = ..., bots: _Optional[_Iterable[str]] = ..., format: _Optional[str] = ..., hero: _Optional[str] = ..., table_size: _Optional[int] = ..., cycles: _Optional[int] = ..., seed: _Optional[int] = ..., clock: _Optional[_Union[ClockSettings, _Mapping]] = ..., concurrency: _Optional[int] = ..., deals: _Optional[str] = ..., rounds: _Optional[int] = ..., reconnect_grace_ms: _Optional[int] = ..., format_options: _Optional[_Mapping[str, str]] = ...) -> None: ...

class CreateTournamentResponse(_message.Message):
    __slots__ = ("tournament_id", "fixtures", "seed")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    FIXTURES_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    tournament_id: int
    fixtures: int
    seed: int
    def __init__(self, tournament_id: _Optional[int] = ..., fixtures: _Optional[int] = ..., seed: _Optional[int] = ...) -> None: ...

class GetTournamentRequest(_message.Message):
    __slots__ = ("tournament_id",)
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    tournament_id: int
    def __init__(self, tournament_id: _Optional[int] = ...) -> None: ...

class Tournament(_message.Message):
    __slots__ = ("id", "game", "options", "format", "hero", "table_size", "cycles", "seed", "bots", "per_move_ms", "status", "fixtures_done", "fixtures_total", "created_at", "finished_at", "standings", "seats", "leaderboard", "tie_breaks", "error", "deals", "seed_withheld", "time_bank_ms", "increment_ms", "rounds", "reconnect_grace_ms", "head_to_head", "away", "withdrawn", "by_play_order", "seed_text", "verdict", "format_options")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    class FormatOptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    HERO_FIELD_NUMBER: _ClassVar[int]
    TABLE_SIZE_FIELD_NUMBER: _ClassVar[int]
    CYCLES_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    BOTS_FIELD_NUMBER: _ClassVar[int]
    PER_MOVE_MS_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    FIXTURES_DONE_FIELD_NUMBER: _ClassVar[int]
    FIXTURES_TOTAL_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    FINISHED_AT_FIELD_NUMBER: _ClassVar[int]
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    LEADERBOARD_FIELD_NUMBER: _ClassVar[int]
    TIE_BREAKS_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    DEALS_FIELD_NUMBER: _ClassVar[int]
    SEED_WITHHELD_FIELD_NUMBER: _ClassVar[int]
    TIME_BANK_MS_FIELD_NUMBER: _ClassVar[int]
    INCREMENT_MS_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    RECONNECT_GRACE_MS_FIELD_NUMBER: _ClassVar[int]
    HEAD_TO_HEAD_FIELD_NUMBER: _ClassVar[int]
    AWAY_FIELD_NUMBER: _ClassVar[int]
    WITHDRAWN_FIELD_NUMBER: _ClassVar[int]
    BY_PLAY_ORDER_FIELD_NUMBER: _ClassVar[int]
    SEED_TEXT_FIELD_NUMBER: _ClassVar[int]
    VERDICT_FIELD_NUMBER: _ClassVar[int]
    FORMAT_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    id: int
    game: str
    options: _containers.ScalarMap[str, str]
    format: str
    hero: str
    table_size: int
    cycles: int
    seed: int
    bots: _containers.RepeatedScalarFieldContainer[str]
    per_move_ms: int
    status: TournamentStatus
    fixtures_done: int
    fixtures_total: int
    created_at: float
    finished_at: float
    standings: _containers.RepeatedCompositeFieldContainer[Standing]
    seats: _containers.RepeatedCompositeFieldContainer[SeatResult]
    leaderboard: _containers.RepeatedCompositeFieldContainer[LadderEntry]
    tie_breaks: str
    error: str
    deals: str
    seed_withheld: bool
    time_bank_ms: int
    increment_ms: int
    rounds: int
    reconnect_grace_ms: int
    head_to_head: _containers.RepeatedCompositeFieldContainer[HeadToHead]
    away: _containers.RepeatedCompositeFieldContainer[AwayBot]
    withdrawn: _containers.RepeatedScalarFieldContainer[str]
    by_play_order: bool
    seed_text: str
    verdict: str
    format_options: _containers.ScalarMap[str, str]
    def __init__(self, id: _Optional[int] = ..., game: _Optional[str] = ..., options: _Optional[_Mapping[str, str]] = ..., format: _Optional[str] = ..., hero: _Optional[str] = ..., table_size: _Optional[int] = ..., cycles: _Optional[int] = ..., seed: _Optional[int] = ..., bots: _Optional[_Iterable[str]] = ..., per_move_ms: _Optional[int] = ..., status: _Optional[_Union[TournamentStatus, str]] = ..., fixtures_done: _Optional[int] = ..., fixtures_total: _Optional[int] = ..., created_at: _Optional[float] = ..., finished_at: _Optional[float] = ..., standings: _Optional[_Iterable[_Union[Standing, _Mapping]]] = ..., seats: _Optional[_Iterable[_Union[SeatResult, _Mapping]]] = ..., leaderboard: _Optional[_Iterable[_Union[LadderEntry, _Mapping]]] = ..., tie_breaks: _Optional[str] = ..., error: _Optional[str] = ..., deals: _Optional[str] = ..., seed_withheld: _Optional[bool] = ..., time_bank_ms: _Optional[int] = ..., increment_ms: _Optional[int] = ..., rounds: _Optional[int] = ..., reconnect_grace_ms: _Optional[int] = ..., head_to_head: _Optional[_Iterable[_Union[HeadToHead, _Mapping]]] = ..., away: _Optional[_Iterable[_Union[AwayBot, _Mapping]]] = ..., withdrawn: _Optional[_Iterable[str]] = ..., by_play_order: _Optional[bool] = ..., seed_text: _Optional[str] = ..., verdict: _Optional[str] = ..., format_options: _Optional[_Mapping[str, str]] = ...) -> None: ...

class HeadToHead(_message.Message):
    __slots__ = ("bot", "opponent", "wins", "draws", "losses", "points", "opponent_points")
    BOT_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_FIELD_NUMBER: _ClassVar[int]
    WINS_FIELD_NUMBER: _ClassVar[int]
    DRAWS_FIELD_NUMBER: _ClassVar[int]
    LOSSES_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_POINTS_FIELD_NUMBER: _ClassVar[int]
    bot: str
    opponent: str
    wins: int
    draws: int
    losses: int
    points: float
    opponent_points: float
    def __init__(self, bot: _Optional[str] = ..., opponent: _Optional[str] = ..., wins: _Optional[int] = ..., draws: _Optional[int] = ..., losses: _Optional[int] = ..., points: _Optional[float] = ..., opponent_points: _Optional[float] = ...) -> None: ...

class AwayBot(_message.Message):
    __slots__ = ("bot", "away_since", "grace_left_ms")
    BOT_FIELD_NUMBER: _ClassVar[int]
    AWAY_SINCE_FIELD_NUMBER: _ClassVar[int]
    GRACE_LEFT_MS_FIELD_NUMBER: _ClassVar[int]
    bot: str
    away_since: float
    grace_left_ms: int
    def __init__(self, bot: _Optional[str] = ..., away_since: _Optional[float] = ..., grace_left_ms: _Optional[int] = ...) -> None: ...

class ResumeTournamentRequest(_message.Message):
    __slots__ = ("tournament_id", "concurrency")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    CONCURRENCY_FIELD_NUMBER: _ClassVar[int]
    tournament_id: int
    concurrency: int
    def __init__(self, tournament_id: _Optional[int] = ..., concurrency: _Optional[int] = ...) -> None: ...

class DeleteTournamentRequest(_message.Message):
    __slots__ = ("tournament_id", "force")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    FORCE_FIELD_NUMBER: _ClassVar[int]
    tournament_id: int
    force: bool
    def __init__(self, tournament_id: _Optional[int] = ..., force: _Optional[bool] = ...) -> None: ...

class DeleteTournamentResponse(_message.Message):
    __slots__ = ("tournament_id", "matches", "ladder")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    LADDER_FIELD_NUMBER: _ClassVar[int]
    tournament_id: int
    matches: int
    ladder: str
    def __init__(self, tournament_id: _Optional[int] = ..., matches: _Optional[int] = ..., ladder: _Optional[str] = ...) -> None: ...

class CancelTournamentRequest(_message.Message):
    __slots__ = ("tournament_id",)
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    tournament_id: int
    def __init__(self, tournament_id: _Optional[int] = ...) -> None: ...

class Standing(_message.Message):
    __slots__ = ("place", "bot", "points", "wins", "games", "mean_rank", "faults", "seat_points", "seat_games", "forfeits", "score", "buchholz", "sonneborn_berger", "byes")
    PLACE_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    WINS_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    MEAN_RANK_FIELD_NUMBER: _ClassVar[int]
    FAULTS_FIELD_NUMBER: _ClassVar[int]
    SEAT_POINTS_FIELD_NUMBER: _ClassVar[int]
    SEAT_GAMES_FIELD_NUMBER: _ClassVar[int]
    FORFEITS_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    BUCHHOLZ_FIELD_NUMBER: _ClassVar[int]
    SONNEBORN_BERGER_FIELD_NUMBER: _ClassVar[int]
    BYES_FIELD_NUMBER: _ClassVar[int]
    place: int
    bot: str
    points: float
    wins: int
    games: int
    mean_rank: float
    faults: int
    seat_points: _containers.RepeatedScalarFieldContainer[float]
    seat_games: _containers.RepeatedScalarFieldContainer[int]
    forfeits: int
    score: float
    buchholz: float
    sonneborn_berger: float
    byes: int
    def __init__(self, place: _Optional[int] = ..., bot: _Optional[str] = ..., points: _Optional[float] = ..., wins: _Optional[int] = ..., games: _Optional[int] = ..., mean_rank: _Optional[float] = ..., faults: _Optional[int] = ..., seat_points: _Optional[_Iterable[float]] = ..., seat_games: _Optional[_Iterable[int]] = ..., forfeits: _Optional[int] = ..., score: _Optional[float] = ..., buchholz: _Optional[float] = ..., sonneborn_berger: _Optional[float] = ..., byes: _Optional[int] = ...) -> None: ...

class SeatResult(_message.Message):
    __slots__ = ("label", "games", "points", "wins")
    LABEL_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    WINS_FIELD_NUMBER: _ClassVar[int]
    label: str
    games: int
    points: float
    wins: int
    def __init__(self, label: _Optional[str] = ..., games: _Optional[int] = ..., points: _Optional[float] = ..., wins: _Optional[int] = ...) -> None: ...

class LadderEntry(_message.Message):
    __slots__ = ("rank", "bot", "mu", "sigma", "conservative", "games", "wins")
    RANK_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    MU_FIELD_NUMBER: _ClassVar[int]
    SIGMA_FIELD_NUMBER: _ClassVar[int]
    CONSERVATIVE_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    WINS_FIELD_NUMBER: _ClassVar[int]
    rank: int
    bot: str
    mu: float
    sigma: float
    conservative: float
    games: int
    wins: int
    def __init__(self, rank: _Optional[int] = ..., bot: _Optional[str] = ..., mu: _Optional[float] = ..., sigma: _Optional[float] = ..., conservative: _Optional[float] = ..., games: _Optional[int] = ..., wins: _Optional[int] = ...) -> None: ...

class ListMatchesRequest(_message.Message):
    __slots__ = ("tournament_id", "game", "page_size", "page_token")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    tournament_id: int
    game: str
    page_size: int
    page_token: str
    def __init__(self, tournament_id: _Optional[int] = ..., game: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListMatchesResponse(_message.Message):
    __slots__ = ("matches", "next_page_token")
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    matches: _containers.RepeatedCompositeFieldContainer[MatchSummary]
    next_page_token: str
    def __init__(self, matches: _Optional[_Iterable[_Union[MatchSummary, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class MatchSummary(_message.Message):
    __slots__ = ("match_id", "game", "players", "ranks", "points", "termination", "tournament_id", "fixture", "finished_at", "seed", "seed_withheld", "moves", "detail", "scores")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    RANKS_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    TERMINATION_FIELD_NUMBER: _ClassVar[int]
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    FIXTURE_FIELD_NUMBER: _ClassVar[int]
    FINISHED_AT_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    SEED_WITHHELD_FIELD_NUMBER: _ClassVar[int]
    MOVES_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    game: str
    players: _containers.RepeatedScalarFieldContainer[str]
    ranks: _containers.RepeatedScalarFieldContainer[int]
    points: _containers.RepeatedScalarFieldContainer[float]
    termination: Termination
    tournament_id: int
    fixture: int
    finished_at: float
    seed: int
    seed_withheld: bool
    moves: int
    detail: str
    scores: _containers.RepeatedScalarFieldContainer[float]
    def __init__(self, match_id: _Optional[str] = ..., game: _Optional[str] = ..., players: _Optional[_Iterable[str]] = ..., ranks: _Optional[_Iterable[int]] = ..., points: _Optional[_Iterable[float]] = ..., termination: _Optional[_Union[Termination, str]] = ..., tournament_id: _Optional[int] = ..., fixture: _Optional[int] = ..., finished_at: _Optional[float] = ..., seed: _Optional[int] = ..., seed_withheld: _Optional[bool] = ..., moves: _Optional[int] = ..., detail: _Optional[str] = ..., scores: _Optional[_Iterable[float]] = ...) -> None: ...

class GetLeaderboardRequest(_message.Message):
    __slots__ = ("game",)
    GAME_FIELD_NUMBER: _ClassVar[int]
    game: str
    def __init__(self, game: _Optional[str] = ...) -> None: ...

class Leaderboard(_message.Message):
    __slots__ = ("game", "entries")
    GAME_FIELD_NUMBER: _ClassVar[int]
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    game: str
    entries: _containers.RepeatedCompositeFieldContainer[LadderEntry]
    def __init__(self, game: _Optional[str] = ..., entries: _Optional[_Iterable[_Union[LadderEntry, _Mapping]]] = ...) -> None: ...

class WatchMatchRequest(_message.Message):
    __slots__ = ("match_id", "from_now", "delay_ms")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_NOW_FIELD_NUMBER: _ClassVar[int]
    DELAY_MS_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    from_now: bool
    delay_ms: int
    def __init__(self, match_id: _Optional[str] = ..., from_now: _Optional[bool] = ..., delay_ms: _Optional[int] = ...) -> None: ...

class MatchUpdate(_message.Message):
    __slots__ = ("kind", "match_id", "game", "options", "players", "ply", "move", "view_json", "board", "time_used_ms", "clock", "outcome", "live", "moves_withheld", "bank_left_ms", "deciding", "server_unix_ms")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    KIND_FIELD_NUMBER: _ClassVar[int]
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    PLY_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    VIEW_JSON_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    TIME_USED_MS_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    LIVE_FIELD_NUMBER: _ClassVar[int]
    MOVES_WITHHELD_FIELD_NUMBER: _ClassVar[int]
    BANK_LEFT_MS_FIELD_NUMBER: _ClassVar[int]
    DECIDING_FIELD_NUMBER: _ClassVar[int]
    SERVER_UNIX_MS_FIELD_NUMBER: _ClassVar[int]
    kind: UpdateKind
    match_id: str
    game: str
    options: _containers.ScalarMap[str, str]
    players: _containers.RepeatedScalarFieldContainer[str]
    ply: int
    move: MoveRecord
    view_json: str
    board: str
    time_used_ms: _containers.RepeatedScalarFieldContainer[float]
    clock: ClockSettings
    outcome: Outcome
    live: bool
    moves_withheld: bool
    bank_left_ms: _containers.RepeatedScalarFieldContainer[float]
    deciding: _containers.RepeatedScalarFieldContainer[int]
    server_unix_ms: int
    def __init__(self, kind: _Optional[_Union[UpdateKind, str]] = ..., match_id: _Optional[str] = ..., game: _Optional[str] = ..., options: _Optional[_Mapping[str, str]] = ..., players: _Optional[_Iterable[str]] = ..., ply: _Optional[int] = ..., move: _Optional[_Union[MoveRecord, _Mapping]] = ..., view_json: _Optional[str] = ..., board: _Optional[str] = ..., time_used_ms: _Optional[_Iterable[float]] = ..., clock: _Optional[_Union[ClockSettings, _Mapping]] = ..., outcome: _Optional[_Union[Outcome, _Mapping]] = ..., live: _Optional[bool] = ..., moves_withheld: _Optional[bool] = ..., bank_left_ms: _Optional[_Iterable[float]] = ..., deciding: _Optional[_Iterable[int]] = ..., server_unix_ms: _Optional[int] = ...) -> None: ...

class WatchTournamentRequest(_message.Message):
    __slots__ = ("tournament_id",)
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    tournament_id: int
    def __init__(self, tournament_id: _Optional[int] = ...) -> None: ...

class TournamentUpdate(_message.Message):
    __slots__ = ("tournament", "finished", "live_matches")
    TOURNAMENT_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    LIVE_MATCHES_FIELD_NUMBER: _ClassVar[int]
    tournament: Tournament
    finished: _containers.RepeatedCompositeFieldContainer[MatchSummary]
    live_matches: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, tournament: _Optional[_Union[Tournament, _Mapping]] = ..., finished: _Optional[_Iterable[_Union[MatchSummary, _Mapping]]] = ..., live_matches: _Optional[_Iterable[str]] = ...) -> None: ...

class ListTournamentsRequest(_message.Message):
    __slots__ = ("limit",)
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    limit: int
    def __init__(self, limit: _Optional[int] = ...) -> None: ...

class ListTournamentsResponse(_message.Message):
    __slots__ = ("tournaments",)
    TOURNAMENTS_FIELD_NUMBER: _ClassVar[int]
    tournaments: _containers.RepeatedCompositeFieldContainer[Tournament]
    def __init__(self, tournaments: _Optional[_Iterable[_Union[Tournament, _Mapping]]] = ...) -> None: ...

class GetRatingHistoryRequest(_message.Message):
    __slots__ = ("game", "bot", "last")
    GAME_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    LAST_FIELD_NUMBER: _ClassVar[int]
    game: str
    bot: str
    last: int
    def __init__(self, game: _Optional[str] = ..., bot: _Optional[str] = ..., last: _Optional[int] = ...) -> None: ...

class RatingPoint(_message.Message):
    __slots__ = ("match_id", "finished_at", "rank", "mu", "sigma", "tournament_id", "fixture", "seat", "mu_before", "sigma_before")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    FINISHED_AT_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    MU_FIELD_NUMBER: _ClassVar[int]
    SIGMA_FIELD_NUMBER: _ClassVar[int]
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    FIXTURE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MU_BEFORE_FIELD_NUMBER: _ClassVar[int]
    SIGMA_BEFORE_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    finished_at: float
    rank: int
    mu: float
    sigma: float
    tournament_id: int
    fixture: int
    seat: int
    mu_before: float
    sigma_before: float
    def __init__(self, match_id: _Optional[str] = ..., finished_at: _Optional[float] = ..., rank: _Optional[int] = ..., mu: _Optional[float] = ..., sigma: _Optional[float] = ..., tournament_id: _Optional[int] = ..., fixture: _Optional[int] = ..., seat: _Optional[int] = ..., mu_before: _Optional[float] = ..., sigma_before: _Optional[float] = ...) -> None: ...

class RatingHistory(_message.Message):
    __slots__ = ("game", "bot", "points")
    GAME_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    game: str
    bot: str
    points: _containers.RepeatedCompositeFieldContainer[RatingPoint]
    def __init__(self, game: _Optional[str] = ..., bot: _Optional[str] = ..., points: _Optional[_Iterable[_Union[RatingPoint, _Mapping]]] = ...) -> None: ...

class GetStatsRequest(_message.Message):
    __slots__ = ("tournament_id", "game")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    tournament_id: int
    game: str
    def __init__(self, tournament_id: _Optional[int] = ..., game: _Optional[str] = ...) -> None: ...

class EloEstimate(_message.Message):
    __slots__ = ("elo", "error", "lower", "upper", "unbounded")
    ELO_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    LOWER_FIELD_NUMBER: _ClassVar[int]
    UPPER_FIELD_NUMBER: _ClassVar[int]
    UNBOUNDED_FIELD_NUMBER: _ClassVar[int]
    elo: float
    error: float
    lower: float
    upper: float
    unbounded: bool
    def __init__(self, elo: _Optional[float] = ..., error: _Optional[float] = ..., lower: _Optional[float] = ..., upper: _Optional[float] = ..., unbounded: _Optional[bool] = ...) -> None: ...

class Duel(_message.Message):
    __slots__ = ("bot", "opponent", "games", "wins", "draws", "losses", "points", "opponent_points", "elo", "los", "pairs", "pentanomial", "paired_elo")
    BOT_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    WINS_FIELD_NUMBER: _ClassVar[int]
    DRAWS_FIELD_NUMBER: _ClassVar[int]
    LOSSES_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_POINTS_FIELD_NUMBER: _ClassVar[int]
    ELO_FIELD_NUMBER: _ClassVar[int]
    LOS_FIELD_NUMBER: _ClassVar[int]
    PAIRS_FIELD_NUMBER: _ClassVar[int]
    PENTANOMIAL_FIELD_NUMBER: _ClassVar[int]
    PAIRED_ELO_FIELD_NUMBER: _ClassVar[int]
    bot: str
    opponent: str
    games: int
    wins: int
    draws: int
    losses: int
    points: float
    opponent_points: float
    elo: EloEstimate
    los: float
    pairs: int
    pentanomial: _containers.RepeatedScalarFieldContainer[int]
    paired_elo: EloEstimate
    def __init__(self, bot: _Optional[str] = ..., opponent: _Optional[str] = ..., games: _Optional[int] = ..., wins: _Optional[int] = ..., draws: _Optional[int] = ..., losses: _Optional[int] = ..., points: _Optional[float] = ..., opponent_points: _Optional[float] = ..., elo: _Optional[_Union[EloEstimate, _Mapping]] = ..., los: _Optional[float] = ..., pairs: _Optional[int] = ..., pentanomial: _Optional[_Iterable[int]] = ..., paired_elo: _Optional[_Union[EloEstimate, _Mapping]] = ...) -> None: ...

class TrueSkillRow(_message.Message):
    __slots__ = ("place", "bot", "mu", "sigma", "p_better_next", "games")
    PLACE_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    MU_FIELD_NUMBER: _ClassVar[int]
    SIGMA_FIELD_NUMBER: _ClassVar[int]
    P_BETTER_NEXT_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    place: int
    bot: str
    mu: float
    sigma: float
    p_better_next: float
    games: int
    def __init__(self, place: _Optional[int] = ..., bot: _Optional[str] = ..., mu: _Optional[float] = ..., sigma: _Optional[float] = ..., p_better_next: _Optional[float] = ..., games: _Optional[int] = ...) -> None: ...

class PointsInterval(_message.Message):
    __slots__ = ("place", "bot", "points", "games", "mean_points", "low", "high")
    PLACE_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    MEAN_POINTS_FIELD_NUMBER: _ClassVar[int]
    LOW_FIELD_NUMBER: _ClassVar[int]
    HIGH_FIELD_NUMBER: _ClassVar[int]
    place: int
    bot: str
    points: float
    games: int
    mean_points: float
    low: float
    high: float
    def __init__(self, place: _Optional[int] = ..., bot: _Optional[str] = ..., points: _Optional[float] = ..., games: _Optional[int] = ..., mean_points: _Optional[float] = ..., low: _Optional[float] = ..., high: _Optional[float] = ...) -> None: ...

class Stats(_message.Message):
    __slots__ = ("scope", "kind", "duels", "trueskill", "standings", "multiplayer")
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    DUELS_FIELD_NUMBER: _ClassVar[int]
    TRUESKILL_FIELD_NUMBER: _ClassVar[int]
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    MULTIPLAYER_FIELD_NUMBER: _ClassVar[int]
    scope: str
    kind: str
    duels: _containers.RepeatedCompositeFieldContainer[Duel]
    trueskill: _containers.RepeatedCompositeFieldContainer[TrueSkillRow]
    standings: _containers.RepeatedCompositeFieldContainer[PointsInterval]
    multiplayer: bool
    def __init__(self, scope: _Optional[str] = ..., kind: _Optional[str] = ..., duels: _Optional[_Iterable[_Union[Duel, _Mapping]]] = ..., trueskill: _Optional[_Iterable[_Union[TrueSkillRow, _Mapping]]] = ..., standings: _Optional[_Iterable[_Union[PointsInterval, _Mapping]]] = ..., multiplayer: _Optional[bool] = ...) -> None: ...
