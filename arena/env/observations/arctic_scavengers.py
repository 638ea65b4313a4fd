"""Arctic Scavengers observation: where the viewer knows each of the 149 cards to be, every
seat's revealed cards and pile sizes, the stacks, and the gathering turn in progress."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from arena.env.actions.arctic_scavengers import MERCENARIES, card_ids
from arena.env.observations import FillState, Layout, Part, in_seat_order, one_hot
from arena.games.arctic_scavengers.cards import CARD_ID, KINDS
from arena.games.arctic_scavengers.compiled import _core
from arena.games.arctic_scavengers.state import GATHER_ACTIONS, PHASE_NAMES

CARDS = {card: i for i, card in enumerate(card_ids())}
MINE = ("hand", "chosen", "deck_cards", "discard_cards", "dug")
SHOWN = ("force", "played", "sniped", "disarmed")
PHASES = ("gather", "build", "keep", "declare", "over")
ACTIONS = ("draw", "dig", "hunt", "hire", "trash")
ROUNDS = 16


def _fill_state() -> FillState | None:
    """The compiled core's encoder, given this module's tables (None: the core is not built).
    It encodes base games (the environments play no add-ons) and refuses an add-on state."""
    if _core is None or not hasattr(_core, "configure_observation"):  # or built before it
        return None
    _core.configure_observation(
        [CARDS.get(card, -1) for card in CARD_ID],
        [MERCENARIES.index(k.code) if k.code in MERCENARIES else -1 for k in KINDS],
        [PHASES.index(p) if p in PHASES else -1 for p in PHASE_NAMES],
        [ACTIONS.index(a) if a in ACTIONS else -1 for a in GATHER_ACTIONS],
        len(CARDS),
    )
    encode: FillState = _core.encode
    return encode


fill_state = _fill_state()
"""fill's vector, written by the compiled core straight from the state (or None)."""


def layout(n: int) -> Layout:
    """Parts of the Arctic Scavengers vector for n seats (149 card ids, inventory order)."""
    return Layout([
        Part("mine", (len(CARDS), len(MINE) + 1)),  # per card: in hand, chosen, deck, discard,
        # dug, peeked (your own piles as you know them)
        Part("shown", (n, len(CARDS), len(SHOWN))),  # per seat, card: force, played, sniped,
        # disarmed (what everyone sees)
        Part("piles", (n, 3), high=3.0),  # per seat: deck, discard, hand sizes / 20
        Part("stacks", (len(MERCENARIES),)),  # mercenaries left per stack / 20
        Part("junkyard", (1,)),  # cards / 149
        Part("contested", (1,)),  # cards / 14
        Part("round", (ROUNDS + 1,)),  # 1..16 one-hot (index 0 unused)
        Part("phase", (len(PHASES),)),
        Part("initiator", (n,)),  # one-hot, in seat order from the viewer
        Part("mover", (n,)),  # who is to move, likewise
        Part("actions_used", (len(ACTIONS),)),
        Part("open_action", (len(ACTIONS),)),
        Part("hire_code", (len(MERCENARIES),)),
        Part("food", (1,), high=5.0),  # this turn's food / 10
    ])  # fmt: skip


def fill(view: Mapping[str, Any], out: dict[str, np.ndarray]) -> None:
    """Fill the parts from a seat's view."""
    n, me = int(view["num_players"]), int(view["seat"])
    for j, zone in enumerate(MINE):
        for card in view[zone]:
            out["mine"][CARDS[card], j] = 1.0
    if view["peek"]:
        out["mine"][CARDS[view["peek"]], len(MINE)] = 1.0
    for k, p in enumerate(in_seat_order(view, view["players"])):
        for j, zone in enumerate(SHOWN):
            for card in p[zone]:
                out["shown"][k, CARDS[card], j] = 1.0
        out["piles"][k] = (p["deck"] / 20.0, p["discard"] / 20.0, p["hand"] / 20.0)
    out["stacks"][:] = np.asarray(view["stacks"]) / 20.0
    out["junkyard"][0] = view["junkyard"] / 149.0
    out["contested"][0] = view["contested"] / 14.0
    one_hot(out["round"], int(view["round"]))
    one_hot(out["phase"], PHASES.index(view["phase"]))
    one_hot(out["initiator"], (int(view["initiator"]) - me) % n)
    for seat in view["to_move"]:
        one_hot(out["mover"], (int(seat) - me) % n)
    for action in view["actions_used"]:
        out["actions_used"][ACTIONS.index(action)] = 1.0
    if view["open_action"]:
        one_hot(out["open_action"], ACTIONS.index(view["open_action"]))
    if view["hire_code"]:
        one_hot(out["hire_code"], MERCENARIES.index(view["hire_code"]))
    out["food"][0] = view["food"] / 10.0
