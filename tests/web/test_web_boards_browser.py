"""Every game's board in a real headless Chromium, against one real `arena serve --web`.

For each of the six games: a finished match's page shows its final position and its winner
(read from the DOM, checked against the engine's spectator view of the record's last position),
with the page's scripts on and with scripts off (the board is drawn on the server); and a live
match's board is shown as it is played. Every board is kept as a screenshot in
test-artifacts/web/ (`make screenshots` copies them to docs/screenshots/).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest
from board_dom import assert_final_board, final_position
from web_helpers import ARTIFACTS, Served, arena_with_web, browser, call

from arena.v1 import arena_pb2 as pb

# Each game at a table size that shows it well, and the seed of its deal.
GAMES: dict[str, tuple[int, int]] = {
    "lucky_numbers": (2, 3),
    "azul": (2, 5),
    "the_number": (3, 2),
    "arctic_scavengers": (3, 4),
    "hypnosia": (3, 6),
    "epizodiak": (3, 1),
}
LIVE_PLY = {"lucky_numbers": 24, "azul": 14, "the_number": 6, "arctic_scavengers": 40,
            "hypnosia": 36, "epizodiak": 40}  # fmt: skip
# The live matches' bots think long enough to catch a match being played: The Number's seats
# decide at once, so its ten turns need bots of their own that think longer.
SLOW = {"s": "60", "n": "400"}
LIVE_BOTS = {"the_number": "n"}
VIEWPORT = {"width": 1200, "height": 900}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A server with three random bots (the finished matches) and slow ones (the live
    matches), each able to play every game at once."""
    db = Path(tmp_path_factory.mktemp("boards")) / "boards.db"
    with arena_with_web(db) as s:
        for i in range(3):
            s.bot("bots/random_bot.py", f"r{i}", "--seed", str(i), "--max-matches", "8")
            for prefix, think_ms in SLOW.items():
                s.bot("tests/bots/slow_bot.py", f"{prefix}{i}", "--seed", str(i),
                      "--think-ms", think_ms, "--max-matches", "8")  # fmt: skip
        s.wait_for_bots({f"{kind}{i}" for kind in ("r", *SLOW) for i in range(3)})
        yield s


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """Debian's Chromium, headless: one browser for every board."""
    with browser() as b:
        yield b


def shot(page: Any, name: str, *, board_only: bool = False) -> None:
    """Keep a screenshot of the page (or of its board alone) as a test artifact."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = str(ARTIFACTS / f"{name}.png")
    if board_only:
        page.locator("#board").screenshot(path=path)
    else:
        page.screenshot(path=path, full_page=True)


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_match_shows_its_final_position_and_winner_with_scripts_on_and_off(
    served: Served, chromium: Any, game: str
) -> None:
    players, seed = GAMES[game]
    match_id = f"final-{game}"
    bots = [f"r{i}" for i in range(players)]
    play = pb.PlayMatchRequest(game=game, seed=seed, bots=bots, match_id=match_id)
    call(served.address, "PlayMatch", play, 300)
    view, ranks, moves = final_position(served.address, match_id)

    page = chromium.new_page(viewport=VIEWPORT)
    page.goto(f"{served.web}/matches/{match_id}")
    page.wait_for_selector("body[data-ended='true']")
    assert page.get_attribute("#board", "data-rendered") == "script"
    assert page.locator("#moves li").count() == moves
    assert_final_board(page, game, view, ranks)
    shot(page, f"board-{game}-final", board_only=True)
    page.close()

    # Scripts off, as a plain `chromium --screenshot`: the server drew the same board.
    context = chromium.new_context(java_script_enabled=False, viewport=VIEWPORT)
    plain = context.new_page()
    plain.goto(f"{served.web}/matches/{match_id}")
    assert plain.get_attribute("#board", "data-rendered") == "server"
    assert plain.inner_text("#state") == "finished"
    assert plain.locator("#moves li").count() == moves
    assert "rank 1" in plain.inner_text("#result")
    assert_final_board(plain, game, view, ranks)
    shot(plain, f"board-{game}-noscript")
    context.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_live_match_shows_its_board_as_it_is_played(
    served: Served, chromium: Any, game: str
) -> None:
    players, seed = GAMES[game]
    match_id = f"live-{game}"
    bots = [f"{LIVE_BOTS.get(game, 's')}{i}" for i in range(players)]
    play = pb.PlayMatchRequest(game=game, seed=seed, bots=bots, match_id=match_id)

    def play_in_the_background() -> None:
        with suppress(Exception):  # the server may stop before this match ends
            call(served.address, "PlayMatch", play, 600)

    threading.Thread(target=play_in_the_background, daemon=True).start()
    page = chromium.new_page(viewport=VIEWPORT)
    for _ in range(100):  # until the server has started the match
        page.goto(f"{served.web}/matches/{match_id}")
        if page.locator("#board .scene").count():
            break
        page.wait_for_timeout(100)
    page.wait_for_function(
        f"() => Number(document.getElementById('board').dataset.ply) >= {LIVE_PLY[game]}",
        timeout=120_000,
    )
    assert page.inner_text("#state") == "live"
    status = page.inner_text("#board .status")
    assert status.startswith("To move: seat ") and page.locator("#board .final").count() == 0
    assert page.locator("#board .last-move").count() == 1
    shot(page, f"board-{game}-live", board_only=True)
    page.close()


def test_hypnosia_s_board_is_legible_at_1280_px_wide(served: Served, chromium: Any) -> None:
    """The board grows with its column: at 1280 px every space's name is at least 12 px tall
    on screen and no two names overlap; the page is no wider than the window."""
    players, seed = GAMES["hypnosia"]
    bots = [f"r{i}" for i in range(players)]
    play = pb.PlayMatchRequest(game="hypnosia", seed=seed, bots=bots, match_id="legible")
    call(served.address, "PlayMatch", play, 300)
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{served.web}/matches/legible")
    page.wait_for_selector("body[data-ended='true']")
    boxes = page.eval_on_selector_all(
        "#board .hy-label",
        "ls => ls.map(l => { const r = l.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom]; })",
    )
    assert len(boxes) == 48 + 36 + 24
    assert min(bottom - top for _, top, _, bottom in boxes) >= 12
    for i, a in enumerate(boxes):  # names never overlap one another
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 1280
    shot(page, "board-hypnosia-1280", board_only=True)
    page.close()
