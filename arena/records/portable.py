"""The portable match record: one JSON object per line (docs/records.md is its schema).

A line holds everything needed to replay and rate one match: game, rules version, options,
seed (null while withheld), players with the versions they reported, every decision with its
time, the outcome and termination, and the tournament fixture it played, if any. Chance is not
listed event by event: every engine draws from streams seeded by `seed`, so the seed is the
whole of chance and a replay reproduces every draw.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from arena.core.registry import get_game
from arena.core.values import MatchRecord, MoveRecord, Outcome, Termination
from arena.errors import LimitError, RecordError
from arena.match.limits import check_match_id
from arena.tournament.formats import format_named
from arena.tournament.schedule import BotEntry, Deals, Fixture, Status, TournamentSpec

RECORD_FORMAT = "arena.match/1"
BUILTIN_PREFIX = "builtin:"
MAX_NAME_CHARS = 200  # the store's bot name column
MAX_VERSION_CHARS = 128  # as the referee clips reported versions
DEFAULT_RULES_VERSION = "1"  # engines that declare no `rules_version` attribute
# A record nests five deep; json's parser recurses per level, so a line of 200,000 brackets
# would end an import with a RecursionError: lines deeper than this are refused unparsed.
MAX_DEPTH = 32
# A JSON string (to its closing quote, or the line's end if it has none) or a bracket: strings
# are skipped whole, so a bracket inside one counts for nothing. Never backtracks: linear.
_STRING_OR_BRACKET = re.compile(r'"(?:[^"\\]+|\\.?)*(?:"|\Z)|[\[\]{}]', re.DOTALL)


@dataclass(frozen=True, slots=True)
class TournamentRef:
    """The tournament a match belongs to, as exported: its id there, definition and fixture."""

    source_id: int
    spec: TournamentSpec
    status: Status
    fixture: Fixture  # tournament_id is source_id
    created_at: float = 0.0
    finished_at: float | None = None


@dataclass(frozen=True, slots=True)
class PortableMatch:
    """A match as a portable record: the record, its tournament and what was withheld."""

    record: MatchRecord
    tournament: TournamentRef | None = None
    seed_withheld: bool = False
    moves_withheld: bool = False
    # Digests of the spectator's view by ply: 0 the deal, n after move n (docs/records.md,
    # "Chance"); by default the deal and the final position, empty when withheld.
    positions: Mapping[int, str] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict)


def rules_version(game_name: str) -> str:
    """The version of a game's rules as its engine declares it (default "1")."""
    return str(getattr(get_game(game_name), "rules_version", DEFAULT_RULES_VERSION))


def to_portable(match: PortableMatch) -> dict[str, Any]:
    """The JSON object of one record line."""
    record = match.record
    versions = list(record.metadata.get("versions", [])) or [""] * len(record.players)
    data: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "match_id": record.match_id,
        "game": record.game,
        "rules_version": rules_version(record.game),
        "options": dict(record.options),
        "seed": None if match.seed_withheld else record.seed,
        "players": [
            {"seat": seat, "name": name, "version": versions[seat] if seat < len(versions) else ""}
            for seat, name in enumerate(record.players)
        ],
        "moves": [
            _move_out(ply, m, match.positions.get(ply))
            for ply, m in enumerate(record.moves, start=1)
        ],
        "outcome": {
            "ranks": list(record.outcome.ranks),
            "scores": list(record.outcome.scores),
            "points": list(record.outcome.points),
            "offender": record.outcome.offender,
        },
        "termination": record.outcome.termination.value,
        "detail": record.outcome.detail,
        "started_at": record.started_at,
        "finished_at": record.finished_at,
        "tournament": (
            None
            if match.tournament is None
            else _tournament_out(match.tournament, match.seed_withheld)
        ),
    }
    if 0 in match.positions:
        data["deal"] = match.positions[0]
    if match.seed_withheld:
        data["seed_withheld"] = True
    if match.moves_withheld:
        data["moves_withheld"] = True
    return data


def to_line(match: PortableMatch) -> str:
    """One record as a JSON Lines line (no newline)."""
    return json.dumps(to_portable(match), separators=(",", ":"), sort_keys=True)


def from_line(text: str, line: int | None = None) -> PortableMatch:
    """Read one record line; RecordError (with the line) if it is not a valid record."""
    if nests_deeper(text, MAX_DEPTH):
        raise RecordError(f"not a record: JSON nested deeper than {MAX_DEPTH} levels", line=line)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise RecordError(f"not JSON ({exc})", line=line) from None
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object", line=line)
    try:
        return from_portable(data)
    except RecordError as exc:
        raise RecordError(exc.reason, line=line, ply=exc.ply) from None
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise RecordError(f"malformed record ({type(exc).__name__}: {exc})", line=line) from None


def nests_deeper(text: str, limit: int) -> bool:
    """Whether JSON text opens more than `limit` arrays or objects inside one another."""
    depth = 0
    for token in _STRING_OR_BRACKET.finditer(text):
        kind = token.group()
        if kind in ("[", "{"):
            depth += 1
            if depth > limit:
                return True
        elif kind in ("]", "}"):
            depth -= 1
    return False


def from_portable(data: Mapping[str, Any]) -> PortableMatch:
    """A PortableMatch from a record object (KeyError/TypeError/ValueError if malformed)."""
    if data.get("format") != RECORD_FORMAT:
        raise RecordError(f"format {data.get('format')!r} is not {RECORD_FORMAT!r}")
    players = sorted(data["players"], key=lambda p: int(p["seat"]))
    if [int(p["seat"]) for p in players] != list(range(len(players))):
        raise RecordError("players must have seats 0, 1, ... once each")
    versions = [str(p.get("version") or "")[:MAX_VERSION_CHARS] for p in players]
    if any(not str(p["name"]) or len(str(p["name"])) > MAX_NAME_CHARS for p in players):
        raise RecordError(f"player names must be 1-{MAX_NAME_CHARS} characters")
    try:
        check_match_id(str(data["match_id"]))
    except LimitError as exc:
        raise RecordError(str(exc)) from None
    outcome_data = dict(data["outcome"])
    outcome = Outcome(
        ranks=tuple(int(r) for r in outcome_data["ranks"]),
        scores=tuple(float(s) for s in outcome_data["scores"]),
        points=tuple(float(p) for p in outcome_data["points"]),
        termination=Termination(data["termination"]),
        offender=None if outcome_data.get("offender") is None else int(outcome_data["offender"]),
        detail=str(data.get("detail", "")),
    )
    seed = data.get("seed")
    record = MatchRecord(
        match_id=str(data["match_id"]),
        game=str(data["game"]),
        options=dict(data["options"]),
        seed=0 if seed is None else int(seed),
        players=tuple(str(p["name"]) for p in players),
        moves=tuple(_move_in(ply, row) for ply, row in enumerate(data["moves"], start=1)),
        outcome=outcome,
        started_at=float(data.get("started_at", 0.0)),
        finished_at=float(data.get("finished_at", 0.0)),
        metadata={"versions": versions} if any(versions) else {},
    )
    tournament = data.get("tournament")
    positions = {
        ply: str(row["after"]) for ply, row in enumerate(data["moves"], start=1) if "after" in row
    }
    if "deal" in data:
        positions[0] = str(data["deal"])
    return PortableMatch(
        record,
        None if tournament is None else _tournament_in(tournament),
        seed_withheld=seed is None or bool(data.get("seed_withheld")),
        moves_withheld=bool(data.get("moves_withheld")),
        positions=positions,
        extra={"rules_version": str(data["rules_version"])} if "rules_version" in data else {},
    )


def _move_out(ply: int, move: MoveRecord, after: str | None) -> dict[str, Any]:
    row: dict[str, Any] = {
        "ply": ply,
        "seat": move.seat,
        "move": move.move,
        "ms": round(move.elapsed_ms, 3),
    }
    if move.transport_ms:
        row["transport_ms"] = round(move.transport_ms, 3)
    if after is not None:
        row["after"] = after
    return row


def _move_in(ply: int, row: Mapping[str, Any]) -> MoveRecord:
    if int(row.get("ply", ply)) != ply:
        raise RecordError(f"moves out of order: ply {row.get('ply')} where {ply} was due", ply=ply)
    return MoveRecord(
        int(row["seat"]),
        str(row["move"]),
        float(row.get("ms", 0.0)),
        float(row.get("transport_ms", 0.0)),
    )


def _tournament_out(ref: TournamentRef, seed_withheld: bool) -> dict[str, Any]:
    spec, fixture = ref.spec, ref.fixture
    return {
        "id": ref.source_id,
        "game": spec.game,
        "options": dict(spec.options),
        "format": spec.format.value,
        "table_size": spec.table_size,
        "cycles": spec.cycles,
        "seed": None if seed_withheld else spec.seed,
        "hero": spec.hero,
        "bots": [{"name": b.name, "command": _portable_command(b.command)} for b in spec.bots],
        "time_per_move_ms": spec.time_per_move_ms,
        "time_bank_ms": spec.time_bank_ms,
        "increment_ms": spec.increment_ms,
        "deals": spec.deals.value,
        "rounds": spec.rounds or None,
        "seeding": list(spec.seeding) or None,
        # only when the format has options: the records of the other formats stay as they were
        **({"format_options": dict(spec.format_options)} if spec.format_options else {}),
        "status": ref.status.value,
        "created_at": ref.created_at,
        "finished_at": ref.finished_at,
        "fixture": {
            "index": fixture.index,
            "cycle": fixture.cycle,
            "table": fixture.table,
            "rotation": fixture.rotation,
            "seed": None if seed_withheld else fixture.seed,
        },
    }


def _portable_command(command: str | None) -> str | None:
    # Built-in bots travel (a resume after import can play them); a program's command line is
    # the exporter's local business (paths, arguments) and stays out of the record.
    return command if command and command.startswith(BUILTIN_PREFIX) else None


def _optional_int(data: Mapping[str, Any], key: str) -> int | None:
    return None if data.get(key) is None else int(data[key])


def _tournament_in(data: Mapping[str, Any]) -> TournamentRef:
    source_id = int(data["id"])
    spec = TournamentSpec(
        game=str(data["game"]),
        bots=tuple(
            BotEntry(str(b["name"]), _portable_command(b.get("command"))) for b in data["bots"]
        ),
        seed=int(data["seed"] or 0),  # null: withheld (such a record is not importable)
        options=dict(data["options"]),
        format=format_named(str(data["format"])),
        table_size=int(data["table_size"]),
        cycles=int(data["cycles"]),
        hero=None if data.get("hero") is None else str(data["hero"]),
        time_per_move_ms=_optional_int(data, "time_per_move_ms"),
        time_bank_ms=_optional_int(data, "time_bank_ms"),
        increment_ms=_optional_int(data, "increment_ms"),
        deals=Deals(data["deals"]),
        rounds=_optional_int(data, "rounds") or 0,
        seeding=tuple(str(b) for b in data.get("seeding") or ()),
        format_options={str(k): int(v) for k, v in (data.get("format_options") or {}).items()},
    )
    fx = data["fixture"]
    fixture = Fixture(
        index=int(fx["index"]),
        cycle=int(fx["cycle"]),
        table=int(fx["table"]),
        rotation=int(fx["rotation"]),
        seats=(),  # the match's players, filled in by the importer's check
        seed=int(fx["seed"] or 0),
        tournament_id=source_id,
    )
    finished = data.get("finished_at")
    return TournamentRef(
        source_id,
        spec,
        Status(data["status"]),
        fixture,
        float(data.get("created_at") or 0.0),
        None if finished is None else float(finished),
    )
