"""Arctic Scavengers rules, scenario by scenario, from literal positions (spec §4-§10)."""

from __future__ import annotations

import random

import pytest

from arena.errors import IllegalMoveError, InvalidMoveError
from arena.games.arctic_scavengers import GAME, ArcticScavengersOptions
from arena.games.arctic_scavengers.cards import CARD_ID, DRAW, FIGHT, HUNT, STATS, action_value
from arena.games.arctic_scavengers.positions import cards, position
from arena.games.arctic_scavengers.state import DECLARE, GATHER, KEEP, NO_CARD, OVER

PLUS2 = STATS[2]


def play(state, *moves):
    for move in moves:
        state = GAME.apply(state, state.current, move)
    return state


def ids(zone) -> list[str]:
    return [CARD_ID[c] for c in zone]


def texts(state) -> list[str]:
    return [text for _, text in state.events]


# --- gathering: each action at most once, in any order -------------------------------------


def test_each_action_once_per_round_in_any_order() -> None:
    state = position(["SCA.4 SCA.5 BRA.1 SHO.1 JUN.1 HUN.1", "REF.5"])
    legal = GAME.legal_moves(state, 0)
    assert legal[:3] == ["draw SCA.4", "draw SCA.5", "dig SCA.4"]
    assert "hunt HUN.1" in legal and "trash JUN.1" in legal and legal[-1] == "end"
    assert "dig JUN.1" not in legal and "hunt BRA.1" not in legal  # adds nothing
    state = play(state, "hunt HUN.1", "go", "trash JUN.1", "go")
    legal = GAME.legal_moves(state, 0)
    assert not any(m.startswith(("hunt", "trash")) for m in legal)
    assert "dig SCA.4" in legal and "draw SCA.4" in legal
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, 0, "hunt SCA.4")
    state = play(state, "end")
    assert state.current == 1 and state.used == 0 and state.food == 0  # food lasts one turn


def test_building_an_action_adds_one_card_at_a_time_then_go() -> None:
    state = position(["SCA.4 BRA.1 SHO.1 PIL.1", "REF.5"], junkyard="JUN.1 PIL.2 MDK.1 NET.1 SPE.2")
    state = play(state, "dig SCA.4")
    assert GAME.legal_moves(state, 0) == ["add BRA.1", "add SHO.1", "go"]
    assert GAME.view(state, 0)["phase"] == "build" and GAME.view(state, 0)["chosen"] == ["SCA.4"]
    assert GAME.view(state, 1)["phase"] == "gather" and GAME.view(state, 1)["chosen"] == []
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, 0, "add PIL.1")  # medicine adds nothing to a dig
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, 0, "pay PIL.1")
    state = play(state, "add SHO.1", "add BRA.1", "go")  # dig 1 + 1 + shovel 2 = 4
    assert state.phase == KEEP and ids(state.dug) == ["JUN.1", "PIL.2", "MDK.1", "NET.1"]
    assert ids(state.players[0].hand) == ["PIL.1"]
    assert ids(state.played[0]) == ["SCA.4", "SHO.1", "BRA.1"]


def test_dig_keeps_one_and_returns_the_rest_to_the_bottom_in_order() -> None:
    state = position(["SCA.4 SHO.1", "REF.5"], junkyard="JUN.1 PIL.2 MDK.1 NET.1 SPE.2")
    state = play(state, "dig SCA.4", "add SHO.1", "go")
    assert GAME.legal_moves(state, 0) == ["keep JUN.1", "keep PIL.2", "keep MDK.1", "keep none"]
    assert GAME.view(state, 0)["dug"] == ["JUN.1", "PIL.2", "MDK.1"]
    assert GAME.view(state, 1)["dug"] == [] and GAME.view(state, None)["dug"] == []
    kept = play(state, "keep MDK.1")
    assert ids(kept.junkyard) == ["NET.1", "SPE.2", "JUN.1", "PIL.2"]
    assert "MDK.1" in ids(kept.players[0].discard)
    assert texts(kept)[-1] == "seat 0: keeps one card"  # the others never learn which
    none = play(state, "keep none")
    assert ids(none.junkyard) == ["NET.1", "SPE.2", "JUN.1", "PIL.2", "MDK.1"]


def test_a_move_reads_to_the_others_as_much_as_their_views_show() -> None:
    state = position(["SCA.4 SHO.1 PIL.1", "REF.5"], junkyard="JUN.1 PIL.2 MDK.1 NET.1")
    public = [GAME.public_move(state, 0, move) for move in GAME.legal_moves(state, 0)]
    assert set(public) == {"open", "end"}  # draw/dig/hunt/trash <id> and hires alike
    state = play(state, "dig SCA.4")
    assert [GAME.public_move(state, 0, m) for m in ("add SHO.1", "go")] == ["add", "go"]
    state = play(state, "add SHO.1", "go")
    readings = {m: GAME.public_move(state, 0, m) for m in GAME.legal_moves(state, 0)}
    assert readings == {
        "keep JUN.1": "keep one",
        "keep PIL.2": "keep one",
        "keep MDK.1": "keep one",
        "keep none": "keep none",
    }
    assert GAME.public_move(state, 0, "snipe SNI.1 BRA.4") == "snipe SNI.1 BRA.4"
    assert GAME.public_move(state, 0, "pay PIL.1") == "add"


def test_dig_looks_at_all_there_is_and_a_zero_dig_asks_nothing() -> None:
    state = position(["SCA.4 SHO.1", "REF.5"], junkyard="PIL.2")
    assert ids(play(state, "dig SCA.4", "add SHO.1", "go").dug) == ["PIL.2"]
    zero = play(position(["SHO.1", "REF.5"]), "dig SHO.1", "go")  # a tool without a person
    assert zero.phase == GATHER and "dig" not in GAME.legal_moves(zero, 0)[0]


def test_draw_action_draws_its_value_with_a_reshuffle_and_new_cards_play_on() -> None:
    assert action_value(PLUS2, DRAW, cards("SCO.1 GRL.1")) == 4
    state = position(
        ["SCO.1 GRL.1", "REF.5"], decks=["HUN.1", ""], discards=["NET.1 SPE.2 PIL.3", ""]
    )
    state = play(state, "draw SCO.1", "add GRL.1", "go")
    assert sorted(ids(state.players[0].hand)) == ["HUN.1", "NET.1", "PIL.3", "SPE.2"]
    assert ids(state.players[0].discard) == ["SCO.1", "GRL.1"]  # played cards discarded after
    assert "hunt HUN.1" in GAME.legal_moves(state, 0)
    assert "shuffling the discard pile" in texts(state)[-1]


def test_draw_with_deck_and_discard_empty_draws_fewer() -> None:
    state = play(position(["SCA.4", "REF.5"], decks=["HUN.1", ""]), "draw SCA.4", "go")
    assert ids(state.players[0].hand) == ["HUN.1"]


# --- hiring ---------------------------------------------------------------------------------


def test_hire_pays_food_from_hunting_and_medicine_from_hand() -> None:
    state = position(["HUN.1 SCA.4 PIL.1 MDK.1", "REF.5"])
    assert [m for m in GAME.legal_moves(state, 0) if m.startswith("hire")] == ["hire HUN"]
    state = play(state, "hunt HUN.1", "add SCA.4", "go")  # food 3
    state = play(state, "hire SCO")
    assert GAME.legal_moves(state, 0) == ["pay PIL.1", "pay MDK.1"]  # 1 med still owed
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, 0, "go")
    state = play(state, "pay MDK.1")  # overpaying is allowed, the extra is lost
    assert GAME.legal_moves(state, 0) == ["pay PIL.1", "go"]
    state = play(state, "go")
    z = state.players[0]
    assert ids(z.hand) == ["PIL.1"] and {"MDK.1", "SCO.1"} <= set(ids(z.discard))
    assert len(state.stacks[4]) == 7 and state.food == 0
    assert not any(m.startswith("hire") for m in GAME.legal_moves(state, 0))  # once a round
    assert texts(state)[-1] == "seat 0: hire SCO as SCO.1 pay MDK.1"


def test_hire_medicine_alone_needs_no_person_and_stacks_run_out() -> None:
    state = position(["PIL.1", "REF.5"])
    assert [m for m in GAME.legal_moves(state, 0) if m.startswith("hire")] == ["hire HUN"]
    state = state._replace(stacks=state.stacks[:2] + ((),) + state.stacks[3:])
    assert not any(m.startswith("hire") for m in GAME.legal_moves(state, 0))


def test_thugs_take_any_mix_of_six() -> None:
    state = position(["MDK.1 MDK.2 MDK.3", "REF.5"])
    state = play(state, "hire THU", "pay MDK.1", "pay MDK.2")
    assert "go" not in GAME.legal_moves(state, 0)
    assert "go" in GAME.legal_moves(play(state, "pay MDK.3"), 0)
    assert "hire THU" in GAME.legal_moves(position(["PIL.1", "REF.5"], food=5), 0)


# --- trash ----------------------------------------------------------------------------------


def test_trash_puts_cards_in_the_junkyard_and_shuffles_it() -> None:
    junk = "JUN.1 PIL.2 MDK.1 NET.1 SPE.2 PIC.1 MUL.1"
    state = position(["REF.1 JUN.2 SCA.4", "REF.5"], junkyard=junk)
    after = play(state, "trash REF.1", "add JUN.2", "go")
    assert ids(after.players[0].hand) == ["SCA.4"]
    assert sorted(ids(after.junkyard)) == sorted(junk.split() + ["REF.1", "JUN.2"])
    assert ids(after.junkyard) != junk.split() + ["REF.1", "JUN.2"]  # shuffled
    assert after.stream != state.stream
    assert texts(after)[-1] == "seat 0: trash REF.1 JUN.2"


# --- tool pairing (AS-A10) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "hand", "value"),
    [
        (FIGHT, "GRL.1 SPE.1", 0),  # no eligible person: leaders and tools add nothing
        (FIGHT, "BRA.1 BRA.2 SPE.1 PIC.1 NET.1", 8),  # the two best tools find carriers
        (FIGHT, "BRA.1 GRL.1 GRL.2 SPE.1", 6),  # one leader per person
        (FIGHT, "BRA.1 SCA.4 GRL.1 GRL.2 GRE.1 SPE.1", 3 + 3 + 2 + 4),
        (FIGHT, "TF3.1 SPE.1", 2),  # a printed 0 carries a tool
        (FIGHT, "SNI.1 GRL.1 SPE.1", 0),  # Sniper Teams and leaders carry nothing
        (HUNT, "REF.1 WOL.1", 3),
        (HUNT, "HUN.1 MUL.1 NET.1", 4),  # one tool per person: the Net
        (DRAW, "SCA.4 SCO.1 GRL.1 MUL.1", 5),  # tools never modify draw
    ],
)
def test_best_pairing(action, hand, value) -> None:
    assert action_value(PLUS2, action, cards(hand)) == value


# --- skirmish -------------------------------------------------------------------------------


def ended(hands: list[str], *, initiator: int = 0, contested: str = "TF5.1 TF4.1", **kw):
    """All seats but the last have ended gathering; the last ends now (reveal, declarations)."""
    last = (initiator - 1) % len(hands)
    state = position(hands, current=last, initiator=initiator, contested=contested, **kw)
    return GAME.apply(state, last, "end")


def test_rounds_1_and_2_have_no_skirmish_and_hands_go_to_the_discard() -> None:
    state = position(["BRA.1 SPE.1", "REF.5"], round=2, current=1, decks=["SCA.4", ""])
    after = GAME.apply(state, 1, "end")
    assert after.round == 3 and len(after.contested) == 14 and after.initiator == 0
    assert set(ids(after.players[0].hand)) == {"SCA.4", "BRA.1", "SPE.1"}  # reshuffled in


def test_declarations_go_from_the_initiator_and_a_sniped_unit_cannot_act() -> None:
    state = ended(["BRA.1 SNI.1 SNI.3", "SNI.2 SAB.1 SPE.1", "THU.1"], initiator=1)
    assert state.phase == DECLARE and state.current == 1
    assert "snipe SNI.2 SNI.1" in GAME.legal_moves(state, 1)
    state = play(state, "snipe SNI.2 SNI.1")
    # Seat 1's Saboteur finds no tool to disarm and seat 2 has no unit: seat 0 declares next,
    # with its one Sniper Team left standing.
    assert state.current == 0
    legal = GAME.legal_moves(state, 0)
    assert legal[-1] == "done" and all(m.startswith("snipe SNI.3 ") for m in legal[:-1])
    assert legal[:-1] == [f"snipe SNI.3 {t}" for t in ("SAB.1", "SNI.2", "THU.1")]


def test_saboteur_disarms_and_still_fights_and_done_passes_on() -> None:
    state = ended(["BRA.1 SPE.1", "SAB.1 BRA.2", "REF.1"], contested="TF5.1 TF4.1")
    assert state.current == 1 and GAME.legal_moves(state, 1) == ["disarm SAB.1 SPE.1", "done"]
    after = play(state, "disarm SAB.1 SPE.1")
    assert any("fight 2 3 0, people 1 2 1: seat 1 wins" in t for t in texts(after))
    declined = play(state, "done")
    assert any("fight 4 3 0" in t and "seat 0 wins" in t for t in texts(declined))


def test_a_snipe_repairs_the_victims_tools() -> None:
    state = ended(["BRA.1 SCA.4 GRE.1", "SNI.1"], contested="TF5.1 TF4.1")
    after = play(state, "snipe SNI.1 BRA.1")  # the Grenade moves to the Scavenger: 1 + 3
    assert any(t.startswith("skirmish: fight 4 0, people 1 2") for t in texts(after))


def test_two_player_margin_and_no_peek() -> None:
    state = ended(["BRA.1 SPE.1", "BRA.2"])  # 4 against 2: won by the margin
    assert any("seat 0 wins" in t for t in texts(state))
    state = ended(["BRA.1 SCA.4", "BRA.2"])  # 3 against 2: deadlock, people ignored
    assert any("deadlock" in t for t in texts(state))
    assert state.peek == NO_CARD and all(GAME.view(state, s)["peek"] == "" for s in (0, 1))


def test_three_players_peek_is_seen_by_the_initiator_only() -> None:
    state = ended(["BRA.1", "REF.1", ""], contested="TF5.1 GRE.1 TF4.1")
    assert state.round == 4 and state.initiator == 1  # passed left after the skirmish
    assert state.peek == cards("GRE.1")[0]
    assert GAME.view(state, 1)["peek"] == "GRE.1"
    assert GAME.view(state, 0)["peek"] == GAME.view(state, None)["peek"] == ""
    assert "seat 1 peeks at the top contested resource" in texts(state)


def test_initiator_stays_for_rounds_1_to_3() -> None:
    state = GAME.setup(3, ArcticScavengersOptions(), random.Random(5))
    first = state.initiator
    while state.round < 4:
        assert state.initiator == first
        state = play(state, "end")
    assert state.initiator == (first + 1) % 3


def test_won_contested_card_is_hidden_from_the_others() -> None:
    state = ended(["BRA.1 SPE.1", "REF.1", ""], contested="TF5.1 TF4.1")
    winner_view = GAME.view(state, 0)
    assert "TF5.1" in winner_view["deck_cards"] + winner_view["discard_cards"] + winner_view["hand"]
    for seat in (1, 2, None):
        assert "TF5.1" not in repr(GAME.view(state, seat))


# --- end and scoring -------------------------------------------------------------------------


def test_last_skirmish_ends_the_game_and_scores_every_zone() -> None:
    state = position(
        ["THU.1", "REF.1"],
        decks=["TF5.1", ""],
        discards=["GRL.1", "SCA.4"],
        contested="FIE.1",
        round=16,
        current=1,
    )
    state = GAME.apply(state, 1, "end")
    assert state.phase == OVER and GAME.to_move(state) == ()
    # seat 0: Thugs 3 (in play) + Tribe Family 5 (deck) + Group Leaders 2 + Field Crew 4 won
    assert state.result == (14, 2)
    out = GAME.outcome(state)
    assert out.ranks == (1, 2) and out.scores == (14.0, 2.0)
    assert GAME.view(state, None)["result"] == [14, 2]


def test_equal_people_share_the_victory() -> None:
    state = position(["BRA.1", "BRA.2", "REF.1"], contested="JUN.1", round=16, current=2)
    state = state._replace(contested=cards("GRE.1"))
    out = GAME.outcome(GAME.apply(state, 2, "end"))
    assert out.ranks == (1, 1, 1) and out.points == (0.5, 0.5, 0.5)


def test_bad_moves_are_rejected() -> None:
    state = position(["SCA.4", "REF.5"])
    for move in ("", "dig", "dig XYZ.1", "snipe SNI.1", "keep"):
        with pytest.raises(InvalidMoveError):
            GAME.apply(state, 0, move)
    for move in ("dig REF.5", "keep none", "go", "done", "hire GRL"):
        with pytest.raises(IllegalMoveError):
            GAME.apply(state, 0, move)
    with pytest.raises(IllegalMoveError):
        GAME.apply(state, 1, "end")


def test_render_shows_what_the_seat_may_see() -> None:
    state = position(["SCA.4 SHO.1", "BRA.1"], junkyard="MDK.1 PIL.2 JUN.1")
    state = play(state, "dig SCA.4", "add SHO.1", "go")
    mine = GAME.render(state, 0)
    assert "your hand: -" in mine and "dug: MDK.1 PIL.2 JUN.1" in mine
    theirs = GAME.render(state, 1)
    assert "your hand: BRA.1" in theirs and "MDK.1" not in theirs
    assert "BRA.1" not in GAME.render(state, None)
