"""A right credential always gets in (issue 40): while six guessers send wrong bot and organizer
tokens from the same address (127.0.0.1, as a NAT or `arena web`'s seats share one), every
right bot token and every right organizer call is admitted at once, beside a canary match that
ends normally. The guessers' wrong answers wait their back-off, keyed by the guessed name."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import grpc
import pytest
from served_arena import (
    Canary,
    Served,
    hello,
    organizer_call,
    run,
    secured_arena,
)
from store_dump import dump_db

RIGHT = tuple(f"right{i}" for i in range(6))  # registered bots that connect during the flood
GUESSERS = 6
UNAUTH = grpc.StatusCode.UNAUTHENTICATED
EXHAUSTED = grpc.StatusCode.RESOURCE_EXHAUSTED


@pytest.fixture(scope="module")
def flooded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with secured_arena(str(tmp_path_factory.mktemp("right") / "arena.db"), RIGHT) as s:
        yield s


def test_a_right_credential_is_admitted_while_its_address_guesses(flooded: Served) -> None:
    before = dump_db(flooded.db)

    async def scenario() -> tuple[list[grpc.StatusCode], list[grpc.StatusCode], dict[str, int]]:
        done = asyncio.Event()
        wrong: dict[str, int] = {"bot": 0, "organizer": 0, "exhausted": 0}

        async def guesser(i: int) -> None:
            async with grpc.aio.insecure_channel(flooded.address) as channel:
                n = 0
                while not done.is_set():
                    n += 1
                    if i % 2:  # a wrong token for a name whose owner connects meanwhile
                        code = await hello(flooded.address, RIGHT[n % len(RIGHT)], f"arena_x{n}")
                        wrong["bot"] += 1
                    else:
                        code = await organizer_call(channel, f"arena_guess{i}-{n}")
                        wrong["organizer"] += 1
                    assert code in (UNAUTH, EXHAUSTED), code
                    wrong["exhausted"] += code is EXHAUSTED

        async with Canary(flooded, seed=5):
            guessers = [asyncio.create_task(guesser(i)) for i in range(GUESSERS)]
            await asyncio.sleep(1.0)  # the back-offs are full by now
            bots, organizers = [], []
            async with grpc.aio.insecure_channel(flooded.address) as channel:
                for name in RIGHT:
                    bots.append(await hello(flooded.address, name, flooded.tokens[name]))
                    organizers.append(await organizer_call(channel, flooded.organizer))
            done.set()
            await asyncio.gather(*guessers)
        return bots, organizers, wrong

    bots, organizers, wrong = run(scenario())
    assert bots == [grpc.StatusCode.OK] * len(RIGHT)  # every right bot token got in
    # every right organizer call was admitted: its answer is the tournament's absence
    assert organizers == [grpc.StatusCode.NOT_FOUND] * len(RIGHT)
    assert wrong["bot"] > 0 and wrong["organizer"] > 0
    assert dump_db(flooded.db) == before  # nothing stored changed (the canary is not stored)
