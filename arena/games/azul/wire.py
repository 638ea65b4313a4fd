"""Azul view <-> arena.v1.AzulView, an exact roundtrip (phase and wall variant as enums)."""

from __future__ import annotations

from arena.core.view_wire import ViewWire
from arena.v1.games import azul_pb2 as pb

WIRE = ViewWire("azul", pb.AzulView)
