"""Spectator frames and feeds without a network: what is withheld, slow watchers dropped, boards
drawn for every game, head-to-head and rating plots."""

from __future__ import annotations

import asyncio
import json

from arena.app.publicity import FrameKind, finished_frames, moves_public, public_record_moves
from arena.core.game import replay
from arena.core.players import random_policy
from arena.core.registry import ENTRIES, get_game
from arena.core.values import MatchRecord
from arena.games.lucky_numbers import GAME as LUCKY
from arena.games.testing import play_random_game
from arena.match.policy_runner import PolicyPlayer
from arena.match.referee import play_match
from arena.rpc.server.watching import MatchHeader, Watcher, WatchHub, WatchSettings
from arena.tournament.schedule import BotEntry, Deals, Status, TournamentSpec
from arena.v1 import arena_pb2 as pb
from arena.web.boards import draw
from arena.web.charts import rating_plot


def spec(deals: Deals) -> TournamentSpec:
    return TournamentSpec(
        game="lucky_numbers", bots=(BotEntry("a"), BotEntry("b")), seed=1, deals=deals
    )


def record() -> MatchRecord:
    players = [PolicyPlayer("a", random_policy(1)), PolicyPlayer("b", random_policy(2))]
    return asyncio.run(play_match(LUCKY, LUCKY.options_type(), 3, players, match_id="m"))


def test_moves_are_public_except_duplicate_deals_of_an_unfinished_tournament() -> None:
    assert moves_public(None)
    assert moves_public((spec(Deals.INDEPENDENT), Status.RUNNING))
    assert not moves_public((spec(Deals.DUPLICATE), Status.RUNNING))
    assert not moves_public((spec(Deals.DUPLICATE), Status.INTERRUPTED))
    assert moves_public((spec(Deals.DUPLICATE), Status.FINISHED))


def test_finished_frames_replay_every_move_or_only_the_outcome_when_withheld() -> None:
    rec = record()
    frames = finished_frames(rec, None)
    assert [f.kind for f in frames] == [
        FrameKind.START,
        *[FrameKind.MOVE] * len(rec.moves),
        FrameKind.END,
    ]
    assert [f.move for f in frames[1:-1]] == list(public_record_moves(rec))  # `draw 17`
    assert frames[-1].outcome == rec.outcome and "pot" not in json.loads(frames[-1].view_json)
    (only,) = finished_frames(rec, (spec(Deals.DUPLICATE), Status.RUNNING))
    assert only.kind is FrameKind.END and only.view_json == "" and only.board == ""
    assert only.outcome == rec.outcome


def test_a_watcher_that_does_not_read_is_dropped_and_the_match_plays_on() -> None:
    hub = WatchHub(WatchSettings(max_queued=5))
    header = MatchHeader("m", "lucky_numbers", {}, ("a", "b"), None)
    sink = hub.sink(header, LUCKY)
    feed = hub.feed("m")
    assert feed is not None
    stalled, reader = Watcher(5), Watcher(10_000)
    feed.subscribe(stalled)
    feed.subscribe(reader)
    players = [PolicyPlayer("a", random_policy(1)), PolicyPlayer("b", random_policy(2))]
    rec = asyncio.run(
        play_match(LUCKY, LUCKY.options_type(), 3, players, match_id="m", on_event=sink)
    )
    assert stalled.dropped.startswith("5 updates waiting") and stalled not in feed.watchers
    assert reader.queue.qsize() == len(rec.moves) + 2 + 1  # start, moves, end, then None
    assert hub.feed("m") is feed and "m" not in hub.feeds  # ended: kept a while for late comers
    kinds = [reader.queue.get_nowait() for _ in range(reader.queue.qsize())]
    assert kinds[-1] is None and kinds[-2] is not None
    assert kinds[-2][1].kind == pb.UPDATE_KIND_END


def test_every_game_draws_its_positions_as_html_and_unknown_ones_fall_back_to_text() -> None:
    for name in [entry.name for entry in ENTRIES]:
        game = get_game(name)
        n = max(2, game.min_players)
        moves, _final = play_random_game(game, n, game.options_type(), 5)
        states = replay(game, n, game.options_type(), 5, moves)
        for state in states[:: max(1, len(states) // 12)]:
            html = draw(name, game.view(state, None), [f"<p{i}>" for i in range(n)], "")
            assert html.startswith("<") and "<p0>" not in html and "&lt;p0&gt;" in html
    assert "withheld" in draw("lucky_numbers", None, ["a"], "")
    # A game the referee knows and this web app does not: its text picture, escaped.
    assert '<pre class="board-text">K&lt;.</pre>' in draw("chess", {"x": 1}, ["a"], "K<.")


def test_the_rating_plot_draws_both_lines() -> None:
    svg = rating_plot([(25.0, 8.3), (27.0, 7.0), (26.0, 6.5)])
    assert svg.count("<polyline") == 2 and "3 rated matches" in svg
    assert "no rated match" in rating_plot([])
