"""Issue 42, items 3-5, over plain HTTP against a real `arena serve --web`: the /play form says
who plays first as each game's rules say (checked against the engines), explains the built-in
opponents' levels and pace and offers short clocks; built-in search opponents get the pace as
their budget; a name a server holds is refused at once with the server's reason, and the form
comes back with the person's choices."""

from __future__ import annotations

import html
import os
import signal
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_helpers import PY, ROOT, Served, arena_with_web, call

from arena.core.game import new_game_state, parse_options
from arena.core.registry import get_game, list_games
from arena.v1 import arena_pb2 as pb
from arena.web import seats
from arena.web.play_form import BOT_PACE_MS, CLOCKS_S, FIRST_PLAYER, SIMULTANEOUS
from arena.web.seats import CONNECT_WAIT_S

SEEDS = range(30)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


OPENER = urllib.request.build_opener(_NoRedirect)


def get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=60) as reply:
        return str(reply.read().decode())


def post(url: str, fields: list[tuple[str, str]]) -> tuple[int, str]:
    """(status, body) of a form POST, redirects not followed."""
    data = urllib.parse.urlencode(fields).encode()
    try:
        with OPENER.open(url, data, timeout=60) as reply:
            return reply.status, reply.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    db = Path(tmp_path_factory.mktemp("play_form")) / "play_form.db"
    with arena_with_web(db) as s:
        yield s


@pytest.mark.parametrize("game", [g.name for g in list_games()])
def test_the_rules_word_for_the_first_player_is_what_the_engine_does(game: str) -> None:
    engine = get_game(game)
    for players in range(engine.min_players, engine.max_players + 1):
        options = parse_options(engine, {})
        firsts = {engine.to_move(new_game_state(engine, players, options, s)) for s in SEEDS}
        if game in SIMULTANEOUS:
            assert firsts == {tuple(range(players))}  # every seat decides at once
        else:  # one seat starts, drawn from the seed: several seats start over 30 seeds
            assert all(len(f) == 1 for f in firsts) and len(firsts) > 1, firsts
    assert game in FIRST_PLAYER


@pytest.mark.parametrize("game", [g.name for g in list_games()])
def test_every_games_seat_menu_says_who_plays_first(served: Served, game: str) -> None:
    form = get(f"{served.web}/play?game={game}")
    assert "first to play" not in form  # seat 0 starts in none of these games
    said = html.escape(f"Who plays first: {FIRST_PLAYER[game]}.", quote=False)
    assert f'<small class="note" id="first-player">{said}</small>' in form


def test_the_form_explains_the_levels_and_offers_short_clocks(served: Served) -> None:
    form = html.unescape(get(f"{served.web}/play?game=azul"))
    pace = f"{BOT_PACE_MS / 1000:g} s"
    assert f"boss: strongest, about {pace} a move" in form
    assert f"boss:1: search level 1 of 3 (weaker than boss), at most {pace} a move" in form
    assert "greedy: the best move for now, answers at once" in form
    assert '<option value="builtin:boss" selected>' in form  # the default opponent
    assert '<option value="5+20">5 s a move + a 20 s bank</option>' in form
    assert min(per_move for per_move, _bank in CLOCKS_S.values()) <= 5


def test_built_in_search_opponents_get_the_pace_as_their_budget(monkeypatch) -> None:
    made: list[tuple[str, dict[str, Any]]] = []
    real = seats.make_policy

    def recording(game: str, strategy: str, seed: int | None = None, **settings: Any) -> Any:
        made.append((strategy, settings))
        return real(game, strategy, seed, **settings)

    monkeypatch.setattr(seats, "make_policy", recording)
    for strategy in ("boss", "boss:1", "boss:3", "greedy", "random"):
        seats.paced_policy("azul", strategy, 1)
    budgets = {s: settings.get("budget_ms") for s, settings in made}
    assert budgets["boss"] == budgets["boss:1"] == budgets["boss:3"] == BOT_PACE_MS
    assert budgets["greedy"] is None and budgets["random"] is None  # they answer at once


def test_a_name_the_server_still_holds_is_refused_at_once_with_its_reason(
    served: Served,
) -> None:
    # A bot named 'ghost' leaves; the open server keeps its name for its token 30 s, so the
    # web's check of the connected bots passes and the server's Hello refuses the seat.
    ghost = subprocess.Popen(
        [PY, str(ROOT / "bots" / "random_bot.py"), "--address", served.address, "--name", "ghost"],
        env={**os.environ, "ARENA_TOKEN": "ghost-token"},
        stderr=subprocess.DEVNULL,
    )
    try:
        served.wait_for_bots({"ghost"})
    finally:
        os.kill(ghost.pid, signal.SIGKILL)
        ghost.wait()
    while "ghost" in {b.name for b in call(served.address, "ListBots", pb.ListBotsRequest()).bots}:
        time.sleep(0.1)
    fields = [("game", "lucky_numbers"), ("name", "ghost"), ("seat", "1"), ("clock", "10+60"),
              ("opponent", "builtin:greedy"), ("option:setup", "michael")]  # fmt: skip
    started = time.monotonic()
    status, body = post(served.web + "/play", fields)
    waited = time.monotonic() - started
    text = html.unescape(body)
    assert status == 400, text[-600:]
    assert "the name 'ghost' is held by another bot on this server" in text  # the server's words
    assert waited < CONNECT_WAIT_S  # said at once, not after the seat's connection gave up
    # the person's choices are kept
    assert 'value="ghost"' in text
    assert '<option value="builtin:greedy" selected>' in text
    assert '<option value="1" selected>seat 1</option>' in text
    assert '<option value="10+60" selected>' in text
    assert '<option value="michael" selected>michael</option>' in text
