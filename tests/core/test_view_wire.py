"""The descriptor-driven view conversion: enum texts, optional fields, converted fields, field
order, and the hand-written Lucky Numbers filler checked against the descriptor."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from arena.core.registry import ENTRIES, get_game, load_part
from arena.core.view_wire import ViewWire
from arena.games.lucky_numbers.wire import WIRE as LUCKY_WIRE
from arena.v1.games import azul_pb2, epizodiak_pb2, the_number_pb2


def test_enum_values_travel_as_their_names_without_the_prefix() -> None:
    wire = ViewWire("azul", azul_pb2.AzulView)
    board = {"score": 3, "lines": ["", "B", "", "", ""], "wall": ["....."] * 5, "floor": ""}
    view: dict[str, Any] = {
        "seat": None, "num_players": 2, "wall_variant": "gray", "round": 1, "round_cap": 100,
        "phase": "wall", "to_move": [1], "start_player": 0, "factories": ["BBYR"], "centre": "",
        "marker_in_centre": True, "boards": [{**board, "has_marker": False}] * 2,
        "bag": [20, 20, 20, 20, 20], "lid": [0] * 5, "pending_line": 2, "termination": "",
    }  # fmt: skip
    msg = wire.to_proto(view)
    assert msg.phase == azul_pb2.AZUL_PHASE_WALL
    assert msg.wall_variant == azul_pb2.AZUL_WALL_VARIANT_GRAY
    assert not msg.HasField("seat")  # None: unset, not seat 0
    assert wire.from_proto(msg) == view
    with pytest.raises(KeyError):
        wire.to_proto({**view, "phase": "unspecified"})  # *_UNSPECIFIED has no text


def test_a_zero_value_other_than_unspecified_is_the_empty_text() -> None:
    wire = ViewWire("epizodiak", epizodiak_pb2.EpizodiakView)
    message = epizodiak_pb2.EpizodiakView(
        mode=epizodiak_pb2.EPIZODIAK_MODE_SCORE7,
        phase=epizodiak_pb2.EPIZODIAK_PHASE_PLAY,
        last_placement_end=epizodiak_pb2.EPIZODIAK_SIDE_NONE,
    )
    assert wire.from_proto(message)["mode"] == "score7"
    assert wire.from_proto(message)["last_placement_end"] == ""
    message.last_placement_end = epizodiak_pb2.EPIZODIAK_SIDE_CCW
    assert wire.from_proto(message)["last_placement_end"] == "ccw"


def test_optional_fields_are_none_when_unset_even_nested_among_enums() -> None:
    wire = ViewWire("the_number", the_number_pb2.TheNumberView)
    decoded = wire.from_proto(the_number_pb2.TheNumberView(seat=0, my_pending="070"))
    assert (decoded["seat"], decoded["my_pending"]) == (0, "070")
    assert wire.from_proto(the_number_pb2.TheNumberView())["my_pending"] is None
    entry = {"number": "513", "status": "eliminated", "points": 0, "bonus": 0}
    turns = [{"round": 1, "turn": 2, "entries": [entry]}]
    message = the_number_pb2.TheNumberView(
        history=[{"round": 1, "turn": 2, "entries": [{**entry, "status": 2}]}]
    )
    assert wire.from_proto(message)["history"] == turns


def _key_orders(data: Any) -> list[list[str]]:
    """The key order of every dict in `data`, depth first."""
    if isinstance(data, dict):
        return [list(data), *(o for v in data.values() for o in _key_orders(v))]
    if isinstance(data, list):
        return [o for v in data for o in _key_orders(v)]
    return []


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_a_decoded_view_equals_the_engine_view_key_order_included(entry: Any) -> None:
    game, wire = get_game(entry.name), load_part(entry.wire)
    rng = random.Random(3)
    state = game.setup(game.max_players, game.options_type(), random.Random(3))
    for _ in range(120):
        if game.outcome(state) is not None:
            break
        for seat in (*range(game.max_players), None):
            view = game.view(state, seat)
            decoded = wire.from_proto(wire.to_proto(view))
            assert decoded == view and _key_orders(decoded) == _key_orders(view)
        seat = rng.choice(game.to_move(state))
        state = game.play(state, seat, rng.choice(list(game.legal_moves(state, seat))))


def test_lucky_numbers_hand_written_filler_writes_the_descriptor_bytes() -> None:
    game = get_game("lucky_numbers")
    for options in (game.options_type(), game.options_type("michael", True)):
        rng = random.Random(7)
        state = game.setup(3, options, random.Random(7))
        while game.outcome(state) is None:
            for seat in (0, 1, 2, None):
                view = game.view(state, seat)
                filled = LUCKY_WIRE.to_proto(view).SerializeToString(deterministic=True)
                assert filled == LUCKY_WIRE.encode(view).SerializeToString(deterministic=True)
            seat = game.to_move(state)[0]
            state = game.play(state, seat, rng.choice(game.legal_moves(state, seat)))
    # Its grids are bare lists in the view, Grid messages on the wire: converted both ways.
    message = LUCKY_WIRE.encode(game.view(state, 0))
    assert list(message.grids[0].cells) == game.view(state, 0)["grids"][0]


def test_an_enum_whose_values_miss_its_prefix_is_refused() -> None:
    odd = SimpleNamespace(name="Colour", values=[SimpleNamespace(name="RED", number=1)])
    field = SimpleNamespace(
        name="colour", is_repeated=False, has_presence=False, message_type=None, enum_type=odd
    )
    message = SimpleNamespace(DESCRIPTOR=SimpleNamespace(fields=[field]))
    with pytest.raises(ValueError, match="RED does not start with COLOUR_"):
        ViewWire("odd", message)  # type: ignore[arg-type]


def test_a_field_absent_when_unset_travels_only_in_the_views_that_have_it() -> None:
    from arena.games.arctic_scavengers import GAME, ArcticScavengersOptions
    from arena.games.arctic_scavengers.wire import WIRE as ARCTIC_WIRE

    base = GAME.view(GAME.setup(3, ArcticScavengersOptions(), random.Random(1)), 0)
    msg = ARCTIC_WIRE.to_proto(base)
    assert not msg.HasField("expansion") and ARCTIC_WIRE.from_proto(msg) == base
    assert "expansion" not in ARCTIC_WIRE.from_proto(msg)
    modules = GAME.view(GAME.setup(3, ArcticScavengersOptions(hq1=True), random.Random(1)), 0)
    msg = ARCTIC_WIRE.to_proto(modules)
    assert msg.HasField("expansion") and list(msg.expansion.modules) == ["hq1"]
    assert ARCTIC_WIRE.from_proto(msg) == modules
    with pytest.raises(ValueError, match="only a singular message field"):
        ViewWire("azul", azul_pb2.AzulView, absent_when_unset=("phase",))
