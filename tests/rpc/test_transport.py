"""arena's gRPC transport setting: set before gRPC starts, never over the user's own."""

from __future__ import annotations

import os
import subprocess
import sys

from arena.rpc import transport


def test_the_setting_is_arenas_unless_the_environment_has_one():
    assert transport.configure({}) == transport.GRPC_EXPERIMENTS
    mine = {"GRPC_EXPERIMENTS": "event_engine_dns"}
    assert transport.configure(mine) == "event_engine_dns"
    defaults = {"GRPC_EXPERIMENTS": ""}  # "" asks for gRPC's defaults
    assert transport.configure(defaults) == ""


def test_importing_arena_sets_it_before_grpc_starts():
    env = {k: v for k, v in os.environ.items() if k != "GRPC_EXPERIMENTS"}
    code = (
        "import sys, os, arena\n"
        "assert 'grpc' not in sys.modules\n"
        "print(os.environ['GRPC_EXPERIMENTS'])\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == transport.GRPC_EXPERIMENTS
