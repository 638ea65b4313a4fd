"""Epizodiak view <-> arena.v1.EpizodiakView, an exact roundtrip (mode, phase, side as enums)."""

from __future__ import annotations

from arena.v1.games import epizodiak_pb2 as pb
from arena.view_wire import ViewWire

WIRE = ViewWire("epizodiak", pb.EpizodiakView)
