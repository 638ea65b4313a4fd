"""The committed arena/v1 code is what `make proto` generates from proto/ now."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GENERATED = ("_pb2.py", "_pb2.pyi", "_pb2_grpc.py", "_pb2_grpc.pyi")
GRPC_STUBS = Path(sys.executable).with_name("protoc-gen-mypy_grpc")  # mypy-protobuf


def test_generated_code_is_not_stale(tmp_path: Path) -> None:
    protos = sorted(str(p.relative_to(ROOT / "proto")) for p in (ROOT / "proto").rglob("*.proto"))
    subprocess.run(
        [
            sys.executable,
            "-m",
            "grpc_tools.protoc",
            "-Iproto",
            f"--python_out={tmp_path}",
            f"--pyi_out={tmp_path}",
            f"--grpc_python_out={tmp_path}",
            f"--plugin=protoc-gen-mypy_grpc={GRPC_STUBS}",
            f"--mypy_grpc_out={tmp_path}",
            *protos,
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    fresh = {p.relative_to(tmp_path): p.read_text() for p in tmp_path.rglob("*") if p.is_file()}
    committed = {
        p.relative_to(ROOT): p.read_text()
        for p in (ROOT / "arena" / "v1").rglob("*")
        if p.is_file() and p.name.endswith(GENERATED)
    }
    assert sorted(map(str, committed)) == sorted(map(str, fresh)), "run `make proto`"
    stale = [str(path) for path, text in fresh.items() if committed[path] != text]
    assert not stale, f"run `make proto`: stale {stale}"
