"""Arctic Scavengers move notation, one card at a time (see docs/games/arctic_scavengers.md).

Gathering, no action open:   `draw <id>` `dig <id>` `hunt <id>` `trash <id>` open that action
                             with its first card; `hire <CODE>` opens a hire; `end` finishes.
An action open:              `add <id>` adds a card (draw/dig/hunt/trash), `pay <id>` adds a
                             medicine card (hire), `go` carries the action out.
After a dig:                 `keep <id>` or `keep none`.
Skirmish declarations:       `snipe <SNI id> <person id>`, `disarm <SAB id> <tool id>`, `done`.

How a move reads to everyone but its mover (`public_text`, the game's public_move): a kept dug
card is never shown (the public event says "keeps one card"), and an open action's cards and
kind stay private until `go` carries it out and its event names them all (the other seats'
views say `gather` meanwhile), so `draw SCA.1`, `hire SCO` read `open`, `add SHO.1` and
`pay PIL.3` read `add`, `keep MDK.2` reads `keep one`; every other move reads as it is.

The spec writes a whole action in one token (`dig SCA.1 SHO.1 BRA.1`); the engine takes the
same choice one card at a time so a legal-move list stays linear in the hand size instead of
listing every subset of the hand.
"""

from __future__ import annotations

from arena.errors import InvalidMoveError

from .cards import CARD_BY_ID, CARD_ID, KINDS, MERCENARY_KINDS, NUM_CARDS
from .state import A_DIG, A_DRAW, A_HUNT, A_TRASH

# Parsed move kinds.
OPEN, HIRE, ADD, PAY, GO, KEEP, KEEP_NONE, END, SNIPE, DISARM, DONE = range(11)

OPEN_VERBS = {A_DRAW: "draw", A_DIG: "dig", A_HUNT: "hunt", A_TRASH: "trash"}
OPEN_TEXT: dict[int, tuple[str, ...]] = {
    a: tuple(f"{verb} {CARD_ID[c]}" for c in range(NUM_CARDS)) for a, verb in OPEN_VERBS.items()
}
ADD_TEXT: tuple[str, ...] = tuple(f"add {CARD_ID[c]}" for c in range(NUM_CARDS))
PAY_TEXT: tuple[str, ...] = tuple(f"pay {CARD_ID[c]}" for c in range(NUM_CARDS))
KEEP_TEXT: tuple[str, ...] = tuple(f"keep {CARD_ID[c]}" for c in range(NUM_CARDS))
HIRE_TEXT: dict[int, str] = {k: f"hire {KINDS[k].code}" for k in MERCENARY_KINDS}
GO_TEXT, END_TEXT, DONE_TEXT, KEEP_NONE_TEXT = "go", "end", "done", "keep none"

# Every one-token-argument move -> (kind, a, b); parsing is one dict lookup on the hot path.
PARSED: dict[str, tuple[int, int, int]] = {GO_TEXT: (GO, 0, 0), END_TEXT: (END, 0, 0)}
PARSED[DONE_TEXT] = (DONE, 0, 0)
PARSED[KEEP_NONE_TEXT] = (KEEP_NONE, 0, 0)
for _a, _texts in OPEN_TEXT.items():
    PARSED.update({t: (OPEN, _a, c) for c, t in enumerate(_texts)})
PARSED.update({t: (ADD, c, 0) for c, t in enumerate(ADD_TEXT)})
PARSED.update({t: (PAY, c, 0) for c, t in enumerate(PAY_TEXT)})
PARSED.update({t: (KEEP, c, 0) for c, t in enumerate(KEEP_TEXT)})
PARSED.update({t: (HIRE, k, 0) for k, t in HIRE_TEXT.items()})

_SYNTAX = (
    "expected draw|dig|hunt|trash <id>, hire <CODE>, add|pay <id>, go, end, "
    "keep <id>|none, snipe <id> <id>, disarm <id> <id> or done"
)


def snipe_text(verb: str, unit: int, target: int) -> str:
    """The text of a snipe or disarm declaration."""
    return f"{verb} {CARD_ID[unit]} {CARD_ID[target]}"


def parse_move(text: object) -> tuple[int, int, int]:
    """(kind, a, b) of a move; InvalidMoveError when it is not Arctic Scavengers notation."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"{text!r} is not an Arctic Scavengers move: {_SYNTAX}")
    parsed = PARSED.get(text)
    if parsed is not None:
        return parsed
    parts = text.split()
    parsed = PARSED.get(" ".join(parts))
    if parsed is not None:
        return parsed
    if len(parts) == 3 and parts[0] in ("snipe", "disarm"):
        unit, target = CARD_BY_ID.get(parts[1]), CARD_BY_ID.get(parts[2])
        if unit is not None and target is not None:
            return (SNIPE if parts[0] == "snipe" else DISARM, unit, target)
    raise InvalidMoveError(f"{text!r} is not an Arctic Scavengers move: {_SYNTAX}")


PUBLIC_OPEN = "open"  # draw|dig|hunt|trash <id>, hire <CODE>: the action is private until go
PUBLIC_ADD = "add"  # add <id>, pay <id>: so are its cards
PUBLIC_KEEP = "keep one"  # keep <id>: only that a card was kept is public, never which
_PUBLIC = {
    OPEN: PUBLIC_OPEN,
    HIRE: PUBLIC_OPEN,
    ADD: PUBLIC_ADD,
    PAY: PUBLIC_ADD,
    KEEP: PUBLIC_KEEP,
}


def public_text(move: str) -> str:
    """How a move its mover may play reads to the other seats and to spectators."""
    return _PUBLIC.get(parse_move(move)[0], move)
