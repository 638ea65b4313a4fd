"""Hypnosia view <-> arena.v1.HypnosiaView, an exact roundtrip (the board geometry included)."""

from __future__ import annotations

from arena.core.view_wire import ViewWire
from arena.v1.games import hypnosia_pb2 as pb

WIRE = ViewWire("hypnosia", pb.HypnosiaView)
