"""The web app's relays without a network: a page drawn on the server and its event stream
share one upstream stream, and a relay only a page read stops once its hold is over."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import pytest

from arena.web import relays as relays_module
from arena.web.relays import END, Relays


def test_a_page_snapshot_and_its_event_stream_read_one_upstream_stream() -> None:
    opened: list[int] = []
    more = asyncio.Event()

    async def upstream() -> AsyncIterator[int]:
        opened.append(1)
        for i in range(3):
            yield i
        await more.wait()
        yield 3

    async def scenario() -> None:
        relays = Relays()
        relay = await relays.snapshot(
            "match:m", upstream, str, latest_only=False, note=lambda m: m * 10,
            ready=lambda r: r.last == 2,
        )  # fmt: skip
        assert (relay.last, relay.notes, relay.done) == (2, [0, 10, 20], False)
        events = relays.follow("viewer", "match:m", upstream, str, latest_only=False)
        assert [await anext(events) for _ in range(3)] == ["0", "1", "2"]
        more.set()
        assert [await anext(events), await anext(events)] == ["3", END]
        assert opened == [1]

    asyncio.run(scenario())


def test_a_relay_only_a_page_read_stops_when_its_hold_is_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(relays_module, "HOLD_S", 0.05)
    forever = asyncio.Event()

    async def upstream() -> AsyncIterator[str]:
        yield "first"
        await forever.wait()  # a live match whose page's event stream never came
        yield "never"

    async def scenario() -> None:
        relays = Relays()
        relay = await relays.snapshot("match:x", upstream, str, latest_only=False)
        assert relay.last == "first" and "match:x" in relays.relays
        assert relay.task is not None
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(relay.task, 5)  # cancelled once the hold is over
        assert relay.done and "match:x" not in relays.relays

    asyncio.run(scenario())
