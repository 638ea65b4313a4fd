"""The Hypnosia boss: the state it rebuilds from a view, its turn plans, and decisions that
depend on nothing but the view."""

from __future__ import annotations

import random

import pytest

from arena.errors import ConfigError
from arena.games.hypnosia import GAME, HypnosiaOptions
from arena.games.hypnosia.belief import state_from_view
from arena.games.hypnosia.boss import ROLLS, WIDTH, choose, plans, search
from arena.games.hypnosia.rules import play
from arena.games.hypnosia.sampling import resample
from arena.games.hypnosia.strategy import BOSS_LEVELS
from arena.games.testing import request_for
from arena.match.strategies import make_policy
from arena.search.budget import Budget

OPTIONS = [HypnosiaOptions(), HypnosiaOptions(stacks_cross=False), HypnosiaOptions(round_cap=3)]


def positions(options: HypnosiaOptions, players: int, seed: int, every: int):
    """Every `every`-th state of a seeded random playout, the last one included."""
    rng = random.Random(seed)
    state = GAME.setup(players, options, random.Random(seed))
    ply = 0
    while GAME.outcome(state) is None:
        if ply % every == 0:
            yield state
        state = GAME.play(state, state.current, rng.choice(GAME.legal_moves(state, state.current)))
        ply += 1
    yield state


@pytest.mark.parametrize("options", OPTIONS, ids=repr)
def test_a_state_rebuilt_from_a_view_shows_every_seat_that_view(options) -> None:
    samples = 0
    for players in (2, 3, 6):
        for state in positions(options, players, players, every=7):
            for seat in range(players):
                view = GAME.view(state, seat)
                rebuilt = state_from_view(view, random.Random(samples))
                samples += 1
                assert GAME.view(rebuilt, seat) == view
                assert GAME.legal_moves(rebuilt, seat) == GAME.legal_moves(state, seat)
                assert GAME.outcome(rebuilt) == GAME.outcome(state)
    assert samples > 50


def test_the_rebuilt_state_plays_on_like_the_real_one_given_the_same_dice() -> None:
    for state in positions(HypnosiaOptions(), 3, 11, every=13):
        if GAME.outcome(state) is not None:
            continue
        rebuilt = state_from_view(GAME.view(state, 0), random.Random(1))._replace(
            stream=state.stream
        )
        rng = random.Random(2)
        for _ in range(30):
            if GAME.outcome(state) is not None:
                break
            move = rng.choice(GAME.legal_moves(state, state.current))
            state, rebuilt = (GAME.play(s, s.current, move) for s in (state, rebuilt))
            assert GAME.view(rebuilt, 1) == GAME.view(state, 1)


def test_a_view_of_another_board_is_refused() -> None:
    view = GAME.view(GAME.setup(2, HypnosiaOptions(), random.Random(0)), 0)
    view["board"]["entries"] = list(reversed(view["board"]["entries"]))
    with pytest.raises(ConfigError, match="board"):
        state_from_view(view, random.Random(0))


def test_the_forced_rolls_are_the_21_distinct_rolls_with_their_chances() -> None:
    assert len(ROLLS) == 21
    assert BOSS_LEVELS["boss:2"] == (2 * len(ROLLS), None)  # the level says 2 * 21
    assert sum(chance for chance, _ in ROLLS) == pytest.approx(1.0)
    rolls = {tuple(sorted(stream.dice_pair()[0])) for _, stream in ROLLS}
    assert rolls == {(a, b) for a in range(1, 7) for b in range(a, 7)}


def test_every_plan_starts_with_a_legal_move_and_ends_the_turn() -> None:
    for state in positions(HypnosiaOptions(), 2, 5, every=9):
        if state.over:
            continue
        seat = state.current
        found = plans(state, seat)
        assert {p.first for p in found} <= set(state.moves)
        for p in found:
            end = play(p.parent, seat, p.last)
            assert end.over or len(end.left) == 2  # the plan ends the turn: a new roll
        assert [p.static for p in found] == sorted((p.static for p in found), reverse=True)


def decisions(level: str, states, seat_of=lambda s: s.current, **settings) -> list[str]:
    """The boss's move in each state, a fresh policy with one seed each time."""
    out = []
    for state in states:
        policy = make_policy("hypnosia", level, 42, **settings)
        out.append(policy(request_for(GAME, state, seat_of(state))))
    return out


def test_the_boss_decides_the_same_when_the_dice_it_cannot_see_are_resampled() -> None:
    states = [s for s in positions(HypnosiaOptions(), 2, 3, every=11) if not s.over][:12]
    resampled = [resample(s, s.current, random.Random(k)) for k, s in enumerate(states)]
    for level, settings in (("boss:1", {}), ("boss", {"iterations": 2 * len(ROLLS)})):
        moves = decisions(level, states, **settings)
        assert decisions(level, resampled, **settings) == moves
        assert all(m in s.moves for m, s in zip(moves, states, strict=True))


def test_a_boss_with_fixed_work_replays_a_whole_match() -> None:
    def match() -> list[str]:
        bots = [
            make_policy("hypnosia", "boss:2", 7, iterations=21),
            make_policy("hypnosia", "greedy", 8),
        ]
        state = GAME.setup(2, HypnosiaOptions(round_cap=6), random.Random(4))
        moves = []
        while GAME.outcome(state) is None:
            move = bots[state.current](request_for(GAME, state, state.current))
            moves.append(move)
            state = GAME.play(state, state.current, move)
        return moves

    assert match() == match()


def contested(count: int):
    """Mid-game states of a seeded greedy match whose turn has more than WIDTH plans."""
    bots = [make_policy("hypnosia", "greedy", 1), make_policy("hypnosia", "greedy", 2)]
    state = GAME.setup(2, HypnosiaOptions(), random.Random(5))
    found = []
    while GAME.outcome(state) is None and len(found) < count:
        if state.ply > 40 and len(plans(state, state.current)) > WIDTH:
            found.append(state)
        state = GAME.play(
            state, state.current, bots[state.current](request_for(GAME, state, state.current))
        )
    return found[::-1][:count]


def searched(state, iterations: int):
    return search(state, state.current, Budget(iterations=iterations).deadline())


def test_the_search_deepens_the_best_plans_one_turn_at_a_time() -> None:
    one_pass = WIDTH * len(ROLLS)  # the next seat's reply to each roll, for each of WIDTH plans
    deeper = len(ROLLS) + len(ROLLS) ** 2  # ... then the boss's own turn after each reply
    for state in contested(2):
        found = searched(state, one_pass)
        assert [len(p.deep) for p in found] == [1] * WIDTH + [0] * (len(found) - WIDTH)
        first_pass = [p.deep[0] for p in found[:WIDTH]]
        found = searched(state, one_pass + 2 * deeper)
        assert [p.deep[0] for p in found[:WIDTH]] == first_pass
        # the second pass takes the plans in the order the first ranked them
        by_first_pass = sorted(found[:WIDTH], key=lambda p: -p.deep[0])
        assert [len(p.deep) for p in by_first_pass] == [2, 2, 1, 1, 1]


def test_a_pass_cut_short_answers_like_the_pass_before() -> None:
    # with one plan of the second pass searched, that plan is the first pass's best: the move
    # cannot change; a pass cut in the middle of a plan counts for nothing.
    rng = random.Random(0)
    for state in contested(2):
        one_pass = WIDTH * len(ROLLS)
        first = choose(searched(state, one_pass), rng)
        assert choose(searched(state, one_pass + 100), rng) == first
        assert choose(searched(state, one_pass + len(ROLLS) + len(ROLLS) ** 2), rng) == first


def test_a_boss_two_turns_deep_decides_the_same_when_unseen_dice_are_resampled() -> None:
    states = contested(2)
    resampled = [resample(s, s.current, random.Random(k)) for k, s in enumerate(states)]
    work = WIDTH * len(ROLLS) + 2 * (len(ROLLS) + len(ROLLS) ** 2)
    moves = decisions("boss", states, iterations=work)
    assert decisions("boss", resampled, iterations=work) == moves
