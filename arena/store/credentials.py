"""Credentials: per-bot and organizer tokens, of which the database keeps only a SHA-256.

Tokens are `arena_` and `secrets.token_urlsafe(32)` (256 random bits), so one unsalted SHA-256 is
as good as a slow password hash: nothing can be guessed from it. Comparison is constant-time. The
prefix says what a leaked string is, and keeps a token from starting with '-', which command-line
parsers would take for an option (`--token -x...` fails).
"""

from __future__ import annotations

import enum
import hashlib
import hmac
import re
import secrets
import time
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from arena.errors import CredentialError
from arena.store.schema import credentials

TOKEN_BYTES = 32
TOKEN_PREFIX = "arena_"
NAME_MAX = 64
NAME_PATTERN = re.compile(r"[A-Za-z0-9_.-]+")
# Compared against when a name has no active credential, so that path costs the same work.
_NO_HASH = hashlib.sha256(b"arena: no such credential").hexdigest()


class Role(enum.StrEnum):
    """What a credential allows: playing as one bot, or organizing (anything that writes)."""

    BOT = "bot"
    ORGANIZER = "organizer"


@dataclass(frozen=True, slots=True)
class Credential:
    """A credential as listed: never its token nor its hash."""

    name: str
    role: Role
    created_at: float  # when its current token was issued
    revoked_at: float | None
    last_seen: float | None  # its last successful verification
    admin: bool = False  # an organizer who may manage every tournament

    @property
    def active(self) -> bool:
        """Whether its token is accepted."""
        return self.revoked_at is None


@dataclass(frozen=True, slots=True)
class Identity:
    """Who holds a token: a credential's name and role, and whether it is an admin's."""

    name: str
    role: Role
    admin: bool = False


def check_name(name: str) -> str:
    """The name if it is 1 to 64 of [A-Za-z0-9_.-]; CredentialError saying why if not."""
    if not name or len(name) > NAME_MAX or not NAME_PATTERN.fullmatch(name):
        raise CredentialError(
            f"bad name {name[:80]!r}: use 1 to {NAME_MAX} letters, digits, '_', '.' or '-'"
        )
    return name


def token_hash(token: str) -> str:
    """The hex SHA-256 of a token, as stored."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    """A fresh token: the prefix and 256 random bits, URL-safe."""
    return TOKEN_PREFIX + secrets.token_urlsafe(TOKEN_BYTES)


def issue(
    conn: sa.Connection, name: str, role: Role, *, replace: bool, admin: bool | None = None
) -> str:
    """A new token for (role, name), stored as its hash; the plaintext is returned only here.

    replace=False refuses a name that has an active token; replace=True needs one. `admin`
    (organizers only) sets whether it is an admin's; None keeps what it was (a new one: not).
    """
    if admin and role is not Role.ORGANIZER:
        raise CredentialError("only an organizer can be an admin")
    check_name(name)
    row = _row(conn, name, role)
    active = row is not None and row.revoked_at is None
    if active and not replace:
        raise CredentialError(
            f"{role.value} {name!r} already has a token: rotate it or revoke it first"
        )
    if replace and not active:
        raise CredentialError(f"no active {role.value} credential {name!r} to rotate")
    token = new_token()
    values = {
        "token_hash": token_hash(token),
        "created_at": time.time(),
        "revoked_at": None,
        "last_seen": row.last_seen if active and row is not None else None,
    }
    if admin is not None:
        values["admin"] = admin
    if row is None:
        conn.execute(credentials.insert().values(role=role.value, name=name, **values))
    else:
        conn.execute(credentials.update().where(_is(name, role)).values(**values))
    return token


def set_admin(conn: sa.Connection, name: str, admin: bool) -> None:
    """Make organizer `name` an admin or not; CredentialError if it has no active credential."""
    done = conn.execute(
        credentials.update()
        .where(_is(name, Role.ORGANIZER))
        .where(credentials.c.revoked_at.is_(None))
        .values(admin=admin)
    )
    if done.rowcount == 0:
        raise CredentialError(f"no active organizer credential {name!r}")


def revoke(conn: sa.Connection, name: str, role: Role) -> None:
    """Stop accepting the token of (role, name); CredentialError if it has no active one."""
    done = conn.execute(
        credentials.update()
        .where(_is(name, role))
        .where(credentials.c.revoked_at.is_(None))
        .values(revoked_at=time.time())
    )
    if done.rowcount == 0:
        raise CredentialError(f"no active {role.value} credential {name!r} to revoke")


def verify(conn: sa.Connection, name: str, token: str, role: Role) -> bool:
    """Whether the token is the active one of (role, name); a read, constant-time compare."""
    row = None
    if name and len(name) <= NAME_MAX:
        row = conn.execute(
            sa.select(credentials.c.token_hash).where(
                _is(name, role), credentials.c.revoked_at.is_(None)
            )
        ).first()
    stored = row.token_hash if row is not None else _NO_HASH
    return hmac.compare_digest(token_hash(token or ""), stored) and row is not None and bool(token)


def identify(conn: sa.Connection, token: str) -> Identity | None:
    """Who holds the active credential whose token this is, or None.

    Looked up by the token's hash: equality on a SHA-256 of 256 random bits tells nothing
    about any other token.
    """
    if not token or len(token) > 256:
        return None
    row = conn.execute(
        sa.select(credentials.c.name, credentials.c.role, credentials.c.admin).where(
            credentials.c.token_hash == token_hash(token), credentials.c.revoked_at.is_(None)
        )
    ).first()
    if row is None:
        return None
    role = Role(row.role)
    return Identity(str(row.name), role, bool(row.admin) and role is Role.ORGANIZER)


def touch(conn: sa.Connection, name: str, role: Role) -> None:
    """Stamp the last successful verification of (role, name)."""
    conn.execute(credentials.update().where(_is(name, role)).values(last_seen=time.time()))


def listing(conn: sa.Connection, role: Role | None) -> list[Credential]:
    """Every credential (of one role, if given), by role then name."""
    query = sa.select(
        credentials.c.name,
        credentials.c.role,
        credentials.c.created_at,
        credentials.c.revoked_at,
        credentials.c.last_seen,
        credentials.c.admin,
    ).order_by(credentials.c.role, credentials.c.name)
    if role is not None:
        query = query.where(credentials.c.role == role.value)
    return [
        Credential(r.name, Role(r.role), r.created_at, r.revoked_at, r.last_seen, bool(r.admin))
        for r in conn.execute(query)
    ]


def is_active(conn: sa.Connection, name: str, role: Role) -> bool:
    """Whether (role, name) has an active credential."""
    row = _row(conn, name, role)
    return row is not None and row.revoked_at is None


def any_active(conn: sa.Connection, role: Role | None) -> bool:
    """Whether any credential (of one role, if given) is active."""
    query = sa.select(credentials.c.name).where(credentials.c.revoked_at.is_(None))
    if role is not None:
        query = query.where(credentials.c.role == role.value)
    return conn.execute(query.limit(1)).first() is not None


def fingerprint(conn: sa.Connection) -> tuple[int, float, float]:
    """What changes whenever a token is issued, rotated or revoked (count, newest issue, newest
    revocation): a server compares it to notice revocations without reading every row."""
    row = conn.execute(
        sa.select(
            sa.func.count(),
            sa.func.coalesce(sa.func.max(credentials.c.created_at), 0.0),
            sa.func.coalesce(sa.func.max(credentials.c.revoked_at), 0.0),
        )
    ).one()
    return int(row[0]), float(row[1]), float(row[2])


def _row(conn: sa.Connection, name: str, role: Role) -> Any:
    return conn.execute(sa.select(credentials).where(_is(name, role))).first()


def _is(name: str, role: Role) -> sa.ColumnElement[bool]:
    return sa.and_(credentials.c.role == role.value, credentials.c.name == name)
