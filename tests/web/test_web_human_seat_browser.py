"""A person plays a whole match of each of the six games in a real headless Chromium, by clicks
alone, against built-in bots, on a real `arena serve --web`.

The page's server side is a bot connection like any other, so the referee rules, times and
stores the match: its record is read back with GetMatch and replayed by the engine to the same
outcome, and the spectators' page of the match shows that final position and winner. While the
person thinks, nothing else happens in the match: the spectators' clock of their seat counts
down between two updates, on the page alone, and so does the seat's own clock. The same match
is then played once more with the page's scripts off (every button is a form).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from board_dom import assert_final_board, final_position
from web_helpers import ARTIFACTS, Served, arena_with_web, browser, call, csp_refusals

from arena.core.game import parse_options, replay
from arena.core.registry import get_game
from arena.rpc.wire.convert import record_from_pb
from arena.v1 import arena_pb2 as pb

# Each game against built-in opponents (and one connected bot), the person in seat 0.
OPPONENTS: dict[str, list[str]] = {
    "lucky_numbers": ["builtin:greedy"],
    "azul": ["builtin:random"],
    "the_number": ["builtin:random", "connected"],
    "arctic_scavengers": ["builtin:greedy"],
    "hypnosia": ["builtin:greedy"],
    "epizodiak": ["builtin:greedy", "builtin:random"],
}
# Options set on the form: Hypnosia by random clicks runs for minutes without a round cap; The
# Number (played twice, by clicks then with scripts off) one round of its two.
OPTIONS: dict[str, dict[str, str]] = {
    "hypnosia": {"round_cap": "12"},
    "the_number": {"rounds": "1"},
}
VIEWPORT = {"width": 1200, "height": 900}
# On the first decision, a click on the board: (what, the attribute that holds the word of the
# moves it names). Azul's opponent may have moved first: a factory that still has tiles.
BOARD_CLICKS = {
    "azul": (".az-factory:has(.az-tile)", "data-source"),
    "arctic_scavengers": (".own-hand tr[data-zone='hand'] .card", "data-card"),  # its own card
}
SETTLED = """() => {
    const s = document.getElementById('seat');
    return s && (s.dataset.state === 'over' || s.dataset.state === 'failed' ||
        (s.dataset.state === 'your-move' && s.dataset.request !== %s));
}"""
FINAL_BOARD = "#seat-board[data-final='true']"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A server with one connected random bot (the built-in opponents connect with each
    match)."""
    db = Path(tmp_path_factory.mktemp("seats")) / "seats.db"
    with arena_with_web(db) as s:
        s.bot("bots/random_bot.py", "connected", "--seed", "1", "--max-matches", "4")
        s.wait_for_bots({"connected"})
        yield s


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """Debian's Chromium, headless."""
    with browser() as b:
        yield b


def shot(page: Any, name: str) -> None:
    """Keep a screenshot of the page as a test artifact."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def take_a_seat(page: Any, web: str, game: str, name: str) -> str:
    """From the games to the form, seated at seat 0: the match id."""
    page.goto(web + "/games")
    page.click("header nav >> text=Play")
    page.click(f"#play-games a[data-game='{game}']")
    page.fill("#name", name)
    for i, opponent in enumerate(OPPONENTS[game]):
        page.select_option(f"#opponent-{i}", opponent)
    page.select_option("#seat-choice", "0")
    for option, value in OPTIONS.get(game, {}).items():
        page.fill(f"#option-{option}", value)
    page.click("#start")
    page.wait_for_selector("#seat")
    return str(page.get_attribute("#seat", "data-match"))


def clock_ms(page: Any, selector: str) -> float:
    """The time left a clock shows (ms), of the first such clock."""
    return float(page.locator(selector).first.get_attribute("data-ms") or 0)


SEAT_0_THINKING = """() => [...document.querySelectorAll('#clocks tr')].some(
    row => row.querySelector('td.clock.thinking') !== null && row.cells[0].textContent === '0')"""


def spectators_clock_counts_down(chromium: Any, web: str, match_id: str) -> None:
    """The person is thinking: on the spectators' page, their seat's clock counts down with no
    update coming in."""
    page = chromium.new_page(viewport=VIEWPORT)
    page.goto(f"{web}/matches/{match_id}")
    # The stream replays every frame from the first: an opponent who moved first is shown
    # deciding until the frame of the person's decision has come (CI once saw seat 1's).
    page.wait_for_function(SEAT_0_THINKING, timeout=30_000)
    ply = page.get_attribute("#board", "data-ply")
    thinking = page.locator("#clocks tr", has=page.locator("td.clock.thinking"))
    assert thinking.locator("td").first.inner_text() == "0"  # seat 0: the person
    first = clock_ms(page, "#clocks td.clock.thinking")
    page.wait_for_timeout(500)
    second = clock_ms(page, "#clocks td.clock.thinking")
    assert page.get_attribute("#board", "data-ply") == ply  # no update in between
    assert 300 <= first - second <= 1500, (first, second)
    page.close()


def play_by_clicks(page: Any, rng: random.Random, *, scripts: bool = True) -> int:
    """Click until the match is over (a group of moves, or a move, at random): the clicks."""
    clicks = 0
    request = "''"
    while True:
        if scripts:
            page.wait_for_function(SETTLED % request, timeout=60_000)
        else:  # the page reloads itself every two seconds while others decide
            while page.get_attribute("#seat", "data-state") == "waiting":
                page.wait_for_timeout(100)
                page.reload()
        state = page.get_attribute("#seat", "data-state")
        if state != "your-move":
            assert state == "over", page.inner_text("#seat-status")
            return clicks
        request = repr(page.get_attribute("#seat", "data-request"))
        while True:  # narrow the list down to a move, then play it
            buttons = page.locator("#seat .picker button:not(.back)")
            count = buttons.count()
            assert count > 0, page.inner_text("#seat")
            button = buttons.nth(rng.randrange(count))
            prefix = button.get_attribute("data-prefix")
            if scripts:
                button.click()
            else:  # a form's submission: the next page, loaded (a click does not wait for it)
                with page.expect_navigation():
                    button.click()
            clicks += 1
            if prefix is None:
                break
            if scripts:
                page.wait_for_function(
                    "p => document.querySelector('.picker')?.dataset.prefix === p", arg=prefix
                )


def check_record(address: str, match_id: str, game: str, name: str) -> list[int]:
    """The stored record: the person in seat 0, and the engine replays it to its outcome."""
    message = call(address, "GetMatch", pb.GetMatchRequest(match_id=match_id))
    record = record_from_pb(message)
    assert record.game == game and record.players[0] == name
    capped = "round_cap" in OPTIONS.get(game, {})
    assert record.outcome.termination.value in ("normal", "turn_cap" if capped else ""), record
    for option, value in OPTIONS.get(game, {}).items():
        assert str(record.options[option]) == value
    engine = get_game(game)
    moves = [(m.seat, m.move) for m in record.moves]
    options = parse_options(engine, dict(record.options))
    last = replay(engine, len(record.players), options, record.seed, moves)[-1]
    outcome = engine.outcome(last)
    assert outcome is not None and outcome.ranks == record.outcome.ranks
    assert any(m.seat == 0 for m in record.moves)
    return list(record.outcome.ranks)


@pytest.mark.parametrize("game", OPPONENTS)
def test_a_person_plays_a_whole_match_by_clicks_alone(
    served: Served, chromium: Any, game: str
) -> None:
    page = chromium.new_page(viewport=VIEWPORT)
    refused = csp_refusals(page)
    name = f"alice-{game}"
    match_id = take_a_seat(page, served.web, game, name)
    page.wait_for_function(SETTLED % "''", timeout=60_000)
    assert page.get_attribute("#seat", "data-state") == "your-move"
    shot(page, f"seat-{game}-live")

    # The person thinks: both clocks of their seat count down, nothing else moves.
    spectators_clock_counts_down(chromium, served.web, match_id)
    first = clock_ms(page, "#seat-clock")
    page.wait_for_timeout(300)
    assert 150 <= first - clock_ms(page, "#seat-clock") <= 1500

    if game in BOARD_CLICKS:  # a thing on the board lists the moves that name it
        thing, attribute = BOARD_CLICKS[game]
        clicked = page.locator(f"#seat-board {thing}").first
        word = str(clicked.get_attribute(attribute))
        clicked.click()
        page.wait_for_function(
            "w => document.querySelector('.picker')?.dataset.pick === w", arg=word
        )
        texts = page.locator("#seat .picker button.move").all_inner_texts()
        assert texts and all(word in t.split() for t in texts), texts

    clicks = play_by_clicks(page, random.Random(game))
    assert clicks > 0
    page.wait_for_selector(FINAL_BOARD, timeout=60_000)
    ranks = check_record(served.address, match_id, game, name)
    seat_ranks = page.evaluate(
        """() => [...document.querySelectorAll('#seat-board .final-ranks tr[data-seat]')]
            .map(r => [Number(r.dataset.seat), Number(r.dataset.rank)])"""
    )
    assert [rank for _seat, rank in sorted(seat_ranks)] == ranks
    assert page.inner_text("#seat-status").startswith("Game over.")
    shot(page, f"seat-{game}-final")

    # The spectators' page of the same match: its final position and winner.
    spectators = chromium.new_page(viewport=VIEWPORT)
    spectators.goto(f"{served.web}/matches/{match_id}")
    spectators.wait_for_selector("body[data-ended='true']")
    view, final_ranks, _ = final_position(served.address, match_id)
    assert final_ranks == ranks
    assert_final_board(spectators, game, view, ranks)
    spectators.close()
    assert refused == []  # the seat's page ran under its Content-Security-Policy
    page.close()


def test_a_person_plays_with_the_pages_scripts_off(served: Served, chromium: Any) -> None:
    context = chromium.new_context(java_script_enabled=False, viewport=VIEWPORT)
    page = context.new_page()
    match_id = take_a_seat(page, served.web, "the_number", "plain")
    clicks = play_by_clicks(page, random.Random(2), scripts=False)
    while page.query_selector(FINAL_BOARD) is None:
        page.wait_for_timeout(200)
        page.reload()
    check_record(served.address, match_id, "the_number", "plain")
    # Every move of the person's took a form's submission or more: one round of five turns, four
    # for a player whose ten digits are all crossed out by turn 4 (the deal decides).
    message = call(served.address, "GetMatch", pb.GetMatchRequest(match_id=match_id))
    moves = sum(m.seat == 0 for m in record_from_pb(message).moves)
    assert moves in (4, 5) and clicks >= moves
    context.close()


def test_a_person_plays_azul_against_the_default_opponent_at_the_stated_pace(
    served: Served, chromium: Any
) -> None:
    """Issue 42, item 3: the form's defaults (boss, 60 s a move) make no waiting room: each of
    the boss's decisions takes at most the pace the form states for it (with a margin for a
    loaded machine: its own deadline is that pace, less a headroom)."""
    page = chromium.new_page(viewport=VIEWPORT)
    page.goto(served.web + "/play?game=azul")
    page.fill("#name", "paced")
    assert page.input_value("#opponent-0") == "builtin:boss"  # the defaults, untouched
    assert page.input_value("#clock") == "60+300"
    stated = page.inner_text("#levels li[data-strategy='boss']")
    pace = re.fullmatch(r"boss: strongest, about ([\d.]+) s a move", stated)
    assert pace is not None, stated
    page.click("#start")
    page.wait_for_selector("#seat")
    match_id = str(page.get_attribute("#seat", "data-match"))
    play_by_clicks(page, random.Random(42))
    page.wait_for_selector(FINAL_BOARD, timeout=60_000)
    record = record_from_pb(call(served.address, "GetMatch", pb.GetMatchRequest(match_id=match_id)))
    person = record.players.index("paced")
    boss = [m.elapsed_ms for m in record.moves if m.seat != person]
    assert boss and record.outcome.termination.value == "normal"
    assert max(boss) <= float(pace.group(1)) * 1000 + 1500, max(boss)
    print(f"the boss took {len(boss)} decisions, {sum(boss) / 1000:.1f} s in all, "
          f"{max(boss) / 1000:.2f} s at most")  # fmt: skip
    page.close()
