"""A bot written from the .proto files alone (no arena import) plays a full match."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from arena.core.registry import get_game
from arena.core.values import Termination
from arena.match.clock import Clock
from arena.match.referee import play_match
from arena.rpc.embedded import EmbeddedReferee

ROOT = Path(__file__).resolve().parents[2]


def generate_stubs(out: Path) -> None:
    """Run protoc over proto/ into `out`, as a bot author in any language would."""
    protos = sorted(str(p.relative_to(ROOT / "proto")) for p in (ROOT / "proto").rglob("*.proto"))
    subprocess.run(
        [
            sys.executable,
            "-m",
            "grpc_tools.protoc",
            "-Iproto",
            f"--python_out={out}",
            f"--grpc_python_out={out}",
            *protos,
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )


def test_a_bot_from_generated_stubs_alone_plays_a_match(tmp_path: Path) -> None:
    generate_stubs(tmp_path)
    shutil.copy(ROOT / "tests" / "bots" / "proto_only_bot.py", tmp_path / "bot.py")
    # -S skips site-packages' .pth files (where the editable arena install lives); PYTHONPATH
    # then holds only the generated stubs and the third-party grpcio/protobuf packages.
    pythonpath = f"{tmp_path}:{sysconfig.get_paths()['purelib']}"
    command = f"env PYTHONPATH={pythonpath} {sys.executable} -S {tmp_path / 'bot.py'}"
    game = get_game("lucky_numbers")

    async def scenario() -> tuple[object, str]:
        async with EmbeddedReferee() as referee:
            await asyncio.gather(
                referee.launch("stubs-only", command),
                referee.launch("sdk", f"{sys.executable} {ROOT / 'bots' / 'random_bot.py'}"),
            )
            players = [referee.player("stubs-only"), referee.player("sdk")]
            record = await play_match(
                game, game.options_type(), 3, players, clock=Clock(2000, 5000)
            )
            return record, referee.output("stubs-only")

    record, output = asyncio.run(asyncio.wait_for(scenario(), 30))
    assert "arena SDK not importable; generated stubs only" in output
    assert record.outcome.termination == Termination.NORMAL, record.outcome.detail
    assert any(m.seat == 0 for m in record.moves)


def test_the_stubs_only_bot_refuses_to_run_where_arena_is_importable(tmp_path: Path) -> None:
    generate_stubs(tmp_path)
    shutil.copy(ROOT / "tests" / "bots" / "proto_only_bot.py", tmp_path / "bot.py")
    done = subprocess.run(
        [sys.executable, str(tmp_path / "bot.py")],
        capture_output=True,
        text=True,
        timeout=30,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(tmp_path)},
    )
    assert done.returncode == 1
    assert "the arena package is importable" in done.stderr
