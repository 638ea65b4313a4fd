"""A right web seat always gets in (issue 40's acceptance): against a real `arena serve --web`
with credentials, while 8 web clients post /play with wrong tokens and 6 threads send wrong bot
and organizer tokens over gRPC, all from 127.0.0.1 (as `arena web`'s seats share one address
with everyone else's), a person with a right token takes a seat every time and plays it to the
end, and a right bot token and a right organizer token are admitted every time beside them.

Before the keyed back-off, 8 wrong seats made a right one fail ('the seat could not connect to
the server in time'): the back-off was the address's.
"""

from __future__ import annotations

import asyncio
import html
import random
import re
import threading
import time
import urllib.parse
from collections.abc import Callable
from pathlib import Path

import grpc
import token_ledger
from served_arena import arena, hello, organizer_call
from web_helpers import Served, arena_with_web, play_seat, post_form, seat_fields

RIGHT = tuple(f"person{i}" for i in range(4))  # people with their own bot tokens
RIVAL = "rival"
WEB_GUESSERS = 8
GRPC_GUESSERS = 6
GAME = "lucky_numbers"


def web_guesser(served: Served, i: int, done: threading.Event, seen: list[int]) -> None:
    """Post /play with wrong tokens for the people's names until told to stop."""
    n = 0
    while not done.is_set():
        n += 1
        fields = seat_fields(GAME, RIGHT[n % len(RIGHT)], RIVAL, f"arena_wrong{i}-{n}")
        status, _, body = post_form(served.web + "/play", fields)
        text = html.unescape(body)
        assert status in (400, 403, 429), (status, text[-400:])
        # refused for the token (or the name, while its owner plays), never seated
        said = re.findall(r'<p class="error"[^>]*>.*?</p>', text, re.S)
        assert "could not connect" in text or "is connected already" in text, said
        seen.append(status)


def grpc_guesser(served: Served, i: int, done: threading.Event, seen: list[int]) -> None:
    """Wrong bot tokens for the people's names, or wrong organizer tokens, over gRPC."""

    async def guess() -> None:
        async with grpc.aio.insecure_channel(served.address) as channel:
            n = 0
            while not done.is_set():
                n += 1
                if i % 2:
                    code = await hello(served.address, RIGHT[n % len(RIGHT)], f"arena_x{i}-{n}")
                else:
                    code = await organizer_call(channel, f"arena_guess{i}-{n}")
                assert code in (grpc.StatusCode.UNAUTHENTICATED, grpc.StatusCode.RESOURCE_EXHAUSTED)
                seen.append(1)

    asyncio.run(guess())


def test_a_right_web_seat_is_admitted_while_its_address_guesses(tmp_path: Path) -> None:
    db = tmp_path / "shared.db"
    organizer = arena("organizer", "add", "pages", db=str(db))
    tokens = {name: arena("bot", "add", name, db=str(db)) for name in (*RIGHT, RIVAL, "righty")}
    env = {"ARENA_ORGANIZER_TOKEN": organizer}
    with arena_with_web(db, env) as served:
        served.bot("bots/random_bot.py", RIVAL, "--seed", "1", "--max-matches", "4",
                   token=tokens[RIVAL])  # fmt: skip
        served.wait_for_bots({RIVAL})
        done = threading.Event()
        web_seen: list[int] = []
        grpc_seen: list[int] = []
        failures: list[BaseException] = []

        def spawn(target: Callable[..., None], *args: object) -> threading.Thread:
            def run() -> None:
                try:
                    target(*args)
                except BaseException as exc:  # reported by the test below
                    failures.append(exc)
                    done.set()

            return threading.Thread(target=run, daemon=True)

        guessers = [spawn(web_guesser, served, i, done, web_seen) for i in range(WEB_GUESSERS)]
        guessers += [spawn(grpc_guesser, served, i, done, grpc_seen) for i in range(GRPC_GUESSERS)]
        for thread in guessers:
            thread.start()
        try:
            while len(web_seen) < WEB_GUESSERS and not failures:  # every web guesser refused once
                time.sleep(0.1)
            seated: list[int] = []
            bots: list[grpc.StatusCode] = []
            organizers: list[grpc.StatusCode] = []
            for i, name in enumerate(RIGHT):
                status, location, body = post_form(
                    served.web + "/play", seat_fields(GAME, name, RIVAL, tokens[name])
                )
                seated.append(status)
                if status == 303:
                    token_ledger.issued(urllib.parse.unquote(location.rsplit("/", 1)[1]))
                    panel = play_seat(served.web, location, random.Random(i))
                    assert 'data-state="over"' in panel, panel[-400:]
                else:
                    print(f"seat of {name} refused: {html.unescape(body)[-300:]}")
                bots.append(asyncio.run(hello(served.address, "righty", tokens["righty"])))
                organizers.append(asyncio.run(right_organizer(served.address, organizer)))
        finally:
            done.set()
            for thread in guessers:
                thread.join(timeout=120)
    assert not failures, failures
    assert seated == [303] * len(RIGHT)  # every right seat was taken, and its match played
    assert bots == [grpc.StatusCode.OK] * len(RIGHT)
    assert organizers == [grpc.StatusCode.NOT_FOUND] * len(RIGHT)  # admitted: no such tournament
    assert len(web_seen) >= WEB_GUESSERS and grpc_seen  # the guessing went on throughout


async def right_organizer(address: str, token: str) -> grpc.StatusCode:
    async with grpc.aio.insecure_channel(address) as channel:
        return await organizer_call(channel, token)
