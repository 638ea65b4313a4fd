"""Arctic Scavengers view <-> arena.v1.ArcticScavengersView, an exact roundtrip."""

from __future__ import annotations

from arena.v1.games import arctic_scavengers_pb2 as pb
from arena.view_wire import ViewWire

WIRE = ViewWire("arctic_scavengers", pb.ArcticScavengersView)

# The names the rpc layer looked up by module before the registry named WIRE.
VIEW_FIELD = WIRE.field
view_to_proto = WIRE.to_proto
view_from_proto = WIRE.from_proto
