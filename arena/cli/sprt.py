"""`arena tournament run --sprt ...`: a sequential test that stops the run once it decides."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console

from arena.app.stats import elo_of
from arena.app.stats_rows import elo_text
from arena.core.values import MatchRecord
from arena.errors import ConfigError
from arena.ratings.elo import Decision, Sprt, elo_trinomial, parse_sprt
from arena.store import Store, StoredTournament
from arena.tournament import Fixture, TournamentSpec
from arena.tournament.comparisons import SprtMonitor, SprtState, deal_pairs

Watch = Callable[[Fixture, MatchRecord, Console], None]
SHOW_EVERY = 25  # the LLR line is shown after the first sample and every this many samples ...
SHOW_STEP = 0.1  # ... or once the LLR moved this share of its band since it was last shown


class SprtStopped(Exception):
    """The SPRT decided: the run stops (not an error), its verdict in words."""

    def __init__(self, state: SprtState, verdict: str) -> None:
        super().__init__(verdict)
        self.state = state
        self.verdict = verdict


def check_sprt(text: str, spec: TournamentSpec) -> Sprt:
    """The test of the first bot against the second; ConfigError unless the run is 1 v 1."""
    try:
        sprt = parse_sprt(text)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    if len(spec.bots) != 2 or spec.table_size != 2:
        raise ConfigError("--sprt compares two bots: give exactly two --bot at tables of 2")
    return sprt


def sprt_watch(store: Store, tournament: StoredTournament, sprt: Sprt) -> Watch:
    """A per-match hook that prints the LLR and its bounds, and raises SprtStopped on a
    decision. The first --bot is tested against the second."""
    a, b = (bot.name for bot in tournament.spec.bots)
    pairs = deal_pairs(store.fixtures(tournament.id), tournament.spec.deals)
    monitor = SprtMonitor(sprt, a, b, pairs)
    unit = "pairs (pentanomial)" if monitor.paired else "games (trinomial)"

    shown: list[float] = []  # the LLR last shown
    step = SHOW_STEP * (sprt.upper - sprt.lower)

    def watch(_fixture: Fixture, record: MatchRecord, console: Console) -> None:
        state = monitor.add(record)
        decided = state.decision is not Decision.CONTINUE
        moved = not shown or abs(state.llr - shown[-1]) >= step
        if decided or moved or state.samples % SHOW_EVERY == 0:  # not one line per match
            shown.append(state.llr)
            line = describe(sprt, state, a, b, unit)
            console.print(line, highlight=False, soft_wrap=True, markup=False)
        if decided:
            raise SprtStopped(state, verdict(sprt, state, a, b, unit))

    return watch


def verdict(sprt: Sprt, state: SprtState, a: str, b: str, unit: str) -> str:
    """The decision in words, as kept with the tournament."""
    meaning = {
        Decision.H1: f"{a} is at least {sprt.elo1:g} Elo stronger than {b}",
        Decision.H0: f"{a} is at most {sprt.elo0:g} Elo stronger than {b}",
    }.get(state.decision, "undecided")
    return (
        f"SPRT [{sprt.elo0:g}, {sprt.elo1:g}] accepted {state.decision.value} ({meaning}) after "
        f"{state.samples} {unit}, LLR {state.llr:+.2f} of ({sprt.lower:+.2f}, {sprt.upper:+.2f})"
    )


def describe(sprt: Sprt, state: SprtState, a: str, b: str, unit: str) -> str:
    """One line: the LLR within its bounds, the counts and the Elo so far."""
    tri = state.trinomial
    elo = ""
    if tri.games:
        elo = f", {elo_text(elo_of(elo_trinomial(tri)), tri.games)}"
    return (
        f"sprt {a} vs {b} [{sprt.elo0:g}, {sprt.elo1:g}]: LLR {state.llr:+.2f} "
        f"({sprt.lower:+.2f}, {sprt.upper:+.2f}), {state.samples} {unit}, "
        f"W {tri.wins} D {tri.draws} L {tri.losses}{elo}"
    )
