"""Arctic Scavengers view <-> arena.v1.ArcticScavengersView, an exact roundtrip. The
`expansion` field exists only in games with modules on, so a base view travels as before."""

from __future__ import annotations

from arena.core.view_wire import ViewWire
from arena.v1.games import arctic_scavengers_pb2 as pb

WIRE = ViewWire("arctic_scavengers", pb.ArcticScavengersView, absent_when_unset=("expansion",))
