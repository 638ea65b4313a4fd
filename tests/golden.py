"""Golden traces of every game: digests of seeded random playouts, to prove a refactor changes
no behaviour.

For every game, every combination of its choice options and every player count, a few seeded
random playouts record at every ply: the seats to move, every seat's legal moves, the view of
every seat and of a spectator (JSON, sorted keys), the text picture for each of them, the wire
bytes of each view (the GameView envelope, deterministic serialization), and every few plies
and at the end the adjudication against each seat (and none); at the end the outcome. The
digests of those traces are kept in tests/golden.json, written from the code before a change:

    .venv/bin/python tests/golden.py --write     # record the current behaviour
    .venv/bin/python tests/golden.py             # compare (also a test: test_golden.py)

Options that must be refused are traced too (the error class and message, whether the options
type, parse_options or setup refuses them).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from arena.core.game import new_game_state, options_to_dict, parse_options
from arena.core.registry import get_game, list_games
from arena.games.testing import all_option_combinations
from arena.rpc.wire.convert import view_from_pb, view_to_pb

GOLDEN = Path(__file__).with_name("golden.json")
SEEDS = (0, 1)
ADJUDICATE_EVERY = 25  # plies between mid-game adjudications (each seat and none)

# Options every engine must refuse, by game: (raw options as parse_options takes them).
BAD_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "lucky_numbers": [{"setup": "hard"}, {"bruno": "maybe"}],
    "azul": [{"wall": "bogus"}, {"colour": "gray"}],
    "the_number": [{"rounds": 0}, {"rounds": 11}, {"rounds": "x"}, {"tied_bonus": "half"}],
    "hypnosia": [{"round_cap": 0}, {"round_cap": -3}, {"stacks_cross": "sometimes"}],
    "epizodiak": [{"target": 8}, {"mode": "forever"}, {"target": "13"}],
    "arctic_scavengers": [{"shovel": "plus3"}],
}
# Typed options built directly (as a library user may), bypassing parse_options' text checks.
BAD_TYPED: dict[str, list[dict[str, Any]]] = {
    "lucky_numbers": [{"setup": "hard"}],
    "azul": [{"wall": "bogus"}],
    "the_number": [{"rounds": 0}, {"tied_bonus": "half"}],
    "hypnosia": [{"round_cap": 0}],
    "epizodiak": [{"mode": "forever"}, {"target": 8}],
    "arctic_scavengers": [{"shovel": "plus3"}],
}


def _dump(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def trace_game(game: Any, num_players: int, options: Any, seed: int, out: Any) -> None:
    """Feed one seeded random playout's trace into the hash `out`."""
    rng = random.Random(seed ^ 0x5EED)
    state = game.setup(num_players, options, random.Random(seed))
    viewers: list[int | None] = [*range(num_players), None]
    ply = 0
    while True:
        out.update(f"ply {ply} to_move {list(game.to_move(state))}\n".encode())
        for seat in range(num_players):
            out.update(f"legal {seat} {_dump(list(game.legal_moves(state, seat)))}\n".encode())
        for viewer in viewers:
            view = game.view(state, viewer)
            out.update(f"view {viewer} {_dump(view)}\n".encode())
            out.update(f"render {viewer}\n{game.render(state, viewer)}\n".encode())
            envelope = view_to_pb(game.name, view)
            out.update(envelope.SerializeToString(deterministic=True))
            if view_from_pb(game.name, envelope) != view:
                raise AssertionError(f"{game.name} ply {ply}: the wire roundtrip changed a view")
        if ply % ADJUDICATE_EVERY == 0 or game.outcome(state) is not None:
            for offender in viewers:
                out.update(f"adjudicate {offender} {game.adjudicate(state, offender)}\n".encode())
        outcome = game.outcome(state)
        if outcome is not None:
            out.update(f"outcome {_dump(outcome.to_dict())}\n".encode())
            return
        seat = rng.choice(game.to_move(state))
        move = rng.choice(list(game.legal_moves(state, seat)))
        out.update(f"move {seat} {move}\n".encode())
        state = game.apply(state, seat, move)
        ply += 1


def refusal(game: Any, raw: dict[str, Any], *, typed: bool = False) -> str:
    """How bad options are refused: the error class and message, wherever it is raised."""
    try:
        options = game.options_type(**raw) if typed else parse_options(game, raw)
        new_game_state(game, game.min_players, options, 0)
    except Exception as exc:  # noqa: BLE001 - the class is what is recorded
        return f"{type(exc).__name__}: {exc}"
    return "accepted"


def digests(names: list[str] | None = None) -> dict[str, str]:
    """Every game's digests (or those of `names`), keyed by game, player count and options."""
    found: dict[str, str] = {}
    for game in list_games():
        if names and game.name not in names:
            continue
        for options in all_option_combinations(game):
            for n in range(game.min_players, game.max_players + 1):
                digest = hashlib.sha256()
                for seed in SEEDS:
                    trace_game(game, n, options, seed, digest)
                found[f"{game.name} {n} {_dump(options_to_dict(options))}"] = digest.hexdigest()
        refusals = [refusal(game, raw) for raw in BAD_OPTIONS.get(game.name, [])]
        refusals += [refusal(game, raw, typed=True) for raw in BAD_TYPED.get(game.name, [])]
        found[f"{game.name} refusals"] = hashlib.sha256(_dump(refusals).encode()).hexdigest()
    return found


def refusals_text() -> dict[str, list[str]]:
    """The refusal messages themselves, for reading when a digest differs."""
    return {
        name: [refusal(get_game(name), raw) for raw in bad]
        + [refusal(get_game(name), raw, typed=True) for raw in BAD_TYPED.get(name, [])]
        for name, bad in BAD_OPTIONS.items()
    }


def main() -> int:
    """Write or compare the digests."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="record the current behaviour")
    parser.add_argument("--game", action="append", help="compare only this game (repeatable)")
    args = parser.parse_args()
    if args.write and args.game:
        parser.error("--write records every game")
    found = digests(args.game)
    if args.write:
        GOLDEN.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
        print(f"wrote {len(found)} digests to {GOLDEN}")
        return 0
    kept = json.loads(GOLDEN.read_text())
    if args.game:
        kept = {k: v for k, v in kept.items() if k.split()[0] in args.game}
    changed = sorted(k for k in kept.keys() | found.keys() if kept.get(k) != found.get(k))
    for key in changed:
        print(f"differs: {key}")
    print(f"{len(found) - len(changed)} of {len(found)} digests equal")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
