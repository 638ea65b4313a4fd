"""Arctic Scavengers expansion modules, scenario by scenario: each ability and each timing rule
beyond the spec's vectors (test_arctic_scavengers_module_vectors.py)."""

from __future__ import annotations

import random

import pytest
from arctic_modules_helpers import (
    Site,
    card,
    every_card_once,
    ext_view,
    ids,
    legal,
    module_position,
    options_of,
    play,
    texts,
)

from arena.errors import IllegalMoveError, InvalidMoveError
from arena.games.arctic_scavengers import GAME
from arena.games.arctic_scavengers.gangs import final_people, owned
from arena.games.arctic_scavengers.sampling import resample
from arena.games.arctic_scavengers.state import GATHER, KEEP, RESPOND, SAVE
from arena.games.testing import play_random_game

# Targeted actions and responses (0.5)


def _spied(s0: str, s1: str, modules: str = "recon1 recon2", **more):
    """Seat 0 has spied on seat 1's whole hand (2 players)."""
    state = module_position([s0, s1], modules=modules, **more)
    return play(state, "recon SPY.1", "go", "allow")


def test_a_gathering_snipe_is_saved_by_a_medic_from_hand_never_itself() -> None:
    state = _spied("SPY.1 SNI.1", "MED.1 BRA.2 MED.2", modules="recon1 recon2 hq1")
    assert ext_view(state, 0)["known"] == ["BRA.2", "MED.1", "MED.2"]
    struck = play(state, "snipe SNI.1 BRA.2")
    assert legal(struck) == ["save MED.1", "save MED.2", "allow"]
    saved = play(struck, "save MED.1")
    assert card("BRA.2") in saved.players[1].hand and card("MED.1") in saved.players[1].discard
    assert card("SNI.1") in saved.players[0].discard and GAME.to_move(saved) == (0,)
    assert not any(m.startswith("snipe") for m in legal(saved))  # once a round
    assert legal(play(state, "snipe SNI.1 MED.1")) == ["save MED.2", "allow"]


def test_a_counter_snipe_cancelled_by_the_attackers_guard_lets_the_recon_go_on() -> None:
    state = module_position(
        ["SPY.1 GUA.1", "SNI.2 REF.5"], decks=["PIL.4 SCA.9", ""], modules="recon1 recon2"
    )
    state = play(state, "recon SPY.1", "go", "snipe SNI.2 SPY.1")
    assert GAME.to_move(state) == (0,) and legal(state) == ["cancel GUA.1", "allow"]
    assert ext_view(state, None)["pending"]["kind"] == "counter_snipe"
    state = play(state, "cancel GUA.1")
    assert ext_view(state, 0)["recon"] == [{"of": "seat 1", "cards": ["REF.5"]}]
    assert set(ids(state.players[0].hand)) == {"PIL.4", "SCA.9"}  # the Guard's draw, the Spy's
    assert card("GUA.1") in state.players[0].discard


def test_a_counter_snipe_saved_by_the_attackers_medic() -> None:
    state = module_position(["SPY.1 MED.1", "SNI.2 REF.5"], modules="recon1 recon2 hq1")
    state = play(state, "recon SPY.1", "go", "snipe SNI.2 SPY.1")
    assert legal(state) == ["save MED.1", "allow"]
    state = play(state, "save MED.1")
    assert ext_view(state, 0)["recon"] == [{"of": "seat 1", "cards": ["REF.5"]}]


def test_a_spy_sees_a_random_part_of_a_bigger_hand_and_it_becomes_known() -> None:
    hand = "REF.5 REF.6 REF.7 SCA.5 SCA.6 BRA.2"
    state = _spied("SPY.1", hand, modules="recon1")
    (seen,) = ext_view(state, 0)["recon"]
    assert len(seen["cards"]) == 4 and set(seen["cards"]) <= set(hand.split())
    assert ext_view(state, 0)["known"] == seen["cards"] == sorted(seen["cards"], key=card)
    assert ext_view(state, 1)["spied"] == [{"by": 0, "cards": seen["cards"]}]
    assert not any(m.startswith("snipe") for m in legal(state))  # strikes need Recon 2
    assert "seat 0: recon SPY.1 on seat 1 (sees 4 cards)" in texts(state)


def test_two_spies_with_one_sniped_see_with_the_other() -> None:
    state = module_position(
        ["SPY.1 SPY.2 BIN.1", "SNI.2 REF.1 REF.2 REF.3 REF.4 REF.5 REF.6 REF.7"],
        decks=["PIL.4 SCA.9", ""],
        modules="recon1",
    )
    state = play(state, "recon SPY.1", "add SPY.2", "add BIN.1", "go", "snipe SNI.2 SPY.2")
    state = play(state, "allow")
    (seen,) = ext_view(state, 0)["recon"]
    assert len(seen["cards"]) == 6  # one Spy (4) with its Binoculars (2); the hand has 7
    assert ids(state.players[0].hand) == ["PIL.4"]  # one effective Spy draws one


def test_a_sergeant_at_arms_tools_cannot_be_disarmed_in_gathering() -> None:
    state = _spied("SPY.1 SAB.1", "SPE.1 REF.5", modules="recon1 recon2 hq3", leaders=["", "SAA.1"])
    assert not any(m.startswith("disarm") for m in legal(state))
    plain = _spied("SPY.1 SAB.1", "SPE.1 REF.5")
    assert "disarm SAB.1 SPE.1" in legal(plain)
    assert card("SPE.1") in play(plain, "disarm SAB.1 SPE.1", "allow").players[1].discard


def test_a_cancel_after_the_target_ended_keeps_its_announced_count() -> None:
    state = module_position(
        ["", "REF.5 GUA.1", "SPY.1"],
        decks=["", "SCA.7", ""],
        modules="recon1 recon2",
        current=2,
        initiator=1,
    )
    before = len(state.players[1].hand)
    state = play(state, "recon SPY.1", "go", "target 1", "cancel GUA.1")
    assert len(state.players[1].hand) == before and card("SCA.7") in state.players[1].hand


def test_the_response_is_public_while_it_waits() -> None:
    state = play(module_position(["SPY.1", "REF.5", ""], modules="recon1"), "recon SPY.1", "go")
    for viewer in (1, 2, None):
        assert GAME.view(state, viewer)["phase"] == "gather"  # the target is still private
    state = play(state, "target 2")
    for viewer in (0, 1, 2, None):
        view = GAME.view(state, viewer)
        assert view["phase"] == "respond" and view["to_move"] == [2]
        assert view["expansion"]["pending"]["target"] == "seat 2"


# Buildings (§5, §7, §10)


def test_a_building_stacked_from_an_empty_deck_is_complete_at_once() -> None:
    state = module_position(["ENG.1", ""], modules="hq2", schematics="HYD.1")
    state = play(state, "build ENG.1", "go", "keep HYD.1")
    assert state.ext.seats[0].buildings[0].working and state.food == 1  # a Garden feeds now
    assert "seat 0: places HYD.1 (0 cards on it)" in texts(state)


def test_each_building_is_worked_at_most_once_a_round() -> None:
    sites = {"BNK.1": Site("SCA.1 SCA.2 SCA.3 SCA.4"), "ARM.1": Site("SCA.5 SCA.6 SCA.7")}
    state = module_position(["REF.1 REF.2 REF.3", ""], modules="hq2", buildings=[sites, {}])
    state = play(state, "work BNK.1", "add REF.1", "go")
    assert "work BNK.1" not in legal(state) and "work ARM.1" in legal(state)
    state = play(state, "work ARM.1", "add REF.2", "go")
    assert not any(m.startswith("work") for m in legal(state))
    assert [len(b.stack) for b in state.ext.seats[0].buildings] == [3, 2]


def test_the_timer_finishes_a_garden_before_its_owners_next_turn() -> None:
    state = module_position(
        ["", ""],
        modules="hq2",
        round=3,
        current=1,
        buildings=[{"HYD.1": Site("REF.1", placed=3)}, {}],
        decks=["SCA.1 SCA.2 SCA.3 SCA.4 SCA.5", ""],
    )
    state = play(state, "end")  # the skirmish, round 4: seat 1 (the new initiator) gathers
    assert state.round == 4 and GAME.to_move(state) == (1,)
    assert "seat 0: HYD.1 is complete" in texts(state)
    state = play(state, "end")
    assert GAME.to_move(state) == (0,) and state.food == 1


def test_storage_takes_only_fitting_cards_and_counts_at_the_end() -> None:
    sites = {"BNK.1": Site(), "ARM.1": Site(), "PHA.1": Site()}
    state = module_position(
        ["SCA.1 SPE.1 PIL.1 MED.1", ""], modules="hq1 hq2", buildings=[sites, {}]
    )
    stores = [m for m in legal(state) if m.startswith("store")]
    assert stores == [
        "store SCA.1 BNK.1",
        "store MED.1 BNK.1",
        "store SPE.1 ARM.1",
        "store PIL.1 PHA.1",
    ]
    state = play(state, "store SCA.1 BNK.1")
    assert card("SCA.1") not in state.players[0].hand
    assert card("SCA.1") in owned(state, 0)  # stored cards are still owned (AX-A7)
    assert final_people(state)[0][0] == 2 + 3 * 5  # SCA.1 and MED.1; Gearheads, Pharmers, Masons
    assert GAME.public_move(state, 0, "store MED.1 BNK.1") == "store BNK.1"
    assert GAME.public_move(state, 0, "retrieve SCA.1") == "retrieve from BNK.1"


def test_sabotage_ignores_the_sergeant_and_spares_buildings_under_construction() -> None:
    state = module_position(
        ["SAB.1", "", "DEM.1"],
        modules="hq2 hq3 hq4 recon4",
        leaders=["", "SAA.1", ""],
        buildings=[{"PHA.1": Site()}, {"PHA.2": Site(), "HYD.1": Site("REF.1")}, {}],
    )
    assert [m for m in legal(state) if m.startswith("sabotage")] == ["sabotage SAB.1 PHA.2"]
    later = state._replace(current=2)
    assert [m for m in legal(later) if m.startswith("demolish")] == ["demolish DEM.1 HYD.1"]


def test_a_repair_needs_a_disabled_building() -> None:
    state = module_position(
        ["REF.1", ""],
        modules="hq2 hq4",
        buildings=[{"PHA.1": Site(), "HYD.1": Site(disabled=True)}, {}],
    )
    assert [m for m in legal(state) if m.startswith("repair")] == ["repair HYD.1 REF.1"]
    assert state.food == 0  # a disabled Garden gives nothing
    state = play(state, "repair HYD.1 REF.1")
    assert not any(m.startswith("repair") for m in legal(state))


# Leaders (§6)


def test_heal_then_use_the_power_the_same_round() -> None:
    state = module_position(
        ["REF.1 PIL.1", ""],
        modules="hq3 hq4",
        decks=["SCO.1 BRA.2", ""],
        leaders=["ORG.1", ""],
        wounded=(0,),
    )
    assert not any(m.startswith("organize") for m in legal(state))
    state = play(state, "heal PIL.1")
    assert "organize REF.1" in legal(state)


def test_a_peacemaker_uses_its_power_only_when_it_helps() -> None:
    state = module_position(["SCA.1 SCA.2 REF.1", ""], modules="hq3", leaders=["PEA.1", ""])
    state = play(state, "hunt SCA.1", "go")  # no Refugee: the power stays
    assert not ext_view(state, None)["players"][0]["leader_used"]
    state = play(state, "dig SCA.2", "add REF.1", "go")
    assert ext_view(state, None)["players"][0]["leader_used"]


def test_the_gangster_does_not_double_a_provocateurs_force() -> None:
    state = module_position(
        ["PRO.1 REF.1 REF.2", "BRA.1", "SCA.1"],
        modules="hq3 recon2",
        leaders=["GAN.1", "", ""],
        current=2,
    )
    state = play(state, "end", "provoke")
    assert "skirmish: fight 3 2 1, people 5 1 1: seat 0 wins the contested resource" in texts(state)


def test_a_fanatic_bombs_a_sniper_before_it_declares() -> None:
    state = module_position(
        ["REF.1 BRA.1", "SNI.1", "SCA.1"], modules="hq3", leaders=["FAN.1", "", ""], current=2
    )
    state = play(state, "end", "bomb REF.1 SNI.1")
    assert card("REF.1") in state.removed and card("SNI.1") in owned(state, 1)
    assert not any("seat 1: snipe" in t for t in texts(state))
    assert "skirmish: fight 2 0 1, people 1 0 1: seat 0 wins the contested resource" in texts(state)


def test_leaders_are_dealt_two_per_seat_in_two_player_games_and_stay_hidden() -> None:
    state = GAME.setup(2, options_of("hq3"), random.Random(3))
    assert [len(s.options) for s in state.ext.seats] == [2, 2] and len(state.ext.unseen) == 6
    move = legal(state)[0]
    assert GAME.public_move(state, state.current, move) == "lead"
    assert ext_view(state, None)["leader_options"] == []
    assert (
        ext_view(state, 1 - state.current)["leader_options"]
        != ext_view(state, state.current)["leader_options"]
    )


# Recon 2, 3, 4, 5 details


def test_a_unique_top_fight_beats_a_rogue_elsewhere() -> None:
    state = module_position(["THU.1 SPE.1", "ROG.1", "SCA.1"], modules="recon2", current=2)
    state = play(state, "end")
    assert "skirmish: fight 5 1 1, people 3 1 1: seat 0 wins the contested resource" in texts(state)


def test_decoys_add_to_the_people_tie_break() -> None:
    def skirmish(decoys: bool):
        sites = [{"DCY.1": Site()} if decoys else {}, {}, {}]
        state = module_position(
            ["BRA.1 REF.1 REF.2", "BRA.2 REF.3 REF.4", "SCA.1"],
            modules="recon3",
            current=2,
            buildings=sites,
        )
        return texts(play(state, "end"))

    # Seat 0 brings 3 cards: its Decoys add 1 to its 3 people.
    assert "skirmish: fight 2 2 1, people 4 3 1: seat 0 wins the contested resource" in skirmish(
        True
    )
    assert any(
        t.startswith("skirmish: fight 2 2 1, people 3 3 1: deadlock") for t in skirmish(False)
    )


def test_tear_gas_on_group_leaders_removes_its_modifier() -> None:
    state = module_position(["TEA.1", "BRA.1 GRL.1", "SCA.1"], modules="recon4", current=2)
    state = play(state, "end", "gas TEA.1 GRL.1")
    assert any(t.startswith("skirmish: fight 0 2 1, people 0 3 1") for t in texts(state))


def test_hardy_scavengers_come_back_after_a_deadlock() -> None:
    decks = ["REF.1 REF.2 REF.3 REF.4 REF.5", "REF.6 REF.7 REF.8 REF.9 REF.10"]
    state = module_position(["HSC.1", "HSC.4"], decks=decks, modules="recon3", current=1)
    state = play(state, "end")
    assert (
        "skirmish: fight 0 0, people 1 1: deadlock, the contested resource goes into the junkyard"
        in texts(state)
    )
    assert card("HSC.1") in state.players[0].hand and card("HSC.4") in state.players[1].hand


def test_two_couriers_drop_four_of_the_six_they_draw() -> None:
    state = module_position(
        ["COU.1 COU.2", ""],
        modules="recon3",
        decks=["JUN.1 JUN.2 JUN.3 JUN.4 PIL.1 MDK.1 SCA.1", ""],
    )
    state = play(state, "draw COU.1", "add COU.2", "go")
    for move in ("drop JUN.1", "drop JUN.2", "drop JUN.3"):
        state = play(state, move)
        assert GAME.view(state, 0)["phase"] == "drop"
    state = play(state, "drop JUN.4")
    assert state.phase == GATHER and ids(state.players[0].hand) == ["PIL.1", "MDK.1"]


def test_scrappers_from_the_top_return_to_the_bottom() -> None:
    state = module_position(
        ["SCR.1", ""], modules="recon3", junkyard="JUN.1 PIL.1 MDK.1 NET.1 SPE.4"
    )
    state = play(state, "dig SCR.1", "go", "side top", "keep PIL.1", "return bottom")
    assert ids(state.junkyard) == ["NET.1", "SPE.4", "JUN.1", "MDK.1"]


def test_a_map_only_right_after_its_action_and_one_per_action() -> None:
    state = module_position(["SCA.1 MAP.1 MAP.2 REF.1", ""], modules="recon5")
    state = play(state, "hunt SCA.1", "go")
    assert [m for m in legal(state) if m.startswith("map")] == [
        "map MAP.1 SCA.1",
        "map MAP.2 SCA.1",
    ]
    later = play(state, "trash REF.1", "go")
    assert not any(m.startswith("map") for m in legal(later))
    once = play(state, "map MAP.1 SCA.1")
    assert not any(m.startswith("map") for m in legal(once))


def test_the_swindlers_two_refugees_take_a_med_off() -> None:
    state = module_position(["REF.1 REF.2", ""], modules="recon5 hq3", leaders=["SWI.1", ""])
    assert "hire HUN" in legal(state)
    state = play(state, "hire HUN", "pay REF.1")
    assert legal(state) == ["pay REF.2"]
    state = play(state, "pay REF.2", "go")
    assert ext_view(state, None)["players"][0]["leader_used"]
    assert "seat 0: hire HUN as HUN.1 pay REF.1 REF.2" in texts(state)


def test_unused_contested_resources_are_hidden_and_resampled() -> None:
    state = GAME.setup(3, options_of("recon4"), random.Random(8))
    unseen = set(state.ext.unseen)
    for viewer in (0, None):
        other = resample(state, viewer, random.Random(1))
        every_card_once(other)
        assert GAME.view(other, viewer) == GAME.view(state, viewer)
        assert set(other.ext.unseen) != unseen or set(other.contested) != set(state.contested)


def test_modules_without_their_objects_never_apply() -> None:
    """HQ 4 alone has nothing to sabotage or wound; Recon 2 alone has no known cards."""
    for modules in ("hq4", "recon2", "recon5"):
        moves, end = play_random_game(GAME, 3, options_of(modules), seed=11)
        verbs = {move.split()[0] for _, move in moves}
        assert not verbs & {"sabotage", "repair", "heal", "lead", "build", "recon"}
        assert end.round == 16


def test_module_moves_out_of_place_are_refused() -> None:
    state = module_position(["SPY.1", "REF.5"], modules="recon1")
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, 0, "build ENG.1")
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, 0, "target 1")
    with pytest.raises(InvalidMoveError):
        GAME.apply(state, 0, "recon")
    with pytest.raises(InvalidMoveError):
        GAME.apply(state, 0, "side sideways")
    state = play(state, "recon SPY.1", "go")
    assert state.phase == RESPOND
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, 1, "cancel GUA.1")


def test_a_save_window_asks_the_victims_owner_first_then_clockwise() -> None:
    state = module_position(
        ["SNI.1", "MED.1 THU.1", "MED.2", "MED.3 BRA.1"], modules="hq1", current=3
    )
    state = play(state, "end", "snipe SNI.1 BRA.1")
    assert state.phase == SAVE and GAME.to_move(state) == (3,)
    assert ext_view(state, 0)["pending"]["target"] == "BRA.1"
    state = play(state, "allow")
    assert GAME.to_move(state) == (1,)  # clockwise from the victim's owner, the sniper skipped
    state = play(state, "allow")
    assert GAME.to_move(state) == (2,) and legal(state) == ["save MED.2", "allow"]


def test_a_dig_keep_stays_private_in_the_public_text() -> None:
    state = module_position(["SCA.1 CGS.1", ""], modules="recon4", junkyard="PIL.1 SPE.4 NET.1")
    state = play(state, "dig SCA.1", "add CGS.1", "go")
    assert state.phase == KEEP
    assert GAME.public_move(state, 0, "keep SPE.4") == "keep one"
    assert GAME.public_move(state, 0, "dig SCA.1") == "open"
