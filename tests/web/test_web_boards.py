"""The web boards without a browser: no board shows more than the spectator view (the resample
check of arena.games.leaks over seeded playouts of every game), every board shows whose turn it is,
the last move and the result, and each game's own markings read as its notation says."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from arena.app.publicity import spectator_json
from arena.core.game import Game, parse_options
from arena.core.registry import ENTRIES, GameEntry, get_game, load_part
from arena.core.values import Outcome
from arena.games.azul.state import end_bonus as azul_end_bonus
from arena.games.azul.strategy import move_value as azul_move_value
from arena.games.azul.view import wall_rows as view_wall_rows
from arena.games.epizodiak.rounds import end_round as ep_end_round
from arena.games.leaks import picture_leaks
from arena.web.boards import LastMove, Result, Scene, draw
from arena.web.boards.arctic_scavengers import BY_CODE, card
from arena.web.boards.arctic_scavengers import values as arctic_values
from arena.web.boards.azul import EndBonus, end_bonus
from arena.web.boards.epizodiak import last_values
from arena.web.boards.hypnosia import last_move_spaces
from arena.web.boards.hypnosia_rings import rings, space_name

PLAYERS = ["<b>zero</b>", "one", "two", "three", "four", "five"]


def board_html(game: Game[Any, Any], state: Any, last: tuple[int, str] | None) -> str:
    """The page's board of a position: drawn from the spectator view as the wire carries it."""
    view = json.loads(spectator_json(game, state))
    outcome = game.outcome(state)
    result = None
    if outcome is not None:
        result = Result(outcome.ranks, outcome.scores, outcome.points, outcome.termination.value)
    move = LastMove(*last) if last is not None else None
    n = len(game.view(state, None).get("players", [])) or 6
    return draw(game.name, view, PLAYERS[:n], game.render(state, None), move, result)


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_no_board_changes_when_what_spectators_cannot_see_is_dealt_again(
    entry: GameEntry,
) -> None:
    game, resample = get_game(entry.name), load_part(entry.sampling)
    report = picture_leaks(
        game, resample, lambda state, last: board_html(game, state, last), seeds=range(3), every=3
    )
    assert report.leaks == [], report.leaks[0].ply
    assert report.plies > 30


Playout = tuple[Game[Any, Any], list[Any], list[tuple[int, str]]]


def _playout(name: str, n: int, seed: int) -> Playout:
    game = get_game(name)
    rng = random.Random(seed)
    state = game.setup(n, game.options_type(), random.Random(seed))
    states, plies = [state], []
    while game.outcome(state) is None:
        seat = rng.choice(game.to_move(state))
        move = rng.choice(list(game.legal_moves(state, seat)))
        plies.append((seat, game.public_move(state, seat, move)))
        state = game.play(state, seat, move)
        states.append(state)
    return game, states, plies


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_every_board_says_whose_turn_the_last_move_and_at_the_end_who_won(
    entry: GameEntry,
) -> None:
    game = get_game(entry.name)
    n = max(3, game.min_players) if game.max_players >= 3 else 2
    _, states, plies = _playout(entry.name, n, 4)
    middle = len(plies) // 2
    html = board_html(game, states[middle], plies[middle - 1])
    assert 'class="turn">To move: ' in html
    seat, text = plies[middle - 1]
    last = re.search(r'<p class="last-move" data-seat="(\d+)">(.*?)</p>', html)
    assert last is not None and int(last.group(1)) == seat
    assert f"<code>{text}</code>" in last.group(2)
    assert "&lt;b&gt;zero&lt;/b&gt;" in html and "<b>zero</b>" not in html  # names escaped

    final = board_html(game, states[-1], plies[-1])
    outcome = game.outcome(states[-1])
    assert isinstance(outcome, Outcome)
    ranks = [int(r) for r in re.findall(r'<tr data-seat="\d+" data-rank="(\d+)"', final)]
    seats = [int(s) for s in re.findall(r'<tr data-seat="(\d+)" data-rank="\d+"', final)]
    assert sorted(zip(seats, ranks, strict=True)) == list(enumerate(outcome.ranks))
    assert 'class="winner-line">Game over: ' in final and "To move" not in final
    winners = [s for s, r in enumerate(outcome.ranks) if r == 1]
    assert final.count('class="rank-badge winner"') >= len(winners)


def test_the_number_says_nobody_is_writing_once_the_game_is_over() -> None:
    game, states, plies = _playout("the_number", 3, 2)
    assert "writing…" in board_html(game, states[len(states) // 2], None)
    final = board_html(game, states[-1], plies[-1])
    assert "writing" not in final and "To move" not in final


def test_hypnosia_marks_where_a_move_starts_and_lands_as_the_notation_reads() -> None:
    game = get_game("hypnosia")
    view = game.view(game.setup(3, game.options_type(), random.Random(1)), None)
    all_rings = rings(view["board"])

    def spaces(seat: int, text: str) -> tuple[str | None, str | None]:
        start, landing = last_move_spaces(Scene(view, ["a", "b", "c"], LastMove(seat, text)))
        name = {None: None, -2: "centre"}
        return (
            name.get(start, space_name(start, all_rings) if start is not None else None),
            name.get(landing, space_name(landing, all_rings) if landing is not None else None),
        )

    # The examples of docs/games/hypnosia.md (seat 0; seat 1 enters at A8).
    assert spaces(0, "6 S4") == (None, "A2")
    assert spaces(1, "1 S1") == (None, "A8")
    assert spaces(0, "4 A5") == ("A5", "A9")
    assert spaces(0, "4 A7 in") == ("A7", "B3")
    assert spaces(0, "3 A46") == ("A46", "A1")
    assert spaces(0, "1 C3 in") == ("C3", "centre")
    assert spaces(0, "2 B5 x2 in") == ("B5", "C1")


def test_hypnosia_labels_every_space_by_its_name_in_the_notation() -> None:
    game = get_game("hypnosia")
    view = game.view(game.setup(2, game.options_type(), random.Random(1)), None)
    html = draw("hypnosia", view, ["a", "b"], "")
    names = re.findall(r'<circle class="hy-space[^"]*" data-space="(\w+)"', html)
    assert len(names) == 48 + 36 + 24
    assert {"A0", "A47", "B0", "B35", "C0", "C23"} <= set(names)
    assert html.count('class="hy-slot filled"') == 2 * 4  # every pawn starts in its slots


def test_epizodiak_marks_the_tiles_a_placement_laid_and_the_set_it_scored() -> None:
    view: dict[str, Any] = {"picked": 0}
    assert last_values(Scene(view, [], LastMove(0, "place cw 11 12 1"))) == ({11, 12, 1}, set())
    assert last_values(Scene(view, [], LastMove(0, "place ccw 4"))) == ({4}, set())
    assert last_values(Scene(view, [], LastMove(0, "set 9"))) == (set(), {9})
    assert last_values(Scene(view, [], LastMove(0, "contest 4"))) == (set(), {4})
    assert last_values(Scene(view, [], LastMove(0, "draw"))) == (set(), set())
    assert last_values(Scene({"picked": 5}, [], LastMove(0, "pickup"))) == ({5}, set())


def test_azul_end_bonus_counts_rows_columns_and_colours_of_a_wall() -> None:
    wall = ["BYRKW", "WBYRK", "KWB.R", "RKWBY", "Y.KWB"]
    # rows 1, 2, 4; columns 1, 3, 5; blue, black and white (4 yellows, 4 reds)
    assert end_bonus(wall) == EndBonus(rows=3, columns=3, colours=3)
    assert end_bonus(wall).total == 3 * 2 + 3 * 7 + 3 * 10
    assert end_bonus(["....."] * 5).total == 0


def _greedy_azul(seed: int) -> tuple[Game[Any, Any], Any]:
    """A 2-player Azul game to its end, each seat taking its greedy move (ties drawn)."""
    game = get_game("azul")
    rng = random.Random(seed)
    state = game.setup(2, game.options_type(), random.Random(seed))
    while game.outcome(state) is None:
        seat = game.to_move(state)[0]
        view = game.view(state, seat)
        moves = list(game.legal_moves(state, seat))
        best = max(azul_move_value(view, seat, m) for m in moves)
        state = game.play(
            state, seat, rng.choice([m for m in moves if azul_move_value(view, seat, m) == best])
        )
    return game, state


@pytest.mark.parametrize("seed", range(6))
def test_azul_final_board_breaks_down_the_engine_s_end_bonus(seed: int) -> None:
    game, state = _greedy_azul(seed)
    outcome = game.outcome(state)
    assert outcome is not None
    html = board_html(game, state, None)
    tables = re.findall(r'<table class="az-bonus" data-total="(\d+)">(.*?)</table>', html)
    assert len(tables) == 2
    for seat, (total, rows) in enumerate(tables):
        engine_board = state.boards[seat]
        assert int(total) == azul_end_bonus(engine_board)
        cells = dict(re.findall(r'<tr data-bonus="(\w+)" data-points="(-?\d+)"', rows))
        parts = sum(int(cells[k]) for k in ("rows", "columns", "colours"))
        assert parts == azul_end_bonus(engine_board)
        assert int(cells["final"]) == outcome.scores[seat] == engine_board.score
        assert int(cells["before"]) + parts == outcome.scores[seat]
    assert "az-bonus" not in board_html(
        game, game.setup(2, game.options_type(), random.Random(seed)), None
    )


def test_azul_greedy_games_reach_every_kind_of_bonus() -> None:
    """The seeded games above are not all trivial: between them, columns and colours score."""
    kinds = set()
    for seed in range(6):
        _, state = _greedy_azul(seed)
        for board in state.boards:
            b = end_bonus(view_wall_rows(board))
            kinds |= {k for k in ("rows", "columns", "colours") if getattr(b, k)}
    assert kinds == {"rows", "columns", "colours"}


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"mode": "score7"},
        {"mode": "score7", "dial_double": True},
        {"score7_legacy": True, "mode": "score7"},
    ],
    ids=["one_round", "score7", "dial_double", "score7_legacy"],
)
def test_epizodiak_shows_each_seat_s_score_as_the_engine_would_score_it_now(
    options: dict[str, Any],
) -> None:
    """At every 7th position of seeded games: the score the board shows is the engine's own
    scoring of the round were it to end now with nobody going out (rounds.end_round), and at the
    end the engine's final scores."""
    game = get_game("epizodiak")
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.setup(3, parse_options(game, {k: str(v) for k, v in options.items()}),
                           random.Random(seed))  # fmt: skip
        ply = 0
        while True:
            outcome = game.outcome(state)
            if outcome is not None or ply % 7 == 0:
                html = board_html(game, state, None)
                table = html[html.index('class="data ep-players"') :]
                table = table[: table.index("</table>")]
                shown = [int(v) for v in re.findall(r'<td class="num score">(-?\d+)</td>', table)]
                if outcome is not None:
                    assert shown == [int(s) for s in outcome.scores]
                    assert "<th>final score</th>" in table
                    break
                assert shown == list(ep_end_round(state, (), capped=True).totals)
                checked += 1
            seat = rng.choice(game.to_move(state))
            state = game.play(state, seat, rng.choice(list(game.legal_moves(state, seat))))
            ply += 1
    assert checked > 30


def _face_values(html: str) -> dict[str, str]:
    return dict(
        re.findall(r'<span class="as-v" data-value="(\w+)"[^>]*>.*?</svg>([^<]+)</span>', html)
    )


def test_arctic_scavengers_card_faces_show_each_kind_s_values_with_their_icons() -> None:
    scavenger = card("SCA.2")
    assert 'data-card="SCA.2"' in scavenger and "as-person" in scavenger
    assert _face_values(scavenger) == {"draw": "1", "dig": "1", "hunt": "1", "fight": "1"}
    assert re.search(r'class="as-ppl"[^>]*>.*?</svg>1</span>', scavenger)
    assert _face_values(card("REF.1")) == {"dig": "0", "hunt": "0"}  # printed 0s show
    assert _face_values(card("WOL.1")) == {"hunt": "+3", "fight": "+2"}  # a tool's bonuses
    assert _face_values(card("SHO.1", shovel_dig=1)) == {"dig": "+1", "fight": "+1"}
    assert _face_values(card("MDK.1")) == {"medicine": "2"}
    assert "as-ppl" not in card("MDK.1") and "as-medicine" in card("MDK.1")
    assert "+2 any" in card("GRL.1") and "no use" in card("JUN.1")


def test_arctic_scavengers_board_draws_the_market_and_played_cards_as_faces() -> None:
    game, states, plies = _playout("arctic_scavengers", 3, 4)
    for state in states[::25]:
        view = game.view(state, None)
        html = board_html(game, state, None)
        for code, count in zip(view["stack_codes"], view["stacks"], strict=True):
            stack = re.search(rf'<div class="as-stack[^"]*" data-code="{code}".*?</div>', html)
            assert stack is not None and f'<span class="as-count">×{count}</span>' in stack.group()
            assert _face_values(stack.group()) == {a: t for a, t in arctic_values(BY_CODE[code])}
        for seat, p in enumerate(view["players"]):
            tribe = html[html.index('class="as-tribe') :]
            tribe = tribe[tribe.index(f'data-seat="{seat}"') :]
            zones = re.findall(
                r'<span class="as-pile" data-zone="(\w+)"[^>]*>.*?<b>(\d+)</b>', tribe
            )
            assert zones[:3] == [("deck", str(p["deck"])), ("discard", str(p["discard"])),
                                 ("hand", str(p["hand"]))]  # fmt: skip
