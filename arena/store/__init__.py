"""Storage: SQLite by default, PostgreSQL by URL; tournaments, fixtures and match records."""

from arena.errors import CredentialError, UnknownMatchError, UnknownTournamentError
from arena.store.credentials import Credential, Identity, Role
from arena.store.engine import DEFAULT_DB, ENV_VAR, resolve_url
from arena.store.ladder import RatingChange
from arena.store.schema import SCHEMA_VERSION
from arena.store.store import MatchSummary, Store, StoredTournament

__all__ = [
    "Credential",
    "Identity",
    "CredentialError",
    "RatingChange",
    "Role",
    "DEFAULT_DB",
    "ENV_VAR",
    "SCHEMA_VERSION",
    "MatchSummary",
    "Store",
    "StoredTournament",
    "UnknownMatchError",
    "UnknownTournamentError",
    "resolve_url",
]
