"""Rows to values and back: tournaments, fixtures and matches as stored (JSON in Text)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from arena.core.values import MatchRecord, Outcome
from arena.errors import StoreError
from arena.tournament.formats import format_named
from arena.tournament.schedule import BotEntry, Deals, Fixture, Status, TournamentSpec


@dataclass(frozen=True, slots=True)
class StoredTournament:
    """A tournament as stored: its id, definition and progress."""

    id: int
    spec: TournamentSpec
    status: Status
    created_at: float
    finished_at: float | None
    fixtures: int  # scheduled
    played: int  # fixtures with a stored match
    runner: str | None = None  # "host:pid" holding the run's lease (None: nobody)
    heartbeat_at: float | None = None  # the runner's last sign of life
    verdict: str | None = None  # why it finished before its schedule (an SPRT's decision)
    owner: str | None = None  # who created it (None: the admins'); see arena/app/owners.py


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """A stored match in brief: who played, how they ranked and scored, how it ended."""

    match_id: str
    game: str
    players: tuple[str, ...]
    outcome: Outcome
    tournament_id: int | None  # None: a match outside any tournament
    fixture: int | None
    finished_at: float
    seed: int = 0
    plies: int | None = None  # decisions played (None: unknown, an unreadable record)


def match_row(record: MatchRecord, fixture: Fixture | None = None) -> dict[str, Any]:
    """The `matches` row of a finished match (what save_match inserts)."""
    return {
        "id": record.match_id,
        "tournament_id": fixture.tournament_id if fixture else None,
        "fixture_idx": fixture.index if fixture else None,
        "game": record.game,
        "options": dumps(dict(record.options)),
        "seed": record.seed,
        "players": dumps(list(record.players)),
        "outcome": dumps(record.outcome.to_dict()),
        "termination": record.outcome.termination.value,
        "detail": record.outcome.detail,
        "started_at": record.started_at,
        "finished_at": record.finished_at,
        "record": dumps(record.to_dict()),
        "plies": len(record.moves),
    }


def fixture_row(tid: int, f: Fixture) -> dict[str, Any]:
    return {
        "tournament_id": tid,
        "idx": f.index,
        "cycle": f.cycle,
        "table_no": f.table,
        "rotation": f.rotation,
        "seats": dumps(list(f.seats)),
        "seed": f.seed,
    }


def fixture_from_row(row: Any) -> Fixture:
    seats = loads(row.seats, f"fixture {row.idx} of tournament {row.tournament_id}", "seats")
    return Fixture(
        index=row.idx,
        cycle=row.cycle,
        table=row.table_no,
        rotation=row.rotation,
        seats=tuple(str(s) for s in seats),
        seed=int(row.seed),
        tournament_id=row.tournament_id,
    )


def tournament_from_row(row: Any) -> StoredTournament:
    where = f"tournament {row.id}"
    bot_list = loads(row.bots, where, "bots")
    try:
        spec = TournamentSpec(
            game=row.game,
            bots=tuple(BotEntry(b["name"], b.get("command")) for b in bot_list),
            options=loads(row.options, where, "options"),
            format=format_named(row.format),
            table_size=row.table_size,
            cycles=row.cycles,
            hero=row.hero,
            time_per_move_ms=row.time_per_move_ms,
            time_bank_ms=row.time_bank_ms,
            increment_ms=row.increment_ms,
            deals=Deals(row.deals or Deals.DUPLICATE.value),  # NULL: from before the column
            **{"seed": int(row.seed), **settings_from_text(row.settings, where)},
        )
        status = Status(row.status)
    except (KeyError, TypeError, ValueError) as exc:
        raise StoreError(f"{where}: unreadable definition ({exc})") from None
    return StoredTournament(
        row.id,
        spec,
        status,
        row.created_at,
        row.finished_at,
        int(row.n_fixtures),
        int(row.n_played),
        row.runner,
        row.heartbeat_at,
        verdict_from_text(row.settings, where),
        row.owner,
    )


SETTINGS = (
    "seed",
    "rounds",
    "seeding",
    "reconnect_grace_ms",
    "format_options",
)  # kept in tournaments.settings
SEED_COLUMN_LIMIT = 2**63  # tournaments.seed is a signed 64-bit column


def settings_text(spec: TournamentSpec) -> str | None:
    """The spec's format and run settings as the settings column's JSON (None: all default)."""
    data: dict[str, Any] = {}
    if spec.seed >= SEED_COLUMN_LIMIT:  # a 256-bit seed does not fit the seed column
        data["seed"] = str(spec.seed)
    if spec.rounds:
        data["rounds"] = spec.rounds
    if spec.seeding:
        data["seeding"] = list(spec.seeding)
    if spec.reconnect_grace_ms is not None:
        data["reconnect_grace_ms"] = spec.reconnect_grace_ms
    if spec.format_options:
        data["format_options"] = dict(spec.format_options)
    return dumps(data) if data else None


def verdict_from_text(text: str | None, where: str) -> str | None:
    """The verdict kept in a settings column (None: the tournament played its schedule)."""
    if text is None:
        return None
    data = loads(text, where, "settings")
    verdict = data.get("verdict") if isinstance(data, dict) else None
    return None if verdict is None else str(verdict)


def settings_from_text(text: str | None, where: str) -> dict[str, Any]:
    """The spec fields of a settings column (NULL: none)."""
    if text is None:
        return {}
    data = loads(text, where, "settings")
    if not isinstance(data, dict):
        raise StoreError(f"{where}: column settings is not a JSON object")
    out: dict[str, Any] = {}
    if "seed" in data:
        out["seed"] = int(data["seed"])
    if "rounds" in data:
        out["rounds"] = int(data["rounds"])
    if "seeding" in data:
        out["seeding"] = tuple(str(b) for b in data["seeding"])
    if data.get("reconnect_grace_ms") is not None:
        out["reconnect_grace_ms"] = int(data["reconnect_grace_ms"])
    if data.get("format_options"):
        out["format_options"] = {str(k): int(v) for k, v in data["format_options"].items()}
    return out


def summary_from_row(row: Any) -> MatchSummary:
    where = f"match {row.id}"
    try:
        outcome = Outcome.from_dict(loads(row.outcome, where, "outcome"))
    except (KeyError, TypeError, ValueError) as exc:
        raise StoreError(f"{where}: unreadable outcome ({exc})") from None
    return MatchSummary(
        match_id=row.id,
        game=row.game,
        players=players_from_cell(row.players, where, len(outcome.ranks)),
        outcome=outcome,
        tournament_id=row.tournament_id,
        fixture=row.fixture_idx,
        finished_at=float(row.finished_at),
        seed=int(row.seed),
        plies=None if row.plies is None else int(row.plies),
    )


def players_from_cell(text: str, where: str, seats: int) -> tuple[str, ...]:
    """A matches.players cell: a bot name for each of the outcome's `seats`; StoreError
    naming the row and the column otherwise (a row that cannot say who played is never
    skipped: a standing or a ladder without it would be wrong without a word)."""
    players = loads(text, where, "players")
    if (
        not isinstance(players, list)
        or len(players) != seats
        or not all(isinstance(p, str) and p for p in players)
    ):
        raise StoreError(f"{where}: column players is not a list of {seats} bot names")
    return tuple(players)


def players_and_ranks(row: Any) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """Who played a rated match (its players cell) and how they ranked (its outcome's ranks),
    seat by seat; StoreError naming the match and the column that cannot say."""
    where = f"match {row.id}"
    outcome = loads(row.outcome, where, "outcome")
    try:
        ranks = tuple(int(r) for r in outcome["ranks"])
    except (KeyError, TypeError, ValueError) as exc:
        raise StoreError(f"{where}: unreadable outcome ({exc})") from None
    players = players_from_cell(row.players, where, len(ranks))
    if len(set(players)) != len(players):  # one rating cannot play itself
        raise StoreError(f"{where}: column players seats a bot twice ({', '.join(players)})")
    return players, ranks


def record_from_row(match_id: str, text: str) -> MatchRecord:
    data = loads(text, f"match {match_id}", "record")
    try:
        return MatchRecord.from_dict(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise StoreError(
            f"match {match_id}: unreadable record ({type(exc).__name__}: {exc})"
        ) from None


def same_play(a: MatchRecord, b: MatchRecord) -> bool:
    """True when two records are the same play: equal but for their timings (wall-clock
    stamps, the time each decision took), which never repeat."""
    return _decisive(a) == _decisive(b)


def _decisive(record: MatchRecord) -> str:
    data = record.to_dict()
    del data["started_at"], data["finished_at"]
    data["moves"] = [[m.seat, m.move] for m in record.moves]
    return dumps(data)


def dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


def loads(text: str, where: str, column: str) -> Any:
    try:
        return json.loads(text)
    except (TypeError, ValueError) as exc:
        raise StoreError(f"{where}: column {column} is not valid JSON ({exc})") from None
