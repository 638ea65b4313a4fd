"""arena.app.matches: a stored match as an audience may see it, and its replay frame by frame."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from app_helpers import GAME, finish, play, record, spec, tournament

from arena.app.matches import (
    Replay,
    ReplayHeader,
    disclosed_match,
    header_of,
    record_replay,
    record_tournament,
    stored_replay,
    tournament_state,
)
from arena.app.publicity import Disclosure, FrameKind, public_record_moves
from arena.app.reports import Audience
from arena.core.game import parse_options, replay
from arena.core.registry import get_game
from arena.errors import ForbiddenError, UnknownMatchError
from arena.store import Store
from arena.tournament import Status
from arena.tournament.schedule import Deals


@pytest.fixture
def store(tmp_path: Path):
    with Store.open(str(tmp_path / "arena.db")) as opened:
        yield opened


def test_a_match_belongs_to_the_tournament_its_row_names(store: Store) -> None:
    t, fixtures = tournament(store, spec())
    played = play(store, fixtures[0], (1, 2))
    loose = record("loose", ("ann", "bob"))
    store.save_match(loose)
    assert record_tournament(store, played) == t.id
    assert record_tournament(store, loose) is None
    assert tournament_state(store, loose) is None
    state = tournament_state(store, played)
    assert state is not None and state[1] is Status.CREATED and state[0].seed == 42


def test_a_records_metadata_never_moves_it_to_another_tournament(store: Store) -> None:
    # The matches row says where a match belongs; a record's free-form metadata must not
    # (a record naming a finished tournament would have its unfinished one's seed shown).
    done, _ = tournament(store, spec(seed=1))
    finish(store, done.id)
    running, fixtures = tournament(store, spec(seed=2))
    claims = play(store, fixtures[0], (1, 2), metadata={"tournament_id": done.id})
    assert record_tournament(store, claims) == running.id
    shown = disclosed_match(store, claims.match_id, Audience.PUBLIC)
    assert shown.seed_withheld and shown.record.seed == 0


def test_the_owner_sees_the_whole_record_the_public_what_publicity_allows(store: Store) -> None:
    t, fixtures = tournament(store, spec())
    played = play(store, fixtures[0], (1, 2))
    assert disclosed_match(store, played.match_id, Audience.OWNER) == Disclosure(played)
    public = disclosed_match(store, played.match_id, Audience.PUBLIC)
    assert public.seed_withheld and not public.moves_withheld  # independent deals
    # the moves as the public saw them: a Lucky Numbers draw names its tile face up
    assert public.record.seed == 0 and public.record.moves == public_record_moves(played)
    assert public.record.moves[0].move.startswith("draw ")
    finish(store, t.id)
    assert disclosed_match(store, played.match_id, Audience.PUBLIC) == Disclosure(played)


def test_duplicate_deals_hide_the_moves_until_the_tournament_is_finished(store: Store) -> None:
    t, fixtures = tournament(store, spec(deals=Deals.DUPLICATE))
    played = play(store, fixtures[0], (1, 2))
    public = disclosed_match(store, played.match_id, Audience.PUBLIC)
    assert public.seed_withheld and public.moves_withheld and public.record.moves == ()
    withheld = stored_replay(store, played.match_id, Audience.PUBLIC)
    assert withheld.moves_withheld and withheld.header.seed is None
    assert [f.kind for f in withheld.frames] == [FrameKind.END] and withheld.frames[
        0
    ].view_json == ""
    assert withheld.outcome == played.outcome
    finish(store, t.id)
    shown = stored_replay(store, played.match_id, Audience.PUBLIC)
    assert not shown.moves_withheld and shown.header.seed == played.seed


def test_an_unknown_match_is_an_error_for_every_audience(store: Store) -> None:
    for audience in Audience:
        with pytest.raises(UnknownMatchError, match="no match 'nope'"):
            disclosed_match(store, "nope", audience)
        with pytest.raises(UnknownMatchError):
            stored_replay(store, "nope", audience)


def test_a_header_names_the_match_and_withholds_its_seed_when_the_disclosure_does() -> None:
    r = record("m1", ("ann", "bob"), seed=9)
    assert header_of(Disclosure(r), 4) == ReplayHeader("m1", GAME, ("ann", "bob"), {}, 9, 4)
    assert header_of(Disclosure(r, seed_withheld=True)).seed is None


def test_a_replay_is_start_each_decision_and_end_as_a_spectator_sees_it(store: Store) -> None:
    loose = record("loose", ("ann", "bob"), seed=11)
    store.save_match(loose)
    shown = stored_replay(store, "loose", Audience.PUBLIC)  # outside a tournament: public
    assert shown.header == ReplayHeader("loose", GAME, ("ann", "bob"), {}, 11, None)
    kinds = [(f.kind, f.ply) for f in shown.frames]
    assert kinds == [(FrameKind.START, 0), (FrameKind.MOVE, 1), (FrameKind.END, 1)]
    first = loose.moves[0].seat
    assert shown.frames[1].move == public_record_moves(loose)[0]  # `draw 5`, as seen
    assert shown.frames[1].time_used_ms == tuple(1.5 if s == first else 0.0 for s in (0, 1))
    assert shown.outcome == loose.outcome and not shown.moves_withheld
    game = get_game(GAME)
    states = replay(game, 2, parse_options(game, {}), 11, [(loose.moves[0].seat, "draw")])
    spectator = [json.loads(f.view_json) for f in shown.frames]
    expected = [game.view(states[0], None), game.view(states[1], None), game.view(states[1], None)]
    assert spectator == json.loads(json.dumps(expected))


def test_a_seats_replay_shows_that_seats_own_view(store: Store) -> None:
    loose = record("loose", ("ann", "bob"), seed=11)
    store.save_match(loose)
    mine = stored_replay(store, "loose", Audience.OWNER, seat=1)
    game = get_game(GAME)
    states = replay(game, 2, parse_options(game, {}), 11, [(loose.moves[0].seat, "draw")])
    views = [json.loads(f.view_json) for f in mine.frames]
    assert views == json.loads(json.dumps([game.view(s, 1) for s in (*states, states[-1])]))
    assert [f.board for f in mine.frames] == [game.render(s, 1) for s in (*states, states[-1])]
    assert mine.frames[-1].outcome == loose.outcome


def test_a_seats_own_view_is_never_shown_to_the_public(store: Store) -> None:
    _, fixtures = tournament(store, spec())
    played = play(store, fixtures[0], (1, 2))
    with pytest.raises(ForbiddenError, match="seat"):
        stored_replay(store, played.match_id, Audience.PUBLIC, seat=0)


def test_a_replay_of_a_record_uses_its_real_seed_with_the_header_given() -> None:
    r = record("m", ("ann", "bob"), seed=11)
    hidden = ReplayHeader("m", GAME, ("ann", "bob"), {}, None)
    full = record_replay(r, hidden)
    assert isinstance(full, Replay) and full.header is hidden and len(full.frames) == 3
    spec_ = spec(deals=Deals.DUPLICATE)
    withheld = record_replay(r, hidden, (spec_, Status.RUNNING))
    assert withheld.moves_withheld and len(withheld.frames) == 1
    assert not record_replay(r, hidden, (spec_, Status.FINISHED)).moves_withheld
