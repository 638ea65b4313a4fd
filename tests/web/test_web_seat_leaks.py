"""A person's seat page shows exactly that seat's view: the resample check of arena.games.leaks with
the seat as viewer (nothing on the page changes when what the seat cannot see is re-dealt),
and the seat's own hidden holdings are on it (Arctic Scavengers' cards, Epizodiak's tiles)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from arena.core.game import Game
from arena.core.registry import ENTRIES, GameEntry, get_game, load_part
from arena.games.leaks import picture_leaks
from arena.rpc.wire.convert import view_from_pb, view_to_pb
from arena.web.boards import LastMove
from arena.web.seat_page import decision_html

PLAYERS = ["<i>me</i>", "one", "two", "three", "four", "five"]


def seat_html(game: Game[Any, Any], state: Any, seat: int, last: tuple[int, str] | None) -> str:
    """The page of `seat` at a position: its view as its DecisionRequest carries it, and its
    legal moves when it is to move."""
    view = view_from_pb(game.name, view_to_pb(game.name, game.view(state, seat)))
    moves = game.legal_moves(state, seat) if seat in game.to_move(state) else ()
    n = len(view.get("players", [])) or 6
    move = LastMove(*last) if last is not None else None
    board, picker = decision_html(game.name, view, moves, PLAYERS[:n], move, "", "/play/x", 7)
    return board + picker


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_a_seat_page_does_not_change_when_what_the_seat_cannot_see_is_dealt_again(
    entry: GameEntry, seat: int
) -> None:
    game, resample = get_game(entry.name), load_part(entry.sampling)
    report = picture_leaks(
        game, resample, lambda state, last: seat_html(game, state, seat, last),
        seeds=range(2), every=4, viewer=seat,
    )  # fmt: skip
    assert report.leaks == [], report.leaks[0].ply
    assert report.plies > 15


def _middle(name: str, n: int, seed: int) -> tuple[Game[Any, Any], Any, int]:
    """A position half-way through a random game, and the seat to move there."""
    game = get_game(name)
    rng = random.Random(seed)
    state = game.setup(n, game.options_type(), random.Random(seed))
    positions = []
    while game.outcome(state) is None:
        seat = rng.choice(game.to_move(state))
        positions.append((state, seat))
        state = game.play(state, seat, rng.choice(list(game.legal_moves(state, seat))))
    state, seat = positions[len(positions) // 2]
    return game, state, seat


def test_arctic_scavengers_shows_the_seat_its_own_cards_and_nobody_elses() -> None:
    game, state, seat = _middle("arctic_scavengers", 3, 5)
    html = seat_html(game, state, seat, None)
    own = re.search(r'<div class="own-hand">(.*?)</div>', html, re.S)
    assert own is not None
    view = game.view(state, seat)
    for zone, key in (("hand", "hand"), ("deck", "deck_cards"), ("discard", "discard_cards")):
        row = re.search(rf'<tr data-zone="{zone}">(.*?)</tr>', own.group(1), re.S)
        assert row is not None
        assert re.findall(r'data-card="([^"]+)"', row.group(1)) == list(view[key])
    others = [game.view(state, s)["hand"] for s in range(3) if s != seat]
    spectator = game.view(state, None)
    assert spectator.get("hand") in ([], None) and all(others)  # hidden from spectators


def test_epizodiak_shows_the_seat_its_own_tiles() -> None:
    game, state, seat = _middle("epizodiak", 3, 2)
    html = seat_html(game, state, seat, None)
    tiles = [int(t) for t in re.findall(r'class="ep-own-tile" data-value="(\d+)"', html)]
    assert tiles == list(game.view(state, seat)["hand"]) and tiles
    other = (seat + 1) % 3  # another seat's page: its own tiles, never these
    html = seat_html(game, state, other, None)
    shown = [int(t) for t in re.findall(r'class="ep-own-tile" data-value="(\d+)"', html)]
    assert shown == list(game.view(state, other)["hand"])


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_a_seat_to_move_gets_a_button_for_every_legal_move_within_a_few_clicks(
    entry: GameEntry,
) -> None:
    game = get_game(entry.name)
    n = max(game.min_players, 2)
    _, state, seat = _middle(entry.name, n, 3)
    html = seat_html(game, state, seat, None)
    legal = list(game.legal_moves(state, seat))
    moves = [int(i) for i in re.findall(r'data-move="(\d+)"', html)]
    groups = re.findall(r'data-prefix="([^"]+)"', html)
    assert moves or groups
    assert all(0 <= i < len(legal) for i in moves)
    assert 'name="request" value="7"' in html and "&lt;i&gt;me&lt;/i&gt;" in html
