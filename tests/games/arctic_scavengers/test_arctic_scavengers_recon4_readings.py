"""Recon 4 readings from literal positions: the Cargo Sled's second keep (§11.2, AX-A59, with
AX-A15's medicine card) and Tear Gas never offered twice against one person (§11.5)."""

from __future__ import annotations

from arctic_modules_helpers import card, ids, legal, module_position, play

from arena.games.arctic_scavengers.cards import (
    CARD_ID,
    FIRST_CARD,
    IS_MEDICINE_CARD,
    KIND_INDEX,
    KINDS,
)
from arena.games.arctic_scavengers.digging import sled_card
from arena.games.arctic_scavengers.gangs import CRITERIA
from arena.games.arctic_scavengers.state import KEEP, State


def _sled_dig(junkyard: str) -> State:
    """Seat 0 of a 2-player recon4 game digs with a Scavenger and a Cargo Sled: it looks at 3."""
    state = module_position(["SCA.1 CGS.1", ""], modules="recon4", junkyard=junkyard)
    return play(state, "dig SCA.1", "add CGS.1", "go")


def test_after_combat_medics_the_second_keep_is_a_tool_or_medicine_card() -> None:
    state = _sled_dig("CMD.1 JUN.1 MDK.1 NET.1")
    assert legal(state) == ["keep CMD.1", "keep JUN.1", "keep MDK.1", "keep none"]
    # Combat Medics have a medicine value but are a person, not a medicine card (AX-A15):
    # Junk would make neither kept card a tool or a medicine card.
    state = play(state, "keep CMD.1")
    assert legal(state) == ["keep MDK.1", "keep none"]
    state = play(state, "keep MDK.1")
    assert [CARD_ID[c] for c in state.players[0].discard[-2:]] == ["CMD.1", "MDK.1"]
    assert ids(state.junkyard) == ["NET.1", "JUN.1"]


def test_a_medic_is_not_a_medicine_card_for_the_sled() -> None:
    state = play(_sled_dig("CMD.1 MED.1 SPE.4 NET.1"), "keep CMD.1")
    assert legal(state) == ["keep SPE.4", "keep none"]


def test_no_second_keep_is_asked_when_no_card_could_be_kept() -> None:
    state = play(_sled_dig("CMD.1 JUN.1 MED.1 NET.1"), "keep CMD.1")
    assert state.phase != KEEP
    assert card("CMD.1") in state.players[0].discard
    assert ids(state.junkyard) == ["NET.1", "JUN.1", "MED.1"]


def test_after_a_tool_any_second_card_may_be_kept() -> None:
    state = play(_sled_dig("SPE.4 CMD.1 JUN.1 NET.1"), "keep SPE.4")
    assert legal(state) == ["keep CMD.1", "keep JUN.1", "keep none"]
    state = play(_sled_dig("MDK.1 CMD.1 JUN.1 NET.1"), "keep MDK.1")
    assert legal(state) == ["keep CMD.1", "keep JUN.1", "keep none"]


def test_one_reading_of_a_medicine_card() -> None:
    medicine_cards = {KINDS[k].code for k in range(len(KINDS)) if IS_MEDICINE_CARD[FIRST_CARD[k]]}
    assert medicine_cards == {"PIL", "MDK"}
    assert not sled_card(card("MED.1")) and not sled_card(card("CMD.1"))
    assert sled_card(card("PIL.1")) and sled_card(card("CGS.1"))
    pharmers, _ = CRITERIA[KIND_INDEX["PHM"]]
    owned = [card(c) for c in ("PIL.1", "MDK.1", "MED.1", "CMD.1")]
    assert pharmers(_sled_dig("PIL.2"), 0, owned) == 3


def test_tear_gas_is_not_offered_against_a_person_gassed_already() -> None:
    hands = ["SCA.1 TEA.1 TEA.2", "BRA.1 SPE.1", "SCA.2"]
    state = play(module_position(hands, modules="recon4", current=2), "end")
    assert legal(state) == [
        "gas TEA.1 BRA.1",
        "gas TEA.1 SCA.2",
        "gas TEA.2 BRA.1",
        "gas TEA.2 SCA.2",
        "done",
    ]
    state = play(state, "gas TEA.1 BRA.1")
    assert legal(state) == ["gas TEA.2 SCA.2", "done"]
