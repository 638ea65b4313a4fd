"""Records files read and written: a path that fails names itself and the OS's reason, a line
that is not UTF-8 names its number (never a traceback)."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

from arena.errors import ConfigError, RecordError
from arena.records.portable import PortableMatch
from arena.records.transfer import write_records


def read_lines(path: Path) -> list[str]:
    """The lines of a records file ('-': stdin); ConfigError naming the path if it cannot be
    read, RecordError naming the line of bytes that are not UTF-8."""
    if str(path) == "-":
        return decode_lines(sys.stdin.buffer.read())
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ConfigError(f"cannot read {path}: {exc.strerror or exc}") from None
    return decode_lines(data)


def decode_lines(data: bytes) -> list[str]:
    """The lines of JSON Lines bytes, each decoded on its own, so a bad byte names its line."""
    # bytes split on \n, \r\n and \r only: str.splitlines would also split on \u2028 and
    # friends, which a JSON string may hold as they are
    lines = []
    for number, raw in enumerate(data.splitlines(), start=1):
        try:
            lines.append(raw.decode("utf-8"))
        except UnicodeDecodeError as exc:
            raise RecordError(
                f"not UTF-8 (byte 0x{raw[exc.start]:02x} at byte {exc.start + 1} of the line)",
                line=number,
            ) from None
    return lines


def write_file(path: Path, records: Iterable[PortableMatch]) -> int:
    """Write records to a file; how many. ConfigError naming the path and the OS's reason if
    it cannot be created or written."""
    try:
        with path.open("w", encoding="utf-8") as out:
            return write_records(records, out)
    except OSError as exc:
        raise ConfigError(f"cannot write {path}: {exc.strerror or exc}") from None
