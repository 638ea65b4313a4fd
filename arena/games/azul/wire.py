"""Azul view <-> arena.v1.AzulView, an exact roundtrip (phase and wall variant as enums)."""

from __future__ import annotations

from arena.v1.games import azul_pb2 as pb
from arena.view_wire import ViewWire

WIRE = ViewWire("azul", pb.AzulView)
