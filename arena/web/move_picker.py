"""The legal moves of a decision as a person picks them by clicks: every move when they are few,
else the moves grouped by how they begin (a word of the notation at a time, a character at a
time within a long word), one click per group, so a list of a thousand (The Number's `write
000` ... `write 999`) is three clicks of ten buttons. The moves come from the referee's
DecisionRequest as they are: nothing here knows a rule of any game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

MAX_CHOICES = 40  # buttons shown at once
MAX_PREFIX = 200  # a prefix longer than any move is not a prefix of one


@dataclass(frozen=True, slots=True)
class Choice:
    """One button: a move (its index in the legal list) or a group of moves sharing `text`."""

    text: str
    index: int | None  # the move's index in DecisionRequest.legal_moves; None for a group
    count: int = 1  # moves in the group


def picked(moves: Sequence[str], word: str) -> list[int]:
    """The moves that name `word` (a thing clicked on the board: a space, a card, a factory,
    a cell), by index; every move when none does."""
    named = [i for i, m in enumerate(moves) if word and word in m.split()]
    return named or list(range(len(moves)))


def choices(
    moves: Sequence[str], prefix: str = "", limit: int = MAX_CHOICES, word: str = ""
) -> list[Choice]:
    """The buttons for the moves that start with `prefix` (and name `word`, when some do):
    each move when at most `limit` of them do, else one group per next word (or per next
    character, when the next words alone are more than `limit`). A prefix no move starts with
    shows every move again."""
    prefix = prefix[:MAX_PREFIX]
    among = [(i, moves[i]) for i in picked(moves, word[:MAX_PREFIX])]
    matching = [(i, m) for i, m in among if m.startswith(prefix)]
    if not matching:
        prefix, matching = "", among
    while len(matching) > limit:
        groups = _groups(matching, prefix, by_word=True)
        if len(groups) > limit:
            groups = _groups(matching, prefix, by_word=False)
        if len(groups) > 1:
            return groups
        prefix = groups[0].text  # one way on: take it without a click
    return [Choice(m, i) for i, m in matching]


def _groups(matching: list[tuple[int, str]], prefix: str, *, by_word: bool) -> list[Choice]:
    """The moves grouped by their text up to the end of the next word (or the next character),
    in the order of the legal list; a group of one move is that move."""
    order: list[str] = []
    members: dict[str, list[tuple[int, str]]] = {}
    for index, move in matching:
        key = _key(move, len(prefix), by_word)
        if key not in members:
            members[key] = []
            order.append(key)
        members[key].append((index, move))
    out = []
    for key in order:
        group = members[key]
        if len(group) == 1:  # a group of one is its move
            out.append(Choice(group[0][1], group[0][0]))
        else:
            out.append(Choice(key, None, len(group)))
    return out


def _key(move: str, start: int, by_word: bool) -> str:
    """The move's text up to the end of its next word (with the space after it) or its next
    character, from `start` on."""
    if not by_word:
        return move[: start + 1]
    at = start
    while at < len(move) and move[at] == " ":
        at += 1
    space = move.find(" ", at)
    return move if space < 0 else move[: space + 1]
