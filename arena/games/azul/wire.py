"""Azul view <-> arena.v1.AzulView, an exact roundtrip (phase and wall variant as enums)."""

from __future__ import annotations

from arena.v1.games import azul_pb2 as pb
from arena.view_wire import ViewWire

WIRE = ViewWire("azul", pb.AzulView)

# The names the rpc layer looked up by module before the registry named WIRE.
VIEW_FIELD = WIRE.field
view_to_proto = WIRE.to_proto
view_from_proto = WIRE.from_proto
