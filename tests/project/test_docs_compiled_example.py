"""The compiled-engine example of docs/bots.md runs as written: its policy, given a real request
of an Azul match, answers with a legal move, the same one from the same request."""

from __future__ import annotations

import random
import re
from pathlib import Path

from arena.games.azul import GAME, AzulOptions
from arena.games.testing import request_for

DOC = Path(__file__).resolve().parents[2] / "docs" / "bots.md"


def example() -> dict[str, object]:
    """The Python block under "Compiled engines", run as a module."""
    section = DOC.read_text().split("## Compiled engines for a search of your own", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None, "docs/bots.md lost its example"
    namespace: dict[str, object] = {"__name__": "example"}
    exec(compile(code.group(1), str(DOC), "exec"), namespace)
    return namespace


def test_the_example_policy_answers_a_legal_move_from_the_view_alone() -> None:
    policy = example()["flat_monte_carlo"]
    state = GAME.setup(2, AzulOptions(), random.Random(5))
    for _ in range(3):  # a few moves in, with tiles in the centre
        seat = GAME.to_move(state)[0]
        state = GAME.play(state, seat, GAME.legal_moves(state, seat)[0])
    request = request_for(GAME, state, GAME.to_move(state)[0])
    answer = policy(request, rollouts=2)  # type: ignore[operator]
    assert 0 <= answer < len(request.legal_moves)
    assert policy(request, rollouts=2) == answer  # type: ignore[operator]
