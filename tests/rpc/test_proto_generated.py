"""The committed arena/v1 code is what `make proto` generates from proto/ now, and the runtime
dependencies' lower bounds are the versions that code asks for."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GENERATED = ("_pb2.py", "_pb2.pyi", "_pb2_grpc.py", "_pb2_grpc.pyi")
GRPC_STUBS = Path(sys.executable).with_name("protoc-gen-mypy_grpc")  # mypy-protobuf
# The generators' version stamps: a newer grpcio-tools or protoc stamps its own version on the
# same code. That is not staleness (the code asks for at least the version it was made with,
# which test_the_runtime_lower_bounds_cover_the_generated_code keeps in pyproject.toml).
GRPC_STAMP = re.compile(r"^GRPC_GENERATED_VERSION = '([0-9.]+)'$", re.M)
PROTOBUF_STAMP = re.compile(
    r"^# Protobuf Python Version: ([0-9.]+)$|"
    r"ValidateProtobufRuntimeVersion\(\n\s+_runtime_version\.Domain\.PUBLIC,\n"
    r"\s+(\d+),\n\s+(\d+),\n\s+(\d+),",
    re.M,
)


def unstamped(text: str) -> str:
    return PROTOBUF_STAMP.sub("<protobuf stamp>", GRPC_STAMP.sub("<grpc stamp>", text))


def version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def committed_code() -> dict[Path, str]:
    return {
        p.relative_to(ROOT): p.read_text()
        for p in (ROOT / "arena" / "v1").rglob("*")
        if p.is_file() and p.name.endswith(GENERATED)
    }


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
    committed = committed_code()
    assert sorted(map(str, committed)) == sorted(map(str, fresh)), "run `make proto`"
    stale = [
        str(path) for path, text in fresh.items() if unstamped(committed[path]) != unstamped(text)
    ]
    assert not stale, f"run `make proto`: stale {stale}"


def test_the_runtime_lower_bounds_cover_the_generated_code() -> None:
    """The generated code refuses to import under an older grpcio or protobuf than it was made
    with: pyproject.toml must not promise less."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    bounds = dict(
        re.fullmatch(r"([a-z0-9-]+)>=([0-9.]+)", requirement.split("#")[0].strip()).groups()  # type: ignore[union-attr]
        for requirement in project["dependencies"]
        if requirement.startswith(("grpcio", "protobuf"))
    )
    grpc_needs, protobuf_needs = set(), set()
    for text in committed_code().values():
        grpc_needs.update(GRPC_STAMP.findall(text))
        for match in PROTOBUF_STAMP.finditer(text):
            protobuf_needs.add(match.group(1) or ".".join(match.group(2, 3, 4)))
    assert grpc_needs and protobuf_needs
    for package in ("grpcio", "grpcio-health-checking", "grpcio-reflection"):
        assert version(bounds[package]) >= max(map(version, grpc_needs)), package
    assert version(bounds["protobuf"]) >= max(map(version, protobuf_needs))
