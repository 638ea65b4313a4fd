"""arena/app/brackets.py: a knockout's bracket read back from a tournament report (the match rows
and the standings) is the bracket the tournament module plays (arena/tournament/knockout.py,
from the true seeding and encounters): the same tables stage by stage, the same tie-break
replays, byes and winners, after every stored match of seeded tournaments whose tables tie
now and then."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from app_helpers import play, spec, tournament

from arena.app.brackets import Bracket, bracket_of, stage_name
from arena.app.reports import tournament_report
from arena.app.running import left_to_play
from arena.store import Store
from arena.tournament import Format, TournamentSpec
from arena.tournament.encounters import encounters_from
from arena.tournament.formats import played_pairs
from arena.tournament.formats.base import seeding_of
from arena.tournament.formats.swiss_knockout import bracket as swiss_bracket
from arena.tournament.formats.swiss_knockout import top_of
from arena.tournament.knockout import knockout_placings, knockout_rounds

Expected = list[tuple[list[tuple[tuple[str, ...], int, str | None]], tuple[str, ...]]]


def expected(store: Store, tid: int, s: TournamentSpec) -> Expected:
    """Per stage: each table (its bots, its replays, who went on) and the stage's byes, from the
    tournament module's own bracket."""
    pairs = played_pairs(store.fixtures(tid), store.tournament_matches(tid))
    played = encounters_from(pairs)
    k = s.table_size
    if s.format == "knockout":
        field, shift = list(seeding_of(s)), 0
    else:
        shift = s.rounds
        if not any(f.cycle >= shift for f, _ in pairs):
            return []  # the Swiss is still on
        swiss = [e for e in played if e.round < shift]
        field = swiss_bracket(s, swiss)
        played = [replace(e, round=e.round - shift) for e in played if e.round >= shift]
    started = {(f.cycle - shift, f.table) for f, _ in pairs}  # tables with a game played
    plans = knockout_rounds(field, k, played)
    out_in = {p.bot: p.out_in_stage for p in knockout_placings(field, k, played)}
    stages: Expected = []
    for plan in plans:
        known = {t for tables, _ in stages[-1:] for t, _, _ in tables}
        if stages and set(plan.tables) <= known:  # a tie-break replay of the stage's tables
            tables, byes = stages[-1]
            replayed = {t for i, t in enumerate(plan.tables) if (plan.round, i) in started}
            stages[-1] = ([(t, r + (t in replayed), w) for t, r, w in tables], byes)
            continue
        stage = len(stages)
        tables = []
        for t in plan.tables:
            out = [b for b in t if out_in.get(b) == stage]
            winner = next(b for b in t if b not in out) if out else None
            tables.append((t, 0, winner))
        stages.append((tables, tuple(plan.byes)))
    return stages


def shown(bracket: Bracket | None) -> Expected:
    if bracket is None:
        return []
    return [
        ([(t.bots, t.replays, t.winner) for t in stage.tables], stage.byes)
        for stage in bracket.stages
    ]


def run(store: Store, s: TournamentSpec, seed: int) -> int:
    """Play a tournament match by match (random ranks, a tie now and then), checking the bracket
    of the report after each; the number of tie-break replays met."""
    stored, _ = tournament(store, s)
    s = stored.spec
    rng = random.Random(seed)
    while todo := left_to_play(store, stored.id, s):
        for fixture in todo:
            n = len(fixture.seats)
            ranks = tuple(rng.sample(range(1, n + 1), n)) if rng.random() < 0.7 else (1,) * n
            play(store, fixture, ranks)
            report = tournament_report(store, stored.id, with_matches=True)
            want = expected(store, stored.id, s)
            got = shown(bracket_of(report))
            # The report holds the matches played, not the fixtures planned: a table shows
            # from its first game on, and the byes once every first-stage table has.
            assert len(got) <= len(want)
            for stage, ((tables, byes), (want_tables, want_byes)) in enumerate(
                zip(got, want, strict=False)
            ):
                # a table's winner may show before the tournament module moves it on (at the
                # end of its stage), never another bot
                assert [t[:2] for t in tables] == [t[:2] for t in want_tables[: len(tables)]]
                for (*_, winner), (*_, wanted) in zip(tables, want_tables, strict=False):
                    assert winner == wanted or wanted is None
                first_full = stage == 0 and len(tables) == len(want_tables)
                assert set(byes) == (set(want_byes) if first_full else set())
    final = shown(bracket_of(tournament_report(store, stored.id, with_matches=True)))
    want = expected(store, stored.id, s)
    assert [(t, set(b)) for t, b in final] == [(t, set(b)) for t, b in want]
    assert final[-1][0][0][2] is not None  # the final's winner
    return sum(r for tables, _ in final for _, r, _ in tables)


@pytest.mark.parametrize(
    ("bots", "table_size"), [(8, 2), (5, 2), (7, 3)], ids=["8 at 2", "5 at 2 (byes)", "7 at 3"]
)
def test_a_knockout_s_bracket_is_the_one_the_tournament_plays(
    tmp_path: Path, bots: int, table_size: int
) -> None:
    met = 0
    for seed in range(3):
        with Store.open(str(tmp_path / f"k{seed}.db")) as store:
            names = [f"b{i}" for i in range(bots)]
            s = spec(*names, seed=seed, fmt=Format.KNOCKOUT, table_size=table_size)
            met += run(store, s, seed)
    assert met > 0  # the seeds above replay a tied table somewhere


def test_a_swiss_knockout_s_bracket_is_its_top_four_s_after_the_swiss(tmp_path: Path) -> None:
    names = [f"b{i}" for i in range(6)]
    with Store.open(str(tmp_path / "sk.db")) as store:
        s = spec(*names, seed=5, fmt=Format("swiss-knockout"))
        run(store, s, 5)
        report = tournament_report(store, 1, with_matches=True)
        bracket = bracket_of(report)
        assert bracket is not None and bracket.field == top_of(report_spec(store)) == 4
        assert [stage.name for stage in bracket.stages] == ["semi-finals", "final"]
        semis = {b for t in bracket.stages[0].tables for b in t.bots}
        top = {row.bot for row in report.standings if row.place <= 4}
        assert semis == top


def report_spec(store: Store) -> TournamentSpec:
    return store.tournament(1).spec


def test_no_bracket_for_a_format_without_one_or_a_report_without_its_matches(
    tmp_path: Path,
) -> None:
    with Store.open(str(tmp_path / "rr.db")) as store:
        stored, fixtures = tournament(store, spec("a", "b", "c"))
        play(store, fixtures[0], (1, 2))
        assert bracket_of(tournament_report(store, stored.id, with_matches=True)) is None
        stored, fixtures = tournament(store, spec(*"abcd", fmt=Format.KNOCKOUT))
        play(store, fixtures[0], (1, 2))
        assert bracket_of(tournament_report(store, stored.id)) is None  # no match rows
        assert bracket_of(tournament_report(store, stored.id, with_matches=True)) is not None


def test_stages_are_named_as_players_name_them() -> None:
    assert [stage_name(s, 3, 2) for s in range(3)] == ["quarter-finals", "semi-finals", "final"]
    assert stage_name(0, 4, 2) == "stage 1 of 4"
    assert [stage_name(s, 2, 3) for s in range(2)] == ["stage 1 of 2", "final"]
