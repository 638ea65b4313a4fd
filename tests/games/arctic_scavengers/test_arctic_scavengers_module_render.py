"""Arctic Scavengers with expansion modules as people see it: the text render and the web board
show the module zones to everyone, and a seat's own stacked, stored, dealt and spied cards to that
seat alone (never to another seat or a spectator)."""

from __future__ import annotations

import random
import re

from arctic_modules_helpers import Site, module_position, options_of, play

from arena.games.arctic_scavengers import GAME
from arena.games.arctic_scavengers.positions import position
from arena.games.testing import play_random_game
from arena.web.boards.arctic_scavengers import draw as draw_scene
from arena.web.boards.scene import Scene

NAMES = ["alice", "bob"]


# A card face (name, values, its id last) or a chip, each reduced to its id.
FACE = re.compile(
    r'<span class="card as-face [^"]*" data-card="([^"]+)"[^>]*>'
    r'.*?<small class="as-id">\1</small></span>'
)
CHIP = re.compile(r'<span class="card as-[a-z -]+" data-card="([^"]+)" title="[^"]*">[^<]*</span>')
SEAT_CHIP = re.compile(r'<span class="seat-chip" style="[^"]*"></span>')


def draw(view, players) -> str:
    """The web board of a view (the match page draws it from the same Scene), each card face or
    chip reduced to its id and each seat label to its text, so the assertions name cards by id."""
    html = draw_scene(Scene(view, players))
    html = FACE.sub(r'<span class="card">\1</span>', html)
    return SEAT_CHIP.sub("", CHIP.sub(r'<span class="card">\1</span>', html))


def _built():
    """Seat 0 has a Bunker under construction (2 cards on it) and an Armory storing a Spear;
    seat 1 a complete Garden; leaders chosen."""
    return module_position(
        ["SCA.1 REF.1", "BRA.1"],
        modules="hq1 hq2 hq3",
        leaders=["GAN.1", "BUT.1"],
        buildings=[
            {"BNK.1": Site("SCA.2 SCA.3"), "ARM.1": Site(stored="SPE.1")},
            {"HYD.1": Site()},
        ],
    )


def test_the_text_render_shows_buildings_to_all_and_their_cards_to_the_owner() -> None:
    state = _built()
    public = "seat 0: leader GAN.1  BNK.1[building 2]  ARM.1[complete, stored 1]"
    mine, theirs, spectator = (GAME.render(state, seat) for seat in (0, 1, None))
    assert "modules hq1 hq2 hq3  schematics 9  gangs GEA PHM MAS" in spectator
    assert public in mine and public in theirs and public in spectator
    assert "seat 1: leader BUT.1  HYD.1[complete]" in spectator
    assert "your building BNK.1: SCA.2 SCA.3" in mine and "your stored ARM.1: SPE.1" in mine
    for other in (theirs, spectator):
        assert not {"SCA.2", "SCA.3", "SPE.1"} & set(other.split())


def test_the_web_board_shows_buildings_to_all_and_their_cards_to_the_owner() -> None:
    state = _built()
    mine, theirs, spectator = (draw(GAME.view(state, seat), NAMES) for seat in (0, 1, None))
    for html in (mine, theirs, spectator):
        assert '<div class="modules">' in html
        assert '<span class="card building building">BNK.1 building ×2</span>' in html
        assert '<span class="card building complete">ARM.1 complete stores 1</span>' in html
        assert '<td><span class="card">BUT.1</span></td>' in html
    assert '<p class="mine">BNK.1: <span class="card">SCA.2</span>' in mine
    assert '<span class="card">SPE.1</span>' in mine
    for other in (theirs, spectator):
        assert 'class="mine"' not in other
        assert not any(f">{c}<" in other for c in ("SCA.2", "SCA.3", "SPE.1"))


def test_a_recon_is_pending_for_all_then_seen_by_the_spy_and_the_spied_seat_only() -> None:
    state = module_position(["SPY.1 SNI.1", "MED.1 BRA.2 THU.1"], modules="recon1 recon2 hq1")
    state = play(state, "recon SPY.1", "go")
    prompt = "pending: recon by seat 0 SPY.1 on seat 1, seat 1 responds"
    assert all(prompt in GAME.render(state, seat) for seat in (0, 1, None))
    assert all(
        '<p class="pending">recon by seat 0 (alice) <span class="card">SPY.1</span> on seat 1: '
        "seat 1 (bob) responds</p>" in draw(GAME.view(state, seat), NAMES)
        for seat in (0, 1, None)
    )
    state = play(state, "allow")
    spy, spied, spectator = (GAME.render(state, seat) for seat in (0, 1, None))
    assert "your recon of seat 1: BRA.2 THU.1 MED.1" in spy and "known: BRA.2 THU.1 MED.1" in spy
    assert "seat 0 saw your BRA.2 THU.1 MED.1" in spied and "your recon" not in spied
    assert "BRA.2" not in spectator and "saw your" not in spectator
    boards = [draw(GAME.view(state, seat), NAMES) for seat in (0, 1, None)]
    assert 'seen in seat 1: <span class="card">BRA.2</span>' in boards[0]
    assert 'seat 0 (alice) saw <span class="card">BRA.2</span>' in boards[1]
    assert 'class="mine"' not in boards[2] and ">BRA.2<" not in boards[2]


def test_the_dealt_leaders_show_to_their_seat_alone_while_it_chooses() -> None:
    state = GAME.setup(2, options_of("hq3"), random.Random(3))
    view = GAME.view(state, state.current)
    options = view["expansion"]["leader_options"]
    assert len(options) == 2
    assert f"your leaders to choose: {' '.join(options)}" in GAME.render(state, state.current)
    board = draw(view, NAMES)
    assert all(f'<span class="card">{leader}</span>' in board for leader in options)
    other = 1 - state.current
    for seen in (GAME.render(state, other), draw(GAME.view(state, other), NAMES)):
        assert not any(leader in seen for leader in options)
    for seen in (GAME.render(state, None), draw(GAME.view(state, None), NAMES)):
        assert not any(leader in seen for leader in options)


def test_a_finished_game_shows_who_won_each_gang() -> None:
    _, end = play_random_game(GAME, 3, options_of("hq1 hq2 recon5"), seed=2)
    winners = GAME.view(end, None)["expansion"]["gang_winners"]
    assert [w["gang"] for w in winners] == ["GEA", "PHM", "MAS", "HUM"]
    named = [f"{w['gang']} {'nobody' if w['seat'] < 0 else w['seat']}" for w in winners]
    assert f"gangs won: {', '.join(named)}" in GAME.render(end, None)
    board = draw(GAME.view(end, None), ["a", "b", "c"])
    for w in winners:
        who = "nobody" if w["seat"] < 0 else f"seat {w['seat']} ({'abc'[w['seat']]})"
        assert f'<span class="card">{w["gang"]}</span> {who}' in board


def test_a_base_game_shows_no_module_section() -> None:
    state = position(["SCA.1 BRA.1", "HUN.1"])
    assert "expansion" not in GAME.view(state, 0)
    assert "modules" not in GAME.render(state, 0)
    assert 'class="modules"' not in draw(GAME.view(state, 0), NAMES)
