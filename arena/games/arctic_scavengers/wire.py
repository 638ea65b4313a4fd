"""Arctic Scavengers view <-> arena.v1.ArcticScavengersView, an exact roundtrip."""

from __future__ import annotations

from arena.v1.games import arctic_scavengers_pb2 as pb
from arena.view_wire import ViewWire

WIRE = ViewWire("arctic_scavengers", pb.ArcticScavengersView)
