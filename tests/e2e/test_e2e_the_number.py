"""The Number on the arena: simultaneous secret decisions end to end, over gRPC and in process.

Real server on port 0, real bot processes (bots/ and tests/bots/the_number_spy.py). A turn's
numbers are secret until every active seat has written: no message to a seat, and no view or
watcher event in process, may hold another seat's pending number before the turn is revealed.
"""

from __future__ import annotations

import asyncio
import base64
import json
import random
import shlex
import sys
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from google.protobuf.message import Message

from arena.client import ArenaClient
from arena.core.game import parse_options, points_by_rank, ranks_from_keys, replay
from arena.core.players import DecisionRequest, Reply
from arena.core.registry import get_game
from arena.core.values import MatchRecord, Seat, Termination
from arena.games.the_number import TheNumberState
from arena.match.clock import Clock
from arena.match.policy_runner import PolicyPlayer
from arena.match.referee import MatchEvent, Referee, play_match
from arena.rpc.embedded import EmbeddedReferee
from arena.v1 import arena_pb2 as pb

ROOT = Path(__file__).resolve().parents[2]
PYTHON = shlex.quote(sys.executable)
RANDOM_BOT = f"{PYTHON} {shlex.quote(str(ROOT / 'bots' / 'random_bot.py'))}"
GREEDY_BOT = f"{PYTHON} {shlex.quote(str(ROOT / 'bots' / 'greedy_bot.py'))}"
SPY_BOT = f"{PYTHON} {shlex.quote(str(ROOT / 'tests' / 'bots' / 'the_number_spy.py'))}"
GAME = get_game("the_number")
CLOCK = Clock(per_move_ms=2000, bank_ms=5000)  # generous: these matches must end normally


class LateAskingReferee(Referee):
    """The referee, except that a seat is asked only once the seats before it have written.

    The real referee asks every seat at the start of a turn, when nobody has written yet, so
    its views cannot show a pending number whatever the game's view filter does. Asking late
    builds views in the middle of a turn: the worst case for secrecy, through the same loop.
    """

    async def _ask(self, seat: Seat) -> Any:
        while any(other < seat for other in self.game.to_move(self.state)):
            await asyncio.sleep(0.001)
        return await super()._ask(seat)


# ─────────────────────────── records ───────────────────────────


def replay_record(record: MatchRecord) -> list[TheNumberState]:
    """Every state of a recorded match (ReplayError if the record does not replay)."""
    options = parse_options(GAME, record.options)
    moves = ((m.seat, m.move) for m in record.moves)
    return replay(GAME, len(record.players), options, record.seed, moves)


def assert_normal_end(record: MatchRecord, names: list[str]) -> None:
    """A complete game: all rounds played, a well-formed outcome, and a record that replays."""
    final = replay_record(record)[-1]
    outcome = record.outcome
    assert outcome.termination is Termination.NORMAL, outcome.detail
    assert (outcome.offender, outcome.detail) == (None, "")
    assert record.players == tuple(names)
    assert final.over and GAME.to_move(final) == ()
    assert GAME.outcome(final) == outcome  # the replay ends in exactly the recorded result
    assert len(outcome.ranks) == len(names)
    assert outcome.ranks == ranks_from_keys(outcome.scores)
    assert outcome.points == points_by_rank(outcome.ranks)
    assert outcome.scores == tuple(float(sum(t)) for t in final.round_totals)
    # Rounds are played in order, each from turn 1 (a round is shorter only if every board is full).
    played = [(t.round, t.turn) for t in final.history]
    assert (
        played == sorted(played) and played[0] == (1, 1) and played[-1][0] == final.options.rounds
    )
    assert all(t.turn == 1 or (t.round, t.turn - 1) in played for t in final.history)
    written = sum(1 for t in final.history for e in t.entries if e.number is not None)
    assert written == len(record.moves)


def turns_of(record: MatchRecord) -> list[dict[Seat, str]]:
    """Per turn in play order, the number each seat wrote (after a fault the last is unrevealed)."""
    states = replay_record(record)
    turns: list[dict[Seat, str]] = []
    current: dict[Seat, str] = {}
    for move, before, after in zip(record.moves, states, states[1:], strict=False):
        current[move.seat] = move.move.split()[1]
        if len(after.history) > len(before.history):  # this submission revealed the turn
            turns.append(current)
            current = {}
    if current:
        turns.append(current)
    return turns


def unseen(turns: list[dict[Seat, str]]) -> set[tuple[int, Seat]]:
    """(turn, seat) of the numbers no earlier turn revealed: only a leak can show them early."""
    earlier: set[str] = set()
    out = set()
    for j, numbers in enumerate(turns):
        out |= {(j, seat) for seat, number in numbers.items() if number not in earlier}
        earlier |= set(numbers.values())
    return out


def distinctive(turns: list[dict[Seat, str]]) -> set[tuple[int, Seat]]:
    """Unseen numbers without a middle 0, so their three bytes occur in no innocent serialization.

    In the binary form of a board, a last round total of 48-57, the tag of `total` (0x30, "0")
    and a total of 48-57 read as "x0y"; every other int field is too small to read as a digit.
    """
    return {(j, s) for j, s in unseen(turns) if turns[j][s][1] != "0"}


# ─────────────────────────── spies over gRPC ───────────────────────────


def read_log(path: Path) -> list[pb.ServerMessage]:
    """The messages a spy bot logged, in the order it received them."""
    lines = path.read_text().split() if path.exists() else []
    return [pb.ServerMessage.FromString(base64.b64decode(line)) for line in lines]


async def wait_for_match_end(path: Path, timeout_s: float = 5.0) -> list[pb.ServerMessage]:
    """The spy's log once it holds its MatchEnded (the bot writes it after the record exists)."""
    deadline = time.monotonic() + timeout_s
    while True:
        messages = read_log(path)
        if any(m.WhichOneof("kind") == "match_ended" for m in messages):
            return messages
        assert time.monotonic() < deadline, f"{path.name}: no MatchEnded logged"
        await asyncio.sleep(0.05)


def string_values(message: Message) -> Iterator[str]:
    """Every string field of a message, nested messages included."""
    for field, value in message.ListFields():
        values = value if field.is_repeated else [value]
        if field.type == field.TYPE_STRING:
            yield from values
        elif field.type == field.TYPE_MESSAGE:
            for item in values:
                yield from string_values(item)


def assert_spy_saw_no_pending(
    messages: list[pb.ServerMessage], seat: Seat, turns: list[dict[Seat, str]], players: int
) -> tuple[int, int]:
    """Check every message a spy got; returns (decision requests, byte scans of a secret)."""
    hidden, exact = unseen(turns), distinctive(turns)
    revealed = requests = scans = 0
    for index, message in enumerate(messages):
        kind = message.WhichOneof("kind")
        if kind == "welcome":
            continue  # sent on connecting, before any match exists (its session id is random hex)
        scanned = pb.ServerMessage()
        scanned.CopyFrom(message)
        strings: set[str] = set()
        if kind == "decision_request":
            requests += 1
            request = scanned.decision_request
            view = request.view.the_number
            assert request.view.WhichOneof("game") == "the_number" and view.seat == seat
            assert not view.HasField("my_pending")  # a seat is only asked before it writes
            revealed = len(view.history)
            assert [[e.number for e in t.entries] for t in view.history] == [
                [turns[j].get(s, "") for s in range(players)] for j in range(revealed)
            ], f"message {index} to seat {seat}: history differs from the revealed turns"
            strings = set(string_values(view))
            del request.legal_moves[:]  # the seat's own options: every number it may write
        data = scanned.SerializeToString()
        for j in range(revealed, len(turns)):
            for other, number in turns[j].items():
                if other == seat:
                    continue
                where = f"message {index} ({kind}) to seat {seat} holds seat {other}'s turn-{j + 1}"
                if (j, other) in hidden:
                    assert not any(number in text for text in strings), (
                        f"{where} number {number} in its view"
                    )
                if (j, other) in exact:
                    scans += 1
                    assert number.encode() not in data, f"{where} number {number} before the reveal"
        if kind == "decision_request":  # the same scan finds every revealed number
            assert all(n.encode() in data for t in turns[:revealed] for n in t.values())
    return requests, scans


def test_complete_matches_with_three_four_and_five_bots() -> None:
    tables = [
        ["r1", "g1", "r2"],
        ["g2", "r3", "g1", "r1"],
        ["r1", "r2", "r3", "g1", "g2"],
    ]
    commands = {
        "r1": f"{RANDOM_BOT} --seed 1",
        "r2": f"{RANDOM_BOT} --seed 2",
        "r3": f"{RANDOM_BOT} --seed 3",
        "g1": f"{GREEDY_BOT} --seed 1",
        "g2": f"{GREEDY_BOT} --seed 2",
    }

    async def scenario() -> list[MatchRecord]:
        async with EmbeddedReferee(startup_timeout_s=20) as referee:
            await asyncio.gather(*(referee.launch(n, c) for n, c in commands.items()))
            local = [
                play_match(
                    GAME,
                    GAME.options_type(),
                    30 + i,
                    [referee.player(n) for n in table],
                    clock=CLOCK,
                )
                for i, table in enumerate(tables[:2])
            ]
            # The five-seat table goes through the PlayMatch RPC, with its options as text.
            async with ArenaClient(referee.organizer()) as organizer:
                remote = organizer.play_match(
                    "the_number",
                    tables[2],
                    options={"rounds": "3", "tied_bonus": "none"},
                    seed=35,
                    clock=CLOCK,
                    match_id="tn-five",
                )
                return await asyncio.gather(*local, remote)

    records = asyncio.run(asyncio.wait_for(scenario(), 40))
    for record, table in zip(records, tables, strict=True):
        assert_normal_end(record, table)
    assert records[2].options == {
        "rounds": 3,
        "tied_bonus": "none",
        "eliminated_cross": False,
        "equal_eliminate": False,
    }
    assert [replay_record(r)[-1].round for r in records] == [2, 2, 3]


def test_no_seat_learns_a_pending_number_over_grpc(tmp_path: Path) -> None:
    # Match "plain": four spies to the end, each asked only after the seats before it wrote
    # (views built mid-turn). Match "fault", on the real referee: two spies and a third that
    # sleeps past its clock at its 7th decision (round 2), after the others wrote that turn's
    # numbers, which are then never revealed. Names and match ids hold no digits.
    plain = ["spy-a", "spy-b", "spy-c", "spy-d"]
    fault = ["spy-e", "spy-f", "spy-sleepy"]
    commands = {
        name: f"{SPY_BOT} --seed {i} --log {shlex.quote(str(tmp_path / f'{name}.log'))}"
        for i, name in enumerate(plain + fault)
    }
    commands["spy-sleepy"] += " --sleep-at 7 --sleep-ms 5000"

    async def scenario() -> tuple[MatchRecord, MatchRecord, dict[str, list[pb.ServerMessage]]]:
        async with EmbeddedReferee(startup_timeout_s=20) as referee:
            await asyncio.gather(*(referee.launch(n, c) for n, c in commands.items()))
            late = LateAskingReferee(
                GAME,
                GAME.options_type(),
                8,
                [referee.player(n) for n in plain],
                clock=CLOCK,
                match_id="plain",
            )
            records = await asyncio.gather(
                late.run(),
                play_match(
                    GAME,
                    GAME.options_type(),
                    9,
                    [referee.player(n) for n in fault],
                    clock=Clock(per_move_ms=1000, bank_ms=1000),
                    match_id="fault",
                ),
            )
            waiting = plain + fault[:2]  # the sleeper is still asleep
            logs = await asyncio.gather(
                *(wait_for_match_end(tmp_path / f"{n}.log") for n in waiting)
            )
            return records[0], records[1], dict(zip(waiting, logs, strict=True))

    plain_record, fault_record, logs = asyncio.run(asyncio.wait_for(scenario(), 40))
    assert_normal_end(plain_record, plain)
    assert fault_record.outcome.termination is Termination.TIMEOUT
    assert fault_record.outcome.offender == 2

    scans = 0
    for record, names in ((plain_record, plain), (fault_record, fault[:2])):
        turns = turns_of(record)
        numbers = sum(len(t) for t in turns)
        assert len(distinctive(turns)) >= 0.8 * numbers  # the spies wrote distinctive numbers
        for seat, name in enumerate(names):
            requests, checked = assert_spy_saw_no_pending(
                logs[name], seat, turns, len(record.players)
            )
            assert requests == sum(1 for m in record.moves if m.seat == seat)
            scans += checked
    # The fault struck mid-turn: both spies' numbers of that turn stayed secret to the end.
    fault_turns = turns_of(fault_record)
    assert len(fault_turns) == len(replay_record(fault_record)[-1].history) + 1
    assert sorted(fault_turns[-1]) == [0, 1]
    assert scans > 100
    # The late asker really built views mid-turn: later seats were asked after others wrote.
    asked_late = [
        m.decision_request.view.the_number
        for name in plain
        for m in logs[name]
        if m.WhichOneof("kind") == "decision_request"
    ]
    assert sum(any(p.submitted for p in v.players) for v in asked_late) >= 20


# ─────────────────────────── in process ───────────────────────────


def fresh_number_policy(seed: int, seen: list[tuple[str, Mapping[str, Any]]]) -> Any:
    """A policy writing distinctive numbers that keeps every request's view (and its JSON then)."""
    rng = random.Random(seed)

    def choose(request: DecisionRequest) -> Reply:
        seen.append((json.dumps(request.view, sort_keys=True), request.view))
        revealed = {e["number"] for t in request.view["history"] for e in t["entries"]}
        fresh = [m for m in request.legal_moves if m.split()[1] not in revealed]
        return rng.choice(fresh or list(request.legal_moves))

    return choose


def crash_at(decision: int, policy: Any) -> Any:
    """The policy, except that it raises at its `decision`-th call (a crash mid-turn)."""
    calls = 0

    def choose(request: DecisionRequest) -> Reply:
        nonlocal calls
        calls += 1
        if calls == decision:
            raise RuntimeError("crashed on purpose")
        return policy(request)

    return choose


def view_strings(data: Any) -> Iterator[str]:
    """Every string in a JSON-ready view."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, Mapping):
        for value in data.values():
            yield from view_strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from view_strings(value)


def play_watched(
    kind: type[Referee], players: list[PolicyPlayer], seed: int
) -> tuple[MatchRecord, list[tuple[int, int]]]:
    """Play in process; per move event, (its ply, turns revealed when the watcher got it)."""
    events: list[tuple[int, int]] = []

    def watch(event: MatchEvent) -> None:
        if event.kind == "move":
            state = referee.state
            events.append((event.ply, len(state.history)))

    referee = kind(GAME, GAME.options_type(), seed, players, on_event=watch)
    return asyncio.run(referee.run()), events


def assert_views_hide_pending(
    seen: list[list[tuple[str, Mapping[str, Any]]]], turns: list[dict[Seat, str]]
) -> None:
    """Every view a seat got shows the revealed turns exactly and no other seat's secret."""
    hidden = unseen(turns)
    for seat, views in enumerate(seen):
        for at_decision, view in views:
            assert json.dumps(view, sort_keys=True) == at_decision  # a snapshot, never updated
            assert view["my_pending"] is None and view["seat"] == seat
            revealed = len(view["history"])
            assert [[e["number"] for e in t["entries"]] for t in view["history"]] == [
                [turns[j].get(s, "") for s in range(len(seen))] for j in range(revealed)
            ]
            strings = set(view_strings(view))
            for j in range(revealed, len(turns)):
                for other, number in turns[j].items():
                    if other != seat and (j, other) in hidden:
                        leaked = any(number in text for text in strings)
                        assert not leaked, f"seat {seat} saw seat {other}'s pending {number}"


@pytest.mark.parametrize("kind", [Referee, LateAskingReferee])
@pytest.mark.parametrize(("seats", "crash"), [(5, None), (3, 2)])
def test_no_view_or_event_shows_a_pending_number_in_process(
    kind: type[Referee], seats: int, crash: Seat | None
) -> None:
    seen: list[list[tuple[str, Mapping[str, Any]]]] = [[] for _ in range(seats)]
    policies = [fresh_number_policy(s, seen[s]) for s in range(seats)]
    if crash is not None:  # the last seat crashes at its 4th decision, after the others wrote
        policies[crash] = crash_at(4, policies[crash])
    players = [PolicyPlayer(f"p{s}", p) for s, p in enumerate(policies)]
    record, events = play_watched(kind, players, seed=20 + seats)
    turns = turns_of(record)
    assert len(unseen(turns)) >= 0.9 * len(record.moves)  # the numbers are distinctive
    assert [len(v) for v in seen] == [sum(m.seat == s for m in record.moves) for s in range(seats)]
    assert_views_hide_pending(seen, turns)
    # Only the late asker builds views mid-turn, when some seats have written already.
    mid_turn = [v for views in seen for _, v in views if any(p["submitted"] for p in v["players"])]
    assert bool(mid_turn) == (kind is LateAskingReferee)
    # A watcher gets a move only once its turn is revealed; an unrevealed turn, never.
    turn_of_ply = [j for j, t in enumerate(turns) for _ in t]
    assert all(turn_of_ply[ply - 1] < revealed for ply, revealed in events)
    revealed_moves = sum(len(t) for t in turns[: len(replay_record(record)[-1].history)])
    assert [ply for ply, _ in events] == list(range(1, revealed_moves + 1))
    if crash is None:
        assert_normal_end(record, [p.name for p in players])
    else:
        assert record.outcome.termination is Termination.CRASH
        assert record.outcome.offender == crash
        assert sorted(turns[-1]) == [0, 1] and revealed_moves < len(record.moves)


# ─────────────────────────── a sleeper on a simultaneous decision ───────────────────────────

SLEEP_S = 4.0  # far past the 300 ms budget plus the 300 ms bank
FAST_CLOCK = Clock(per_move_ms=300, bank_ms=300)


def test_a_sleeper_is_adjudicated_and_a_concurrent_match_is_not_delayed(tmp_path: Path) -> None:
    sleeper = (
        f"{SPY_BOT} --log {shlex.quote(str(tmp_path / 'sleeper.log'))} "
        f"--sleep-at 4 --sleep-ms {SLEEP_S * 1000:.0f}"
    )
    commands = {
        "ra": f"{RANDOM_BOT} --seed 4",
        "sleeper": sleeper,
        "ga": f"{GREEDY_BOT} --seed 4",
        "rb": f"{RANDOM_BOT} --seed 5",
        "rc": f"{RANDOM_BOT} --seed 6",
        "gb": f"{GREEDY_BOT} --seed 5",
    }
    slow_table, other_table = ["ra", "sleeper", "ga"], ["rb", "gb", "rc"]

    asked_at: list[float] = []  # when the sleeper was asked its 4th decision

    async def scenario() -> list[MatchRecord]:
        async with EmbeddedReferee(startup_timeout_s=20) as referee:
            await asyncio.gather(*(referee.launch(n, c) for n, c in commands.items()))
            sleeping = asyncio.Event()

            def watch(event: MatchEvent) -> None:
                if event.kind == "move" and event.ply == 9:  # turn 3 revealed: turn 4 is asked
                    asked_at.append(time.time())
                    sleeping.set()

            async def other_match() -> MatchRecord:
                await asyncio.wait_for(sleeping.wait(), 20)  # start while the sleeper sleeps
                players = [referee.player(n) for n in other_table]
                return await play_match(GAME, GAME.options_type(), 51, players, clock=FAST_CLOCK)

            players = [referee.player(n) for n in slow_table]
            return await asyncio.gather(
                play_match(
                    GAME, GAME.options_type(), 50, players, clock=FAST_CLOCK, on_event=watch
                ),
                other_match(),
            )

    slow, other = asyncio.run(asyncio.wait_for(scenario(), 40))
    # The sleeper's 4th decision is round 1, turn 4: it is adjudicated there, on its clock.
    final = replay_record(slow)[-1]
    assert (final.round, final.turn, len(final.history)) == (1, 4, 3)
    assert final.pending[1] is None  # the others wrote their turn-4 numbers, the sleeper not
    assert final.pending[0] is not None and final.pending[2] is not None
    expected = GAME.adjudicate(final, 1)
    outcome = slow.outcome
    assert outcome.termination is Termination.TIMEOUT and outcome.offender == 1
    assert "sleeper" in outcome.detail
    assert (outcome.ranks, outcome.scores, outcome.points) == (
        expected.ranks,
        expected.scores,
        expected.points,
    )
    assert outcome.ranks[1] == 3  # the offender alone last
    assert [outcome.ranks[0], outcome.ranks[2]] == list(
        ranks_from_keys([outcome.scores[0], outcome.scores[2]])
    )
    assert slow.finished_at - slow.started_at < SLEEP_S / 2  # not waiting for the sleeper
    # The other match, started once the sleeper was asked, ended normally and undelayed.
    assert_normal_end(other, other_table)
    assert asked_at[0] <= other.started_at < slow.finished_at
    assert other.finished_at - other.started_at < SLEEP_S / 4
