"""Full engine states consistent with a seat's view, for search bots that read only views.

A seat sees its own cards, every count, the skirmish forces, the cards played this round and
the public events of the current and the previous round. `Memory` folds the events of every
view a bot receives into what they reveal: who owns which card (starting decks, cards played,
hired, revealed) and which cards went into the junkyard, and how many unseen cards each seat
gained (a kept dug card, a won contested resource). `sample` then deals every card the seat
cannot see: the contested pile from contested resources never seen, each other seat's cards
from what it is known to own plus unseen gains drawn from the right pools, the rest into the
junkyard; every count, every visible card and the phase are as the view shows them.

Only the base game is modelled: a view of a game with expansion modules is refused.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from arena.core.chance import Stream
from arena.errors import ConfigError

from .cards import (
    CARD_BY_ID,
    CARD_KIND,
    CONTESTED_KINDS,
    KIND_INDEX,
    MERCENARY_KINDS,
    NUM_CARDS,
    PEEK_FROM_ROUND,
)
from .dealing import setup
from .state import (
    BUILD,
    GATHER_ACTIONS,
    KEEP,
    NO_CARD,
    PHASE_NAMES,
    ArcticScavengersOptions,
    State,
    Zones,
)

BASE_VIEW_KEYS = frozenset(
    "seat num_players shovel_dig round rounds phase to_move initiator junkyard contested stacks "
    "stack_codes players actions_used food hand deck_cards discard_cards open_action hire_code "
    "chosen dug peek events result".split()
)
JUNKYARD = -2  # Memory.owner: the card went into the junkyard
_SHOVEL_OF_DIG = {2: "plus2", 1: "plus1"}
_CONTESTED = frozenset(c for c in range(NUM_CARDS) if CARD_KIND[c] in CONTESTED_KINDS)


def is_base_game(view: Mapping[str, Any]) -> bool:
    """Whether the view is of the base game (no expansion module or part in it)."""
    return not view.get("modules") and set(view) <= BASE_VIEW_KEYS


def check_base_game(view: Mapping[str, Any]) -> None:
    """Refuse what this module does not model: a view with expansion modules or parts."""
    if not is_base_game(view):
        extra_keys = sorted(set(view) - BASE_VIEW_KEYS)
        raise ConfigError(
            "the Arctic Scavengers belief models the base game only (every expansion module "
            f"off); this view has {', '.join(extra_keys)} (modules: {view.get('modules')})"
        )


def _ids(text: str) -> list[int]:
    return [CARD_BY_ID[t] for t in text.split() if t in CARD_BY_ID]


def round_events(view: Mapping[str, Any]) -> list[tuple[int, str]]:
    """The view's events with their round, from the `round N:` event that opens each round."""
    rnd = view["round"]
    texts = view["events"]
    markers = [t for t in texts if t.startswith("round ")]
    if markers:
        rnd = int(markers[0].split()[1].rstrip(":"))
    out = []
    for text in texts:
        if text.startswith("round "):
            rnd = int(text.split()[1].rstrip(":"))
        out.append((rnd, text))
    return out


@dataclass
class Memory:
    """What the public events of a match revealed so far, for one seat's bot."""

    num_players: int
    events: dict[int, list[str]] = field(default_factory=dict)  # round -> its events
    _known: Knowledge | None = None  # the fold of `events`, until they change

    def update(self, view: Mapping[str, Any]) -> None:
        """Take in a view: its rounds' events replace what was kept of those rounds."""
        by_round: dict[int, list[str]] = {}
        for rnd, text in round_events(view):
            by_round.setdefault(rnd, []).append(text)
        if any(self.events.get(r) != texts for r, texts in by_round.items()):
            self.events.update(by_round)
            self._known = None

    def knowledge(self, starting: list[tuple[int, ...]]) -> Knowledge:
        """Fold the kept events, from the starting decks on (read only: it is shared)."""
        if self._known is None:
            self._known = self._fold(starting)
        return self._known

    def _fold(self, starting: list[tuple[int, ...]]) -> Knowledge:
        know = Knowledge(self.num_players)
        for seat, deck in enumerate(starting):
            for c in deck:
                know.owner[c] = seat
        for rnd in sorted(self.events):
            for text in self.events[rnd]:
                know.read(text)
        return know


@dataclass
class Knowledge:
    """Known owners of cards (a seat, or JUNKYARD) and each seat's unseen gains."""

    num_players: int
    owner: dict[int, int] = field(default_factory=dict)
    won: list[int] = field(default_factory=list)  # per seat: contested resources won unseen
    kept: list[int] = field(default_factory=list)  # per seat: dug cards kept unseen

    def __post_init__(self) -> None:
        self.won = [0] * self.num_players
        self.kept = [0] * self.num_players

    def read(self, text: str) -> None:
        """Take in one public event."""
        words = text.split()
        if words[0] != "seat":
            if "wins the contested resource" in text:
                self.won[int(words[words.index("seat") + 1])] += 1
            return
        seat = int(words[1].rstrip(":"))
        verb = words[2]
        if verb == "trash":
            for c in _ids(text):
                self.owner[c] = JUNKYARD
        elif verb in ("draw", "hunt", "dig", "hire", "reveals", "snipe", "disarm"):
            cards = _ids(text)
            if verb in ("snipe", "disarm"):
                cards = cards[:1]  # the target belongs to another seat, seen in its force
            for c in cards:
                self.owner[c] = seat
        elif verb == "keeps" and words[3] == "one":
            self.kept[seat] += 1


@lru_cache(maxsize=16)
def _template(num_players: int, options: ArcticScavengersOptions) -> State:
    """A dealt state of this size and options: its removed cards and starting decks are the
    same in every deal (setup deals by id order and only shuffles)."""
    return setup(num_players, options, random.Random(0))


def starting_decks(num_players: int, options: ArcticScavengersOptions) -> list[tuple[int, ...]]:
    """Every seat's ten starting cards."""
    return [tuple(sorted(z.deck + z.hand)) for z in _template(num_players, options).players]


def _stacks(view: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
    """The mercenary stacks: hires take the lowest id first, so a stack holds its last ids."""
    out = []
    for kind, size in zip(MERCENARY_KINDS, view["stacks"], strict=True):
        ids = [c for c in range(NUM_CARDS) if CARD_KIND[c] == kind]
        out.append(tuple(ids[len(ids) - size :]) if size else ())
    return tuple(out)


def sample(
    view: Mapping[str, Any],
    rng: random.Random,
    memory: Memory | None = None,
    *,
    updated: bool = False,
) -> State:
    """A state whose view for the viewing seat is `view`, its hidden cards dealt from `rng`
    (`memory`: the events of the match's earlier views; `updated`: it has seen this one)."""
    check_base_game(view)
    me, n = view["seat"], view["num_players"]
    options = ArcticScavengersOptions(shovel=_SHOVEL_OF_DIG[view["shovel_dig"]])  # type: ignore[arg-type]
    base = _template(n, options)  # every field typed, module options off
    if memory is None:
        memory = Memory(n)
    if not updated:
        memory.update(view)
    know = memory.knowledge(starting_decks(n, options))
    players = view["players"]
    mine = {
        "hand": [CARD_BY_ID[c] for c in view["hand"]],
        "deck": [CARD_BY_ID[c] for c in view["deck_cards"]],
        "discard": [CARD_BY_ID[c] for c in view["discard_cards"]],
    }
    forces = [[CARD_BY_ID[c] for c in p["force"]] for p in players]
    # Cards played this round went to their owner's discard pile (but the trashed ones); a
    # reshuffle later in the round may have taken them on into the deck or the hand.
    played = [
        list(dict.fromkeys(c for c in map(CARD_BY_ID.__getitem__, p["played"])
                           if know.owner.get(c) != JUNKYARD))
        for p in players
    ]  # fmt: skip
    stacks = _stacks(view)
    acting = view["to_move"] == [me] and view["phase"] != "over"
    dug = [CARD_BY_ID[c] for c in view["dug"]] if acting else []
    placed = set(base.removed) | {c for s in stacks for c in s} | set(dug)
    placed |= {c for zone in mine.values() for c in zone} | {c for f in forces for c in f}
    free = [c for c in range(NUM_CARDS) if c not in placed]
    rng.shuffle(free)
    free_set = set(free)
    # The contested pile first: only contested resources nobody has seen can be in it.
    peek = CARD_BY_ID[view["peek"]] if view["peek"] else NO_CARD
    unseen = [c for c in free if c in _CONTESTED and c not in know.owner and c != peek]
    pile = ([peek] if peek != NO_CARD else []) + unseen[: view["contested"] - (peek != NO_CARD)]
    taken = set(pile)
    hidden: dict[int, list[int]] = {}
    for o in range(n):
        if o == me:
            continue
        size = players[o]["hand"] + players[o]["deck"] + players[o]["discard"]
        known = [c for c in played[o] if c in free_set and c not in taken]
        known += [c for c in free if know.owner.get(c) == o and c not in taken and c not in known]
        gains = [c for c in free if c in _CONTESTED and c not in taken and c not in know.owner]
        gains = gains[: know.won[o]]
        cards = (known + gains)[:size]
        taken |= set(cards)
        hidden[o] = cards
    # Unseen keeps and any shortfall come from cards whose place nobody saw (then the others).
    rest = [c for c in free if c not in taken]
    rest.sort(key=lambda c: c in know.owner)
    for o, cards in hidden.items():
        size = players[o]["hand"] + players[o]["deck"] + players[o]["discard"]
        need = size - len(cards)
        cards += rest[:need]
        del rest[:need]
    digger_dug: list[int] = []
    if view["phase"] == "keep" and not acting:
        looked = _looked_at(view)
        digger_dug, rest = rest[:looked], rest[looked:]
    rng.shuffle(rest)
    return _assemble(base, view, rng, mine, forces, played, hidden, pile, rest,
                     stacks, dug or digger_dug, know)  # fmt: skip


def _looked_at(view: Mapping[str, Any]) -> int:
    """How many cards the seat now keeping from a dig looked at (its public dig event)."""
    for text in reversed(view["events"]):
        if " dig " in text and "(looks at " in text:
            return int(text.rsplit("(looks at ", 1)[1].rstrip(")"))
    return 0


def _assemble(
    base: State,
    view: Mapping[str, Any],
    rng: random.Random,
    mine: dict[str, list[int]],
    forces: list[list[int]],
    played: list[list[int]],
    hidden: dict[int, list[int]],
    pile: list[int],
    junkyard: list[int],
    stacks: tuple[tuple[int, ...], ...],
    dug: list[int],
    know: Knowledge,
) -> State:
    """The state from the dealt parts, every other field from the view."""
    me, n = view["seat"], view["num_players"]
    players = []
    for o, p in enumerate(view["players"]):
        if o == me:
            deck = list(mine["deck"])
            rng.shuffle(deck)
            zones = Zones(tuple(deck), tuple(mine["discard"]), tuple(sorted(mine["hand"])),
                          tuple(forces[o]))  # fmt: skip
        else:
            # The cards played this round to the discard pile first, the rest anywhere.
            cards = hidden[o]
            first = [c for c in cards if c in played[o]][: p["discard"]]
            others = [c for c in cards if c not in first]
            rng.shuffle(others)
            discard = first + others[: p["discard"] - len(first)]
            others = others[p["discard"] - len(first) :]
            hand, deck = others[: p["hand"]], others[p["hand"] :]
            zones = Zones(tuple(deck), tuple(discard), tuple(sorted(hand)), tuple(forces[o]))
        players.append(zones)
    phase = PHASE_NAMES.index(view["phase"])
    acting = view["to_move"] == [me] and phase != PHASE_NAMES.index("over")
    action = GATHER_ACTIONS.index(view["open_action"]) if acting and view["open_action"] else -1
    hire = KIND_INDEX[view["hire_code"]] if acting and view["hire_code"] else -1
    used = sum(1 << GATHER_ACTIONS.index(a) for a in view["actions_used"])
    rnd = view["round"]
    peek = NO_CARD
    if phase != PHASE_NAMES.index("over") and rnd >= PEEK_FROM_ROUND and n > 2 and pile:
        peek = pile[0]
    spent = frozenset(
        CARD_BY_ID[text.split()[3]]
        for r, text in round_events(view)
        if r == rnd and text.split()[2:3] in (["snipe"], ["disarm"])
    )
    by_id = CARD_BY_ID.__getitem__
    return base._replace(
        round=rnd,
        phase=phase if phase != BUILD or acting else PHASE_NAMES.index("gather"),
        current=view["to_move"][0] if view["to_move"] else -1,
        initiator=view["initiator"],
        players=tuple(players),
        junkyard=tuple(junkyard),
        contested=tuple(pile),
        stacks=stacks,
        used=used,
        food=view["food"],
        action=action,
        chosen=tuple(map(by_id, view["chosen"])) if acting else (),
        hire_kind=hire,
        dug=tuple(dug) if phase == KEEP else (),
        peek=peek,
        spent=spent,
        sniped=frozenset(by_id(c) for p in view["players"] for c in p["sniped"]),
        disarmed=frozenset(by_id(c) for p in view["players"] for c in p["disarmed"]),
        played=tuple(tuple(map(by_id, p["played"])) for p in view["players"]),
        events=tuple(round_events(view)),
        stream=Stream.from_rng(rng),
        result=tuple(view["result"]),
    )
