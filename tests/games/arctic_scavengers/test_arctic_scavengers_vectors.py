"""Every test vector of shared/rules/arctic_scavengers.md ("Test vectors" A1-A25)."""

from __future__ import annotations

import random

import pytest

from arena.games.arctic_scavengers import GAME, ArcticScavengersOptions
from arena.games.arctic_scavengers.cards import (
    CARD_ID,
    CARD_KIND,
    DIG,
    FIGHT,
    HUNT,
    JUNKYARD_KINDS,
    KINDS,
    NUM_CARDS,
    STATS,
    action_value,
    people_of,
)
from arena.games.arctic_scavengers.positions import cards, position
from arena.games.arctic_scavengers.skirmish import force_strength, skirmish_winner
from arena.games.arctic_scavengers.state import OVER
from arena.games.testing import play_random_game

PLUS2, PLUS1 = STATS[2], STATS[1]


def value(action: int, ids: str, stats=PLUS2) -> int:
    return action_value(stats, action, cards(ids))


def play(state, *moves):
    for move in moves:
        state = GAME.apply(state, state.current, move)
    return state


def test_a1_starting_deck_is_10_cards_and_8_people() -> None:
    state = GAME.setup(3, ArcticScavengersOptions(), random.Random(1))
    for z in state.players:
        owned = z.deck + z.hand
        assert len(owned) == 10 and len(z.hand) == 5
        assert people_of(owned) == 8
        assert sorted(KINDS[CARD_KIND[c]].code for c in owned) == sorted(
            ["REF"] * 4 + ["SCA"] * 3 + ["BRA", "SPE", "SHO"]
        )


def test_a2_a3_dig_with_a_shovel() -> None:
    assert value(DIG, "SCA.1 SHO.1") == 3
    assert value(DIG, "SCA.1 SHO.1", PLUS1) == 2  # S4's Shovel (option shovel=plus1)
    assert value(DIG, "REF.1 SHO.1") == 2  # a printed 0 counts


def test_a4_to_a9_hunt_and_fight_values() -> None:
    assert value(FIGHT, "REF.1 SPE.1") == 0  # no fight icon: the Spear finds no carrier
    assert value(HUNT, "SCA.1 HUN.1 SPE.1") == 4
    assert value(FIGHT, "BRA.1 SPE.1") == 4
    assert value(FIGHT, "THU.1 SCA.1") == 4
    assert value(FIGHT, "BRA.1 GRL.1 SPE.1") == 6
    assert value(FIGHT, "BRA.1 SPE.1 PIC.1") == 4  # one tool per person


def test_a10_hunt_3_food_and_pills_hire_exactly_the_cheap_five() -> None:
    state = position(["SCA.4 HUN.1 PIL.1", "REF.5"])
    state = play(state, "hunt SCA.4", "add HUN.1", "go")
    assert state.food == 3
    hires = [m for m in GAME.legal_moves(state, 0) if m.startswith("hire")]
    assert hires == ["hire SCA", "hire BRA", "hire HUN", "hire SAB", "hire SCO"]


def test_a11_a12_thugs_cost_six_in_any_mix() -> None:
    rich = position(["MDK.1", "REF.5"], food=4)
    assert "hire THU" in GAME.legal_moves(rich, 0)
    state = play(rich, "hire THU", "pay MDK.1", "go")
    assert CARD_ID[state.players[0].discard[-1]] == "THU.1"
    poor = position(["MDK.1", "REF.5"], food=3)
    assert "hire THU" not in GAME.legal_moves(poor, 0)


def test_a13_medicine_does_not_pay_food() -> None:
    state = position(["PIL.1", "REF.5"], food=1)
    assert "hire BRA" not in GAME.legal_moves(state, 0)


def owner(state, card_id: str) -> int | None:
    """The seat owning a card (in any of its zones), or None."""
    card = cards(card_id)[0]
    for seat, z in enumerate(state.players):
        if any(card in zone for zone in z):
            return seat
    return None


def test_a14_tie_on_fight_is_won_on_people() -> None:
    state = position(["BRA.1 SPE.1", "THU.1 SCA.4", ""], contested="TF3.1 FIE.1", current=2)
    after = GAME.apply(state, 2, "end")
    assert owner(after, "TF3.1") == 1  # the top contested resource
    texts = [text for _, text in after.events]
    assert "skirmish: fight 4 4 0, people 1 4 0: seat 1 wins the contested resource" in texts


def test_a15_equal_fight_and_people_is_a_deadlock() -> None:
    state = position(["BRA.1", "BRA.2", ""], contested="TF3.1 FIE.1", current=2)
    junk = len(state.junkyard)
    after = GAME.apply(state, 2, "end")
    assert len(after.junkyard) == junk + 1 and cards("TF3.1")[0] in after.junkyard
    assert owner(after, "TF3.1") is None
    assert any("deadlock" in text for _, text in after.events)


def test_a16_a17_a18_a19_winners() -> None:
    assert skirmish_winner([5, 5, 7], [1, 1, 1], two_player=False) == 2
    assert skirmish_winner([5, 4], [1, 6], two_player=True) == -1  # margin < 2
    assert skirmish_winner([6, 4], [1, 1], two_player=True) == 0
    assert skirmish_winner([0, 0, 0], [0, 0, 0], two_player=False) == -1
    assert skirmish_winner([0, 0], [0, 0], two_player=True) == -1


def test_a19_nobody_brings_cards_deadlocks_in_the_engine() -> None:
    state = position(["", "", ""], contested="GRE.1 FIE.1", current=2)
    after = GAME.apply(state, 2, "end")
    assert cards("GRE.1")[0] in after.junkyard


def test_a20_a_sniped_brawler_leaves_a_lone_spear() -> None:
    force = cards("BRA.1 SPE.1")
    assert force_strength(PLUS2, force, frozenset(cards("BRA.1"))) == (0, 0)
    state = position(["BRA.1 SPE.1", "SNI.1"], current=1)
    state = GAME.apply(state, 1, "end")  # reveal; seat 1 may snipe (seat 0 has no unit)
    assert state.current == 1 and "snipe SNI.1 BRA.1" in GAME.legal_moves(state, 1)
    after = GAME.apply(state, 1, "snipe SNI.1 BRA.1")
    assert any("fight 0 0, people 0 2: deadlock" in t for _, t in after.events)


@pytest.mark.parametrize(
    ("n", "junkyard", "scavengers", "brawlers", "refugees_out"),
    [(2, 26, 14, 8, 12), (3, 40, 11, 7, 8), (4, 38, 8, 6, 4), (5, 36, 5, 5, 0)],
)
def test_a21_a22_setup_counts(n, junkyard, scavengers, brawlers, refugees_out) -> None:
    state = GAME.setup(n, ArcticScavengersOptions(), random.Random(n))
    assert len(state.junkyard) == junkyard
    assert len(state.stacks[0]) == scavengers and len(state.stacks[1]) == brawlers
    refugees = [c for c in state.removed if KINDS[CARD_KIND[c]].code == "REF"]
    assert len(refugees) == refugees_out


def test_a23_a_game_lasts_16_rounds_with_14_skirmishes() -> None:
    for n in (2, 3, 5):
        moves, end = play_random_game(GAME, n, ArcticScavengersOptions(), seed=n)
        assert end.phase == OVER and end.round == 16 and not end.contested


def test_a24_a25_card_totals() -> None:
    assert NUM_CARDS == 149 == 20 + 69 + 46 + 14
    state = GAME.setup(2, ArcticScavengersOptions(), random.Random(0))
    out = [c for c in state.removed if CARD_KIND[c] in JUNKYARD_KINDS]
    assert len(out) == 16
    assert {KINDS[CARD_KIND[c]].code for c in out} == set("JUN PIL MDK MUL NET SPE PIC SHO".split())
