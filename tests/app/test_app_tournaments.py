"""arena.app.tournaments: the bounds `plan` checks before anything is stored, its defaults for
empty fields, and the secret seed (tests/app/test_tournament_requests.py has the schedules)."""

from __future__ import annotations

import pytest

from arena.app.tournaments import (
    DEFAULT_RECONNECT_GRACE_MS,
    MAX_RECONNECT_GRACE_MS,
    TournamentOrder,
    TournamentRequest,
    plan,
    secret_seed,
)
from arena.errors import LimitError, OptionError, UnknownGameError
from arena.match.clock import Clock
from arena.match.limits import MAX_BOTS_PER_TOURNAMENT, ServerLimits
from arena.tournament import BotEntry, Format
from arena.tournament.schedule import MAX_SEED, SECRET_SEED_BITS, Deals


def ask(*names: str, **changes: object) -> TournamentRequest:
    bots = tuple(BotEntry(n) for n in names or ("ann", "bob"))
    return TournamentRequest(**{"game": "azul", "bots": bots, "seed": 1, **changes})  # type: ignore[arg-type]


def test_a_secret_seed_is_256_bits_with_its_top_bit_set() -> None:
    seeds = {secret_seed() for _ in range(20)}
    assert len(seeds) == 20
    assert all(2 ** (SECRET_SEED_BITS - 1) <= s < MAX_SEED for s in seeds)


def test_empty_fields_take_the_defaults() -> None:
    order = plan(ask(format="", deals="", hero="", table_size=0, cycles=0, rounds=0))
    assert isinstance(order, TournamentOrder) and order.concurrency == 1
    s = order.spec
    assert (s.format, s.deals, s.hero, s.table_size, s.cycles) == (
        Format.ROUND_ROBIN, Deals.INDEPENDENT, None, 2, 1
    )  # fmt: skip
    assert s.bots == (BotEntry("ann"), BotEntry("bob")) and s.seed == 1


def test_the_seed_must_fit_in_256_bits() -> None:
    assert plan(ask(seed=0)).spec.seed == 0
    assert plan(ask(seed=MAX_SEED - 1)).spec.seed == MAX_SEED - 1
    for bad in (-1, MAX_SEED):
        with pytest.raises(LimitError, match="seed must be from 0 to 2\\*\\*256 - 1"):
            plan(ask(seed=bad))


def test_a_field_of_bots_is_bounded_and_every_name_checked() -> None:
    many = tuple(f"b{i}" for i in range(MAX_BOTS_PER_TOURNAMENT + 1))
    with pytest.raises(LimitError, match=f"{len(many)} bots; at most {MAX_BOTS_PER_TOURNAMENT}"):
        plan(ask(*many))
    with pytest.raises(LimitError, match="hero"):
        plan(ask("ann", "bob", format="gauntlet", hero="-x"))
    with pytest.raises(LimitError, match="bot name"):
        plan(ask("ann", "x" * 65))


def test_options_are_bounded_then_checked_by_the_game() -> None:
    with pytest.raises(LimitError, match="at most 32"):
        plan(ask(options={f"o{i}": "1" for i in range(33)}))
    with pytest.raises(LimitError, match="option"):
        plan(ask(options={"wall": "g" * 65}))
    with pytest.raises(OptionError):
        plan(ask(options={"no_such_option": "1"}))
    assert plan(ask(options={"wall": "gray"})).spec.options["wall"] == "gray"


def test_concurrency_and_the_reconnect_grace_are_bounded() -> None:
    with pytest.raises(LimitError, match="concurrency must be 1 to 4096 in one tournament"):
        plan(ask(concurrency=0))
    assert plan(ask(concurrency=8)).concurrency == 8
    with pytest.raises(LimitError, match="concurrency must be 1 to 4 on this server"):
        plan(ask(concurrency=5), limits=ServerLimits(max_concurrency=4))
    for bad in (-1, MAX_RECONNECT_GRACE_MS + 1):
        with pytest.raises(LimitError, match="reconnect grace must be 0 to"):
            plan(ask(reconnect_grace_ms=bad), server_run=True)
    top = plan(ask(reconnect_grace_ms=MAX_RECONNECT_GRACE_MS), server_run=True)
    assert top.spec.reconnect_grace_ms == MAX_RECONNECT_GRACE_MS
    assert plan(ask(), server_run=True).spec.reconnect_grace_ms == DEFAULT_RECONNECT_GRACE_MS


def test_a_local_run_is_bounded_before_its_schedule_is_listed() -> None:
    # a typo's cycles, and a field too big to list: refused by their size, at once
    with pytest.raises(LimitError, match="cycles must be 1 to 1000000 in one tournament"):
        plan(ask(cycles=10**21))
    with pytest.raises(LimitError, match="cycles must be 1 to 1000000 in one tournament"):
        plan(ask(cycles=-3))
    many = tuple(BotEntry(f"b{i}", "builtin:random") for i in range(200))
    with pytest.raises(LimitError) as refused:
        plan(ask(bots=many, table_size=4, game="azul"))  # 200 choose 4 tables x 4 rotations
    assert str(refused.value).startswith(
        "the schedule has 258739800 matches; at most 1000000 are played in one tournament"
    )
    for field_name, bad in (("table_size", 65), ("rounds", 1001), ("game", "g" * 65)):
        with pytest.raises(LimitError):
            plan(ask(**{field_name: bad}))


def test_the_request_clock_wins_over_the_default_and_none_means_none() -> None:
    assert (
        plan(ask(clock=Clock(400, 1000, 5)), default_clock=Clock(300)).spec.time_per_move_ms == 400
    )
    spec = plan(ask(clock=Clock(400, 1000, 5))).spec
    assert (spec.time_per_move_ms, spec.time_bank_ms, spec.increment_ms) == (400, 1000, 5)


def test_an_unknown_game_is_named() -> None:
    with pytest.raises(UnknownGameError, match="chess"):
        plan(ask(game="chess"))


def test_a_local_run_is_not_held_to_a_servers_limits() -> None:
    tight = ServerLimits(max_cycles=1, max_fixtures=1, max_concurrency=1)
    request = ask("a", "b", "c", cycles=2, concurrency=2)
    assert plan(request).spec.cycles == 2
    with pytest.raises(LimitError):
        plan(request, limits=tight)
