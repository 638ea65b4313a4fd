"""The skirmish (spec §7, §9.3-9.4): entered when the last seat ends its gathering (§4.5);
reveal, snipe and disarm declarations, the fight."""

from __future__ import annotations

from arena.errors import IllegalMoveError

from .cards import (
    FIGHT,
    FIRST_SKIRMISH_ROUND,
    IS_PERSON,
    IS_SABOTEUR,
    IS_SNIPER,
    IS_TOOL,
    TWO_PLAYER_MARGIN,
    Stats,
    action_value,
    ids_text,
    people_of,
)
from .notation import DONE_TEXT, snipe_text
from .rounds import finish_round, start_round
from .state import DECLARE, GATHER, NO_SEAT, State, Zones, add_event, evolve


def end_gathering(state: State) -> State:
    """The current seat ends its gathering (§4.5); the next seat starts, or Phase 3 follows."""
    seat = state.current
    left = len(state.players[seat].hand)
    state = evolve(state, events=add_event(state, f"seat {seat}: end ({left} cards kept)"))
    following = (seat + 1) % state.num_players
    if following != state.initiator:
        return evolve(
            state,
            phase=GATHER,
            current=following,
            used=0,
            food=0,
            action=-1,
            chosen=(),
            hire_kind=-1,
        )
    if state.round < FIRST_SKIRMISH_ROUND:
        return start_round(state)
    return start_skirmish(state)


def start_skirmish(state: State) -> State:
    """Phase 3: every hand is revealed as a skirmish force (§7.1), then declarations start."""
    events = state.events
    players = []
    for seat, z in enumerate(state.players):
        players.append(Zones(z.deck, z.discard, (), z.hand))
        shown = ids_text(z.hand) or "nothing"
        events += ((state.round, f"seat {seat} reveals {shown}"),)
    state = evolve(state, players=tuple(players), events=events, used=0, food=0)
    return _next_declarer(state, state.initiator)


def _next_declarer(state: State, seat: int) -> State:
    """Give the declaration to `seat` or the first seat after it with anything to declare."""
    n = state.num_players
    for _ in range(n):
        if declarations(state, seat):
            return evolve(state, phase=DECLARE, current=seat)
        seat = (seat + 1) % n
        if seat == state.initiator:
            break
    return resolve(state)


def declarations(state: State, seat: int) -> list[str]:
    """The snipes and disarms `seat` may still declare, unit by unit, targets in seat order."""
    sniped, spent = state.sniped, state.spent
    units = [
        u
        for u in state.players[seat].force
        if (IS_SNIPER[u] or IS_SABOTEUR[u]) and u not in sniped and u not in spent
    ]
    if not units:
        return []
    persons, tools = [], []
    for other, z in enumerate(state.players):
        if other != seat:
            persons += [c for c in z.force if IS_PERSON[c] and c not in sniped]
            tools += [c for c in z.force if IS_TOOL[c] and c not in state.disarmed]
    out = []
    for u in units:
        if IS_SNIPER[u]:
            out += [snipe_text("snipe", u, t) for t in persons]
        else:
            out += [snipe_text("disarm", u, t) for t in tools]
    return out


def legal_declarations(state: State) -> list[str]:
    """The current seat's declarations and `done`."""
    return [*declarations(state, state.current), DONE_TEXT]


def declare(state: State, is_snipe: bool, unit: int, target: int) -> State:
    """Apply one snipe or disarm by the current seat (§7.2)."""
    verb = "snipe" if is_snipe else "disarm"
    text = snipe_text(verb, unit, target)
    if text not in declarations(state, state.current):
        raise IllegalMoveError(f"`{text}` is not a legal declaration now")
    if is_snipe:
        state = evolve(state, sniped=state.sniped | {target})
    else:
        state = evolve(state, disarmed=state.disarmed | {target})
    state = evolve(
        state, spent=state.spent | {unit}, events=add_event(state, f"seat {state.current}: {text}")
    )
    if declarations(state, state.current):
        return state
    return pass_declaration(state)


def pass_declaration(state: State) -> State:
    """The current seat is done declaring; the next seat with something to declare goes."""
    following = (state.current + 1) % state.num_players
    if following == state.initiator:
        return resolve(state)
    return _next_declarer(state, following)


def force_strength(stats: Stats, force: tuple[int, ...], out: frozenset[int]) -> tuple[int, int]:
    """(fight, people) of a skirmish force without its sniped/disarmed cards (§7.3-7.4)."""
    active = [c for c in force if c not in out]
    return action_value(stats, FIGHT, active), people_of(active)


def skirmish_winner(fights: list[int], people: list[int], two_player: bool) -> int:
    """The winning seat, or NO_SEAT for a deadlock (§7.4-7.5, §9.3-9.4, AS-A12)."""
    top = max(fights)
    if two_player:
        second = min(fights)
        return fights.index(top) if top - second >= TWO_PLAYER_MARGIN else NO_SEAT
    tied = [s for s, f in enumerate(fights) if f == top]
    if len(tied) == 1:
        return tied[0]
    most = max(people[s] for s in tied)
    best = [s for s in tied if people[s] == most]
    return best[0] if len(best) == 1 else NO_SEAT


def resolve(state: State) -> State:
    """Fight it out; the top contested card goes to the winner or into the junkyard (§7.5-7.6)."""
    out = state.sniped | state.disarmed
    strengths = [force_strength(state.stats, z.force, out) for z in state.players]
    fights = [f for f, _ in strengths]
    people = [p for _, p in strengths]
    winner = skirmish_winner(fights, people, state.two_player)
    prize, contested = state.contested[0], state.contested[1:]
    summary = "skirmish: fight " + " ".join(map(str, fights))
    summary += ", people " + " ".join(map(str, people))
    if winner == NO_SEAT:
        junkyard, stream = state.stream.shuffled_chained(state.junkyard + (prize,))
        state = evolve(state, junkyard=junkyard, stream=stream, contested=contested)
        summary += ": deadlock, the contested resource goes into the junkyard"
    else:
        z = state.players[winner]
        z = z._replace(discard=z.discard + (prize,))
        players = state.players[:winner] + (z,) + state.players[winner + 1 :]
        state = evolve(state, players=players, contested=contested)
        summary += f": seat {winner} wins the contested resource"
    state = evolve(state, events=add_event(state, summary))
    return finish_round(state)
