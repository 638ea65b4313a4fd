"""Every test vector of shared/rules/arctic_scavengers_expansions.md, AX1-AX57, one test each
(a vector with several parts is one test with its parts in order)."""

from __future__ import annotations

import random

from arctic_modules_helpers import (
    ALL_MODULES,
    Site,
    card,
    codes,
    every_card_once,
    ext_view,
    ids,
    legal,
    module_position,
    options_of,
    play,
    texts,
)

from arena.games.arctic_scavengers import GAME, ArcticScavengersOptions
from arena.games.arctic_scavengers.cards import (
    CARD_KIND,
    DIG,
    DRAW,
    FIGHT,
    HUNT,
    KIND_INDEX,
    KINDS,
    MERCENARY_KINDS,
    PEOPLE,
)
from arena.games.arctic_scavengers.gangs import award, final_people, owned
from arena.games.arctic_scavengers.module_setup import deal_leaders, setup_modules
from arena.games.arctic_scavengers.module_skirmish import winner
from arena.games.arctic_scavengers.positions import cards
from arena.games.arctic_scavengers.state import (
    DECLARE,
    GATHER,
    KEEP,
    LEADER,
    OVER,
    RESPOND,
    SAVE,
)
from arena.games.arctic_scavengers.values import (
    BUILD,
    EXC,
    MEN,
    PEA,
    RAN,
    RECON,
    action_value,
    xstats,
)
from arena.games.testing import play_random_game

X = xstats(2)
NO = -1


def value(
    action: int, card_ids: str, leader: int = NO, power: bool = False, builder: str = ""
) -> int:
    chosen = cards(card_ids)
    first = card(builder) if builder else -1
    return action_value(X, action, chosen, leader, power, builder=first)[0]


def setup(n: int, modules: str, seed: int = 1):
    return GAME.setup(n, options_of(modules), random.Random(seed))


def stack_codes(state) -> list[str]:
    return GAME.view(state, None)["stack_codes"]


# Shared framework


def test_ax1_with_every_module_off_the_game_is_the_base_game() -> None:
    """The expansion engine with no module reproduces base games move for move (same legal
    lists, events, views and random numbers); the options read exactly as before."""
    options = ArcticScavengersOptions()
    assert options.modules == () and GAME.setup(3, options, random.Random(1)).ext is None
    for seed, n in ((1, 2), (2, 3), (3, 4), (4, 5)):
        moves, end = play_random_game(GAME, n, options, seed=seed)
        base = GAME.setup(n, options, random.Random(seed))
        ext = setup_modules(n, options, random.Random(seed))
        assert ext.ext is not None and ext.ext.modules == 0
        for seat, move in moves:
            assert GAME.legal_moves(ext, seat) == GAME.legal_moves(base, seat)
            view = GAME.view(ext, seat)
            del view["expansion"]
            assert view == GAME.view(base, seat)
            base, ext = GAME.apply(base, seat, move), GAME.apply(ext, seat, move)
            assert ext.events == base.events and ext.stream == base.stream
        assert ext.result == base.result == end.result


def test_ax2_fight_with_tools_and_two_kinds_of_modifier() -> None:
    assert value(FIGHT, "BRA.1 SCA.1 GRL.1 TIN.1 SPE.1 PIC.1") == 10


def test_ax3_market() -> None:
    a = setup(3, "recon2")
    assert len(a.ext.stack_kinds) == 10 and stack_codes(a)[6:] == ["ASN", "PRO", "ROG", "GUA"]
    base = stack_codes(a)[:6]
    assert base == [KINDS[k].code for k in MERCENARY_KINDS if KINDS[k].code in base]
    for kind in MERCENARY_KINDS:
        if KINDS[kind].code not in base:  # every undealt card of an unselected type is out
            out = [c for c in a.removed if CARD_KIND[c] == kind]
            dealt = {KIND_INDEX["SCA"]: 3 * 3, KIND_INDEX["BRA"]: 3}.get(kind, 0)  # the decks'
            assert len(out) == KINDS[kind].qty - dealt
    b = setup(3, "hq1 hq2 recon2")
    assert len(stack_codes(b)) == 12 and stack_codes(b)[6:] == "MED ENG ASN PRO ROG GUA".split()
    c = setup(3, ALL_MODULES)
    assert len(stack_codes(c)) == 13
    assert stack_codes(c)[1:] == "MED ENG SPY ASN PRO ROG GUA COU DRS SCR TIN SRF".split()
    d = setup(3, "recon1")
    assert stack_codes(d) == "SCA BRA HUN SAB SCO GRL SNI THU SPY SRF".split()
    assert [len(s) for s in d.stacks] == [11, 7, 8, 8, 8, 5, 5, 5, 8, 20]


def test_ax4_junkyard_size_with_new_junkyard_cards() -> None:
    two = setup(2, "hq1 recon1 recon5")
    assert len(two.junkyard) == 34
    assert (
        sum(
            1
            for c in two.removed
            if KINDS[CARD_KIND[c]].home == "junkyard"
            or not KINDS[CARD_KIND[c]].module
            and CARD_KIND[c] >= KIND_INDEX["JUN"]
        )
        == 24
    )
    assert len(setup(3, "hq1 recon1 recon5").junkyard) == 56


def test_ax5_a_target_is_asked_even_when_it_can_only_allow() -> None:
    state = module_position(["SPY.1", "REF.5"], modules="recon1")
    state = play(state, "recon SPY.1", "go")
    assert state.phase == RESPOND and GAME.to_move(state) == (1,)
    assert legal(state) == ["allow"]


# HQ 1


def test_ax6_hq1_values() -> None:
    assert value(FIGHT, "BRA.1 RIF.1") == 4 and value(HUNT, "HUN.1 RIF.1") == 4
    assert value(DIG, "SCA.1 TLK.1") == 3 and value(FIGHT, "BRA.1 TLK.1") == 2
    assert value(DRAW, "MED.1 SCA.1") == 2 and value(FIGHT, "MED.1 SPE.1") == 0


def test_ax7_a_medic_pays_one_med() -> None:
    state = module_position(["HUN.1 MED.1", "REF.5"], modules="hq1")
    assert legal(state) == [
        "draw MED.1",
        "hunt HUN.1",
        "hire HUN",
        "trash HUN.1",
        "trash MED.1",
        "end",
    ]
    state = play(state, "hire HUN")
    assert legal(state) == ["pay MED.1"]
    state = play(state, "pay MED.1")
    assert legal(state) == ["go"]
    state = play(state, "go")
    # The spec's vector names the hired card HUN.1, but HUN.1 is the one in hand: the stack's
    # top is HUN.2.
    assert ids(state.players[0].discard) == ["MED.1", "HUN.2"]
    assert texts(state)[-1] == "seat 0: hire HUN as HUN.2 pay MED.1"


def _ax8(s1: str, s2: str):
    return module_position(
        ["SNI.1 BRA.1", s1, s2], modules="hq1", contested="TF3.1 FIE.1", current=2
    )


def test_ax8_a_medic_saves_its_owner_from_a_snipe() -> None:
    state = play(_ax8("THU.1 MED.1", "SCA.4"), "end")
    assert legal(state) == ["snipe SNI.1 THU.1", "snipe SNI.1 MED.1", "snipe SNI.1 SCA.4", "done"]
    state = play(state, "snipe SNI.1 THU.1")
    assert state.phase == SAVE and GAME.to_move(state) == (1,)
    assert legal(state) == ["save MED.1", "allow"]
    state = play(state, "save MED.1")
    assert "skirmish: fight 2 3 1, people 3 4 1: seat 1 wins the contested resource" in texts(state)
    assert card("TF3.1") in owned(state, 1)


def test_ax9_a_medic_saves_another_seat_but_never_itself() -> None:
    state = play(_ax8("THU.1", "MED.2 SCA.4"), "end", "snipe SNI.1 THU.1")
    assert GAME.to_move(state) == (2,) and legal(state) == ["save MED.2", "allow"]
    state = play(state, "allow")
    assert "skirmish: fight 2 0 1, people 3 0 2: seat 0 wins the contested resource" in texts(state)
    state = play(_ax8("THU.1", "MED.2 SCA.4"), "end", "snipe SNI.1 MED.2")
    assert "skirmish: fight 2 3 1, people 3 3 1: seat 1 wins the contested resource" in texts(state)


def test_ax10_gangs_at_the_game_end() -> None:
    state = module_position(
        [
            "REF.1 REF.2 REF.3 REF.4 SCA.1 SCA.2 SCA.3 BRA.1 SPE.1 SHO.1 RIF.1 WOL.1 PIL.1 PIL.2 "
            "MDK.1 MED.1",
            "REF.5 REF.6 REF.7 REF.8 SCA.4 SCA.5 SCA.6 BRA.2 SPE.2 SHO.2 PIC.1 GRE.1 MDK.2 MDK.3",
        ],
        modules="hq1",
    )
    gangs = codes(state.ext.gangs)
    assert gangs == ["GEA", "PHM"]
    people, winners = final_people(state)
    assert dict(zip(gangs, winners, strict=True)) == {"GEA": -1, "PHM": 0}
    assert people == [14, 8]


def test_ax11_hq1_setup() -> None:
    two = setup(2, "hq1")
    assert len(two.junkyard) == 30 and stack_codes(two)[-1] == "MED" and len(two.stacks) == 9
    assert len(two.stacks[-1]) == 8
    assert len(setup(3, "hq1").junkyard) == 48


# HQ 2


def _ax12():
    return module_position(
        ["REF.1 SHO.1 ENG.1", "", ""],
        decks=["REF.2 REF.3 SCA.1", "", ""],
        modules="hq2",
        schematics="HYD.1 PHA.1 BNK.1 ARM.1 ARM.2",
    )


def test_ax12_build_with_an_engineer() -> None:
    state = _ax12()
    assert legal(state) == [
        "draw ENG.1",
        "dig REF.1",
        "dig SHO.1",
        "dig ENG.1",
        "hunt REF.1",
        "build ENG.1",
        "trash REF.1",
        "trash SHO.1",
        "trash ENG.1",
        "end",
    ]
    state = play(state, "build ENG.1")
    assert legal(state) == ["add SHO.1", "go"]
    state = play(state, "add SHO.1", "go")
    assert legal(state) == [
        "keep HYD.1",
        "keep PHA.1",
        "keep BNK.1",
        "keep ARM.1",
        "keep none",
    ]
    state = play(state, "keep PHA.1")
    (building,) = state.ext.seats[0].buildings
    assert ids([building.card]) == ["PHA.1"] and ids(building.stack) == ["REF.3", "REF.2"]
    assert ids(state.ext.schematics) == ["ARM.2", "HYD.1", "BNK.1", "ARM.1"]
    assert ids(state.players[0].deck) == ["SCA.1"]
    assert ids(state.players[0].discard)[-2:] == ["ENG.1", "SHO.1"]
    assert "work PHA.1" not in legal(state)
    every_card_once(state)


def test_ax13_the_timer_and_construction_work() -> None:
    state = play(_ax12(), "build ENG.1", "add SHO.1", "go", "keep PHA.1", "end", "end", "end")
    assert state.round == 4
    (building,) = state.ext.seats[0].buildings
    assert ids(building.stack) == ["REF.2"]
    z = state.players[0]
    assert card("REF.3") in z.hand + z.deck  # it reached the discard pile before the draw
    state = module_position(
        ["BRA.1 PIL.1", "", ""],
        modules="hq2",
        round=4,
        buildings=[{"PHA.1": Site("REF.2", placed=3)}, {}, {}],
    )
    assert "work PHA.1" in legal(state)
    state = play(state, "work PHA.1")
    assert legal(state) == ["add BRA.1"]
    state = play(state, "add BRA.1")
    assert legal(state) == ["go"]
    state = play(state, "go")
    assert {"REF.2", "BRA.1"} <= set(ids(state.players[0].discard))
    assert state.ext.seats[0].buildings[0].working and "store PIL.1 PHA.1" in legal(state)


def test_ax14_a_toolkit_on_a_worker() -> None:
    def bunker():
        return module_position(
            ["SCA.2 BRA.1 TLK.1", ""],
            modules="hq1 hq2",
            buildings=[{"BNK.1": Site("REF.1 REF.2 REF.3 REF.4")}, {}],
        )

    a = play(bunker(), "work BNK.1", "add BRA.1", "add TLK.1", "go")
    assert len(a.ext.seats[0].buildings[0].stack) == 1
    b = play(bunker(), "work BNK.1", "add BRA.1", "add TLK.1", "add SCA.2", "go")
    assert b.ext.seats[0].buildings[0].working


def test_ax15_hydroponic_gardens_feed_their_owner() -> None:
    def gardens(disabled: bool):
        sites = {"HYD.1": Site(), "HYD.2": Site(disabled=disabled)}
        return module_position(["REF.1", ""], modules="hq2 hq4", buildings=[sites, {}])

    a = gardens(False)
    assert a.food == 2 and [m for m in legal(a) if m.startswith("hire")] == ["hire SCA", "hire BRA"]
    b = gardens(True)
    assert b.food == 1 and [m for m in legal(b) if m.startswith("hire")] == ["hire SCA"]


def test_ax16_storage_and_retrieval() -> None:
    state = module_position(
        ["PIL.1 PIL.2 MDK.1", ""], modules="hq2", buildings=[{"PHA.1": Site()}, {}]
    )
    assert {"store PIL.1 PHA.1", "store PIL.2 PHA.1", "store MDK.1 PHA.1"} <= set(legal(state))
    state = play(state, "store MDK.1 PHA.1", "store PIL.1 PHA.1")
    assert not any(m.startswith(("store", "retrieve")) for m in legal(state))
    assert ext_view(state, 0)["stored_cards"] == [
        {"building": "PHA.1", "cards": ["PIL.1", "MDK.1"]}
    ]
    assert ext_view(state, 1)["players"][0]["buildings"][0]["stored"] == 2
    assert ext_view(state, 1)["stored_cards"] == [] and ext_view(state, None)["stored_cards"] == []
    later = module_position(
        ["", ""], modules="hq2", round=4, buildings=[{"PHA.1": Site(stored="PIL.1 MDK.1")}, {}]
    )
    assert {"retrieve PIL.1", "retrieve MDK.1"} <= set(legal(later))


def test_ax17_masons_tie_broken_by_engineers() -> None:
    state = module_position(
        ["ENG.1 ENG.2 ENG.3", "ENG.4", ""],
        modules="hq2 hq4",
        buildings=[
            {"PHA.1": Site(), "HYD.1": Site()},
            {"ARM.1": Site(), "BNK.1": Site(), "HYD.2": Site(disabled=True)},
            {"ARM.2": Site()},
        ],
    )
    (masons,) = state.ext.gangs
    assert codes([masons]) == ["MAS"]
    everything = [owned(state, s) for s in range(3)]
    assert award(state, masons, everything) == 0
    people, _ = final_people(state)
    assert people[0] == 3 + 5


# HQ 3


def test_ax18_leaders_dealt_two_kept_one_hidden_until_all_chose() -> None:
    pile = cards("PEA.1 GAN.1 BUT.1 FAN.1 ORG.1 CAN.1 SAA.1 MEN.1 EXC.1 RAN.1")
    dealt, rest = deal_leaders(list(pile), 3)
    assert [ids(d) for d in dealt] == [["PEA.1", "GAN.1"], ["BUT.1", "FAN.1"], ["ORG.1", "CAN.1"]]
    assert len(rest) == 4
    state = setup(3, "hq3")
    state = state._replace(
        initiator=1,
        current=1,
        ext=state.ext._replace(
            seats=tuple(s._replace(options=d) for s, d in zip(state.ext.seats, dealt, strict=True)),
            unseen=tuple(sorted(rest)),
        ),
    )
    assert state.phase == LEADER and GAME.to_move(state) == (1,)
    assert legal(state) == ["lead BUT.1", "lead FAN.1"]
    assert ext_view(state, 0)["leader_options"] == ["PEA.1", "GAN.1"]
    assert ext_view(state, 1)["leader_options"] == ["BUT.1", "FAN.1"]
    state = play(state, "lead FAN.1")
    assert legal(state) == ["lead ORG.1", "lead CAN.1"]
    state = play(state, "lead ORG.1")
    for viewer in (0, 1, 2, None):
        assert [p["leader"] for p in ext_view(state, viewer)["players"]] == ["", "", ""]
    state = play(state, "lead GAN.1")
    assert state.round == 1 and state.phase == GATHER
    assert [p["leader"] for p in ext_view(state, None)["players"]] == ["GAN.1", "FAN.1", "ORG.1"]
    assert "leaders: seat 0 GAN.1, seat 1 FAN.1, seat 2 ORG.1" in texts(state)
    every_card_once(state)


def test_ax19_ranger_and_excavator() -> None:
    assert value(HUNT, "REF.1 REF.2 TF3.1", RAN) == 3 and value(HUNT, "REF.1 REF.2 TF3.1") == 0
    assert value(HUNT, "REF.1 SPE.1", RAN) == 2 and value(HUNT, "REF.1 SPE.1") == 1
    assert value(DIG, "REF.1 SHO.1", EXC) == 2 and value(DIG, "REF.1 SHO.1") == 2
    assert value(DIG, "REF.1 SCA.1 SHO.1 PIC.1", EXC) == 5
    assert value(DIG, "REF.1 SCA.1 SHO.1 PIC.1") == 4


def test_ax20_peacemaker_and_mentor() -> None:
    state = module_position(
        ["SCA.1 REF.1 SCA.2 REF.3", ""],
        modules="hq3",
        leaders=["PEA.1", ""],
        junkyard="JUN.1 JUN.2 JUN.3 JUN.4",
    )
    state = play(state, "dig SCA.1", "add REF.1", "go")
    assert texts(state)[-1] == "seat 0: dig SCA.1 REF.1 (looks at 3)"
    state = play(state, "keep none", "hunt SCA.2", "add REF.3", "go")
    assert texts(state)[-1] == "seat 0: hunt SCA.2 REF.3 (food 1)"  # the power is spent
    assert value(DIG, "REF.1 REF.2 SHO.1", PEA, power=True) == 4
    assert value(DIG, "REF.1 REF.2 SHO.1") == 2
    assert value(FIGHT, "BRA.1 REF.1", MEN, power=True) == 3
    assert value(DRAW, "SCA.1 REF.1", MEN, power=True) == 2


def test_ax21_the_gangsters_refugees_fight_and_count_double() -> None:
    state = module_position(
        ["BRA.1 SPE.1", "REF.1 REF.2 SPE.2 PIC.1", "SCA.4"],
        modules="hq3",
        leaders=["", "GAN.1", ""],
        current=2,
    )
    state = play(state, "end")
    assert "skirmish: fight 4 4 1, people 1 4 1: seat 1 wins the contested resource" in texts(state)


def test_ax22_the_butcher() -> None:
    state = module_position(["REF.1 PIL.1", ""], modules="hq3", leaders=["BUT.1", ""])
    state = play(state, "butcher REF.1")
    assert card("REF.1") in state.removed and state.food == 1 and state.ext.turn.med_credit == 1
    assert [m for m in legal(state) if m.startswith("hire")] == ["hire SCA", "hire HUN", "hire SAB"]
    state = play(state, "hire SAB")
    assert legal(state) == ["pay PIL.1", "go"]


def test_ax23_the_cannibal() -> None:
    def hunted(hand: str):
        state = module_position([hand, ""], modules="hq3", leaders=["CAN.1", ""])
        return play(state, "hunt HUN.1", "go", "cannibal REF.1")

    assert "hire THU" in legal(hunted("HUN.1 REF.1 MDK.1 PIL.1"))
    poor = legal(hunted("HUN.1 REF.1 MDK.1"))
    assert "hire THU" not in poor and "hire BRA" in poor


def test_ax24_the_sergeant_at_arms() -> None:
    state = module_position(["PIL.1", ""], modules="hq3", leaders=["SAA.1", ""])
    assert [m for m in legal(state) if m.startswith("hire")] == ["hire HUN", "hire SAB"]
    state = module_position(
        ["BRA.1 SPE.1", "SAB.1"], modules="hq3", leaders=["SAA.1", ""], current=1
    )
    state = play(state, "end")  # s0 has nothing to declare, s1's Saboteur no target: skipped
    assert state.round == 4 and state.phase == GATHER
    assert "skirmish: fight 4 1, people 1 1: seat 0 wins the contested resource" in texts(state)


def test_ax25_the_organizer_and_the_fanatic() -> None:
    state = module_position(
        ["REF.1", ""], decks=["SCO.1 BRA.2", ""], modules="hq3", leaders=["ORG.1", ""]
    )
    state = play(state, "organize REF.1")
    assert state.phase == KEEP and legal(state) == ["keep SCO.1", "keep BRA.2"]
    assert ext_view(state, 0)["drawn"] == ["SCO.1", "BRA.2"] and GAME.view(state, 0)["dug"] == []
    state = play(state, "keep SCO.1")
    z = state.players[0]
    assert ids(z.hand) == ["SCO.1"] and {"BRA.2", "REF.1"} <= set(ids(z.discard))
    assert not any(m.startswith("draw") for m in legal(state))
    fan = module_position(
        ["REF.1 BRA.1", "THU.1 SPE.1"], modules="hq3", leaders=["FAN.1", ""], current=1
    )
    fan = play(fan, "end")
    assert fan.phase == DECLARE and legal(fan) == ["bomb REF.1 THU.1", "bomb REF.1 SPE.1", "done"]
    fan = play(fan, "bomb REF.1 THU.1")
    assert card("REF.1") in fan.removed and card("THU.1") in owned(fan, 1)
    assert ext_view(fan, None)["players"][1]["bombed"] == []  # a new round has begun
    assert "skirmish: fight 2 0, people 1 0: seat 0 wins the contested resource" in texts(fan)


# HQ 4


def _ax26(modules: str, s1_hand: str, s1_deck: str = ""):
    return module_position(
        ["SAB.1", s1_hand, ""],
        decks=["", s1_deck, ""],
        modules=modules,
        round=5,
        buildings=[{"BNK.1": Site()}, {"PHA.1": Site(), "HYD.1": Site("REF.1")}, {"ARM.1": Site()}],
    )


def test_ax26_sabotage() -> None:
    state = _ax26("hq2 hq4", "REF.5")
    assert [m for m in legal(state) if m.startswith("sabotage")] == [
        "sabotage SAB.1 PHA.1",
        "sabotage SAB.1 ARM.1",
    ]
    state = play(state, "sabotage SAB.1 PHA.1")
    assert state.phase == RESPOND and GAME.to_move(state) == (1,) and legal(state) == ["allow"]
    assert ext_view(state, 2)["pending"] == {
        "kind": "sabotage",
        "by": 0,
        "cards": ["SAB.1"],
        "target": "PHA.1",
        "responder": 1,
    }
    state = play(state, "allow")
    assert ext_view(state, None)["players"][1]["buildings"][0]["state"] == "disabled"
    assert card("SAB.1") in state.players[0].discard and GAME.to_move(state) == (0,)


def test_ax27_a_guard_cancels_a_sabotage() -> None:
    state = play(_ax26("hq2 hq4 recon2", "REF.5 GUA.1", "SCA.7"), "sabotage SAB.1 PHA.1")
    assert legal(state) == ["cancel GUA.1", "allow"]
    state = play(state, "cancel GUA.1")
    assert state.ext.seats[1].buildings[0].working
    assert ids(state.players[1].hand) == ["REF.5", "SCA.7"]
    assert card("GUA.1") in state.players[1].discard and card("SAB.1") in state.players[0].discard
    assert "sabotage" in GAME.view(state, 0)["actions_used"]
    assert not any(m.startswith("sabotage") for m in legal(state))


def test_ax28_repair() -> None:
    state = module_position(
        ["", "REF.5 PIL.3", ""],
        modules="hq2 hq4",
        current=1,
        initiator=1,
        buildings=[{}, {"PHA.1": Site(stored="MDK.1", disabled=True)}, {}],
    )
    moves = legal(state)
    assert "repair PHA.1 REF.5" in moves
    assert "retrieve MDK.1" not in moves and "store PIL.3 PHA.1" not in moves
    state = play(state, "repair PHA.1 REF.5")
    assert {"retrieve MDK.1", "store PIL.3 PHA.1"} <= set(legal(state))
    assert card("REF.5") in state.players[1].discard


def test_ax29_a_sniper_wounds_a_leader() -> None:
    state = module_position(
        ["SNI.1 BRA.1", "REF.1 REF.2 SPE.2 PIC.1", "SCA.4"],
        modules="hq3 hq4",
        leaders=["", "GAN.1", ""],
        current=2,
    )
    state = play(state, "end")
    assert legal(state) == [
        "snipe SNI.1 REF.1",
        "snipe SNI.1 REF.2",
        "snipe SNI.1 GAN.1",
        "snipe SNI.1 SCA.4",
        "done",
    ]
    state = play(state, "snipe SNI.1 GAN.1")
    assert state.ext.seats[1].wounded
    assert "skirmish: fight 2 0 1, people 3 2 1: seat 0 wins the contested resource" in texts(state)


def test_ax30_healing_a_wounded_leader() -> None:
    def seat1(wounded: tuple[int, ...]):
        return module_position(
            ["", "REF.9 PIL.3", ""],
            modules="hq3 hq4",
            current=1,
            leaders=["", "GAN.1", ""],
            wounded=wounded,
        )

    assert not any(m.startswith("heal") for m in legal(seat1(())))
    state = seat1((1,))
    assert "heal PIL.3" in legal(state)
    state = play(state, "heal PIL.3")
    assert not state.ext.seats[1].wounded and card("PIL.3") in state.players[1].discard


# Recon 1


def test_ax31_recon1_values() -> None:
    assert value(FIGHT, "BRA.1 SPY.1") == 4 and value(FIGHT, "SPY.1") == 0
    assert value(DIG, "SCA.1 SRF.1") == 2 and value(FIGHT, "BRA.1 SCA.1 SPY.1 GRL.1") == 7
    assert value(FIGHT, "BRA.1 SPY.1 GRL.1 SRF.1") == 4
    assert value(RECON, "SPY.1 BIN.1") == 6 and value(RECON, "SPY.1 SPY.2 BIN.1") == 10
    assert value(RECON, "SPY.1 BIN.1 BIN.2") == 6


def _ax32(s1: str = "REF.5 REF.6 SCA.5 SCA.6 BRA.2"):
    return module_position(
        ["REF.1 SPY.1 BIN.1", s1, "REF.9 REF.10 SCA.7 SCA.8 SRF.1"],
        decks=["PIL.4", "", "SCA.9"],
        modules="recon1",
    )


def test_ax32_a_spy_sees_a_hand() -> None:
    state = play(_ax32(), "recon SPY.1")
    assert legal(state) == ["add BIN.1", "go"]
    state = play(state, "add BIN.1", "go")
    assert legal(state) == ["target 1", "target 2"]
    assert GAME.view(state, 1)["phase"] == "gather" and GAME.view(state, 0)["phase"] == "target"
    state = play(state, "target 1")
    assert GAME.to_move(state) == (1,) and legal(state) == ["allow"]
    state = play(state, "allow")
    hand = "REF.5 REF.6 SCA.5 SCA.6 BRA.2".split()
    mine = ext_view(state, 0)
    assert mine["recon"] == [{"of": "seat 1", "cards": hand}] and mine["known"] == hand
    assert card("PIL.4") in state.players[0].hand
    assert ext_view(state, 1)["spied"] == [{"by": 0, "cards": hand}]
    assert ext_view(state, 2)["recon"] == [] and ext_view(state, 2)["spied"] == []
    assert ext_view(state, None)["known"] == []
    assert "seat 0: recon SPY.1 BIN.1 on seat 1 (sees 5 cards)" in texts(state)


def test_ax33_a_scouting_refugee_cancels_a_recon() -> None:
    state = play(_ax32(), "recon SPY.1", "add BIN.1", "go", "target 2")
    assert legal(state) == ["cancel SRF.1", "allow"]
    state = play(state, "cancel SRF.1")
    assert card("SCA.9") in state.players[2].hand and card("SRF.1") in state.players[2].discard
    assert ext_view(state, 0)["recon"] == [] and card("PIL.4") in state.players[0].deck
    assert not any(m.startswith("recon") for m in legal(state))


def test_ax34_a_counter_snipe_stops_the_spy() -> None:
    state = play(
        _ax32("REF.5 REF.6 SCA.5 SCA.6 SNI.2"), "recon SPY.1", "add BIN.1", "go", "target 1"
    )
    assert legal(state) == ["snipe SNI.2 SPY.1", "allow"]
    state = play(state, "snipe SNI.2 SPY.1")
    assert GAME.to_move(state) == (0,) and legal(state) == ["allow"]
    state = play(state, "allow")
    assert ext_view(state, 0)["recon"] == [] and card("PIL.4") in state.players[0].deck
    assert {"SPY.1", "BIN.1"} <= set(ids(state.players[0].discard))
    assert card("SNI.2") in state.players[1].discard


def test_ax35_binoculars_alone_peek_at_the_piles() -> None:
    for n, seen in (
        (2, [{"of": "junkyard", "cards": ["JUN.1"]}]),
        (3, [{"of": "junkyard", "cards": ["JUN.1"]}, {"of": "contested", "cards": ["TF3.1"]}]),
    ):
        state = module_position(
            ["BIN.1"] + [""] * (n - 1),
            modules="recon1",
            junkyard="JUN.1 PIL.1",
            contested="TF3.1 FIE.1",
        )
        state = play(state, "recon BIN.1", "go")
        assert state.phase == GATHER and GAME.to_move(state) == (0,)
        assert ext_view(state, 0)["recon"] == seen
        assert "seat 0: recon BIN.1 (piles)" in texts(state)


# Recon 2


def _skirmish(hands: list[str], modules: str = "recon2", **more):
    n = len(hands)
    more.setdefault("current", (more.get("initiator", 0) - 1) % n)
    return play(module_position(hands, modules=modules, **more), "end")


def test_ax36_a_rogue_takes_a_tie_at_the_top() -> None:
    state = _skirmish(["SCA.1 BRA.1 SPE.1", "BRA.2 THU.1", "SCA.2 ROG.1"])
    assert (
        "skirmish: fight 5 5 2, people 2 4 2: seat 2 wins the contested resource (rogue)"
        in texts(state)
    )


def test_ax37_the_first_rogue_in_turn_order() -> None:
    state = _skirmish(["THU.1 ROG.1", "BRA.1 SPE.1", "SCA.2 ROG.2"], initiator=1)
    assert (
        "skirmish: fight 4 4 2, people 4 1 2: seat 2 wins the contested resource (rogue)"
        in texts(state)
    )


def test_ax38_a_sniped_rogue_wins_nothing() -> None:
    state = _skirmish(["SCA.1 SNI.1 THU.1", "SCA.2 THU.2 ROG.1", "REF.5"])
    state = play(state, "snipe SNI.1 ROG.1")
    assert "skirmish: fight 4 4 0, people 6 4 1: seat 0 wins the contested resource" in texts(state)


def test_ax39_a_provocateur_fights_with_its_force_size() -> None:
    state = _skirmish(["REF.1 REF.2 TF4.1 PRO.1", "SCA.1 THU.1 SPE.1", "BRA.1"])
    assert legal(state) == ["provoke", "done"]
    state = play(state, "provoke")
    assert "skirmish: fight 7 6 2, people 7 4 1: seat 0 wins the contested resource" in texts(state)


def test_ax40_a_later_seat_snipes_the_provocateur() -> None:
    state = _skirmish(["REF.1 REF.2 TF4.1 PRO.1", "SCA.1 SNI.1 THU.1 SPE.1", "BRA.1"])
    state = play(state, "provoke")
    assert legal(state) == [
        "snipe SNI.1 REF.1",
        "snipe SNI.1 REF.2",
        "snipe SNI.1 TF4.1",
        "snipe SNI.1 PRO.1",
        "snipe SNI.1 BRA.1",
        "done",
    ]
    state = play(state, "snipe SNI.1 PRO.1")
    assert "skirmish: fight 0 6 2, people 6 6 1: seat 1 wins the contested resource" in texts(state)


def test_ax41_assassins_and_the_two_player_rogue() -> None:
    state = _skirmish(["ASN.1", "SCA.1 THU.1 TF3.1"], current=1)
    assert legal(state) == ["snipe ASN.1 SCA.1", "done"]
    assert winner([4, 4], [1, 1], [False, True], 0, True) == (1, True)
    assert winner([5, 4], [1, 1], [False, True], 0, True) == (-1, False)
    assert winner([4, 4], [1, 1], [False, False], 0, True) == (-1, False)


def test_ax42_recon_then_a_gathering_assassination() -> None:
    def start():
        return module_position(
            ["SPY.1 ASN.1", "REF.5 BRA.2 GUA.1"], decks=["PIL.4", "SCA.7"], modules="recon1 recon2"
        )

    state = play(start(), "recon SPY.1", "go")
    assert state.phase == RESPOND and legal(state) == ["cancel GUA.1", "allow"]
    state = play(state, "allow")
    assert ext_view(state, 0)["known"] == ["REF.5", "BRA.2", "GUA.1"]
    assert card("PIL.4") in state.players[0].hand
    assert {"snipe ASN.1 REF.5", "snipe ASN.1 BRA.2", "snipe ASN.1 GUA.1"} <= set(legal(state))
    struck = play(state, "snipe ASN.1 BRA.2")
    assert legal(struck) == ["cancel GUA.1", "allow"]
    allowed = play(struck, "allow")
    assert (
        card("BRA.2") in allowed.players[1].discard and card("ASN.1") in allowed.players[0].discard
    )
    cancelled = play(struck, "cancel GUA.1")
    assert set(ids(cancelled.players[1].hand)) == {"REF.5", "BRA.2", "SCA.7"}


# Recon 3


def test_ax43_a_courier_draws_3_and_drops_2() -> None:
    state = module_position(["COU.1", ""], decks=["BRA.3 JUN.1 PIL.1 SCA.9", ""], modules="recon3")
    state = play(state, "draw COU.1", "go")
    assert GAME.view(state, 0)["phase"] == "drop" and GAME.view(state, 1)["phase"] == "gather"
    assert legal(state) == ["drop BRA.3", "drop JUN.1", "drop PIL.1"]
    state = play(state, "drop JUN.1")
    assert legal(state) == ["drop BRA.3", "drop PIL.1"]
    state = play(state, "drop PIL.1")
    assert ids(state.players[0].hand) == ["BRA.3"]
    assert ids(state.players[0].discard) == ["COU.1", "JUN.1", "PIL.1"]


def test_ax44_a_drill_sergeant_drills() -> None:
    state = module_position(
        ["DRS.1", ""],
        decks=["SCA.9 BRA.3", ""],
        discards=["REF.3 SCO.1 GRE.1", ""],
        modules="recon3",
    )
    state = play(state, "drill DRS.1")
    assert legal(state) == ["pick REF.3", "pick SCO.1", "pick GRE.1", "go"]
    state = play(state, "pick GRE.1")
    assert legal(state) == ["pick REF.3", "pick SCO.1", "go"]
    state = play(state, "pick SCO.1")
    assert legal(state) == ["go"]
    state = play(state, "go")
    z = state.players[0]
    assert len(z.hand) == 2 and set(z.hand + z.deck) == set(cards("SCA.9 BRA.3 SCO.1 GRE.1"))
    assert ids(z.discard) == ["REF.3", "DRS.1"]


def test_ax45_scrappers_dig_the_bottom_and_return_on_top() -> None:
    state = module_position(
        ["SCR.1", ""], modules="recon3", junkyard="JUN.1 PIL.1 MDK.1 NET.1 SPE.4"
    )
    state = play(state, "dig SCR.1", "go")
    assert legal(state) == ["side top", "side bottom"]
    state = play(state, "side bottom")
    assert legal(state) == ["keep SPE.4", "keep NET.1", "keep MDK.1", "keep none"]
    state = play(state, "keep MDK.1")
    assert legal(state) == ["return top", "return bottom"]
    state = play(state, "return top")
    assert ids(state.junkyard) == ["SPE.4", "NET.1", "JUN.1", "PIL.1"]


def test_ax46_tinker_values() -> None:
    assert value(FIGHT, "BRA.1 TIN.1") == 3 and value(HUNT, "HUN.1 TIN.1 GRL.1") == 4
    assert value(HUNT, "HUN.1 SCA.1 TIN.1 GRL.1") == 6
    assert value(BUILD, "TIN.1", builder="TIN.1") == 1
    assert value(BUILD, "TIN.1 SHO.1", builder="TIN.1") == 3
    assert value(BUILD, "ENG.1 TIN.1 SHO.1 GRL.1", builder="ENG.1") == 6


def test_ax47_hardy_scavengers() -> None:
    state = setup(3, "recon3")
    for z in state.players:
        assert sorted(codes(z.deck + z.hand)) == sorted(
            ["REF"] * 4 + ["HSC"] * 3 + ["BRA", "SPE", "SHO"]
        )
    assert sum(1 for c in state.removed if codes([c]) == ["HSC"]) == 11
    if "SCA" in stack_codes(state):
        assert len(state.stacks[stack_codes(state).index("SCA")]) == 20
    decks = ["REF.1 REF.2 REF.3 REF.4 REF.5", "REF.6 REF.7 REF.8 REF.9 REF.10", ""]
    state = _skirmish(["THU.1 SPE.1", "BRA.2 HSC.4", "SCA.4"], modules="recon3", decks=decks)
    assert "skirmish: fight 5 2 1, people 3 2 1: seat 0 wins the contested resource" in texts(state)
    assert ids(state.players[1].hand).count("HSC.4") == 1
    assert len(state.players[1].hand) == 6 and len(state.players[0].hand) == 5


def test_ax48_portable_decoys_and_the_scout_tower() -> None:
    state = _skirmish(
        ["PRO.1 REF.1 REF.2 SPE.1 PIC.1", "BRA.1", "SCA.1"],
        modules="recon2 recon3",
        buildings=[{"DCY.1": Site()}, {}, {}],
    )
    from arena.games.arctic_scavengers.module_skirmish import strengths

    assert strengths(state)[0][0] == 3  # the natural fight
    state = play(state, "provoke")
    assert any(t.startswith("skirmish: fight 5 2 1, people 5 1 1") for t in texts(state))
    tower = module_position(
        ["REF.1", ""],
        modules="recon3",
        buildings=[{"TWR.1": Site()}, {}],
        junkyard="JUN.1 PIL.1 MDK.1",
        schematics="BNK.1 ARM.1 PHA.1",
    )
    tower = play(tower, "tower TWR.1 REF.1")
    assert tower.phase == GATHER and card("REF.1") in tower.players[0].discard
    assert ext_view(tower, 0)["looked"] == [
        {"of": "junkyard", "cards": ["JUN.1", "PIL.1"]},
        {"of": "schematics", "cards": ["BNK.1", "ARM.1"]},
    ]
    assert ext_view(tower, 1)["looked"] == []


# Recon 4


def test_ax49_randomized_contested_resources() -> None:
    for seed in range(3):
        state = setup(3, "recon4", seed)
        assert len(state.contested) == 14
        assert sum(1 for c in state.ext.unseen if KINDS[CARD_KIND[c]].contested) == 14
    moves, end = play_random_game(GAME, 3, options_of("recon4"), seed=4)
    assert end.phase == OVER and end.round == 16


def test_ax50_tear_gas() -> None:
    state = _skirmish(["SCA.1 TEA.1", "BRA.1 SPE.1", "SCA.2 SPE.2"], modules="recon4")
    assert legal(state) == ["gas TEA.1 BRA.1", "gas TEA.1 SCA.2", "done"]
    state = play(state, "gas TEA.1 BRA.1")
    assert "skirmish: fight 1 0 3, people 1 1 1: seat 2 wins the contested resource" in texts(state)


def test_ax51_a_cargo_sled_keeps_a_second_card() -> None:
    def dug(first: str):
        state = module_position(
            ["SCA.1 CGS.1", ""], modules="recon4", junkyard="JUN.1 PIL.1 SPE.4 NET.1"
        )
        state = play(state, "dig SCA.1", "add CGS.1", "go")
        assert legal(state) == ["keep JUN.1", "keep PIL.1", "keep SPE.4", "keep none"]
        return play(state, first)

    state = dug("keep JUN.1")
    assert legal(state) == ["keep PIL.1", "keep SPE.4", "keep none"]
    state = play(state, "keep SPE.4")
    assert ids(state.junkyard) == ["NET.1", "PIL.1"]
    assert legal(dug("keep PIL.1")) == ["keep JUN.1", "keep SPE.4", "keep none"]


def test_ax52_combat_medics_pay_two_and_save() -> None:
    state = module_position(["CMD.1", ""], modules="recon4", food=2)
    state = play(state, "hire SCO", "pay CMD.1")
    assert legal(state) == ["go"]
    state = _skirmish(["SNI.1 BRA.1", "THU.1 CMD.1", "SCA.4"], modules="recon4")
    state = play(state, "snipe SNI.1 THU.1")
    assert legal(state) == ["save CMD.1", "allow"]
    state = play(state, "save CMD.1")
    assert "skirmish: fight 2 4 1, people 3 7 1: seat 1 wins the contested resource" in texts(state)


def test_ax53_demolition_and_tribal_hunters() -> None:
    state = module_position(
        ["DEM.1", "", ""],
        decks=["PIL.4 MDK.4", "SCA.6 SCA.7 SCA.8 BRA.2", ""],
        modules="recon4 hq2",
        buildings=[{}, {"BNK.1": Site("REF.1 REF.2")}, {}],
    )
    state = play(state, "demolish DEM.1 BNK.1")
    assert GAME.to_move(state) == (1,) and legal(state) == ["allow"]
    state = play(state, "allow")
    (bunker,) = state.ext.seats[1].buildings
    assert len(bunker.stack) == 5 and ids(bunker.stack[:1]) == ["SCA.8"]
    assert ids(state.players[1].deck) == ["BRA.2"]
    assert (
        ids(state.players[0].hand) == ["PIL.4", "MDK.4"]
        and card("DEM.1") in state.players[0].discard
    )
    assert value(HUNT, "TH2.1 TH3.1 TH4.1") == 4 and value(FIGHT, "TH2.1 TH3.1 TH4.1") == 2
    assert sum(PEOPLE[c] for c in cards("TH2.1 TH3.1 TH4.1")) == 9
    from arena.games.arctic_scavengers.responses import single_unit

    assert not any(single_unit(c) for c in cards("TH2.1 TH3.1 TH4.1"))


# Recon 5


def test_ax54_humanitarians_without_a_tie_break() -> None:
    state = module_position(
        [
            "REF.1 REF.2 REF.3 REF.4 SRF.1 SRF.2",
            "REF.5 REF.6 REF.7 REF.8 SRF.3 SRF.4",
            "REF.9 REF.10 REF.11 REF.12 SRF.5",
        ],
        modules="recon1 recon5",
    )
    (gang,) = state.ext.gangs
    assert codes([gang]) == ["HUM"]
    assert award(state, gang, [owned(state, s) for s in range(3)]) == -1


def test_ax55_a_map_takes_a_person_back() -> None:
    state = module_position(["SCA.1 MAP.1", ""], modules="recon5", junkyard="JUN.1")
    state = play(state, "dig SCA.1", "go", "keep none")
    assert "map MAP.1 SCA.1" in legal(state)
    state = play(state, "map MAP.1 SCA.1")
    assert card("SCA.1") in state.players[0].hand and card("MAP.1") in state.players[0].discard
    moves = legal(state)
    assert {"draw SCA.1", "hunt SCA.1"} <= set(moves)
    assert not any(m.startswith(("dig", "map")) for m in moves)


def test_ax56_the_swindler() -> None:
    state = module_position(["REF.1", ""], modules="recon5 hq3", leaders=["SWI.1", ""], food=1)
    assert [m for m in legal(state) if m.startswith("hire")] == ["hire SCA", "hire BRA"]
    state = play(state, "hire BRA")
    assert legal(state) == ["pay REF.1"]
    state = play(state, "pay REF.1")
    assert legal(state) == ["go"]
    rich = module_position(
        ["PIL.1 REF.1 REF.2", ""], modules="recon5 hq3", leaders=["SWI.1", ""], food=2
    )
    assert "hire GRL" in legal(rich)


def test_ax57_the_yardmaster() -> None:
    state = module_position(
        ["", ""], modules="recon5 hq3", leaders=["YAR.1", ""], junkyard="JUN.1 PIL.1 MDK.1"
    )
    state = play(state, "yard")
    assert legal(state) == ["yard top", "yard bottom"]
    assert ext_view(state, 0)["looked"] == [{"of": "junkyard", "cards": ["JUN.1", "PIL.1"]}]
    state = play(state, "yard bottom")
    assert ids(state.junkyard) == ["MDK.1", "JUN.1", "PIL.1"]
