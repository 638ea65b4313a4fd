"""A person's seat over plain HTTP (no browser), against real `arena serve --web` servers: every
field of the forms is hostile (bounded, checked, answered with a 4xx that says why, never a
500), a seat's page is reached only by its secret address, a person's token is never shown,
and on a server with credentials a person needs a bot token like any player (and the pages an
organizer's credential to start the match).
"""

from __future__ import annotations

import asyncio
import html
import random
import re
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import token_ledger
from starlette.requests import Request
from web_helpers import PY, ROOT, Served, arena_with_web, call, play_seat

from arena.rpc.client.remote import Remote
from arena.rpc.wire.convert import record_from_pb
from arena.store import Store
from arena.v1 import arena_pb2 as pb
from arena.web.app import create_app, secure
from arena.web.seats import HumanSeat, SeatRequest


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


OPENER = urllib.request.build_opener(_NoRedirect)


def post(url: str, fields: list[tuple[str, str]] | bytes) -> tuple[int, str, str]:
    """(status, Location, body) of a form POST, redirects not followed."""
    data = fields if isinstance(fields, bytes) else urllib.parse.urlencode(fields).encode()
    try:
        with OPENER.open(url, data, timeout=60) as reply:
            return reply.status, reply.headers.get("Location", ""), reply.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers.get("Location", ""), exc.read().decode()


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=60) as reply:
            return reply.status, reply.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def seat_form(game: str, name: str, *opponents: str, token: str = "") -> list[tuple[str, str]]:
    fields = [("game", game), ("name", name), ("token", token), ("seat", "0")]
    fields += [("clock", "30+120")] + [("opponent", o) for o in opponents]
    return fields


def take_a_seat(web: str, fields: list[tuple[str, str]]) -> str:
    """The seat's page address (its secret id is remembered as a token: never printed)."""
    status, location, body = post(web + "/play", fields)
    assert status == 303, (status, body[-600:])
    token_ledger.issued(urllib.parse.unquote(location.rsplit("/", 1)[1]))
    return location


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """An open server with one connected bot."""
    db = Path(tmp_path_factory.mktemp("seats_http")) / "seats.db"
    with arena_with_web(db) as s:
        s.bot("bots/random_bot.py", "rival", "--seed", "3", "--max-matches", "4")
        s.wait_for_bots({"rival"})
        yield s


def test_the_form_lists_the_games_and_each_games_opponents(served: Served) -> None:
    status, games = get(served.web + "/play")
    assert status == 200 and games.count("data-game=") == 6
    status, form = get(served.web + "/play?game=epizodiak")
    assert status == 200
    assert 'id="opponent-0"' in form and 'id="opponent-1"' in form and "opponent-2" not in form
    assert 'value="builtin:greedy"' in form and 'value="rival"' in form
    assert 'type="password"' in form
    # every option of the game, at its default: a list of its values, or a number
    assert '<select name="option:mode" id="option-mode">' in form
    assert '<option value="one_round" selected>' in form
    assert 'id="option-target" type="number" value="7"' in form


def test_a_person_chooses_the_games_options_and_the_match_is_played_with_them(
    served: Served,
) -> None:
    fields = seat_form("hypnosia", "hana", "builtin:greedy")
    fields += [("option:round_cap", "2"), ("option:stacks_cross", "false")]
    panel = play_seat(served.web, take_a_seat(served.web, fields), random.Random(5))
    match_id = re.search(r'data-match="([^"]+)"', panel)
    assert match_id is not None and "Game over." in panel
    record = record_from_pb(
        call(served.address, "GetMatch", pb.GetMatchRequest(match_id=match_id.group(1)))
    )
    assert record.options["round_cap"] == 2 and record.options["stacks_cross"] is False
    # stopped and ranked at the round cap: two rounds of two turns (a roll and a move each)
    assert record.outcome.termination.value == "turn_cap" and len(record.moves) <= 8


def test_a_person_plays_a_match_to_its_end_and_it_is_stored(served: Served) -> None:
    seat = take_a_seat(served.web, seat_form("azul", "bob", "rival", token="bobs-secret-1"))
    panel = play_seat(served.web, seat, random.Random(4))
    assert 'data-state="over"' in panel and "Game over." in panel
    assert "bobs-secret-1" not in panel
    match_id = re.search(r'data-match="([^"]+)"', panel)
    assert match_id is not None
    record = record_from_pb(
        call(served.address, "GetMatch", pb.GetMatchRequest(match_id=match_id.group(1)))
    )
    assert record.players == ("bob", "rival") and record.outcome.termination.value == "normal"
    # The page stays readable after the match; the same move again is refused.
    status, _, body = post(served.web + seat + "/move", [("request", "1"), ("move", "0")])
    assert status == 400 and "not pending" in body


@pytest.mark.parametrize(
    ("fields", "says"),
    [
        (seat_form("azul", "carol", "nobody-here"), "no bot 'nobody-here' connected"),
        (seat_form("azul", "carol", "builtin:psychic"), "no built-in bot 'psychic'"),
        (seat_form("azul", "carol"), "played by 2 to 4 players, not 1"),
        (seat_form("azul", "rival", "builtin:random"), "a bot named 'rival' is connected"),
        (seat_form("azul", "", "builtin:random"), "must be 1-64 letters, digits"),
        (seat_form("azul", "x" * 300, "builtin:random"), "must be 1-64 letters, digits"),
        # a bot name on the server: the page says the server's rule, not "printable"
        (seat_form("azul", "carol smith", "builtin:random"), "must be 1-64 letters, digits"),
        (seat_form("azul", "carol", "carol"), "against yourself"),
        ([("game", "azul"), ("name", "carol"), ("clock", "1+1"), ("opponent", "rival")],
         "choose one of the clocks"),
        ([("game", "azul"), ("name", "carol"), ("seat", "9"), ("opponent", "rival")],
         "no seat 9"),
        ([*seat_form("azul", "carol", "rival"), ("option:colour", "red")],
         "Azul has no option 'colour' (options: wall)"),
        ([*seat_form("azul", "carol", "rival"), ("option:wall", "tartan")],
         "option wall takes one of colored, gray, not 'tartan'"),
        ([*seat_form("hypnosia", "carol", "rival"), ("option:round_cap", "1e9")],
         "option round_cap takes a whole number"),
        ([*seat_form("hypnosia", "carol", "rival"), ("option:round_cap", "0")],
         "round_cap must be at least 1"),
        ([*seat_form("azul", "carol", "rival"), ("option:" + "w" * 300, "1")],
         "too long a name or value"),
    ],
)  # fmt: skip
def test_a_form_out_of_bounds_is_answered_with_why(
    served: Served, fields: list[tuple[str, str]], says: str
) -> None:
    fields = [*fields, ("token", "carols-secret-2")]
    status, _, body = post(served.web + "/play", fields)
    assert status == 400, body[-500:]
    assert says in html.unescape(body), body[-800:]
    assert "carols-secret-2" not in body  # the token is never sent back


def test_hostile_requests_are_refused_without_a_500(served: Served) -> None:
    assert post(served.web + "/play", b"game=" + b"x" * 10_000)[0] == 400
    assert post(served.web + "/play", b"game=azul&%zz=\xff")[0] in (400, 200)
    assert post(served.web + "/play", seat_form("chess", "dave", "rival"))[0] == 400
    for path in ("/play/nope", "/play/nope/panel", "/play/nope/events", "/play/" + "x" * 500):
        assert get(served.web + path)[0] == 404
    assert post(served.web + "/play/nope/move", [("request", "1"), ("move", "0")])[0] == 404
    seat = take_a_seat(served.web, seat_form("lucky_numbers", "erin", "rival"))
    for fields in ([("request", "x"), ("move", "0")], [("request", "1"), ("move", "99999")],
                   [("request", "987654"), ("move", "0")], [("move", "1" * 40)]):  # fmt: skip
        status, _, body = post(served.web + seat + "/move", fields)
        assert status == 400, (fields, body[-300:])
    play_seat(served.web, seat, random.Random(1))


def test_one_address_seats_at_most_two_people_at_once(served: Served) -> None:
    seats = [take_a_seat(served.web, seat_form("the_number", f"p{i}", "rival", "builtin:random"))
             for i in range(2)]  # fmt: skip
    status, _, body = post(
        served.web + "/play", seat_form("the_number", "p3", "rival", "builtin:random")
    )
    assert status == 429 and "as many matches at once" in body
    for i, seat in enumerate(seats):
        assert 'data-state="over"' in play_seat(served.web, seat, random.Random(i))


def _add(db: Path, role: str, name: str) -> str:
    done = subprocess.run([PY, "-m", "arena", role, "add", name, "--db", str(db)],
                          capture_output=True, text=True, cwd=ROOT, check=True)  # fmt: skip
    return token_ledger.issued(done.stdout.splitlines()[0].strip())


def test_on_a_server_with_credentials_a_person_needs_a_bot_token(tmp_path: Path) -> None:
    db = tmp_path / "shared.db"
    alice, rival = _add(db, "bot", "alice"), _add(db, "bot", "rival")
    organizer = _add(db, "organizer", "pages")
    with arena_with_web(db, env={"ARENA_ORGANIZER_TOKEN": organizer}) as s:
        s.bot("bots/random_bot.py", "rival", "--seed", "1", token=rival)
        s.wait_for_bots({"rival"})
        status, _, body = post(
            s.web + "/play", seat_form("azul", "alice", "rival", token="not-alices-77")
        )
        assert status in (400, 403), body[-500:]
        assert "alice could not connect" in html.unescape(body) and "not-alices-77" not in body
        status, _, body = post(
            s.web + "/play", seat_form("azul", "alice", "builtin:random", token=alice)
        )
        assert status in (400, 403) and "builtin-random" in body  # a built-in has no token here
        seat = take_a_seat(s.web, seat_form("azul", "alice", "rival", token=alice))
        panel = play_seat(s.web, seat, random.Random(5))
        assert 'data-state="over"' in panel and alice not in panel


def test_on_a_server_with_credentials_a_person_plays_the_servers_house_bot(tmp_path: Path) -> None:
    db = tmp_path / "shared.db"
    alice, organizer = _add(db, "bot", "alice"), _add(db, "organizer", "pages")
    env = {"ARENA_ORGANIZER_TOKEN": organizer}
    with arena_with_web(db, env, "--house", "house-greedy=builtin:greedy") as s:
        s.wait_for_bots({"house-greedy"})
        assert 'value="house-greedy"' in get(s.web + "/play?game=azul")[1]  # offered by name
        seat = take_a_seat(s.web, seat_form("azul", "alice", "house-greedy", token=alice))
        panel = play_seat(s.web, seat, random.Random(7))
        assert 'data-state="over"' in panel and alice not in panel
    with Store.open(str(db)) as store:
        ((record, _, _),) = list(store.match_rows(game="azul"))  # stored and rated as any match
    assert list(record.players) == ["alice", "house-greedy"]
    assert record.outcome.termination.value == "normal"


def test_a_seats_page_follows_its_seat_in_at_most_four_tabs(served: Served) -> None:
    seat = take_a_seat(served.web, seat_form("the_number", "fay", "rival", "builtin:greedy"))
    streams = [urllib.request.urlopen(served.web + seat + "/events", timeout=30) for _ in range(4)]
    for stream in streams:
        assert stream.readline().startswith(b"data: {")
    assert get(served.web + seat + "/events")[0] == 429
    for stream in streams:
        stream.close()
    assert 'data-state="over"' in play_seat(served.web, seat, random.Random(6))


def _scope(host: str, scheme: str = "http", method: str = "GET") -> dict[str, Any]:
    return {
        "type": "http", "scheme": scheme, "client": (host, 50000), "server": ("arena", 80),
        "method": method, "path": "/play", "raw_path": b"/play", "query_string": b"",
        "headers": [(b"content-type", b"application/x-www-form-urlencoded")],
        "http_version": "1.1", "root_path": "",
    }  # fmt: skip


def test_a_token_is_taken_only_where_it_stays_private() -> None:
    assert secure(Request(_scope("127.0.0.1"))) and secure(Request(_scope("::1")))
    assert secure(Request(_scope("203.0.113.9", "https")))  # or behind a proxy on this machine
    assert not secure(Request(_scope("203.0.113.9"))) and not secure(Request(_scope("?")))

    # A form with a token from another machine over http is refused before anything is done
    # with it (the app's server is never asked: there is none).
    app = create_app(Remote("127.0.0.1:9"))
    body = urllib.parse.urlencode(seat_form("azul", "gus", "rival", token="gus-77")).encode()
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(app(_scope("203.0.113.9", method="POST"), receive, send))
    assert sent[0]["status"] == 403
    page = b"".join(m.get("body", b"") for m in sent[1:]).decode()
    assert "must not travel in clear" in page and "gus-77" not in page


def test_an_ended_seat_waits_for_its_last_public_update_without_spinning() -> None:
    async def go() -> None:
        seat = HumanSeat("sid", SeatRequest("azul", "hal", ""), ["hal", "rival"], 0)
        seat.finish()  # PlayMatch answered; the END update is still on its way
        version = seat.version
        started = time.monotonic()
        assert await seat.wait_change(version, 0.3) == version  # it waited: nothing changed
        assert time.monotonic() - started >= 0.25 and not seat.settled
        end = pb.MatchUpdate(kind=pb.UPDATE_KIND_END, ply=3, match_id=seat.match_id)
        asyncio.get_running_loop().call_later(0.05, seat.observe, end)
        assert await seat.wait_change(version, 10) == version + 1 and seat.settled

    asyncio.run(go())
