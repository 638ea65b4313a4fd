"""The in-process referee: full matches, replies by index, clocks and adjudicated faults."""

from __future__ import annotations

import asyncio
import time

import pytest

from arena.core.game import replay
from arena.core.players import random_policy, thinking
from arena.core.registry import get_game
from arena.core.values import Termination
from arena.games.testing import FaultyPlayer
from arena.match.clock import Clock
from arena.match.policy_runner import PolicyPlayer
from arena.match.referee import BotFault, play_match

GAME = get_game("lucky_numbers")
OPTIONS = GAME.options_type()


def run(players, *, seed=11, clock=None, events=None):
    return asyncio.run(
        play_match(
            GAME,
            OPTIONS,
            seed,
            players,
            clock=clock,
            on_event=events.append if events is not None else None,
        )
    )


def randoms(n, seed=0):
    return [PolicyPlayer(f"r{i}", random_policy(seed + i)) for i in range(n)]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_full_match_replays_from_its_record(n):
    record = run(randoms(n))
    assert record.outcome.termination in (Termination.NORMAL, Termination.TURN_CAP)
    assert record.players == tuple(f"r{i}" for i in range(n))
    states = replay(GAME, n, OPTIONS, record.seed, [(m.seat, m.move) for m in record.moves])
    assert GAME.outcome(states[-1]) == record.outcome


def test_same_seed_and_players_give_the_same_match():
    first = run(randoms(3, seed=5), seed=99)
    second = run(randoms(3, seed=5), seed=99)
    assert [(m.seat, m.move) for m in first.moves] == [(m.seat, m.move) for m in second.moves]
    assert first.outcome == second.outcome


def test_events_report_every_move_then_the_end():
    events = []
    record = run(randoms(2), events=events)
    kinds = [e.kind for e in events]
    assert kinds[0] == "start" and kinds[-1] == "end"
    assert kinds.count("move") == len(record.moves)
    assert events[-1].record is record


def test_reply_by_index_is_accepted():
    players = [
        PolicyPlayer("first", lambda r: 0),
        PolicyPlayer("last", lambda r: len(r.legal_moves) - 1),
    ]
    record = run(players)
    assert record.outcome.termination in (Termination.NORMAL, Termination.TURN_CAP)


@pytest.mark.parametrize(
    ("kind", "text", "termination"),
    [
        ("garbage", "hello world", Termination.UNPARSABLE),
        ("bad_index", "", Termination.UNPARSABLE),
        ("illegal", "place a1", Termination.ILLEGAL_MOVE),
        ("crash", "", Termination.CRASH),
    ],
)
def test_faults_are_adjudicated_with_the_offender_last(kind, text, termination):
    faulty = FaultyPlayer("bad", kind, after=3, text=text)
    players = [*randoms(2), faulty]
    record = run(players)
    out = record.outcome
    assert out.termination is termination
    assert out.offender == 2 and out.ranks[2] == 3
    assert "seat 2 (bad)" in out.detail
    assert faulty.finished
    # every accepted move before the fault is kept in the record
    assert len(record.moves) >= 3
    replay(GAME, 3, OPTIONS, record.seed, [(m.seat, m.move) for m in record.moves])


def test_a_decision_past_budget_and_bank_times_out():
    slow = FaultyPlayer("slow", "slow", after=2, delay_s=0.5)
    record = run(
        [PolicyPlayer("r", random_policy(1)), slow], clock=Clock(per_move_ms=50, bank_ms=100)
    )
    assert record.outcome.termination is Termination.TIMEOUT
    assert record.outcome.offender == 1 and record.outcome.ranks == (1, 2)


def test_the_time_bank_absorbs_an_occasional_slow_move():
    class OnceSlow:
        name = "once"

        def __init__(self):
            self.calls = 0
            self.policy = random_policy(3)

        async def start(self, info):
            pass

        async def decide(self, request):
            self.calls += 1
            if self.calls == 2:
                await asyncio.sleep(0.12)
            return self.policy(request)

        async def finish(self, record):
            pass

    record = run(
        [PolicyPlayer("r", random_policy(1)), OnceSlow()], clock=Clock(per_move_ms=50, bank_ms=1000)
    )
    assert record.outcome.termination in (Termination.NORMAL, Termination.TURN_CAP)


def test_a_disconnect_reported_by_the_player_is_recorded():
    class Vanishing:
        name = "gone"

        async def start(self, info):
            pass

        async def decide(self, request):
            raise BotFault(Termination.DISCONNECT, "stream closed")

        async def finish(self, record):
            pass

    record = run([PolicyPlayer("r", random_policy(1)), Vanishing()])
    assert record.outcome.termination is Termination.DISCONNECT
    assert record.outcome.detail == "seat 1 (gone): stream closed"


def test_simultaneous_choices_reach_watchers_only_after_the_reveal():
    game = get_game("the_number")
    seen: list[tuple[int, bool]] = []
    referee_box = {}

    def on_event(event):
        if event.kind == "move":
            referee = referee_box["referee"]
            pending = any(p["submitted"] for p in game.view(referee.state, None)["players"])
            seen.append((event.ply, pending))

    from arena.match.referee import Referee

    players = [PolicyPlayer(f"r{i}", random_policy(i)) for i in range(3)]
    referee = Referee(game, game.options_type(), 4, players, on_event=on_event)
    referee_box["referee"] = referee
    record = asyncio.run(referee.run())
    assert [ply for ply, _ in seen] == list(range(1, len(record.moves) + 1))
    # whenever a move is shown, the turn it belongs to is already revealed: nobody is pending
    assert not any(pending for _, pending in seen)


@pytest.mark.parametrize("name", ["lucky_numbers", "the_number"])
def test_each_shown_move_carries_the_clocks_and_seats_deciding_when_shown(name):
    """A move event holds every seat's bank and the seats deciding at the moment watchers are
    shown it (a simultaneous choice is shown at the reveal, with the reveal's clocks)."""
    from arena.match.referee import Referee

    game = get_game(name)
    shown: list[tuple[tuple[float | None, ...], tuple[int, ...]]] = []
    expected: list[tuple[tuple[float | None, ...], tuple[int, ...]]] = []
    box = {}

    def on_event(event):
        if event.kind == "move":
            referee = box["referee"]
            shown.append((event.banks_ms, event.deciding))
            banks = tuple(s.bank_ms for s in referee.seats)
            expected.append((banks, tuple(game.to_move(referee.state))))

    players = [PolicyPlayer(f"r{i}", random_policy(i)) for i in range(3)]
    clock = Clock(per_move_ms=1000, bank_ms=5000)
    referee = Referee(game, game.options_type(), 4, players, clock=clock, on_event=on_event)
    box["referee"] = referee
    record = asyncio.run(referee.run())
    assert len(shown) == len(record.moves)
    assert shown == expected
    assert all(len(banks) == 3 and None not in banks for banks, _ in shown)


def test_thinking_in_process_players_cost_no_other_seat_its_clock():
    """Three in-process seats of The Number decide at once, each thinking 400 ms of a 1 s
    budget with no bank: on the event loop one after the other the last would be charged
    1.2 s and lose on time; marked thinking (as the bosses are), each runs on a policy thread
    and is charged its own 400 ms."""
    the_number = get_game("the_number")

    def thinker(seed):
        choose = random_policy(seed)

        def policy(request):
            if len(request.legal_moves) > 1:
                time.sleep(0.4)
            return choose(request)

        return thinking(policy)

    players = [PolicyPlayer(f"t{i}", thinker(i)) for i in range(3)]
    options = the_number.options_type(rounds=1)
    record = asyncio.run(
        play_match(the_number, options, 5, players, clock=Clock(per_move_ms=1000, bank_ms=0))
    )
    assert record.outcome.termination is Termination.NORMAL, record.outcome
