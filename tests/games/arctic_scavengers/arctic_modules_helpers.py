"""Shared helpers for the Arctic Scavengers expansion-module tests."""

from __future__ import annotations

from typing import Any

from arena.games.arctic_scavengers import GAME
from arena.games.arctic_scavengers.cards import CARD_ID, CARD_KIND, KINDS
from arena.games.arctic_scavengers.game import ArcticScavengersGame
from arena.games.arctic_scavengers.module_positions import (  # noqa: F401  # re-exported
    Site,
    module_position,
    module_zones,
    options_of,
)
from arena.games.arctic_scavengers.module_setup import game_cards
from arena.games.arctic_scavengers.positions import cards
from arena.games.arctic_scavengers.state import State

ALL_MODULES = "hq1 hq2 hq3 hq4 recon1 recon2 recon3 recon4 recon5"


def ids(zone: Any) -> list[str]:
    """Card ids of a zone, in its order."""
    return [CARD_ID[c] for c in zone]


def codes(zone: Any) -> list[str]:
    """Kind codes of a zone's cards, in its order."""
    return [KINDS[CARD_KIND[c]].code for c in zone]


def legal(state: State) -> list[str]:
    """The legal moves of the seat to decide."""
    return GAME.legal_moves(state, state.current)


def play(state: State, *moves: str) -> State:
    """Apply moves, each by the seat to decide."""
    for move in moves:
        state = GAME.apply(state, state.current, move)
    return state


def texts(state: State) -> list[str]:
    """The public events."""
    return [text for _, text in state.events]


def ext_view(state: State, seat: int | None) -> dict[str, Any]:
    """The `expansion` part of a seat's view."""
    return GAME.view(state, seat)["expansion"]


def card(card_id: str) -> int:
    """A card's index."""
    return cards(card_id)[0]


def every_card_once(state: State) -> None:
    """Every card of the game is in exactly one zone."""
    assert state.ext is not None
    assert module_zones(state) == game_cards(state.ext.modules), "a card lost or doubled"


MODULE_VERBS = frozenset(
    "build work store retrieve repair sabotage heal organize butcher cannibal recon target drill "
    "pick tower look demolish map yard cancel save provoke gas bomb drop side return".split()
)
MODULE_HIRES = frozenset(
    f"hire {code}" for code in "MED ENG SPY ASN PRO ROG GUA COU DRS SCR TIN SRF".split()
)


def module_move(move: str) -> bool:
    """A move only the modules have (or a gathering snipe or disarm)."""
    verb = move.split()[0]
    return verb in MODULE_VERBS or move in MODULE_HIRES


class EagerArctic(ArcticScavengersGame):
    """Arctic Scavengers whose legal lists, every other decision, keep only the module moves
    (a subset of the real list, so every game it plays is a real game): random playouts of it
    use the modules far more than uniform ones."""

    def legal_moves(self, state: State, seat: int) -> list[str]:  # type: ignore[override]
        moves = GAME.legal_moves(state, seat)
        eager = [m for m in moves if module_move(m) or m.startswith(("snipe", "disarm"))]
        if eager and (state.round + len(state.events) + state.stream) % 2:
            return eager
        return moves


EAGER = EagerArctic()
