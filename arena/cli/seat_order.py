"""The order seat options were typed in: click parses each repeated option into its own list.

`arena play --bot-cmd X --bot random` must seat X first; the values of `--bot` and `--bot-cmd`
arrive as two lists, so a command class records the interleaving from the parser itself.
"""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperCommand

ORDER_KEY = "arena.seat_order"


class SeatOrderCommand(TyperCommand):
    """A command that keeps, in ctx.meta, the names of its options in the order typed."""

    # ctx: click's Context, which newer typers vendor (typer.Context is a subclass of it)
    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Parse as usual, after noting each option occurrence in order (a dry parse)."""
        # the parser consumes the list it gets: give it a copy
        _opts, _rest, order = self.make_parser(ctx).parse_args(args=list(args))
        ctx.meta[ORDER_KEY] = [param.name for param in order]
        return super().parse_args(ctx, args)


def interleave(ctx: typer.Context, lists: dict[str, list[Any]]) -> list[tuple[str, Any]]:
    """(option name, value) pairs in the order typed, from each option's list of values."""
    typed = [name for name in ctx.meta.get(ORDER_KEY, []) if name in lists]
    if sorted(typed) != sorted(n for n, values in lists.items() for _ in values):
        # not parsed by SeatOrderCommand (or values from elsewhere): each list in turn
        typed = [name for name, values in lists.items() for _ in values]
    position = dict.fromkeys(lists, 0)
    pairs = []
    for name in typed:
        pairs.append((name, lists[name][position[name]]))
        position[name] += 1
    return pairs
