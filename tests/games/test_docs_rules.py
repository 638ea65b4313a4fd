"""docs/games/<game>.md: one page per registered game, printed by `arena rules`, covering the
view fields and move tokens; the .proto files and engines point only inside the repository."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from arena.cli import main
from arena.core.game import parse_options
from arena.core.registry import get_game, list_games
from arena.v1 import arena_pb2 as pb

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTED_HERE = ("lucky_numbers", "azul", "the_number")


def page(game: str) -> str:
    return (ROOT / "docs" / "games" / f"{game}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", [g.name for g in list_games()])
def test_arena_rules_prints_the_page_of_every_registered_game(capsys, game):
    with pytest.raises(SystemExit) as exit_info:
        main(["rules", game])
    assert (exit_info.value.code or 0) == 0
    assert capsys.readouterr().out == page(game)


def test_arena_rules_works_from_any_directory(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "arena", "rules", "the-number"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("# The Number")


def test_arena_rules_of_an_unknown_game_is_one_error_line(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["rules", "chess"])
    assert exit_info.value.code == 1
    assert capsys.readouterr().err.startswith("error: unknown game 'chess'")


@pytest.mark.parametrize("game", DOCUMENTED_HERE)
def test_page_names_every_field_of_the_typed_view(game):
    view = pb.GameView.DESCRIPTOR.fields_by_name[game].message_type
    text = page(game)
    missing = [f.name for f in view.fields if f"`{f.name}`" not in text]
    assert missing == []


@pytest.mark.parametrize("game", DOCUMENTED_HERE)
def test_page_shows_every_move_token_seen_in_seeded_playouts(game):
    rules = get_game(game)
    keywords: set[str] = set()
    for seed in range(4):
        for options in ({}, *_variants(game)):
            keywords |= _playout_keywords(rules, options, seed)
    text = page(game)
    assert keywords and all(f"`{word}" in text for word in keywords), keywords


def _variants(game: str) -> list[dict[str, str]]:
    return {
        "azul": [{"wall": "gray"}],
        "lucky_numbers": [{"setup": "michael", "bruno": "true"}],
    }.get(game, [])


def _playout_keywords(rules, options, seed) -> set[str]:
    rng = random.Random(seed)
    state = rules.setup(rules.min_players, parse_options(rules, options), rng)
    words: set[str] = set()
    for _ in range(400):
        seats = rules.to_move(state)
        if not seats:
            break
        for seat in seats:
            moves = rules.legal_moves(state, seat)
            words |= {m.split()[0] for m in moves}
            state = rules.apply(state, seat, rng.choice(moves))
    return words


def test_protos_and_engines_point_inside_the_repository():
    sources = [*ROOT.glob("proto/**/*.proto"), *ROOT.glob("arena/games/**/*.py")]
    for path in sources:
        text = path.read_text(encoding="utf-8")
        assert "shared/rules" not in text, path
        for ref in re.findall(r"docs/games/[\w.]+\.md", text):
            assert (ROOT / ref).is_file(), f"{path} points to missing {ref}"
