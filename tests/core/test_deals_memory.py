"""A bot that remembers every deal it sees gains nothing under the default (independent) deals.

The memorising bot plays greedy Lucky Numbers, and records the value of every tile it draws by
its place in the pot, keyed by the deal's opening position. When it meets a deal it has seen,
it knows what the next blind draw will bring and takes it or leaves it accordingly. Under
duplicate deals a table's seatings replay one deal, so it does meet them again; under
independent deals it never does, and its games are move for move those of plain greedy.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

from arena.app.running import create_tournament, play_tournament
from arena.core.players import DecisionRequest, Reply
from arena.core.values import MatchRecord
from arena.games.lucky_numbers.strategy import _resolve_moves_for, best_resolve, make_greedy
from arena.match.policy_runner import PolicyPlayer
from arena.store import Store
from arena.tournament import BotEntry, Deals, TournamentSpec
from arena.tournament.entrants import builtin_player, local_runner
from arena.tournament.manage import game_and_options


class DealMemory:
    """What a memorising bot has learnt: pot values by deal and draw index, and its hits."""

    def __init__(self) -> None:
        self.pots: dict[tuple[Any, ...], dict[int, int]] = {}
        self.hits = 0  # decisions taken with a remembered draw


def memorising_policy(memory: DealMemory) -> Any:
    """Greedy, except that a remembered next draw replaces the expected value of drawing."""
    greedy = make_greedy()
    state: dict[str, Any] = {}

    def choose(request: DecisionRequest) -> Reply:
        view: Mapping[str, Any] = request.view
        if "deal" not in state:
            # The deal's fingerprint: the dealt diagonal of the seat that does not start, still
            # untouched at this bot's first decision whichever seat it holds.
            state["deal"] = tuple(view["grids"][1 - view["start_seat"]])
        pot = memory.pots.setdefault(state["deal"], {})
        # Only draws empty the pot, which holds 16 tiles a player after the easy setup.
        drawn = 16 * view["num_players"] - view["pot_size"]  # the next draw is pot[drawn]
        if view["phase"] == "resolve" and view["hand_source"] == "draw":
            pot[drawn - 1] = view["hand"]  # the tile just drawn
        if view["phase"] == "acquire" and drawn in pot:
            memory.hits += 1
            return _acquire_knowing(request, pot[drawn])
        return greedy(request)

    return choose


def _acquire_knowing(request: DecisionRequest, next_draw: int) -> str:
    grid = tuple(request.view["grids"][request.seat])
    options = _resolve_moves_for(grid, next_draw)
    best_score, best_move = (best_resolve(grid, next_draw, options)[0] if options else -1e9), "draw"
    for move in request.legal_moves:
        if move.startswith("take "):
            value = int(move.split()[1])
            score = best_resolve(grid, value, _resolve_moves_for(grid, value))[0]
            if score > best_score:
                best_score, best_move = score, move
    return best_move


BOTS = (
    BotEntry("memo", "builtin:greedy"),  # replaced by the memorising policy when it remembers
    BotEntry("greedy", "builtin:greedy"),
    BotEntry("random", "builtin:random"),
)


def play(db: str, deals: Deals, memory: DealMemory | None) -> list[MatchRecord]:
    """A seeded round robin at tables of 2 (easy setup); `memo` remembers across matches when
    given memory."""
    spec = TournamentSpec("lucky_numbers", BOTS, seed=99, cycles=4, deals=deals)
    with Store.open(db) as store:
        stored = create_tournament(store, spec, owner=None)
        game, options = game_and_options(stored.spec)
        bots = {b.name: b for b in stored.spec.bots}

        def seat(fixture: Any, seat: int) -> Any:
            name = fixture.seats[seat]
            if name == "memo" and memory is not None:
                return PolicyPlayer("memo", memorising_policy(memory))
            return builtin_player(game.name, bots[name], fixture, seat)

        runner = local_runner(game, options, seat)
        asyncio.run(play_tournament(store, stored.id, runner, concurrency=1))
        return store.tournament_matches(stored.id)


def results(records: list[MatchRecord]) -> list[tuple[Any, ...]]:
    return [(r.players, tuple(m.move for m in r.moves), r.outcome.ranks) for r in records]


def test_a_memorising_bot_gains_nothing_under_independent_deals(tmp_path) -> None:
    memory = DealMemory()
    remembering = play(str(tmp_path / "memo.db"), Deals.INDEPENDENT, memory)
    plain = play(str(tmp_path / "plain.db"), Deals.INDEPENDENT, None)
    assert memory.hits == 0  # no deal ever came back
    assert results(remembering) == results(plain)  # so every game is the same, move for move


def test_under_duplicate_deals_the_same_bot_does_remember(tmp_path) -> None:
    """The control: with duplicate deals the memory is used, so the test above can tell."""
    memory = DealMemory()
    remembering = play(str(tmp_path / "memo.db"), Deals.DUPLICATE, memory)
    plain = play(str(tmp_path / "plain.db"), Deals.DUPLICATE, None)
    assert memory.hits > 0
    assert results(remembering) != results(plain)
