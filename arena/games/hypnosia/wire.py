"""Hypnosia view <-> arena.v1.HypnosiaView, an exact roundtrip (the board geometry included)."""

from __future__ import annotations

from arena.v1.games import hypnosia_pb2 as pb
from arena.view_wire import ViewWire

WIRE = ViewWire("hypnosia", pb.HypnosiaView)

# The names the rpc layer looked up by module before the registry named WIRE.
VIEW_FIELD = WIRE.field
view_to_proto = WIRE.to_proto
view_from_proto = WIRE.from_proto
