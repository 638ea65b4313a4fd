"""The order of `arena check-bot`'s checks over a Target, and running them on a bot command."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

from arena.compliance.checkbot import (
    ALIVE_WAIT_S,
    MAX_PARALLEL,
    SETTLE_S,
    BotHello,
    CheckSettings,
    EmbeddedTarget,
    RemoteTarget,
    Report,
    Target,
)
from arena.compliance.verdicts import (
    CheckResult,
    Verdict,
    bot_fault,
    gone_at_start,
    judge_clock,
    judge_legal,
    judge_match,
)
from arena.core.registry import get_game
from arena.core.values import MatchRecord
from arena.errors import ArenaError, BotError
from arena.rpc.embedded import EmbeddedReferee

CONNECT_HINT = (
    "read ARENA_ADDRESS, ARENA_BOT_NAME and ARENA_TOKEN from the environment, open "
    "BotService.Connect and send Hello first"
)
UNKNOWN_HINT = (
    "skip message kinds and fields you do not know (a newer server may send them): after an "
    "unknown ServerMessage kind and a Ping with an extra field, the bot failed"
)
GONE = "the bot is not connected any more (see the failure above)"


@dataclass(frozen=True, slots=True)
class CheckRun:
    """Every check's result, and the bot's last output lines when we launched it."""

    results: tuple[CheckResult, ...]
    output: str = ""


class Checklist:
    """Runs the checks in order over one target, reporting each result as it is known."""

    def __init__(self, target: Target, settings: CheckSettings, report: Report) -> None:
        self.target = target
        self.settings = settings
        self.report = report
        self.results: list[CheckResult] = []
        self._seed = settings.seed
        self._gone = False

    def add(self, name: str, verdict: Verdict, detail: str = "", hint: str = "") -> None:
        """Record and report one result."""
        self.add_result(CheckResult(name, verdict, detail, hint))

    def add_result(self, result: CheckResult) -> None:
        """Record and report one result."""
        self.results.append(result)
        self.report(result)

    async def run(self) -> list[CheckResult]:
        """Every check; later checks are skipped once the bot is gone."""
        hello = await self.target.wait_connected(self.settings.connect_timeout_s)
        if hello is None:
            others = ", ".join(await self.target.connected_names()) or "none"
            detail = f"no bot {self.target.name!r} connected (connected: {others})"
            self.add("connect", Verdict.FAIL, detail, CONNECT_HINT)
            return self.results
        games = self._handshake(hello)
        for game in games:
            await self._game(game)
        await self._request_ids()
        if games:
            await self._parallel(games[0], hello)
            await self._unknown_fields(games[0])
            await self._reconnect(games[0])
        return self.results

    def _handshake(self, hello: BotHello) -> list[str]:
        wanted = [get_game(g).name for g in self.settings.games] or list(hello.games)
        games = [g for g in wanted if g in hello.games]
        detail = (
            f"name {hello.name!r}, games {', '.join(hello.games) or 'none'}, "
            f"max_matches {hello.max_matches}, version {hello.version or '(empty)'!r}"
        )
        if not games:
            self.add(
                "handshake",
                Verdict.FAIL,
                f"{detail}; it plays none of {', '.join(wanted)}",
                "list the games you play in Hello.games (empty means every game)",
            )
        else:
            self.add("handshake", Verdict.PASS, detail)
        return games

    async def _alive(self) -> BotHello | None:
        if self._gone:  # waited for it once already: do not wait again at every later step
            return await self.target.hello()
        alive = await self.target.hello() or await self.target.wait_connected(ALIVE_WAIT_S)
        self._gone = alive is None
        return alive

    async def _play(
        self, check: str, game: str, count: int, seat: int, hint: str = ""
    ) -> MatchRecord | None:
        """One match judged as a check; None (and a failed or skipped line) if none was played.

        `hint` replaces the fault's generic hint when the check is about something specific.
        """
        before = await self._alive()
        if before is None:
            self.add(check, Verdict.SKIP, GONE)
            return None
        self._seed += 1
        try:
            record = await self.target.play(game, count, seat, self._seed)
        except ArenaError as exc:
            self.add(check, Verdict.FAIL, f"the match could not be played: {exc}")
            return None
        result = judge_match(check, record, self.target.name)
        if hint and result.verdict is Verdict.FAIL:
            result = CheckResult(result.name, result.verdict, result.detail, hint)
        self.add_result(result)
        return record

    async def _ended_handled(self, record: MatchRecord, before: BotHello | None) -> str | None:
        """Why the bot seems to have mishandled MatchEnded (it dropped its stream), or None."""
        if bot_fault(record, self.target.name) is not None or before is None:
            return None
        await asyncio.sleep(SETTLE_S)
        after = await self.target.hello()
        if after is None or after.session_id != before.session_id:
            return f"its connection ended after MatchEnded of match {record.match_id}"
        return None

    async def _game(self, game: str) -> None:
        rules = get_game(game)
        records: list[MatchRecord] = []
        problem: str | None = None
        for count in range(rules.min_players, rules.max_players + 1):
            seat = (count - rules.min_players) % count
            before = await self.target.hello()
            record = await self._play(f"{game}: full match, {count} players", game, count, seat)
            if record is None:
                continue
            if records and problem is None and gone_at_start(record, self.target.name):
                # The settle time was too short to see it: the bot left after the last end.
                problem = f"its connection ended after MatchEnded of match {records[-1].match_id}"
            records.append(record)
            problem = problem or await self._ended_handled(record, before)
        if not records:
            return
        self.add_result(judge_legal(f"{game}: only legal answers", records, self.target.name))
        self.add_result(
            judge_clock(
                f"{game}: answers within the clock",
                records,
                self.target.name,
                self.settings.per_move_ms,
            )
        )
        if problem is not None:
            self.add(
                f"{game}: MatchEnded handled",
                Verdict.FAIL,
                problem,
                "after MatchEnded, forget that match and keep reading the stream",
            )
        else:
            self.add(f"{game}: MatchEnded handled", Verdict.PASS, f"{len(records)} matches ended")

    async def _request_ids(self) -> None:
        name = "decisions echo their request_id"
        if not self.target.controls_server:
            self.add(name, Verdict.SKIP, "only checked when check-bot runs the referee")
            return
        stray = await self.target.stray_decisions()
        if stray:
            self.add(
                name,
                Verdict.FAIL,
                f"{stray} decisions named a request_id the server never sent",
                "copy DecisionRequest.request_id into Decision.request_id",
            )
        else:
            self.add(name, Verdict.PASS, "no stray decisions")

    async def _parallel(self, game: str, hello: BotHello) -> None:
        name = "several matches at once"
        if hello.max_matches <= 1:
            self.add(name, Verdict.SKIP, "the bot claims one match at a time (Hello.max_matches)")
            return
        if await self._alive() is None:
            self.add(name, Verdict.SKIP, GONE)
            return
        count = get_game(game).min_players
        many = min(hello.max_matches, MAX_PARALLEL)
        seeds = [self._seed + i + 1 for i in range(many)]
        self._seed += many
        try:
            records = await asyncio.gather(
                *(self.target.play(game, count, 0, seed) for seed in seeds)
            )
        except ArenaError as exc:
            self.add(name, Verdict.FAIL, f"the matches could not be played: {exc}")
            return
        for record in records:
            verdict = judge_match(name, record, self.target.name)
            if verdict.verdict is Verdict.FAIL:
                self.add_result(verdict)
                return
        self.add(name, Verdict.PASS, f"{many} {game} matches at once")

    async def _server_side_check(self, name: str) -> bool:
        """Whether a check that needs the referee's own hooks can run (else it is skipped)."""
        if not self.target.controls_server:
            self.add(name, Verdict.SKIP, "only checked when check-bot runs the referee")
            return False
        if await self._alive() is None:
            self.add(name, Verdict.SKIP, GONE)
            return False
        return True

    async def _unknown_fields(self, game: str) -> None:
        name = "unknown fields tolerated"
        if not await self._server_side_check(name):
            return
        try:
            await self.target.send_unknown()
        except ArenaError as exc:
            self.add(name, Verdict.FAIL, str(exc), UNKNOWN_HINT)
            return
        await self._play(name, game, get_game(game).min_players, 0, UNKNOWN_HINT)

    async def _reconnect(self, game: str) -> None:
        name = "reconnect after the server drops the stream"
        if not await self._server_side_check(name):
            return
        try:
            await self.target.drop()
        except ArenaError as exc:  # e.g. the port was taken meanwhile: not the bot's fault
            self.add(name, Verdict.SKIP, f"the referee could not restart: {exc}")
            return
        timeout = self.settings.reconnect_timeout_s
        if await self.target.wait_connected(timeout) is None:
            self.add(
                name,
                Verdict.FAIL,
                f"no new Hello within {timeout:g} s of the server ending the stream",
                "when the stream ends or fails, reconnect with backoff and say Hello again",
            )
            return
        await self._play(name, game, get_game(game).min_players, 0)


async def check_command(
    command: str,
    settings: CheckSettings,
    report: Report,
    echo: Callable[[str, str], None] | None = None,
) -> CheckRun:
    """Launch `command` as a bot on an embedded referee and run every check on it."""
    referee = EmbeddedReferee(startup_timeout_s=settings.connect_timeout_s, echo=echo)
    async with referee:
        try:
            await referee.launch(settings.name, command)
        except BotError as exc:
            first, _, output = str(exc).partition("\n")
            result = CheckResult("connect", Verdict.FAIL, first, CONNECT_HINT)
            report(result)
            return CheckRun((result,), output)
        results = await Checklist(EmbeddedTarget(referee, settings), settings, report).run()
        return CheckRun(tuple(results), referee.output(settings.name))


async def check_remote(address: str, settings: CheckSettings, report: Report) -> CheckRun:
    """Run the checks possible on a bot already connected to the server at `address`."""
    target = RemoteTarget(address, settings)
    try:
        results = await Checklist(target, settings, report).run()
    finally:
        await target.close()
    return CheckRun(tuple(results))
