"""Bots that may come back: the grace of a dropped bot, literal timelines on a fake clock."""

from __future__ import annotations

import asyncio

from arena.core.values import MatchRecord, Outcome
from arena.tournament.presence import Presence
from arena.tournament.runner import run_fixtures
from arena.tournament.schedule import Fixture


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def fixture(index: int, *seats: str) -> Fixture:
    return Fixture(index, 0, index, 0, seats, 1000 + index, 1)


def test_a_bot_away_holds_back_only_its_fixtures_until_it_returns() -> None:
    clock = FakeClock()
    connected = {"a": True, "b": True, "c": True}
    presence = Presence("abc", 60.0, connected.__getitem__, monotonic=clock, wall=clock)
    ab, bc, ac = fixture(0, "a", "b"), fixture(1, "b", "c"), fixture(2, "a", "c")
    assert all(presence.ready(f) for f in (ab, bc, ac))
    connected["b"] = False
    presence.left("b")
    assert [presence.ready(f) for f in (ab, bc, ac)] == [False, False, True]
    clock.now += 59
    (away,) = presence.away()
    assert (away.bot, away.since, round(away.grace_left_s)) == ("b", 100.0, 1)
    connected["b"] = True
    presence.arrived("b")
    assert presence.ready(ab) and presence.away() == [] and presence.withdrawn == {}


def test_a_bot_away_past_its_grace_is_withdrawn_and_its_fixtures_go_on_as_forfeits() -> None:
    clock = FakeClock()
    presence = Presence("ab", 60.0, lambda bot: bot != "b", monotonic=clock, wall=clock)
    assert presence.away()[0].bot == "b"  # not there when play starts: its grace starts
    clock.now += 60
    assert presence.ready(fixture(0, "a", "b"))  # ready: played against an absent seat
    assert presence.withdrawn == {"b": "away more than 60 s"}
    presence.arrived("b")  # too late: withdrawn stays withdrawn
    assert "b" in presence.withdrawn


def test_a_zero_grace_withdraws_at_once() -> None:
    presence = Presence("ab", 0.0, lambda bot: bot == "a")
    assert presence.ready(fixture(0, "a", "b")) and set(presence.withdrawn) == {"b"}


def test_the_runner_plays_the_others_while_a_fixture_waits_for_its_bot() -> None:
    connected = {"a": True, "b": False, "c": True}

    async def scenario() -> list[int]:
        presence = Presence("abc", 30.0, connected.__getitem__)
        played: list[int] = []

        async def play(f: Fixture) -> MatchRecord:
            played.append(f.index)
            if f.index == 1:  # while the a-c match is played, b comes back
                connected["b"] = True
                presence.arrived("b")
            await asyncio.sleep(0)
            return MatchRecord(
                f.match_id, "g", {}, f.seed, f.seats, (), Outcome((1, 2), (0, 0), (1, 0))
            )

        fixtures = [fixture(0, "a", "b"), fixture(1, "a", "c"), fixture(2, "b", "c")]
        await run_fixtures(fixtures, play, lambda _f, _r: None, gate=presence)
        return played

    assert asyncio.run(asyncio.wait_for(scenario(), 5)) == [1, 0, 2]
