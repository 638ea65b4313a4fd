"""The skirmish with expansion modules on (expansions spec 0.6, 0.7), entered when the last
seat ends its gathering (round 3 on): declarations (snipes of
persons and leaders, Assassins, disarms, Tear Gas, the Fanatic's bomb, `provoke`), the save
window after each snipe, and the resolution with Provocateurs, Rogues, Decoys, the Gangster
and Hardy Scavengers.
"""

from __future__ import annotations

from .buildings import decoys
from .cards import (
    CARD_ID,
    CARD_KIND,
    FIGHT,
    FIRST_SKIRMISH_ROUND,
    IS_PERSON,
    IS_TOOL,
    KIND_INDEX,
    PEOPLE,
    ids_text,
)
from .expansion import HQ4, RECON2, ext_of, set_fight, with_seat
from .leaders import FAN, SAA, healthy_leader, use_power
from .module_notation import card_move
from .module_rounds import begin_turn, finish_round, start_round
from .responses import single_unit
from .state import DECLARE, NO_CARD, NO_SEAT, SAVE, State, Turn, Zones, add_event, replace_player
from .values import GAN, REF_KIND, action_value, xstats

_K = KIND_INDEX
SNI, ASN, SAB, TEA, PRO, ROG, MED, CMD, HSC = (
    _K[c] for c in ("SNI", "ASN", "SAB", "TEA", "PRO", "ROG", "MED", "CMD", "HSC")
)
SAVERS = frozenset({MED, CMD})  # AX-A13, AX-A60
GANGSTER_REFUGEE_PEOPLE = 2  # the Gangster's Refugees in the 3+ player tie-break
TWO_PLAYER_MARGIN = 2  # base §9.4


def end_gathering(state: State) -> State:
    """`end`: the next seat gathers, or Phase 3 follows (round 3 on)."""
    seat = state.current
    left = len(state.players[seat].hand)
    state = state._replace(events=add_event(state, f"seat {seat}: end ({left} cards kept)"))
    following = (seat + 1) % state.num_players
    if following != state.initiator:
        return begin_turn(state, following)
    state = state._replace(food=0, used=0, ext=ext_of(state)._replace(turn=Turn()))
    if state.round < FIRST_SKIRMISH_ROUND:
        return start_round(state)
    return start_skirmish(state)


def start_skirmish(state: State) -> State:
    """Every hand is revealed as a skirmish force; declarations start with the initiator."""
    events = state.events
    players = []
    for seat, z in enumerate(state.players):
        players.append(Zones(z.deck, z.discard, (), z.hand))
        events += ((state.round, f"seat {seat} reveals {ids_text(z.hand) or 'nothing'}"),)
    state = state._replace(players=tuple(players), events=events, used=0, food=0)
    state = set_fight(state, revealed=tuple(len(z.force) for z in players))
    return _next_declarer(state, state.initiator)


def _next_declarer(state: State, seat: int) -> State:
    n = state.num_players
    for _ in range(n):
        if declarations(state, seat):
            return state._replace(phase=DECLARE, current=seat)
        seat = (seat + 1) % n
        if seat == state.initiator:
            break
    return resolve(state)


def _active(state: State, seat: int) -> list[int]:
    return [c for c in state.players[seat].force if c not in state.sniped]


def declarations(state: State, seat: int) -> list[str]:
    """The seat's declarations, unit by unit in force order, targets in seat order (force
    cards in card order, then the seat's leader), then `provoke`."""
    ext, fight = ext_of(state), ext_of(state).fight
    others = [t for t in range(state.num_players) if t != seat]
    bomber = healthy_leader(state, seat) == FAN and not ext.seats[seat].power_used
    moves: list[str] = []
    for u in _active(state, seat):
        kind = CARD_KIND[u]
        if u in state.spent or kind not in (SNI, ASN, SAB, TEA, REF_KIND):
            continue
        for t in others:
            cards = _active(state, t)
            if kind == SNI:
                targets = [c for c in cards if IS_PERSON[c]]
                leader = ext.seats[t].leader
                if ext.modules & HQ4 and leader != NO_CARD and not ext.seats[t].wounded:
                    targets.append(leader)  # AX-A38
                moves += [card_move("snipe", u, c) for c in targets]
            elif kind == ASN and ext.modules & RECON2:
                moves += [card_move("snipe", u, c) for c in cards if single_unit(c)]
            elif kind == SAB and healthy_leader(state, t) != SAA:
                moves += [
                    card_move("disarm", u, c)
                    for c in cards
                    if IS_TOOL[c] and c not in state.disarmed
                ]
            elif kind == TEA:
                gassed = fight.gassed
                moves += [card_move("gas", u, c) for c in cards if IS_PERSON[c] and c not in gassed]
            elif kind == REF_KIND and bomber:
                moves += [card_move("bomb", u, c) for c in cards]
    if seat not in fight.provoked and any(CARD_KIND[c] == PRO for c in _active(state, seat)):
        moves.append("provoke")
    return moves


def legal_declarations(state: State) -> list[str]:
    """The current seat's declarations and `done`."""
    return [*declarations(state, state.current), "done"]


def _owner(state: State, card: int) -> int:
    ext = ext_of(state)
    for t, z in enumerate(state.players):
        if card in z.force or ext.seats[t].leader == card:
            return t
    return NO_SEAT


def declare(state: State, verb: str, args: tuple[object, ...]) -> State:
    """Apply one declaration of the current seat (§0.6)."""
    seat = state.current
    if verb == "provoke":
        state = state._replace(events=add_event(state, f"seat {seat}: provoke"))
        state = set_fight(state, provoked=ext_of(state).fight.provoked | {seat})
        return _after(state, seat)
    unit, target = (int(a) for a in args)  # type: ignore[call-overload]
    text = card_move(verb, unit, target)
    state = state._replace(
        spent=state.spent | {unit}, events=add_event(state, f"seat {seat}: {text}")
    )
    if verb == "snipe":
        askers = _savers(state, seat, target)
        if askers:
            state = set_fight(state, sniper=seat, unit=unit, target=target, askers=askers)
            return state._replace(phase=SAVE, current=askers[0])
        return _after(_snipe(state, target), seat)
    if verb == "disarm":
        return _after(state._replace(disarmed=state.disarmed | {target}), seat)
    if verb == "gas":
        return _after(set_fight(state, gassed=ext_of(state).fight.gassed | {target}), seat)
    return _after(_bomb(state, seat, unit, target), seat)


def _bomb(state: State, seat: int, refugee: int, target: int) -> State:
    """The Fanatic (AX-A34): the Refugee leaves the game, the target goes to its discard."""
    owner = _owner(state, target)
    z = state.players[seat]
    players = replace_player(
        state.players, seat, z._replace(force=tuple(c for c in z.force if c != refugee))
    )
    zt = players[owner]
    zt = zt._replace(
        force=tuple(c for c in zt.force if c != target), discard=zt.discard + (target,)
    )
    state = state._replace(
        players=replace_player(players, owner, zt),
        removed=tuple(sorted(state.removed + (refugee,))),
    )
    bombed = ext_of(state).fight.bombed + ((seat, refugee), (owner, target))
    state = set_fight(state, bombed=bombed)
    return use_power(state, seat)


def _savers(state: State, sniper: int, target: int) -> tuple[int, ...]:
    """Seats asked in the save window: the victim's owner first, clockwise, not the sniper."""
    owner, n = _owner(state, target), state.num_players
    order = [(owner + i) % n for i in range(n)]
    return tuple(s for s in order if s != sniper and _save_cards(state, s, target))


def _save_cards(state: State, seat: int, target: int) -> list[int]:
    return [
        c
        for c in _active(state, seat)
        if CARD_KIND[c] in SAVERS and c not in state.spent and c != target
    ]


def legal_saves(state: State) -> list[str]:
    """The asked seat's savers in card order, then `allow`."""
    target = ext_of(state).fight.target
    return [*(card_move("save", c) for c in _save_cards(state, state.current, target)), "allow"]


def save_answer(state: State, saver: int | None) -> State:
    """`save` ends the window and the snipe fails; `allow` asks the next seat or lets it hit."""
    fight, seat = ext_of(state).fight, state.current
    if saver is not None:
        text = f"seat {seat}: save {CARD_ID[saver]}"
        state = state._replace(spent=state.spent | {saver}, events=add_event(state, text))
        return _after(set_fight(state, askers=(), target=NO_CARD), fight.sniper)
    state = state._replace(events=add_event(state, f"seat {seat}: allow"))
    askers = fight.askers[1:]
    if askers:
        return set_fight(state, askers=askers)._replace(current=askers[0])
    state = _snipe(set_fight(state, askers=(), target=NO_CARD), fight.target)
    return _after(state, fight.sniper)


def _snipe(state: State, target: int) -> State:
    """A snipe that stands: a card counts for nothing, a leader is wounded at once (§7.3)."""
    ext = ext_of(state)
    for t, s in enumerate(ext.seats):
        if s.leader == target:
            return state._replace(ext=with_seat(ext, t, s._replace(wounded=True)))
    return state._replace(sniped=state.sniped | {target})


def _after(state: State, seat: int) -> State:
    """The declaring seat goes on, or the next seat with something to declare."""
    state = state._replace(phase=DECLARE, current=seat)
    if declarations(state, seat):
        return state
    return pass_declaration(state)


def pass_declaration(state: State) -> State:
    """The current seat is done; the next seat with a declaration goes, or the fight."""
    following = (state.current + 1) % state.num_players
    if following == state.initiator:
        return resolve(state)
    return _next_declarer(state, following)


def strengths(state: State) -> tuple[list[int], list[int], list[bool]]:
    """Per seat: fight, tie people and whether it has an active Rogue (0.7 steps 1-4)."""
    ext, x = ext_of(state), xstats(state.shovel_dig)
    fight = ext.fight
    fights, people, rogues = [], [], []
    for seat in range(state.num_players):
        leader = healthy_leader(state, seat)
        active = _active(state, seat)
        cards = [c for c in active if c not in state.disarmed]
        natural, _ = action_value(
            x, FIGHT, cards, leader, not ext.seats[seat].power_used, no_fight=fight.gassed
        )
        size = sum(PEOPLE[c] for c in active if IS_PERSON[c])
        size += decoys(ext, seat, fight.revealed[seat] if fight.revealed else 0)
        provoked = seat in fight.provoked and any(CARD_KIND[c] == PRO for c in active)
        fights.append(size if provoked else natural)
        refugees = sum(1 for c in active if CARD_KIND[c] == REF_KIND) if leader == GAN else 0
        people.append(size + (GANGSTER_REFUGEE_PEOPLE - 1) * refugees)
        rogues.append(any(CARD_KIND[c] == ROG for c in active))
    return fights, people, rogues


def winner(
    fights: list[int], people: list[int], rogues: list[bool], initiator: int, two_player: bool
) -> tuple[int, bool]:
    """(winning seat or NO_SEAT, whether a Rogue decided it) (0.7 step 5, AX-A50)."""
    n = len(fights)
    order = [(initiator + i) % n for i in range(n)]
    top = max(fights)
    first_rogue = next((s for s in order if rogues[s]), NO_SEAT)
    if two_player:
        if top - min(fights) >= TWO_PLAYER_MARGIN:
            return fights.index(top), False
        if fights[0] == fights[1] and first_rogue != NO_SEAT:
            return first_rogue, True
        return NO_SEAT, False
    tied = [s for s in range(n) if fights[s] == top]
    if len(tied) == 1:
        return tied[0], False
    if first_rogue != NO_SEAT:
        return first_rogue, True
    most = max(people[s] for s in tied)
    best = [s for s in tied if people[s] == most]
    return (best[0] if len(best) == 1 else NO_SEAT), False


def resolve(state: State) -> State:
    """Fight it out; Hardy Scavengers of the seats that did not win are held (AX-A56)."""
    fights, people, rogues = strengths(state)
    won, by_rogue = winner(fights, people, rogues, state.initiator, state.two_player)
    ext = ext_of(state)
    players = list(state.players)
    seats = list(ext.seats)
    for seat, z in enumerate(players):
        hardy = tuple(c for c in z.force if CARD_KIND[c] == HSC)
        if seat != won and hardy:
            players[seat] = z._replace(force=tuple(c for c in z.force if c not in hardy))
            seats[seat] = seats[seat]._replace(held=seats[seat].held + hardy)
    state = state._replace(
        players=tuple(players),
        ext=ext._replace(seats=tuple(seats)),
        sniped=state.sniped & {c for z in players for c in z.force},
    )
    prize, contested = state.contested[0], state.contested[1:]
    summary = "skirmish: fight " + " ".join(map(str, fights))
    summary += ", people " + " ".join(map(str, people))
    if won == NO_SEAT:
        junkyard, stream = state.stream.shuffled_chained(state.junkyard + (prize,))
        state = state._replace(junkyard=junkyard, stream=stream, contested=contested)
        summary += ": deadlock, the contested resource goes into the junkyard"
    else:
        z = state.players[won]
        players = list(state.players)
        players[won] = z._replace(discard=z.discard + (prize,))
        state = state._replace(players=tuple(players), contested=contested)
        summary += f": seat {won} wins the contested resource" + (" (rogue)" if by_rogue else "")
    return finish_round(state._replace(events=add_event(state, summary)))
