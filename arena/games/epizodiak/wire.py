"""Epizodiak view <-> arena.v1.EpizodiakView, an exact roundtrip (mode, phase, side as enums)."""

from __future__ import annotations

from arena.core.view_wire import ViewWire
from arena.v1.games import epizodiak_pb2 as pb

WIRE = ViewWire("epizodiak", pb.EpizodiakView)
