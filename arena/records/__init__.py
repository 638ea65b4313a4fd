"""Portable match records: JSON Lines export, validated import, replay from a file."""

from arena.errors import RecordError
from arena.records.portable import (
    RECORD_FORMAT,
    PortableMatch,
    TournamentRef,
    from_line,
    to_line,
    to_portable,
)
from arena.records.validate import replay_states, validate

__all__ = [
    "RECORD_FORMAT",
    "PortableMatch",
    "RecordError",
    "TournamentRef",
    "from_line",
    "replay_states",
    "to_line",
    "to_portable",
    "validate",
]
