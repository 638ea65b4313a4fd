"""Who owns a tournament and who may manage it: written once, asked by every front end.

Every tournament records its owner when it is created: the organizer credential that created it
on a server, or `local:USER` for a run on the database itself (`tournament run --db`, an
import, a Ray cluster run). Cancel, resume and delete are the owner's or an admin's
(`arena organizer add NAME --admin`, `arena organizer promote NAME`). Tournaments without an
owner (from before owners were recorded, or created on an open server) are the admins'.

Whoever uses a database directly (the CLI's `--db`) acts as an admin: they could as well write
to it. So does everyone on an open server (no credentials: loopback only, all trusted).

A delete takes the tournament's matches off its game's ladder, which is then recomputed; every
match rated after them whose bots met theirs, directly or through others, is re-rated. When any
such match belongs to another organizer (or to no tournament: PlayMatch's), only an admin may
delete: an organizer may undo its own results, not change others'. [ASSUMPTION] dependence is
traced through shared bots along the rating order; change `depends_on_others` to loosen it.
"""

from __future__ import annotations

import getpass
import re
from collections.abc import Sequence
from dataclasses import dataclass

from arena.app.access import Caller
from arena.app.reports import Audience
from arena.errors import ForbiddenError
from arena.store import Role, Store, StoredTournament

LOCAL_PREFIX = "local:"  # not a credential name's character: no organizer can hold this name
_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]")


def local_owner() -> str:
    """The owner recorded for a run on the database itself: `local:` and the user's name."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):  # no name for this uid (a container's)
        user = "unknown"
    return LOCAL_PREFIX + (_UNSAFE.sub("_", user)[:64] or "unknown")


def local_caller() -> Caller:
    """Whoever uses a database directly: its local owner, with an admin's rights."""
    return Caller(local_owner(), Role.ORGANIZER, admin=True)


def owner_of(caller: Caller) -> str | None:
    """The owner to record for a tournament this caller creates (None: the admins')."""
    return caller.name


def shown_owner(owner: str | None) -> str:
    """An owner as messages name it."""
    if owner is None:
        return "the admins"
    if owner.startswith(LOCAL_PREFIX):
        return f"{owner[len(LOCAL_PREFIX) :]!r} (a run on the database itself)"
    return f"organizer {owner!r}"


def may_manage(caller: Caller, owner: str | None) -> bool:
    """Whether the caller may cancel, resume or delete a tournament of this owner."""
    return caller.admin or (caller.name is not None and caller.name == owner)


def reader_audience(caller: Caller | None, owner: str | None) -> Audience:
    """What a reader of a tournament's data sees: a caller who named itself (a token) and may
    manage the tournament (its owner, an admin) sees every seed and move, as the holder of the
    database does; anyone else (`None`: no token) what publicity allows."""
    if caller is not None and may_manage(caller, owner):
        return Audience.OWNER
    return Audience.PUBLIC


def check_may_manage(caller: Caller, tournament: StoredTournament, action: str) -> None:
    """ForbiddenError (PERMISSION_DENIED) unless the caller may `action` this tournament."""
    if not may_manage(caller, tournament.owner):
        raise ForbiddenError(
            f"tournament {tournament.id} belongs to {shown_owner(tournament.owner)}: only its "
            f"owner or an admin may {action} it"
        )


@dataclass(frozen=True, slots=True)
class LadderImpact:
    """What deleting a tournament does to its game's ladder."""

    game: str
    removed: int  # its rated matches, taken off the ladder
    rerated: int  # later rated matches whose ratings change with them
    others: tuple[str, ...] = ()  # whose re-rated matches they are, when not the deleter's

    def says(self) -> str:
        """One line for the person deleting: what happens to the ladder."""
        if not self.removed:
            return f"{self.game}'s ladder is unchanged (no rated match)"
        return f"{self.game}'s ladder is recomputed without its {self.removed} rated matches" + (
            f"; {self.rerated} later matches are re-rated" if self.rerated else ""
        )


def ladder_impact(store: Store, tournament: StoredTournament, caller: Caller) -> LadderImpact:
    """What deleting this tournament does to the ladder, and whose later matches it re-rates
    besides the caller's (blocking)."""
    rated = store.rated_from(tournament.spec.game, tournament.id)
    removed, later = _split(tournament.id, rated)
    owners = store.tournament_owners(sorted({t for t, _ in later if t is not None}))
    others = set()
    for t, _ in later:
        if t is None:
            others.add("matches outside any tournament")
        elif owners.get(t) is None or owners[t] != caller.name:
            others.add(f"tournament {t} ({shown_owner(owners.get(t))})")
    return LadderImpact(tournament.spec.game, removed, len(later), tuple(sorted(others)))


def _split(
    tid: int, rated: Sequence[tuple[int | None, frozenset[str]]]
) -> tuple[int, list[tuple[int | None, frozenset[str]]]]:
    """(the tournament's own rated matches, the later matches its results reach): a match is
    reached when one of its bots played the tournament or a match reached before it."""
    reached: set[str] = set()
    own = 0
    later = []
    for t, bots in rated:
        if t == tid:
            own += 1
            reached |= bots
        elif bots & reached:
            later.append((t, bots))
            reached |= bots
    return own, later


def check_may_delete(store: Store, caller: Caller, tournament: StoredTournament) -> LadderImpact:
    """The ladder impact of deleting it, or ForbiddenError when the caller may not: not its
    owner nor an admin, or its results feed other organizers' ratings (blocking)."""
    check_may_manage(caller, tournament, "delete")
    impact = ladder_impact(store, tournament, caller)
    if impact.others and not caller.admin:
        shown = ", ".join(impact.others[:5]) + (" ..." if len(impact.others) > 5 else "")
        raise ForbiddenError(
            f"tournament {tournament.id}'s results feed ratings of others' matches since ("
            f"{shown}): deleting it would re-rate {impact.rerated} matches. Only an admin may "
            "delete it"
        )
    return impact


__all__ = [
    "LOCAL_PREFIX",
    "LadderImpact",
    "check_may_delete",
    "check_may_manage",
    "ladder_impact",
    "local_caller",
    "local_owner",
    "may_manage",
    "owner_of",
    "shown_owner",
]
