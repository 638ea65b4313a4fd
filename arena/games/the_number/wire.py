"""The Number view <-> arena.v1.TheNumberView, an exact roundtrip."""

from __future__ import annotations

from arena.core.view_wire import ViewWire
from arena.v1.games import the_number_pb2 as pb

# The legal moves follow from the view, so a bot may ask for requests without the list (up to
# 1,000 moves, most of a request's bytes).
WIRE = ViewWire(
    "the_number",
    pb.TheNumberView,
    legal_moves_rule=(
        "write DDD for every three-digit DDD (000-999) none of whose digits is in "
        "players[seat].crossed, in increasing order"
    ),
)
