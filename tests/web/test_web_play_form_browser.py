"""Issue 42 in a real headless Chromium: a person who starts a second match under the name their
first match still plays with is told the server's reason at once (not "could not connect in
time" after 15 s), and the form keeps everything they chose (item 4); a button pressed while
the panel is redrawn still counts when released (item 9: the panel was swapped under it and
the click lost)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_helpers import Served, arena_with_web, browser

from arena.web.play_form import FIRST_PLAYER
from arena.web.seats import CONNECT_WAIT_S

VIEWPORT = {"width": 1200, "height": 900}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    db = Path(tmp_path_factory.mktemp("taken")) / "taken.db"
    with arena_with_web(db) as s:
        yield s


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    with browser() as b:
        yield b


def open_form(page: Any, web: str, game: str, name: str) -> None:
    page.goto(f"{web}/play?game={game}")
    page.fill("#name", name)


def test_a_taken_name_shows_the_servers_reason_at_once_and_keeps_the_form(
    served: Served, chromium: Any
) -> None:
    first = chromium.new_page(viewport=VIEWPORT)
    open_form(first, served.web, "azul", "person")
    first.select_option("#opponent-0", "builtin:random")
    first.click("#start")
    first.wait_for_selector("#seat")  # the first match goes on, 'person' connected

    second = chromium.new_page(viewport=VIEWPORT)
    open_form(second, served.web, "lucky_numbers", "person")
    said = second.inner_text("#first-player")
    assert said == f"Who plays first: {FIRST_PLAYER['lucky_numbers']}."
    second.select_option("#opponent-0", "builtin:greedy")
    second.select_option("#opponent-1", "builtin:random")
    second.select_option("#seat-choice", "2")
    second.select_option("#clock", "10+60")
    second.select_option("#option-setup", "michael")
    started = time.monotonic()
    second.click("#start")
    second.wait_for_selector("#play-error", timeout=60_000)
    waited = time.monotonic() - started
    error = second.inner_text("#play-error")
    assert "a bot named 'person' is connected already" in error, error
    assert "in time" not in error
    assert waited < CONNECT_WAIT_S, waited  # not after the seat's connection gave up
    print(f"the taken name was said after {waited:.2f} s")
    kept = {
        selector: second.input_value(selector)
        for selector in ("#name", "#opponent-0", "#opponent-1", "#opponent-2", "#seat-choice",
                         "#clock", "#option-setup")
    }  # fmt: skip
    assert kept == {
        "#name": "person", "#opponent-0": "builtin:greedy", "#opponent-1": "builtin:random",
        "#opponent-2": "", "#seat-choice": "2", "#clock": "10+60", "#option-setup": "michael",
    }  # fmt: skip
    second.close()
    first.close()


def test_a_button_pressed_while_the_panel_is_redrawn_plays_when_released(
    served: Served, chromium: Any
) -> None:
    # The panel's redraws are held back: a person who clicks a group of moves and presses
    # the next button before the new list came saw the list swapped under the pressed button,
    # and the click lost (the press and the release on two elements).
    page = chromium.new_page(viewport=VIEWPORT)
    open_form(page, served.web, "the_number", "clicker")
    for i in (0, 1):
        page.select_option(f"#opponent-{i}", "builtin:random")
    page.select_option("#seat-choice", "0")
    page.click("#start")
    page.wait_for_selector("#seat[data-state='your-move']", timeout=60_000)

    # The panel's fetches are held by the test, not delayed by a clock: the first group's list
    # is let through only once the next button is pressed (a sleep in a route handler would
    # block Playwright itself, and on a loaded machine the list came before the press).
    held: list[Any] = []

    def hold(route: Any) -> None:
        held.append(route)

    page.route("**/panel?*", hold)
    first, second = page.locator("#seat .picker button[data-prefix]:not(.back)").all()[:2]
    wanted = second.get_attribute("data-prefix")
    box = second.bounding_box()
    assert box is not None and wanted != first.get_attribute("data-prefix")
    first.click()  # its list is asked for, and held
    for _ in range(600):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the first group's list was never asked for"
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()  # the next group, pressed on the list still shown
    with page.expect_response(lambda r: "/panel?" in r.url, timeout=30_000):
        held.pop(0).continue_()  # the first group's list comes while the button is down
    page.wait_for_timeout(300)  # the page has taken it in (and holds it back)
    for route in held:  # any other redraw asked for meanwhile
        route.continue_()
    page.unroute("**/panel?*")
    page.mouse.up()
    page.wait_for_function(
        "p => document.querySelector('.picker')?.dataset.prefix === p", arg=wanted, timeout=20_000
    )  # the press counted: the list is the second group's
    page.close()
