"""No move's public text reveals what the other seats' views hide, in any game (arena.games.leaks):
over seeded random playouts, moves a viewer cannot tell apart read the same to it."""

from __future__ import annotations

import pytest

from arena.core.game import GameBase
from arena.core.registry import ENTRIES, GameEntry, get_game, load_part
from arena.games.arctic_scavengers import ArcticScavengersOptions
from arena.games.arctic_scavengers.game import ArcticScavengersGame
from arena.games.leaks import public_move_leaks
from arena.games.testing import all_option_combinations


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_no_public_text_says_more_than_the_views(entry: GameEntry) -> None:
    game, resample = get_game(entry.name), load_part(entry.sampling)
    options = all_option_combinations(game)
    report = public_move_leaks(game, resample, seeds=range(8), options=options)
    assert report.leaks == []
    assert report.plies > 200


class PlainArctic(ArcticScavengersGame):
    """Arctic Scavengers with the contract's default public text: the move itself."""

    public_move = GameBase.public_move


def test_arctic_move_texts_would_name_hidden_cards_without_its_own_public_text() -> None:
    resample = load_part(ENTRIES[3].sampling)
    assert ENTRIES[3].name == "arctic_scavengers"
    kept = public_move_leaks(get_game("arctic_scavengers"), resample, seeds=range(4))
    assert kept.leaks == [] and kept.look_alikes > 100  # the check did compare look-alikes
    plain = public_move_leaks(PlainArctic(), resample, seeds=range(4))
    keeps = [leak for leak in plain.leaks if leak.move.startswith("keep ")]
    assert keeps, "a digger's kept card must be one of the leaks"
    assert all(
        leak.other_move.startswith("keep ") and leak.other_move != leak.move for leak in keeps
    )
    # Opening an action and adding to it, private until `go`, would leak as well.
    assert {leak.move.split()[0] for leak in plain.leaks} >= {"keep", "add"}


MODULES = ("hq1", "hq2", "hq3", "hq4", "recon1", "recon2", "recon3", "recon4", "recon5")
ARCTIC_MODULE_OPTIONS = [
    ArcticScavengersOptions(**dict.fromkeys(names, True))
    for names in (MODULES, ("hq1", "hq2", "hq4"), ("recon1", "recon2"), ("hq3", "recon3", "recon5"),
                  ("hq2", "recon4"))
]  # fmt: skip


class ModularArctic(ArcticScavengersGame):
    """Arctic Scavengers whose legal lists keep only the module moves every other decision (a
    subset of the real list): random playouts then use the modules' moves far more."""

    def legal_moves(self, state, seat):  # type: ignore[no-untyped-def]
        moves = ArcticScavengersGame.legal_moves(state, seat)
        modular = [m for m in moves if m.split()[0] not in ("draw", "dig", "hunt", "trash", "end")]
        return modular if modular and (state.round + len(state.events)) % 2 else moves


def test_arctic_module_moves_say_no_more_than_the_views() -> None:
    resample = load_part(ENTRIES[3].sampling)
    game = ModularArctic()
    report = public_move_leaks(game, resample, seeds=range(10), options=ARCTIC_MODULE_OPTIONS)
    assert report.leaks == [] and report.plies > 1000 and report.look_alikes > 1000
    plain = type("PlainModularArctic", (ModularArctic,), {"public_move": GameBase.public_move})()
    leaks = public_move_leaks(plain, resample, seeds=range(10), options=ARCTIC_MODULE_OPTIONS)
    assert {leak.move.split()[0] for leak in leaks.leaks} >= {"lead", "keep", "add"}


def test_the_number_reads_as_written_only_because_the_referee_holds_a_turn_until_it_resolves() -> (
    None
):
    game, resample = get_game("the_number"), load_part(ENTRIES[2].sampling)
    assert ENTRIES[2].name == "the_number"
    assert public_move_leaks(game, resample, seeds=range(4)).leaks == []
    unheld = public_move_leaks(game, resample, seeds=range(4), hold_simultaneous=False)
    assert unheld.leaks and all(leak.move.startswith("write ") for leak in unheld.leaks)
