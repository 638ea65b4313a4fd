"""Seeds: a tournament that names none draws 256 bits and derives every match's seed by a
keyed hash; a seed an organizer chose (below 2**63) derives them as it always did."""

from __future__ import annotations

import hashlib

from arena.app.tournaments import TournamentRequest, plan
from arena.app.values import BotEntry
from arena.tournament.formats import make_fixtures
from arena.tournament.schedule import KEYED_SEED_BITS, SEED_BITS, derive_seed


def test_a_chosen_seed_derives_as_before_so_stored_tournaments_replay() -> None:
    text = b"77:0:3:1"
    expected = int.from_bytes(hashlib.sha256(text).digest()[:8], "big") % (1 << SEED_BITS)
    assert derive_seed(77, 0, 3, 1) == expected
    assert derive_seed(2**63 - 1, 1) < 2**SEED_BITS


def test_a_secret_seed_is_a_key_whose_derived_seeds_are_53_bits_and_unrelated() -> None:
    key = 2**255 + 12345
    derived = {derive_seed(key, cycle, table) for cycle in range(20) for table in range(20)}
    assert len(derived) == 400 and max(derived) < 2**KEYED_SEED_BITS
    assert max(derived) >= 2**SEED_BITS  # more than the legacy 48 bits
    # the text of the path alone (no key) does not give them: the key is needed
    assert derive_seed(key, 0, 0) != derive_seed(key + 1, 0, 0)


def test_a_tournament_without_a_seed_plays_deals_from_its_secret_key() -> None:
    spec = plan(TournamentRequest(game="azul", bots=(BotEntry("a"), BotEntry("b")))).spec
    assert spec.seed.bit_length() == 256
    seeds = {f.seed for f in make_fixtures(spec)}
    assert seeds and all(s < 2**KEYED_SEED_BITS for s in seeds)


def test_a_256_bit_seed_is_stored_and_read_back_whole(db_url: str) -> None:
    from arena.app.running import create_tournament
    from arena.store import Store
    from arena.tournament.manage import start_seat_of

    spec = plan(TournamentRequest(game="azul", bots=(BotEntry("a"), BotEntry("b")))).spec
    with Store.open(db_url) as store:
        stored = create_tournament(store, spec, owner=None)
        assert store.tournament(stored.id).spec.seed == spec.seed
        planned = make_fixtures(spec, start_seat_of(spec))
        assert [f.seed for f in store.fixtures(stored.id)] == [f.seed for f in planned]


def test_every_seat_gets_a_bot_seed_that_replays_and_tells_nothing_of_the_deal() -> None:
    import asyncio

    from arena.core.players import DecisionRequest, MatchInfo
    from arena.core.registry import get_game
    from arena.match.referee import default_bot_seed
    from arena.tournament.entrants import local_runner
    from arena.tournament.schedule import Fixture

    class Recorder:
        def __init__(self, name: str) -> None:
            self.name, self.infos = name, []

        async def start(self, info: MatchInfo) -> None:
            self.infos.append(info)

        async def decide(self, request: DecisionRequest) -> int:
            return 0

        async def finish(self, record: object) -> None:
            pass

    game = get_game("azul")
    seen: list[list[int]] = []
    for _ in range(2):
        players = [Recorder("a"), Recorder("b")]
        seat_of = dict(enumerate(players)).__getitem__
        runner = local_runner(
            game, game.options_type(), lambda f, s, of=seat_of: of(s), seed_key=2**255
        )
        asyncio.run(runner(Fixture(3, 0, 1, 0, ("a", "b"), 99, 1)))
        seen.append([p.infos[0].bot_seed for p in players])
    assert seen[0] == seen[1] and len(set(seen[0])) == 2  # replays; one per seat
    assert 99 not in seen[0] and default_bot_seed(99, 0) != default_bot_seed(99, 1)
