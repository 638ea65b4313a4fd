"""What a board shows, read from the page's DOM, and what it must show, read from the engine's
spectator view: one pair per game, for the browser tests (tests/web/test_web_boards_browser.py).

Each reader is JavaScript run in the page (it works with the page's own scripts disabled too);
each expectation is built from the view alone, so the two meet only if the board draws the
position faithfully.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from web_helpers import call

from arena.core.game import parse_options, replay
from arena.core.registry import get_game
from arena.rpc.wire.convert import record_from_pb
from arena.v1 import arena_pb2 as pb
from arena.web.boards.hypnosia_rings import rings, space_name

READERS: dict[str, str] = {
    "lucky_numbers": """() => [...document.querySelectorAll('#board table.ln-grid')].map(
        t => [...t.querySelectorAll('td')].map(td => Number(td.textContent) || 0))""",
    "azul": """() => {
        const tiles = (el) => [...el.querySelectorAll('.az-tile')].map(t => t.dataset.tile)
            .join('');
        const b = document.getElementById('board');
        return {
            factories: [...b.querySelectorAll('.az-factory')].map(tiles),
            centre: tiles(b.querySelector('.az-centre')),
            boards: [...b.querySelectorAll('.az-board')].map(d => ({
                score: Number(d.querySelector('b.score').textContent),
                lines: [...d.querySelectorAll('.az-line')].map(tiles),
                wall: [...d.querySelectorAll('.az-wall-row')].map(
                    r => [...r.children].map(c => c.dataset.tile).join('')),
                floor: tiles(d.querySelector('.az-floor')),
            })),
        };
    }""",
    "the_number": """() => [...document.querySelectorAll('#board table.tn tr[data-seat]')].map(
        r => ({
            crossed: [...r.querySelectorAll('.digit.crossed')].map(d => Number(d.dataset.digit)),
            total: Number(r.querySelector('.total').textContent),
        }))""",
    "arctic_scavengers": """() => {
        const b = document.getElementById('board');
        return {
            stacks: [...b.querySelectorAll('.as-stack')].map(
                s => [s.dataset.code, Number(s.querySelector('.as-count').textContent.slice(1))]),
            tribes: [...b.querySelectorAll('.as-tribe')].map(t => ({
                zones: [...t.querySelectorAll('.as-zones b')].map(z => Number(z.textContent)),
                played: [...t.querySelectorAll('.as-played .card')].map(c => c.dataset.card),
                people: t.querySelector('.as-people b') ? Number(
                    t.querySelector('.as-people b').textContent) : null,
            })),
        };
    }""",
    "hypnosia": """() => {
        const b = document.getElementById('board');
        return {
            units: [...b.querySelectorAll('circle.unit')].map(u => [u.dataset.space,
                Number(u.dataset.owner), Number(u.dataset.height)]),
            centre: [...b.querySelectorAll('.hy-centre-place[data-owner]')].map(
                p => Number(p.dataset.owner)),
            slots: [...b.querySelectorAll('.hy-slot.filled')].map(
                s => [Number(s.dataset.seat), s.dataset.slot]),
            scores: [...b.querySelectorAll('.hy-players tr[data-seat] .score')].map(
                s => Number(s.textContent)),
        };
    }""",
    "epizodiak": """() => {
        const b = document.getElementById('board');
        return {
            dial: [...b.querySelectorAll('.ep-place')].map(p => Number(p.dataset.tile)),
            sets: [...b.querySelectorAll('.ep-set')].map(
                s => [Number(s.dataset.value), Number(s.dataset.owner)]),
            hands: [...b.querySelectorAll('.ep-hand')].map(h => Number(h.dataset.count)),
            pile: Number(b.querySelector('.ep-pile').dataset.pile),
        };
    }""",
}

WINNER_READER = """() => ({
    ranks: [...document.querySelectorAll('#board .final-ranks tr[data-seat]')].map(
        r => [Number(r.dataset.seat), Number(r.dataset.rank)]),
    line: document.querySelector('#board .winner-line')?.textContent ?? '',
})"""


def _azul(view: dict[str, Any]) -> dict[str, Any]:
    centre = ("M" if view["marker_in_centre"] else "") + view["centre"]
    boards = [
        {"score": b["score"], "lines": b["lines"], "wall": b["wall"], "floor": b["floor"]}
        for b in view["boards"]
    ]
    return {"factories": view["factories"], "centre": centre, "boards": boards}


def _the_number(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"crossed": p["crossed"], "total": p["total"]} for p in view["players"]]


def _arctic(view: dict[str, Any]) -> dict[str, Any]:
    result = view["result"]
    tribes = [
        {
            "zones": [p["deck"], p["discard"], p["hand"]],
            "played": p["played"],
            "people": result[s] if s < len(result) else None,
        }
        for s, p in enumerate(view["players"])
    ]
    stacks = [list(pair) for pair in zip(view["stack_codes"], view["stacks"], strict=True)]
    return {"stacks": stacks, "tribes": tribes}


def _hypnosia(view: dict[str, Any]) -> dict[str, Any]:
    all_rings = rings(view["board"])
    units = sorted(
        [space_name(u["space"], all_rings), u["owner"], u["height"]] for u in view["units"]
    )
    slots = sorted(
        [seat, f"S{slot}"] for seat, p in enumerate(view["players"]) for slot in p["start_slots"]
    )
    scores = [p["score"] for p in view["players"]]
    return {"units": units, "centre": view["centre"], "slots": slots, "scores": scores}


def _epizodiak(view: dict[str, Any]) -> dict[str, Any]:
    sets = [[v, owner] for v, owner in enumerate(view["set_owners"], start=1) if owner >= 0]
    return {
        "dial": view["dial"],
        "sets": sets,
        "hands": view["hand_sizes"],
        "pile": view["pile_size"],
    }


EXPECTED: dict[str, Callable[[dict[str, Any]], Any]] = {
    "lucky_numbers": lambda view: view["grids"],
    "azul": _azul,
    "the_number": _the_number,
    "arctic_scavengers": _arctic,
    "hypnosia": _hypnosia,
    "epizodiak": _epizodiak,
}


def shown(game: str, page: Any) -> Any:
    """What the page's board shows of its position (unordered parts sorted)."""
    data = page.evaluate(READERS[game])
    if game == "hypnosia":
        data["units"] = sorted(data["units"])
        data["slots"] = sorted(data["slots"])
    return data


def expected(game: str, view: dict[str, Any]) -> Any:
    """What the board must show of the position whose spectator view is `view`."""
    return EXPECTED[game](view)


def shown_result(page: Any) -> tuple[list[int], str]:
    """The final ranks on the board, by seat, and its winner line."""
    data = page.evaluate(WINNER_READER)
    return [rank for _seat, rank in sorted(data["ranks"])], data["line"]


def final_position(address: str, match_id: str) -> tuple[dict[str, Any], list[int], int]:
    """The spectator view after the record's last move, its ranks and its number of moves."""
    record = record_from_pb(call(address, "GetMatch", pb.GetMatchRequest(match_id=match_id)))
    game = get_game(record.game)
    options = parse_options(game, dict(record.options))
    moves = [(m.seat, m.move) for m in record.moves]
    states = replay(game, len(record.players), options, record.seed, moves)
    return game.view(states[-1], None), list(record.outcome.ranks), len(moves)


def assert_final_board(page: Any, game: str, view: dict[str, Any], ranks: list[int]) -> None:
    """The board shows the final position, the final ranks and the winners."""
    assert page.get_attribute("#board", "data-final") == "true"
    assert shown(game, page) == expected(game, view)
    board_ranks, winner_line = shown_result(page)
    assert board_ranks == ranks
    assert winner_line.startswith("Game over: ")
    for seat, rank in enumerate(ranks):
        assert (f"seat {seat} (" in winner_line) == (rank == 1)
