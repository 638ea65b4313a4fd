"""The boss's belief with expansion modules on: a state dealt from one seat's view alone.

Everything the view shows is put where it shows it: the seat's own zones and buildings' cards,
every force, played and held card, buildings, leaders once public, the market (a stack keeps
its highest serials: hires take from the top), the peeked contested card, the cards of an open
action, a dig's cards while the seat keeps from it. The hidden cards (other seats' hands, decks,
discard piles, stacked and stored cards, the junkyard, the contested pile, the schematics,
what is out unseen) are dealt at random within their class (module_sampling.card_class), each
other seat's first from the cards that are likely its own: its starting deck and the cards its
public events named (not trashed). Fields no view shows (the turn's scratch, who was spied) are
left at their start. The boss only searches a state whose legal moves for the seat are the
referee's (`matches`); where the view keeps too much from it (a leader choice, a pending
targeted action, an open module action), `sample` answers None and the boss plays greedy.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from arena.core.chance import Stream

from . import rules
from .belief import round_events
from .buildings import REPAIR, TOWER, WORK, fits
from .cards import CARD_BY_ID, CARD_KIND, KIND_INDEX, KINDS, MERCENARY_KINDS
from .dealing import setup
from .expansion import ext_of
from .module_sampling import BUILDING, DECK, card_class
from .module_setup import game_cards
from .state import (
    GATHER_ACTIONS,
    KEEP,
    MODULE_NAMES,
    NO_CARD,
    PHASE_NAMES,
    ArcticScavengersOptions,
    Building,
    Ext,
    SeatExt,
    State,
    Zones,
)

_SHOVEL_OF_DIG = {2: "plus2", 1: "plus1"}
_UNSUPPORTED = frozenset({"leader", "respond", "save", "target"})  # phases left to greedy
_USES = {"work": WORK, "repair": REPAIR, "tower": TOWER}  # Turn.done's codes (buildings.py)
_PLAIN_ACTIONS = frozenset({"", "draw", "dig", "hunt", "hire", "trash"})  # open actions dealt
_ID = CARD_BY_ID.__getitem__


@dataclass
class Hints:
    """One seat's memory of a match's public events (a view carries only two rounds)."""

    events: dict[int, list[str]] = field(default_factory=dict)

    def update(self, view: Mapping[str, Any]) -> None:
        """Take in a view: its rounds' events replace what was kept of those rounds."""
        rounds: dict[int, list[str]] = {}
        for rnd, text in round_events(view):
            rounds.setdefault(rnd, []).append(text)
        self.events.update(rounds)

    def owners(self, num_players: int) -> list[set[int]]:
        """Per seat, the cards its own events named (played, hired, revealed), less those it
        trashed afterwards (they went to the junkyard)."""
        named: list[set[int]] = [set() for _ in range(num_players)]
        for rnd in sorted(self.events):
            for text in self.events[rnd]:
                words = text.split()
                if len(words) < 2 or words[0] != "seat" or not words[1].rstrip(":").isdigit():
                    continue
                seat = int(words[1].rstrip(":"))
                cards = {CARD_BY_ID[w] for w in words if w in CARD_BY_ID}
                if 0 <= seat < num_players:
                    if "trash" in words:
                        named[seat] -= cards
                    else:
                        named[seat] |= cards
        return named


def options_of_view(view: Mapping[str, Any]) -> ArcticScavengersOptions:
    """The game's options as the view shows them (the Shovel and the modules)."""
    on: dict[str, Any] = {m: True for m in view["expansion"]["modules"] if m in MODULE_NAMES}
    on["shovel"] = _SHOVEL_OF_DIG[view["shovel_dig"]]
    return ArcticScavengersOptions(**on)


def matches(state: State, seat: int, legal: Sequence[str]) -> bool:
    """Whether the dealt state offers the seat exactly the referee's moves."""
    return sorted(rules.legal_moves(state, seat)) == sorted(legal)


def sample(view: Mapping[str, Any], rng: random.Random, hints: Hints | None = None) -> State | None:
    """A state whose public and own parts are the view's, its hidden cards dealt from `rng`;
    None where the view keeps more from the seat than this belief models."""
    x = view["expansion"]
    if view["phase"] in _UNSUPPORTED or x["pending"]["kind"] or not view["to_move"]:
        return None
    if view["open_action"] not in _PLAIN_ACTIONS:
        return None  # a module action's scratch (its building, its picks) is not in the view
    if any(p["leader"] == "" for p in x["players"]) and "hq3" in x["modules"]:
        return None  # the leaders are still being chosen
    n = view["num_players"]
    template = setup(n, options_of_view(view), random.Random(rng.getrandbits(32)))
    stack_kinds = tuple(KIND_INDEX[c] for c in view["stack_codes"])
    base = _fixed(template, stack_kinds)
    owners = (hints or Hints()).owners(n)
    starting = [set(z.deck) | set(z.hand) for z in template.players]
    likely = [s | o for s, o in zip(starting, owners, strict=True)]
    shown = _Shown(view)
    stacks = _stacks(base, view, stack_kinds, shown.located | set(base.removed))
    if stacks is None:
        return None
    located = shown.located | set(base.removed) | set(ext_of(base).gangs)
    located |= {c for stack in stacks for c in stack}
    pool = [c for c in game_cards(ext_of(base).modules) if c not in located]
    rng.shuffle(pool)
    deal = _Pool(pool)
    zones, seats = [], []
    for o in range(n):
        seat = (
            _own_seat(base, shown, o, rng)
            if o == view["seat"]
            else _other(base, shown, o, deal, likely[o])
        )
        if seat is None:
            return None
        zones.append(seat[0])
        seats.append(seat[1])
    return _assemble(base, view, rng, deal, tuple(zones), tuple(seats), stacks, shown)


def _fixed(template: State, stack_kinds: tuple[int, ...]) -> State:
    """The template with the view's market: its stacks' kinds, the other kinds removed."""
    used = set(stack_kinds)
    dealt = {c for z in template.players for c in (*z.deck, *z.hand)}  # the same in every deal
    removed = [c for c in template.removed if CARD_KIND[c] not in MERCENARY_KINDS]
    removed += [
        c
        for c in game_cards(ext_of(template).modules)
        if CARD_KIND[c] in MERCENARY_KINDS and CARD_KIND[c] not in used and c not in dealt
    ]
    ext = ext_of(template)._replace(stack_kinds=stack_kinds)
    return template._replace(removed=tuple(sorted(set(removed))), ext=ext)


class _Shown:
    """The cards the view puts somewhere, by where."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        x, me = view["expansion"], view["seat"]
        self.view, self.x = view, x
        self.acting = view["to_move"] == [me] and view["phase"] != "over"
        self.mine = {k: _ids(view[k]) for k in ("hand", "deck_cards", "discard_cards")}
        self.forces = [_ids(p["force"]) for p in view["players"]]
        self.held = [_ids(p["held"]) for p in x["players"]]
        self.leaders = [_ID(p["leader"]) if p["leader"] else NO_CARD for p in x["players"]]
        self.built = [_ids([b["id"] for b in p["buildings"]]) for p in x["players"]]
        self.stacked = {_ID(b["building"]): _ids(b["cards"]) for b in x["building_cards"]}
        self.stored = {_ID(b["building"]): _ids(b["cards"]) for b in x["stored_cards"]}
        self.dug = _ids(view["dug"]) if self.acting else []
        drawn = _ids(x["drawn"]) if self.acting else []
        self.peek = _ID(view["peek"]) if view["peek"] else NO_CARD
        zones = (*self.mine.values(), *self.forces, *self.held, *self.built, self.dug, drawn)
        located = {c for zone in zones for c in zone}
        located |= {c for zone in (*self.stacked.values(), *self.stored.values()) for c in zone}
        located |= {c for c in (*self.leaders, self.peek) if c != NO_CARD}
        self.located = located


def _ids(ids: Sequence[str]) -> list[int]:
    return [CARD_BY_ID[c] for c in ids]


def _stacks(
    base: State, view: Mapping[str, Any], kinds: tuple[int, ...], located: set[int]
) -> tuple[tuple[int, ...], ...] | None:
    """The market: each stack its kind's highest serials (hires take the top, lowest first)."""
    everything = game_cards(ext_of(base).modules)
    stacks = []
    for kind, count in zip(kinds, view["stacks"], strict=True):
        free = [c for c in everything if CARD_KIND[c] == kind and c not in located]
        if len(free) < count:
            return None
        stacks.append(tuple(free[len(free) - count :]))
    return tuple(stacks)


def _buildings(
    seen: Mapping[str, Any],
    stacked: Mapping[int, Sequence[int]],
    stored: Mapping[int, Sequence[int]],
) -> tuple[Building, ...]:
    out = []
    for b in seen["buildings"]:
        card = _ID(b["id"])
        out.append(
            Building(
                card,
                tuple(stacked.get(card, ())),
                tuple(sorted(stored.get(card, ()))),
                b["state"] == "disabled",
                b["placed_round"],
            )  # fmt: skip
        )
    return tuple(out)


def _own_seat(base: State, shown: _Shown, o: int, rng: random.Random) -> tuple[Zones, SeatExt]:
    """The viewing seat: everything as its view shows it, its deck's order shuffled."""
    deck = list(shown.mine["deck_cards"])
    rng.shuffle(deck)
    zone = Zones(tuple(deck), tuple(shown.mine["discard_cards"]),
                 tuple(sorted(shown.mine["hand"])), tuple(shown.forces[o]))  # fmt: skip
    buildings = _buildings(shown.x["players"][o], shown.stacked, shown.stored)
    return zone, _seat(base, shown, o, buildings, own=True)


def _other(
    base: State, shown: _Shown, o: int, deal: _Pool, likely: set[int]
) -> tuple[Zones, SeatExt] | None:
    """Another seat: its hand, discard pile, deck and buildings' cards dealt, likely first."""
    p, seen = shown.view["players"][o], shown.x["players"][o]
    hand, discard, deck = (deal.take(p[k], likely) for k in ("hand", "discard", "deck"))
    if hand is None or discard is None or deck is None:
        return None
    stacked: dict[int, Sequence[int]] = {}
    stored: dict[int, Sequence[int]] = {}
    for b in seen["buildings"]:
        card = _ID(b["id"])
        on, kept = deal.take(b["stacked"], likely), deal.take(b["stored"], likely, fit=card)
        if on is None or kept is None:
            return None
        stacked[card], stored[card] = on, kept
    zone = Zones(deck, discard, tuple(sorted(hand)), tuple(shown.forces[o]))
    return zone, _seat(base, shown, o, _buildings(seen, stacked, stored), own=False)


class _Pool:
    """The hidden cards, shuffled: taken by class, a seat's likely cards first."""

    def __init__(self, cards: list[int]) -> None:
        self.cards = cards

    def take(
        self, count: int, likely: set[int] | None = None, *, klass: int = DECK, fit: int = NO_CARD
    ) -> tuple[int, ...] | None:
        def ok(c: int) -> bool:
            return card_class(c) == klass and (fit == NO_CARD or fits(fit, c))

        first = [c for c in self.cards if likely and c in likely and ok(c)][:count]
        rest = [c for c in self.cards if c not in first and ok(c)][: count - len(first)]
        out = first + rest
        if len(out) < count:
            return None
        taken = set(out)
        self.cards = [c for c in self.cards if c not in taken]
        return tuple(out)


def _seat(
    base: State, shown: _Shown, o: int, buildings: tuple[Building, ...], *, own: bool
) -> SeatExt:
    seen, x = shown.x["players"][o], shown.x
    recon = tuple((r["of"], tuple(_ids(r["cards"]))) for r in x["recon"]) if own else ()
    looked = tuple((r["of"], tuple(_ids(r["cards"]))) for r in x["looked"]) if own else ()
    return (
        ext_of(base)
        .seats[o]
        ._replace(
            leader=shown.leaders[o],
            options=(),
            declined=NO_CARD,
            wounded=seen["wounded"],
            power_used=seen["leader_used"],
            buildings=buildings,
            held=tuple(shown.held[o]),
            recon=recon,
            looked=looked,
        )
    )


def _assemble(
    base: State,
    view: Mapping[str, Any],
    rng: random.Random,
    deal: _Pool,
    zones: tuple[Zones, ...],
    seats: tuple[SeatExt, ...],
    stacks: tuple[tuple[int, ...], ...],
    shown: _Shown,
) -> State | None:
    """The rest of the state: the junkyard, contested pile and schematics dealt, the unseen
    cards what is left, every other field from the view."""
    x, dug, peek, acting = view["expansion"], shown.dug, shown.peek, shown.acting
    phase = PHASE_NAMES.index(view["phase"])
    if phase == KEEP and (not dug or any(card_class(c) != DECK for c in dug)):
        return None  # an Organizer's draw or a builder's look at the schematics: not modelled
    contested_count = view["contested"] - (peek != NO_CARD)
    contested = _contested_first(deal, contested_count)
    junkyard = deal.take(view["junkyard"])
    schematics = deal.take(x["schematics"], klass=BUILDING)
    if contested is None or junkyard is None or schematics is None:
        return None
    ext: Ext = ext_of(base)
    rnd = view["round"]
    spent = frozenset(
        _ID(text.split()[3])
        for r, text in round_events(view)
        if r == rnd and text.split()[2:3] in (["snipe"], ["disarm"]) and text.split()[3:4]
        and text.split()[3] in CARD_BY_ID
    )  # fmt: skip
    fight = ext.fight._replace(
        provoked=frozenset(s for s, p in enumerate(x["players"]) if p["provoked"]),
        gassed=frozenset(_ID(c) for p in x["players"] for c in p["gassed"]),
        bombed=tuple((s, _ID(c)) for s, p in enumerate(x["players"]) for c in p["bombed"]),
        revealed=tuple(len(p["force"]) for p in view["players"]),
    )
    turn = ext.turn._replace(
        cannibal_food=x["cannibal_food"], med_credit=x["med_credit"], done=_done(view)
    )
    ext = ext._replace(
        schematics=schematics,
        unseen=tuple(sorted(deal.cards)),
        seats=seats,
        turn=turn,
        fight=fight,
        gangs=tuple(c for c in ext.gangs if KINDS[CARD_KIND[c]].code in x["gangs"]),
    )
    by_id = _ID
    return base._replace(
        round=rnd,
        phase=phase,
        current=view["to_move"][0],
        initiator=view["initiator"],
        players=zones,
        junkyard=junkyard,
        contested=((peek,) if peek != NO_CARD else ()) + contested,
        stacks=stacks,
        used=sum(1 << GATHER_ACTIONS.index(a) for a in view["actions_used"]),
        food=view["food"],
        action=GATHER_ACTIONS.index(view["open_action"]) if acting and view["open_action"] else -1,
        chosen=tuple(map(by_id, view["chosen"])) if acting else (),
        hire_kind=KIND_INDEX[view["hire_code"]] if acting and view["hire_code"] else -1,
        dug=tuple(dug),
        peek=peek,
        spent=spent,
        sniped=frozenset(by_id(c) for p in view["players"] for c in p["sniped"]),
        disarmed=frozenset(by_id(c) for p in view["players"] for c in p["disarmed"]),
        played=tuple(tuple(map(by_id, p["played"])) for p in view["players"]),
        events=tuple(round_events(view)),
        stream=Stream.from_rng(rng),
        result=tuple(view["result"]),
        ext=ext,
    )


def _done(view: Mapping[str, Any]) -> frozenset[int]:
    """The buildings the seat to move worked, repaired or looked from this round (its one
    gathering turn): their public events."""
    rnd, prefix = view["round"], f"seat {view['to_move'][0]}:"
    done = set()
    for r, text in round_events(view):
        words = text.split()
        if r == rnd and text.startswith(prefix) and len(words) > 3 and words[2] in _USES:
            done.add(_USES[words[2]] * 1000 + _ID(words[3]))
    return frozenset(done)


def _contested_first(deal: _Pool, count: int) -> tuple[int, ...] | None:
    """The contested pile: unseen contested resources first, then any hidden card."""
    contested = {c for c in deal.cards if KINDS[CARD_KIND[c]].contested}
    return deal.take(count, contested)
