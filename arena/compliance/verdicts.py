"""The bot compliance checklist: results, and how a played match is judged for one bot.

What drives the checks (a referee, a bot process, a remote server) lives in
`arena.compliance.checkbot`; this module holds only the verdicts and the judging of match records,
so it needs no gRPC.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from arena.core.values import MatchRecord, Termination

# Faults that mean "the answer was not a legal move".
ILLEGAL = frozenset({Termination.ILLEGAL_MOVE, Termination.UNPARSABLE})

HINTS: dict[Termination, str] = {
    Termination.TIMEOUT: (
        "answer every DecisionRequest within Clock.budget_ms (plus bank_ms), echoing its "
        "request_id; do the thinking off the thread that reads the stream"
    ),
    Termination.ILLEGAL_MOVE: (
        "answer with Decision.index into legal_moves, or one of legal_moves verbatim as "
        "Decision.move"
    ),
    Termination.UNPARSABLE: (
        "set exactly one of Decision.move (a string of legal_moves) or Decision.index "
        "(0 <= index < len(legal_moves))"
    ),
    Termination.CRASH: (
        "the bot sent Decision.error or its process died: see its output (arena check-bot -v)"
    ),
    Termination.DISCONNECT: (
        "keep the Connect stream open between matches and answer every Ping with a Pong"
    ),
}


class Verdict(enum.StrEnum):
    """How one check came out; a skipped check does not fail the run."""

    PASS = "pass"
    FAIL = "FAIL"
    SKIP = "skip"


@dataclass(frozen=True, slots=True)
class CheckResult:
    """One line of the checklist: what was checked, the verdict, what happened, and a hint."""

    name: str
    verdict: Verdict
    detail: str = ""
    hint: str = ""

    def line(self) -> str:
        """The check as one line of text, e.g. `[pass] handshake: name 'x' ...`."""
        text = f"[{self.verdict.value}] {self.name}"
        if self.detail:
            text += f": {self.detail}"
        if self.hint and self.verdict is Verdict.FAIL:
            text += f" (hint: {self.hint})"
        return text


def passed(results: Iterable[CheckResult]) -> bool:
    """True when no check failed (skips are fine)."""
    return all(r.verdict is not Verdict.FAIL for r in results)


def bot_seats(record: MatchRecord, name: str) -> list[int]:
    """The seats `name` held in a match."""
    return [seat for seat, player in enumerate(record.players) if player == name]


def bot_fault(record: MatchRecord, name: str) -> Termination | None:
    """The fault that ended the match by `name`'s doing, or None."""
    offender = record.outcome.offender
    if offender is None or record.players[offender] != name:
        return None
    return record.outcome.termination


def gone_at_start(record: MatchRecord, name: str) -> bool:
    """The bot's connection or process was gone before it made any decision in this match.

    (Not a Decision.error: that is the bot's code failing, with the connection alive.)
    """
    fault = bot_fault(record, name)
    seats = bot_seats(record, name)
    return (
        fault in (Termination.CRASH, Termination.DISCONNECT)
        and "reported an error" not in record.outcome.detail
        and not any(m.seat in seats for m in record.moves)
    )


def judge_match(check: str, record: MatchRecord, name: str) -> CheckResult:
    """A full match: passed when it ended without a fault of the bot."""
    seats = bot_seats(record, name)
    mine = [m for m in record.moves if m.seat in seats]
    outcome = record.outcome
    fault = bot_fault(record, name)
    where = f"seat {', '.join(map(str, seats))}, {len(mine)} decisions"
    if fault is None:
        ended = outcome.termination.value
        if outcome.offender is not None:  # another seat faulted: not the bot's problem
            ended += f" by seat {outcome.offender}"
        return CheckResult(check, Verdict.PASS, f"{where}, ended {ended}")
    return CheckResult(
        check, Verdict.FAIL, f"{where}, ended by {fault.value}: {outcome.detail}", HINTS[fault]
    )


def judge_legal(check: str, records: list[MatchRecord], name: str) -> CheckResult:
    """Only legal answers over some matches."""
    for record in records:
        fault = bot_fault(record, name)
        if fault in ILLEGAL:
            return CheckResult(
                check,
                Verdict.FAIL,
                f"match {record.match_id}: {record.outcome.detail}",
                HINTS[fault],
            )
    decisions = sum(len([m for m in r.moves if m.seat in bot_seats(r, name)]) for r in records)
    return CheckResult(check, Verdict.PASS, f"{decisions} legal decisions")


def judge_clock(
    check: str, records: list[MatchRecord], name: str, budget_ms: int | None
) -> CheckResult:
    """Every answer in time over some matches; the detail gives the slowest one."""
    elapsed = [m.elapsed_ms for r in records for m in r.moves if m.seat in bot_seats(r, name)]
    slowest = f"slowest {max(elapsed):.1f} ms" if elapsed else "no decisions"
    limit = f" of {budget_ms} ms" if budget_ms is not None else ""
    for record in records:
        if bot_fault(record, name) is Termination.TIMEOUT:
            return CheckResult(
                check,
                Verdict.FAIL,
                f"match {record.match_id}: {record.outcome.detail} ({slowest} answered)",
                HINTS[Termination.TIMEOUT],
            )
    return CheckResult(check, Verdict.PASS, f"{slowest}{limit}")
