"""Arctic Scavengers options and state: card zones as tuples of card indices (see cards.py),
phases and events (the setup, spec §3, is dealing.py).

The state is immutable (NamedTuples of ints and tuples): every decision builds a new state and
shares the untouched zones with the old one. Deck and pile tops are at index 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from arena.core.chance import Stream
from arena.core.game import addon_option
from arena.errors import OptionError

from .cards import (
    SHOVEL_DIG,
    STATS,
    Stats,
)

# Phases.
GATHER = 0  # the current seat chooses an action to open, or `end`
BUILD = 1  # an action is open: the current seat adds cards (or pays) then says `go`
KEEP = 2  # the current seat chooses which dug card to keep
DECLARE = 3  # skirmish declarations: the current seat snipes / disarms, then `done`
OVER = 4
# Expansion phases (expansions spec §16): a leader choice, a target's response, a save window,
# and private sub-steps of the acting seat (the others see `gather` meanwhile, as for BUILD).
LEADER, RESPOND, SAVE, TARGET, SIDE, RETURN, DROP, PICK, LOOK, YARD = range(5, 15)
PHASE_NAMES = ("gather", "build", "keep", "declare", "over", "leader", "respond", "save",
               "target", "side", "return", "drop", "pick", "look", "yard")  # fmt: skip
PRIVATE_PHASES = frozenset({BUILD, TARGET, SIDE, RETURN, DROP, PICK, LOOK, YARD})

# Gathering actions, each at most once per round (spec §4.4); bit i of `used`. The expansion
# actions follow (expansions spec 0.12); a work is open per building, not once a round.
A_DRAW, A_DIG, A_HUNT, A_HIRE, A_TRASH = range(5)
A_BUILD, A_RECON, A_DRILL, A_SNIPE, A_DISARM, A_SABOTAGE, A_DEMOLISH, A_WORK = range(5, 13)
GATHER_ACTIONS = ("draw", "dig", "hunt", "hire", "trash", "build", "recon", "drill", "snipe",
                  "disarm", "sabotage", "demolish", "work")  # fmt: skip


@dataclass(frozen=True, slots=True)
class ArcticScavengersOptions:
    """The Shovel's dig modifier (AS-A1): plus2 (spec default) or plus1 (one card database);
    one add-on bool per expansion module (expansions spec §1), all off: the base game."""

    shovel: Literal["plus2", "plus1"] = "plus2"  # cards.DEFAULT_SHOVEL (AS-A1)
    hq1: bool = addon_option()  # Medics, Tools and Gangs
    hq2: bool = addon_option()  # Engineers and Buildings
    hq3: bool = addon_option()  # Tribal Leaders
    hq4: bool = addon_option()  # Dirty Deeds
    recon1: bool = addon_option()  # Spy Hunter
    recon2: bool = addon_option()  # Liars and Thieves
    recon3: bool = addon_option()  # Expanding the Ranks
    recon4: bool = addon_option()  # Randomized Contested Resources
    recon5: bool = addon_option()  # The Kitchen Sink

    @property
    def modules(self) -> tuple[str, ...]:
        """The enabled modules' names, in option order."""
        return tuple(name for name in MODULE_NAMES if getattr(self, name))

    def __post_init__(self) -> None:
        """Refuse an unknown Shovel (parse_options builds options through here)."""
        if self.shovel not in SHOVEL_DIG:
            raise OptionError(f"option shovel takes plus2 or plus1, not {self.shovel!r}")


MODULE_NAMES = ("hq1", "hq2", "hq3", "hq4", "recon1", "recon2", "recon3", "recon4", "recon5")
NO_CARD = -1
NO_SEAT = -1
TOTAL_ROUNDS = 16  # spec §8.1: 2 rounds without a skirmish + 14 skirmishes (vector A23)
EVENT_ROUNDS = 2  # views carry the public events of the current and the previous round


class Zones(NamedTuple):
    """One player's cards. `force`: skirmish cards revealed this round (public, in play)."""

    deck: tuple[int, ...]  # top first; order hidden from everyone
    discard: tuple[int, ...]
    hand: tuple[int, ...]  # kept sorted by card index (canonical move order)
    force: tuple[int, ...]


EMPTY_ZONES = Zones((), (), (), ())


class State(NamedTuple):
    """A whole Arctic Scavengers position."""

    num_players: int
    shovel_dig: int  # AS-A1 option value
    round: int  # 1..16
    phase: int
    current: int  # the seat to decide (NO_SEAT once over)
    initiator: int
    players: tuple[Zones, ...]
    junkyard: tuple[int, ...]  # top first; hidden
    contested: tuple[int, ...]  # top first; hidden (but for the initiator's peek)
    stacks: tuple[tuple[int, ...], ...]  # mercenary stacks in MERCENARY_KINDS order, face up
    removed: tuple[int, ...]  # out of the game (Refugees not dealt, 2-player junkyard removal)
    used: int  # bits A_*: actions the current seat has done this round
    food: int  # this turn's food (spec §5.3)
    action: int  # BUILD: the open action A_*; else -1
    chosen: tuple[int, ...]  # BUILD: cards added to the open action (still in hand)
    hire_kind: int  # BUILD of a hire: the mercenary kind; else -1
    dug: tuple[int, ...]  # KEEP: the dug cards, in the order drawn (seen by the digger only)
    peek: int  # the contested card the initiator looked at this round, or NO_CARD
    spent: frozenset[int]  # Sniper Teams / Saboteurs that used their ability this round
    sniped: frozenset[int]
    disarmed: frozenset[int]
    played: tuple[tuple[int, ...], ...]  # per seat: cards played face up this round (public)
    events: tuple[tuple[int, str], ...]  # public events (round, text), recent rounds only
    stream: Stream  # seeds every later shuffle (deck reshuffles, junkyard shuffles)
    result: tuple[int, ...]  # once OVER: the people of every seat
    ext: Ext | None = None  # the expansion modules' part; None in a base game (expansion.py)

    def __deepcopy__(self, memo: dict[int, object]) -> State:
        """The state itself: it is immutable all the way down."""
        return self

    @property
    def stats(self) -> Stats:
        """The card statistics for this game's Shovel setting."""
        return STATS[self.shovel_dig]

    @property
    def two_player(self) -> bool:
        """The §9 variant applies."""
        return self.num_players == 2


_FIELD_INDEX = {name: i for i, name in enumerate(State._fields)}


def evolve(state: State, **changes: Any) -> State:
    """`state._replace(**changes)` for the engine's own hot paths: a NamedTuple's _replace
    looks up every one of the 25 fields; this sets only the changed ones."""
    values = list(state)
    for name, value in changes.items():
        values[_FIELD_INDEX[name]] = value
    return State._make(values)


def add_event(state: State, text: str) -> tuple[tuple[int, str], ...]:
    """The event list with `text` appended; events older than EVENT_ROUNDS rounds dropped."""
    events = state.events
    if events and events[0][0] <= state.round - EVENT_ROUNDS:
        events = tuple(e for e in events if e[0] > state.round - EVENT_ROUNDS)
    return (*events, (state.round, text))


def replace_player(players: tuple[Zones, ...], seat: int, zones: Zones) -> tuple[Zones, ...]:
    """`players` with seat's zones replaced."""
    return players[:seat] + (zones,) + players[seat + 1 :]


def replace_at(values: tuple, index: int, value: object) -> tuple:  # type: ignore[type-arg]
    """A tuple with one entry replaced."""
    return values[:index] + (value,) + values[index + 1 :]


def draw_cards(zones: Zones, count: int, stream: Stream) -> tuple[Zones, Stream, bool]:
    """Draw `count` cards into the hand, reshuffling the discard when the deck runs out (AS-A5).

    Returns the zones, the stream, and whether a reshuffle happened (a public event).
    """
    deck, discard, hand = zones.deck, zones.discard, zones.hand
    reshuffled = False
    if len(deck) < count and discard:
        more, stream = stream.shuffled_chained(discard)
        taken, deck = deck, more
        need = count - len(taken)
        hand = hand + taken + deck[:need]
        deck, discard, reshuffled = deck[need:], (), True
    else:
        hand = hand + deck[:count]
        deck = deck[count:]
    return Zones(deck, discard, tuple(sorted(hand)), zones.force), stream, reshuffled


# The expansion modules' part of a state (expansions spec 0.3; its rules: expansion.py).

# Where a dig's cards come from (Turn.dig).
DIG_JUNKYARD, DIG_SCHEMATICS, DIG_ORGANIZER = range(3)


class Building(NamedTuple):
    """A building in its owner's area (§5): under construction while cards are stacked on it."""

    card: int
    stack: tuple[int, ...]  # stacked cards, top first (the last placed is the top, AX-A24)
    stored: tuple[int, ...]  # stored cards, in card order
    disabled: bool  # sabotaged (HQ 4) and not repaired yet
    placed: int  # the round it was placed in

    @property
    def complete(self) -> bool:
        """No card left on it (it works unless disabled)."""
        return not self.stack

    @property
    def working(self) -> bool:
        """Complete and enabled: its ability works and it counts for the Masons."""
        return not self.stack and not self.disabled


class SeatExt(NamedTuple):
    """One seat's expansion zones and knowledge."""

    leader: int = NO_CARD  # its chosen leader (HQ 3)
    options: tuple[int, ...] = ()  # the two dealt leaders, until it chooses
    declined: int = NO_CARD  # the dealt leader it did not keep (removed unseen; it knows it)
    wounded: bool = False  # HQ 4
    power_used: bool = False  # its leader's once-a-round power, this round
    buildings: tuple[Building, ...] = ()  # in placement order
    held: tuple[int, ...] = ()  # Hardy Scavengers that join the next hand (Recon 3)
    recon: tuple[tuple[str, tuple[int, ...]], ...] = ()  # this round's recon results (of, cards)
    spied: tuple[tuple[int, tuple[int, ...]], ...] = ()  # this round: (by seat, its cards seen)
    looked: tuple[tuple[str, tuple[int, ...]], ...] = ()  # Tower and Yardmaster looks


class Pending(NamedTuple):
    """A targeted action waiting for its target's response (0.5)."""

    kind: str  # recon, snipe, disarm, sabotage, demolish, counter_snipe
    by: int  # the seat acting
    cards: tuple[int, ...]  # its played cards
    target_seat: int
    target: int  # the card or building aimed at (NO_CARD for a recon of a seat)
    responder: int
    outer: Pending | None = None  # under a counter-snipe: the recon it answers


class Turn(NamedTuple):
    """The gathering seat's scratch for its turn (reset when a turn starts)."""

    cannibal_food: int = 0  # Cannibal (AX-A33)
    med_credit: int = 0  # Butcher (AX-A32)
    done: frozenset[int] = frozenset()  # work/repair/tower uses: verb code * 1000 + building
    stored: frozenset[int] = frozenset()  # cards stored this turn (AX-A22)
    retrieved: frozenset[int] = frozenset()  # cards retrieved this turn
    last_persons: tuple[int, ...] = ()  # persons of the action just finished (Map, §12.2)
    acting: tuple[int, ...] = ()  # the cards of the action in progress (for the Map after it)
    aside: tuple[int, ...] = ()  # an action's played cards until it is over (face up)
    dig: int = DIG_JUNKYARD  # what the KEEP phase is keeping from
    from_bottom: bool = False  # Scrappers dug from the bottom
    scrappers: bool = False  # Scrappers in the dig: ask where the unkept cards go
    sled: bool = False  # a Cargo Sled dig: a second keep may follow
    kept: int = NO_CARD  # the first card kept in a Cargo Sled dig
    rest: tuple[int, ...] = ()  # unkept dug cards waiting for `return top|bottom`
    drawn: tuple[int, ...] = ()  # Courier: cards the draw brought, still droppable
    drops: int = 0  # Courier: drops still owed
    picks: tuple[int, ...] = ()  # Drill Sergeant: cards picked from the discard pile
    building: int = NO_CARD  # the building of an open work
    looks: int = 0  # Scout Tower: looks left
    yard: tuple[int, ...] = ()  # Yardmaster: the junkyard cards looked at
    value: int = 0  # a Scrappers dig's X before its side is chosen
    pending: Pending | None = None


class Fight(NamedTuple):
    """The skirmish scratch (§0.6, §0.7)."""

    provoked: frozenset[int] = frozenset()  # seats that declared `provoke`
    gassed: frozenset[int] = frozenset()
    bombed: tuple[tuple[int, int], ...] = ()  # (seat, card) bombed out of a force (§6.4)
    revealed: tuple[int, ...] = ()  # per seat: cards in its force at the reveal (Decoys)
    sniper: int = NO_SEAT  # a save window: the sniping seat, its unit and target
    unit: int = NO_CARD
    target: int = NO_CARD
    askers: tuple[int, ...] = ()  # seats still to be asked in the save window


class Ext(NamedTuple):
    """The expansion part of a state."""

    modules: int  # module bits
    stack_kinds: tuple[int, ...]  # the kind of each mercenary stack (State.stacks), 0.8
    schematics: tuple[int, ...]  # the engineering schematics pile, top first (hidden)
    gangs: tuple[int, ...]  # gang cards in play (public)
    unseen: tuple[int, ...]  # removed face down: unchosen leaders, unused contested resources
    seats: tuple[SeatExt, ...]
    turn: Turn = Turn()
    fight: Fight = Fight()
    gang_winners: tuple[int, ...] = ()  # once over: per gang of `gangs`, its seat or NO_SEAT
