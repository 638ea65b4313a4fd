"""Hypnosia view <-> arena.v1.HypnosiaView, an exact roundtrip (the board geometry included)."""

from __future__ import annotations

from arena.v1.games import hypnosia_pb2 as pb
from arena.view_wire import ViewWire

WIRE = ViewWire("hypnosia", pb.HypnosiaView)
