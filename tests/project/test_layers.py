"""Layers point inward: games, the contract and its helpers, the referee, players, tournaments
and ratings never need grpc, typer or rich (checked in a fresh interpreter where importing
those modules fails)."""

from __future__ import annotations

from layering import probe

INNER_MODULES = (
    "arena.core.game",
    "arena.core.chance",
    "arena.core.view_wire",
    "arena.games.leaks",
    "arena.match.referee",
    "arena.core.players",
    "arena.ratings.trueskill_ladder",
    "arena.core.registry",
)


def test_inner_layers_import_without_grpc_typer_or_rich() -> None:
    done = probe(INNER_MODULES)
    assert done.returncode == 0, done.stderr[-2000:]
    imported = done.stdout.split()
    assert {"arena.core.game", "arena.match.referee", "arena.core.players"} <= set(imported)
    assert "arena.games.lucky_numbers.rules" in imported


def test_the_probe_really_blocks_grpc() -> None:
    done = probe(("arena.rpc.server.listen",))
    assert done.returncode != 0
    assert "layer violation: grpc" in done.stderr
