"""Export stored matches as portable records, and import records into a store.

An import is all or nothing: every line is read and replayed on its engine first, its
tournament's schedule is rebuilt from the tournament's definition and must hold the match,
and only then is everything stored in one transaction (each match rated as it is stored, so
the ladder stays the fold of every stored match).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import TextIO

from arena.app.publicity import disclose_match
from arena.core.values import MatchRecord
from arena.errors import RecordError
from arena.records.portable import PortableMatch, TournamentRef, from_line, to_line
from arena.records.validate import position_digests, validate
from arena.store import Store, StoredTournament
from arena.store.writes import ImportedTournament
from arena.tournament.formats import schedule_so_far
from arena.tournament.manage import normalize_spec, start_seat_of
from arena.tournament.schedule import BotEntry, Fixture, Status, TournamentSpec


@dataclass(frozen=True, slots=True)
class ExportFilter:
    """Which stored matches to export (every given criterion must hold)."""

    tournament_id: int | None = None
    bot: str | None = None
    game: str | None = None
    since: float | None = None  # finished at or after (Unix seconds)
    until: float | None = None  # finished before


def export_matches(
    store: Store, which: ExportFilter, *, public: bool, every_position: bool = False
) -> Iterator[PortableMatch]:
    """The matching stored matches as portable records, in rating order.

    public: apply arena/app/publicity.py (seeds, and duplicate deals' moves, withheld until the
    tournament is finished), as a shared server shows them; else everything (an owner's copy).
    every_position: a digest of the position after every move, not only the deal and the end.
    """
    stored = {t.id: t for t in store.tournaments()}
    schedules: dict[int, dict[int, Fixture]] = {}
    rows = store.match_rows(
        tournament_id=which.tournament_id, game=which.game, since=which.since, until=which.until
    )
    for record, tid, index in rows:
        if which.bot is not None and which.bot not in record.players:
            continue
        tournament = stored.get(tid) if tid is not None else None
        ref = None
        if tournament is not None and index is not None:
            if tournament.id not in schedules:
                schedules[tournament.id] = {f.index: f for f in store.fixtures(tournament.id)}
            ref = _ref(tournament, schedules[tournament.id][index])
        if not public:
            yield with_positions(PortableMatch(record, ref), every=every_position)
            continue
        shown = disclose_match(
            record, None if tournament is None else (tournament.spec, tournament.status)
        )
        yield with_positions(
            PortableMatch(shown.record, ref, shown.seed_withheld, shown.moves_withheld),
            every=every_position,
        )


def with_positions(match: PortableMatch, *, every: bool = False) -> PortableMatch:
    """The match with its position digests (the deal and the end, or `every` position), when
    its seed and moves are shown."""
    if match.seed_withheld or match.moves_withheld:
        return match
    return replace(match, positions=position_digests(match, every=every))


def _ref(tournament: StoredTournament, fixture: Fixture) -> TournamentRef:
    return TournamentRef(
        tournament.id,
        tournament.spec,
        tournament.status,
        fixture,
        tournament.created_at,
        tournament.finished_at,
    )


def write_records(matches: Iterable[PortableMatch], out: TextIO) -> int:
    """Write records as JSON Lines; how many."""
    count = 0
    for match in matches:
        out.write(to_line(match) + "\n")
        count += 1
    return count


def read_records(lines: Iterable[str]) -> list[PortableMatch]:
    """Read and replay every record; RecordError (line, ply, reason) at the first bad one."""
    out = []
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        match = from_line(text, number)
        try:
            validate(match)
        except RecordError as exc:
            raise RecordError(exc.reason, line=number, ply=exc.ply) from None
        out.append(replace(match, extra={**match.extra, "line": number}))
    return out


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What an import stored: matches, and each tournament's id in the file and here."""

    matches: int
    tournaments: tuple[tuple[int, int], ...]  # (id in the file, new id)


def import_records(store: Store, lines: Iterable[str], *, owner: str | None) -> ImportReport:
    """Validate every record, then store them all in one transaction (or nothing); the
    tournaments imported belong to `owner`."""
    return import_matches(store, read_records(lines), owner=owner)


def import_matches(
    store: Store, matches: list[PortableMatch], *, owner: str | None
) -> ImportReport:
    """Store records read by read_records, all in one transaction (or nothing); the
    tournaments imported belong to `owner`."""
    batch = plan_import(matches)
    _refuse_known_tournaments(store, batch)
    for match in matches:  # tournament matches get fresh ids; the others keep theirs
        if match.tournament is None and store.has_match(match.record.match_id):
            raise RecordError(
                f"match {match.record.match_id} is already stored in {store.location}",
                line=_line(match),
            )
    new_ids = store.import_matches(batch, owner=owner)
    sources = [m for m in batch if isinstance(m, ImportedTournament)]
    pairs = tuple((t.source_id, tid) for t, tid in zip(sources, new_ids, strict=True))
    return ImportReport(len(matches), pairs)


def _refuse_known_tournaments(store: Store, batch: list[ImportedTournament | MatchRecord]) -> None:
    """RecordError for a tournament stored here already (same definition, same creation time):
    importing a file twice must not count its matches twice."""
    known = [(_identity(t.spec), t.created_at, t.id) for t in store.tournaments()]
    for item in batch:
        if not isinstance(item, ImportedTournament):
            continue
        for spec, created_at, tid in known:
            if spec == _identity(item.spec) and created_at == item.created_at:
                raise RecordError(
                    f"tournament {item.source_id} of the file is already here "
                    f"(tournament {tid}): nothing imported"
                )


def _identity(spec: TournamentSpec) -> TournamentSpec:
    # bot commands are local business (not exported), so they do not tell tournaments apart
    return replace(spec, bots=tuple(BotEntry(b.name) for b in spec.bots))


def plan_import(matches: list[PortableMatch]) -> list[ImportedTournament | MatchRecord]:
    """Tournaments (by their id in the file) with their matches checked against the rebuilt
    schedule, then the matches outside any tournament; RecordError names the bad line."""
    groups: dict[int, list[PortableMatch]] = {}
    loose: list[MatchRecord] = []
    loose_ids: set[str] = set()
    for match in matches:
        if match.tournament is None:
            if match.record.match_id in loose_ids:
                raise RecordError(
                    f"match {match.record.match_id} is given twice", line=_line(match)
                )
            loose_ids.add(match.record.match_id)
            loose.append(match.record)
        else:
            groups.setdefault(match.tournament.source_id, []).append(match)
    batch: list[ImportedTournament | MatchRecord] = [
        _plan_tournament(groups[source]) for source in sorted(groups)
    ]
    return batch + list(loose)


def _plan_tournament(group: list[PortableMatch]) -> ImportedTournament:
    first = group[0].tournament
    assert first is not None
    try:
        spec = normalize_spec(first.spec)
        # A round format's rounds follow from its matches: replayed from the exported ones.
        exported = {m.tournament.fixture.index: m.record for m in group if m.tournament is not None}
        schedule = tuple(
            replace(f, tournament_id=first.source_id)
            for f in schedule_so_far(spec, start_seat_of(spec), exported)
        )
    except Exception as exc:  # a definition this arena cannot schedule
        raise RecordError(
            f"tournament {first.source_id} cannot be scheduled: {exc}", line=_line(group[0])
        ) from None
    seen: set[int] = set()
    played = []
    for match in group:
        ref = match.tournament
        assert ref is not None
        if ref.spec != first.spec or ref.status != first.status:
            raise RecordError(
                f"tournament {ref.source_id} is defined differently on another line",
                line=_line(match),
            )
        index = ref.fixture.index
        fixture = schedule[index] if 0 <= index < len(schedule) else None
        if (
            fixture is None
            or fixture.seats != match.record.players
            or (fixture.seed != match.record.seed)
        ):
            raise RecordError(
                f"match {match.record.match_id} does not play fixture {index} of tournament "
                f"{ref.source_id} (its seats or seed differ from the schedule)",
                line=_line(match),
            )
        if index in seen:
            raise RecordError(
                f"fixture {index} of tournament {ref.source_id} is played twice",
                line=_line(match),
            )
        seen.add(index)
        played.append((match.record, index))
    status = Status.INTERRUPTED if first.status is Status.RUNNING else first.status
    return ImportedTournament(
        spec, schedule, status, first.created_at, first.finished_at, tuple(played), first.source_id
    )


def _line(match: PortableMatch) -> int | None:
    line = match.extra.get("line")
    return None if line is None else int(line)
