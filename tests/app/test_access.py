"""arena.app.access: who may call what on a server (open, credentialed, embedded)."""

from __future__ import annotations

import pytest

from arena.app.access import AccessPolicy, Caller, bearer_token
from arena.errors import AuthenticationError, ConfigError, ForbiddenError
from arena.store.credentials import Identity, Role


class Credentials:
    """An in-memory credential table: token -> (name, role, admin)."""

    def __init__(self, **tokens: tuple[str, Role, bool]) -> None:
        self.tokens = dict(tokens)
        self.asked = 0

    def has_credentials(self, role: Role | None = None) -> bool:
        self.asked += 1
        return any(role in (None, r) for _, r, _ in self.tokens.values())

    def verify_credential(self, name: str, token: str, role: Role, *, touch: bool = True) -> bool:
        found = self.tokens.get(token)
        return found is not None and found[:2] == (name, role)

    def identify_credential(self, token: str) -> Identity | None:
        found = self.tokens.get(token)
        return None if found is None else Identity(found[0], found[1], found[2])

    def credentials_fingerprint(self) -> tuple[int, float, float]:
        return (len(self.tokens), 0.0, 0.0)


def test_an_open_server_trusts_everyone_as_an_admin_organizer() -> None:
    policy = AccessPolicy(Credentials())
    assert not policy.secured()
    assert policy.organizer(None) == Caller(None, Role.ORGANIZER, admin=True)
    assert policy.bot_still_valid("ann", "anything")
    assert AccessPolicy(None).fingerprint() is None


def test_a_credentialed_server_names_each_organizer_and_refuses_the_rest() -> None:
    creds = Credentials(
        t1=("org", Role.ORGANIZER, False),
        t2=("boss", Role.ORGANIZER, True),
        t3=("ann", Role.BOT, False),
    )
    policy = AccessPolicy(creds)
    assert policy.organizer("t1") == Caller("org", Role.ORGANIZER, admin=False)
    assert policy.organizer("t2").admin
    with pytest.raises(AuthenticationError, match="needs an organizer token"):
        policy.organizer(None)
    with pytest.raises(AuthenticationError, match="unknown or revoked"):
        policy.organizer("nope")
    with pytest.raises(ForbiddenError, match="'ann' holds a bot token"):
        policy.organizer("t3")
    assert policy.bot_may_connect("ann", "t3") and not policy.bot_may_connect("ann", "t1")


def test_a_server_once_secured_stays_secured_when_its_last_credential_goes() -> None:
    creds = Credentials(t1=("org", Role.ORGANIZER, False))
    policy = AccessPolicy(creds)
    assert policy.secured()
    creds.tokens.clear()
    with pytest.raises(AuthenticationError):
        policy.organizer(None)


def test_whether_credentials_exist_is_asked_again_only_after_the_cache_time() -> None:
    creds = Credentials()
    policy = AccessPolicy(creds)
    for _ in range(5):
        policy.secured()
    assert creds.asked == 1


def test_an_embedded_referee_takes_organizer_calls_from_its_launcher_only() -> None:
    policy = AccessPolicy(None, launch_token="launch")
    assert policy.organizer("launch").admin
    for token in (None, "", "guess"):
        with pytest.raises(ForbiddenError, match="program that launched it"):
            policy.organizer(token)


def test_an_open_server_or_tokens_in_clear_stay_on_this_machine() -> None:
    open_policy = AccessPolicy(Credentials())
    open_policy.check_listen("127.0.0.1:1", loopback=True, tls=False, allow_plaintext=False)
    with pytest.raises(ConfigError, match="has no credentials"):
        open_policy.check_listen("0.0.0.0:1", loopback=False, tls=False, allow_plaintext=False)
    secured = AccessPolicy(Credentials(t=("org", Role.ORGANIZER, False)))
    with pytest.raises(ConfigError, match="without TLS"):
        secured.check_listen("0.0.0.0:1", loopback=False, tls=False, allow_plaintext=False)
    secured.check_listen("0.0.0.0:1", loopback=False, tls=True, allow_plaintext=False)
    secured.check_listen("0.0.0.0:1", loopback=False, tls=False, allow_plaintext=True)


@pytest.mark.parametrize(
    ("header", "token"),
    [
        ("Bearer abc", "abc"),
        ("bearer  abc ", "abc"),
        ("Basic abc", None),
        ("Bearer ", None),
        (None, None),
        ("", None),
    ],
)
def test_a_bearer_header_gives_its_token(header: str | None, token: str | None) -> None:
    assert bearer_token(header) == token
