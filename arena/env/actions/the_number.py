"""The Number: 1000 actions, action i writes the number i (`write 000` ... `write 999`)."""

from __future__ import annotations


def moves() -> list[str]:
    """write DDD at index DDD."""
    return [f"write {n:03d}" for n in range(1000)]
