"""An organizer's request, checked and completed once for the CLI and for CreateTournament:
the same defaults, bounds and errors whichever front end asks."""

from __future__ import annotations

import pytest

from arena.app.tournaments import DEFAULT_RECONNECT_GRACE_MS, TournamentRequest, plan
from arena.app.values import BotEntry
from arena.errors import ConfigError, LimitError
from arena.match.clock import Clock
from arena.match.limits import ServerLimits


def bots(*names: str) -> tuple[BotEntry, ...]:
    return tuple(BotEntry(n) for n in names)


def test_defaults_are_chosen_here_once() -> None:
    order = plan(TournamentRequest(game="the-number", bots=bots("a", "b", "c", "d"), seed=4))
    spec = order.spec
    assert spec.game == "the_number" and spec.table_size == 3  # the game's smallest table
    assert (spec.cycles, spec.rounds, spec.deals.value) == (1, 0, "independent")
    assert (spec.time_per_move_ms, spec.time_bank_ms, spec.increment_ms) == (1000, 10000, None)
    assert spec.options["rounds"] == 2  # the game's own option defaults, filled in
    assert spec.reconnect_grace_ms is None and order.concurrency == 1
    picked = plan(TournamentRequest(game="azul", bots=bots("a", "b"))).spec.seed
    assert 2**255 <= picked < 2**256  # 256 bits: a key no deal can be searched back to


def test_a_server_run_gets_a_reconnect_grace_and_a_local_one_refuses_it() -> None:
    ask = TournamentRequest(game="azul", bots=bots("a", "b"), seed=1)
    assert plan(ask, server_run=True).spec.reconnect_grace_ms == DEFAULT_RECONNECT_GRACE_MS
    zero = TournamentRequest(game="azul", bots=bots("a", "b"), seed=1, reconnect_grace_ms=0)
    assert plan(zero, server_run=True).spec.reconnect_grace_ms == 0
    with pytest.raises(ConfigError, match="reconnect grace"):
        plan(zero)


def test_swiss_rounds_default_to_log2_of_the_field_and_only_swiss_takes_rounds() -> None:
    field = bots(*"abcdefghi")
    assert plan(TournamentRequest(game="azul", bots=field, format="swiss", seed=1)).spec.rounds == 4
    five = TournamentRequest(game="azul", bots=field, format="swiss", rounds=5, seed=1)
    assert plan(five).spec.rounds == 5
    with pytest.raises(ConfigError, match="--rounds applies only"):
        plan(TournamentRequest(game="azul", bots=field, rounds=2, seed=1))
    with pytest.raises(ConfigError, match="knockout"):  # 4 bots cannot be reduced at tables of 3
        plan(TournamentRequest(game="the_number", bots=bots(*"abcd"), format="knockout", seed=1))


def test_a_servers_limits_bound_what_strangers_may_ask() -> None:
    limits = ServerLimits(max_cycles=2, max_fixtures=10, max_concurrency=4, min_move_ms=50)
    many = TournamentRequest(game="azul", bots=bots(*"abcdef"), seed=1)  # 15 tables x 2 = 30
    with pytest.raises(LimitError, match="at most 10"):
        plan(many, limits=limits)
    plan(many)  # a local run is the organizer's own business
    with pytest.raises(LimitError, match="per-move time"):
        plan(TournamentRequest(game="azul", bots=bots("a", "b"), clock=Clock(20)), limits=limits)
    with pytest.raises(LimitError, match="cycles"):
        plan(TournamentRequest(game="azul", bots=bots("a", "b"), cycles=3), limits=limits)
    with pytest.raises(LimitError, match="bot name"):
        plan(TournamentRequest(game="azul", bots=bots("a", "b c")))
    fallback = plan(TournamentRequest(game="azul", bots=bots("a", "b")), default_clock=Clock(300))
    assert fallback.spec.time_per_move_ms == 300


def test_bad_choices_name_the_allowed_ones() -> None:
    with pytest.raises(ConfigError, match="round-robin, gauntlet, swiss, knockout"):
        plan(TournamentRequest(game="azul", bots=bots("a", "b"), format="ladder"))
    with pytest.raises(ConfigError, match="independent, duplicate"):
        plan(TournamentRequest(game="azul", bots=bots("a", "b"), deals="shared"))
