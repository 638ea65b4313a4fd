"""The spectators' web pages in a real headless Chromium, against a real `arena serve --web`.

Click from the leaderboard to a bot's rating plot, to the tournaments, to a tournament, to a
match; step through the replay to its final position and check the board against the record;
then watch a live match update without reloading. Every page is kept as a screenshot in
test-artifacts/web/.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_helpers import ARTIFACTS, Served, arena_with_web, browser, call, csp_refusals

from arena.core.game import parse_options, replay
from arena.core.registry import get_game
from arena.rpc.wire.convert import record_from_pb
from arena.v1 import arena_pb2 as pb

BOTS = ("r1", "r2", "r3")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A server with a finished Lucky Numbers round robin of three random bots."""
    db = Path(tmp_path_factory.mktemp("web")) / "web.db"
    with arena_with_web(db) as s:
        for i, name in enumerate(BOTS):
            s.bot("bots/random_bot.py", name, "--seed", str(i))
        s.wait_for_bots(set(BOTS))
        request = pb.CreateTournamentRequest(game="lucky_numbers", bots=BOTS, seed=11)
        tid = call(s.address, "CreateTournament", request).tournament_id
        for _ in range(600):
            t = call(s.address, "GetTournament", pb.GetTournamentRequest(tournament_id=tid))
            if t.status == pb.TOURNAMENT_STATUS_FINISHED:
                break
            threading.Event().wait(0.05)
        assert t.status == pb.TOURNAMENT_STATUS_FINISHED
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


def final_grids(address: str, match_id: str) -> list[list[int]]:
    """The spectator view's grids after the last move, replayed from the public record."""
    record = record_from_pb(call(address, "GetMatch", pb.GetMatchRequest(match_id=match_id)))
    game = get_game(record.game)
    options = parse_options(game, dict(record.options))
    moves = [(m.seat, m.move) for m in record.moves]
    states = replay(game, len(record.players), options, record.seed, moves)
    return game.view(states[-1], None)["grids"]


def board_grids(page: Any) -> list[list[int]]:
    """The tiles the board shows, seat by seat (0 for an empty space)."""
    return page.eval_on_selector_all(
        "#board table.ln-grid",
        "ts => ts.map(t => [...t.querySelectorAll('td')].map(td => Number(td.textContent) || 0))",
    )


def test_leaderboard_to_tournament_to_match_replayed_to_its_final_position(
    served: Served, chromium: Any
) -> None:
    page = chromium.new_page(viewport={"width": 1200, "height": 900})
    refused = csp_refusals(page)
    page.goto(served.web + "/games")
    shot(page, "games")
    page.click("#games a[href='/games/lucky_numbers']")
    page.wait_for_selector("#leaderboard")
    bots = page.eval_on_selector_all("#leaderboard td a", "as => as.map(a => a.textContent)")
    assert sorted(bots) == sorted(BOTS)
    shot(page, "leaderboard")
    page.click(f"#leaderboard a:text('{bots[0]}')")
    page.wait_for_selector("svg.rating-plot polyline.mu")
    assert page.locator("#history tr").count() == 1 + 4  # header + its four rated matches
    shot(page, "bot")
    page.click("nav a[href='/tournaments']")
    page.wait_for_selector("#tournaments")
    shot(page, "tournaments")
    page.click("#tournaments a[href='/tournaments/1']")
    page.wait_for_selector("#standings")
    assert page.inner_text("#progress") == "6/6 played"
    assert page.locator("#standings tr").count() == 1 + len(BOTS)
    assert page.locator("#head-to-head tr").count() == 1 + 3  # one row per pair that met
    assert page.locator("#matches tr").count() == 1 + 6
    # a long cell (a 256-bit seed has 78 digits) wraps instead of widening the page
    wrap = page.eval_on_selector("#standings td", "td => getComputedStyle(td).overflowWrap")
    assert wrap == "anywhere"
    shot(page, "tournament")
    page.click("#matches a:text('t1-0')")
    page.wait_for_selector("body[data-ended='true']")
    # a finished match has nothing to follow: the box is unticked and greyed out
    assert not page.is_checked("#follow") and page.is_disabled("#follow")
    plies = int(page.inner_text("#plies"))
    assert plies > 10 and page.locator("#moves li").count() == plies
    page.click("#first")
    assert page.get_attribute("#board", "data-ply") == "0"
    for ply in range(1, plies + 1):
        page.click("#next")
        assert page.get_attribute("#board", "data-ply") == str(ply)
    assert board_grids(page) == final_grids(served.address, "t1-0")
    assert "rank 1" in page.inner_text("#result")
    shot(page, "match")
    assert refused == []  # every page ran under its Content-Security-Policy
    page.close()


def test_a_live_tournament_and_its_live_match_update_without_reloading(
    served: Served, chromium: Any
) -> None:
    for i, name in enumerate(("slow1", "slow2")):
        served.bot("tests/bots/slow_bot.py", name, "--think-ms", "25", "--seed", str(i))
    served.wait_for_bots({"slow1", "slow2"})
    request = pb.CreateTournamentRequest(game="lucky_numbers", bots=["slow1", "slow2"], seed=4)
    tid = call(served.address, "CreateTournament", request).tournament_id
    page = chromium.new_page(viewport={"width": 1200, "height": 900})
    page.goto(f"{served.web}/tournaments/{tid}")
    page.evaluate("window.sameDocument = true")  # gone if the page ever reloads
    page.wait_for_selector(f"#live a[href='/matches/t{tid}-1']", timeout=120_000)
    assert page.inner_text("#progress") == "1/2 played"  # changed in place, from 0/2
    assert page.evaluate("window.sameDocument") is True
    playing = page.eval_on_selector_all("#live-matches td b", "bs => bs.map(b => b.textContent)")
    assert sorted(playing) == ["slow1", "slow2"]  # who plays now, by name
    shot(page, "tournament-live")
    page.click(f"#live a[href='/matches/t{tid}-1']")
    page.wait_for_function("() => document.getElementById('state').textContent === 'live'")
    page.evaluate("window.sameDocument = true")
    start = int(page.get_attribute("#board", "data-ply") or 0)
    # a function, not an expression: Playwright evaluates an expression with eval, which the
    # pages' Content-Security-Policy refuses
    page.wait_for_function(
        "n => Number(document.getElementById('board').dataset.ply) >= n", arg=start + 3
    )
    shot(page, "match-live")
    page.wait_for_selector("body[data-ended='true']", timeout=120_000)
    assert page.evaluate("window.sameDocument") is True
    assert page.inner_text("#state") == "finished"
    assert board_grids(page) == final_grids(served.address, f"t{tid}-1")
    page.close()


def test_a_live_matchs_clock_counts_down_between_two_updates(served: Served, chromium: Any) -> None:
    for i, name in enumerate(("ponder1", "ponder2")):
        served.bot("tests/bots/slow_bot.py", name, "--think-ms", "1500", "--seed", str(i))
    served.wait_for_bots({"ponder1", "ponder2"})
    play = pb.PlayMatchRequest(
        game="azul", seed=3, bots=["ponder1", "ponder2"], match_id="pondered",
        clock=pb.ClockSettings(per_move_ms=4000, bank_ms=20000),
    )  # fmt: skip

    def play_in_the_background() -> None:
        with contextlib.suppress(Exception):  # the server stops before this long match ends
            call(served.address, "PlayMatch", play, 600)

    threading.Thread(target=play_in_the_background, daemon=True).start()
    page = chromium.new_page(viewport={"width": 1200, "height": 900})
    page.goto(served.web + "/matches/pondered")
    page.wait_for_selector("#clocks td.clock.thinking", timeout=60_000)
    # Measure from the start of a decision (a move just landed), so that all of the 500 ms
    # fall inside the bot's 1500 ms of thought however late the page came in.
    landed = page.get_attribute("#board", "data-ply")
    page.wait_for_function(f"() => document.getElementById('board').dataset.ply !== '{landed}'")
    ply = page.get_attribute("#board", "data-ply")
    first = float(page.get_attribute("#clocks td.clock.thinking", "data-ms") or 0)
    page.wait_for_timeout(500)
    assert page.get_attribute("#board", "data-ply") == ply  # the same decision, no update
    second = float(page.get_attribute("#clocks td.clock.thinking", "data-ms") or 0)
    assert 200 <= first - second <= 1500, (first, second)  # counted down on the page alone
    assert 0 < second <= 4000 + 20000
    # the seat not on move: its next decision's budget and its bank, never a bare 0.0 s
    idle = page.locator("#clocks td.clock:not(.thinking)").first.text_content() or ""
    assert idle.startswith("4.0 s + ") and float(idle.split(" + ")[1].split()[0]) > 0, idle
    thinking = page.locator("#clocks td.clock.thinking").first.text_content() or ""
    assert float(thinking.split()[0]) <= 4.0 + 20.0, thinking  # never above what it had
    shot(page, "match-clock")
    page.close()


def test_a_knockout_s_page_draws_its_bracket_stage_by_stage(served: Served, chromium: Any) -> None:
    field = [f"k{i}" for i in range(8)]
    for i, name in enumerate(field):
        served.bot("bots/random_bot.py", name, "--seed", str(10 + i))
    served.wait_for_bots(set(field))
    request = pb.CreateTournamentRequest(
        game="lucky_numbers", bots=field, seed=21, format="knockout"
    )
    tid = call(served.address, "CreateTournament", request).tournament_id
    for _ in range(1200):
        t = call(served.address, "GetTournament", pb.GetTournamentRequest(tournament_id=tid))
        if t.status == pb.TOURNAMENT_STATUS_FINISHED:
            break
        threading.Event().wait(0.05)
    assert t.status == pb.TOURNAMENT_STATUS_FINISHED
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    refused = csp_refusals(page)
    page.goto(f"{served.web}/tournaments/{tid}")
    page.wait_for_selector("#bracket")
    stages = page.eval_on_selector_all(
        "#bracket .bracket-stage h3", "hs => hs.map(h => h.textContent)"
    )
    assert stages == ["quarter-finals", "semi-finals", "final"]
    tables = page.eval_on_selector_all(
        "#bracket .bracket-stage",
        "ss => ss.map(s => [...s.querySelectorAll('.bracket-table')].map(t => ({"
        " bots: [...t.querySelectorAll('li')].map(l => l.dataset.bot),"
        " winner: t.dataset.winner })))",
    )
    assert [len(s) for s in tables] == [4, 2, 1]
    assert sorted(b for t in tables[0] for b in t["bots"]) == sorted(field)
    for stage, later in zip(tables, tables[1:], strict=False):  # the winners are the next stage
        assert [t["winner"] for t in stage] == [b for t in later for b in t["bots"]]
    champion = page.eval_on_selector(
        "#standings tr:nth-child(2) td:nth-child(2)", "td => td.textContent"
    )
    assert tables[-1][0]["winner"] == champion.strip()
    # the stages stand side by side: each column right of the one before
    lefts = page.eval_on_selector_all(
        "#bracket .bracket-stage", "ss => ss.map(s => s.getBoundingClientRect().left)"
    )
    assert lefts == sorted(lefts) and len(set(lefts)) == 3
    page.locator("#bracket").screenshot(path=str(ARTIFACTS / "tournament-bracket.png"))
    assert refused == []
    page.close()
