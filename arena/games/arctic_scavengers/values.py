"""The best pairing generalised to the expansions (expansions spec 0.4, AX-A4) with the leaders'
changes to it (§6.4): draw, dig, hunt, fight, recon and build values over any cards.

An action's value = Σ printed values of its eligible persons + the e largest tool bonuses + the
e largest person-modifier bonuses, e = the number of eligible persons (each carries at most one
tool and one modifier). Over base cards alone it is the base `cards.action_value` exactly.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from .cards import (
    CARD_KIND,
    DIG,
    DRAW,
    FIGHT,
    HUNT,
    IS_PERSON,
    KIND_INDEX,
    NUM_ALL_CARDS,
    kind_table,
)

RECON, BUILD = 4, 5  # the two expansion actions after DRAW, DIG, HUNT, FIGHT
NO_LEADER = -1

PEA, GAN, EXC, RAN, MEN = (KIND_INDEX[c] for c in ("PEA", "GAN", "EXC", "RAN", "MEN"))
REF_KIND = KIND_INDEX["REF"]
FAMILY_KINDS = frozenset(KIND_INDEX[c] for c in ("TF3", "TF4", "TF5"))
# [ASSUMPTION AX-A30] The Refugee a Peacemaker or Mentor turns into a person-modifier.
PEACEMAKER_BONUS = {DIG: 2, HUNT: 2}
MENTOR_BONUS = {DRAW: 1, DIG: 1, HUNT: 1, FIGHT: 1, BUILD: 1}
# [ASSUMPTION AX-A31] Excavator: Refugees dig 1; a dig tool a Refugee carries gives this.
EXCAVATOR_REFUGEE_DIG, EXCAVATOR_TOOL_ON_REFUGEE = 1, 1
RANGER_HUNT = 1  # Ranger: Refugees and Tribe Families hunt 1
GANGSTER_REFUGEE_FIGHT = 0  # Gangster: Refugees have fight 0 (they may carry weapons)


class XStats(NamedTuple):
    """Per action (draw, dig, hunt, fight, recon, build) and card: printed value (None: no
    icon), tool bonus (non-persons) and person-modifier bonus (persons without the icon)."""

    printed: tuple[tuple[int | None, ...], ...]
    tool: tuple[tuple[int, ...], ...]
    modifier: tuple[tuple[int, ...], ...]


@cache
def xstats(shovel_dig: int) -> XStats:
    """The tables for one Shovel setting (AS-A1)."""
    kinds = kind_table(shovel_dig)
    printed: list[tuple[int | None, ...]] = []
    tool: list[tuple[int, ...]] = []
    modifier: list[tuple[int, ...]] = []
    for a in range(6):
        p, t, m = [], [], []
        for c in range(NUM_ALL_CARDS):
            k = kinds[CARD_KIND[c]]
            if a == RECON:
                value, bonus, mod = k.recon, k.recon_bonus, 0
            elif a == BUILD:  # a build is a dig of the schematics (§5.1): dig tools, modifiers
                value, bonus, mod = k.build, k.bonus[DIG], k.modifier[DIG]
            else:
                value, bonus, mod = k.printed[a], k.bonus[a], k.modifier[a]
            p.append(value if k.person else None)
            t.append(0 if k.person else bonus)
            # A build's only eligible person is its builder: a second Tinker is a modifier.
            m.append(mod if k.person and (value is None or a == BUILD) else 0)
        printed.append(tuple(p))
        tool.append(tuple(t))
        modifier.append(tuple(m))
    return XStats(tuple(printed), tuple(tool), tuple(modifier))


def printed_value(x: XStats, action: int, card: int, leader: int) -> int | None:
    """A card's printed value for an action under a healthy leader (NO_LEADER: none)."""
    kind = CARD_KIND[card]
    if leader == GAN and action == FIGHT and kind == REF_KIND:
        return GANGSTER_REFUGEE_FIGHT
    if leader == EXC and action == DIG and kind == REF_KIND:
        return EXCAVATOR_REFUGEE_DIG
    if leader == RAN and action == HUNT and (kind == REF_KIND or kind in FAMILY_KINDS):
        return RANGER_HUNT
    return x.printed[action][card]


def contributes(x: XStats, action: int, card: int, leader: int) -> bool:
    """Whether a card may be played for an action (0.4 decides what counts; under the Mentor a
    Refugee counts as a modifier for draw and build too)."""
    if leader == MEN and CARD_KIND[card] == REF_KIND and action in MENTOR_BONUS:
        return True
    return (
        printed_value(x, action, card, leader) is not None
        or x.tool[action][card] > 0
        or x.modifier[action][card] > 0
    )


def _pairing(
    printed: list[int], refugees: int, tools: list[int], mods: list[int], excavator: bool
) -> int:
    """Σ printed + the best tools and modifiers for len(printed) + refugees eligible persons."""
    e = len(printed) + refugees
    if not e:
        return 0
    total = sum(printed) + EXCAVATOR_REFUGEE_DIG * refugees
    tools.sort(reverse=True)
    if excavator:  # the largest dig tools to the other persons, then +1 each to Refugees
        others = len(printed)
        total += sum(tools[:others]) + EXCAVATOR_TOOL_ON_REFUGEE * len(tools[others:e])
    else:
        total += sum(tools[:e])
    mods.sort(reverse=True)
    return total + sum(mods[:e])


def action_value(
    x: XStats,
    action: int,
    cards: tuple[int, ...] | list[int],
    leader: int = NO_LEADER,
    power: bool = False,
    no_fight: frozenset[int] = frozenset(),
    builder: int = -1,
) -> tuple[int, bool]:
    """(value, whether the leader's once-a-round power was used for it) of `cards`.

    `leader` is the seat's healthy leader kind; `power` whether its Peacemaker/Mentor power is
    still unused this round (AX-A30: used only where it gives a strictly higher value);
    `no_fight` gassed persons (no fight, no fight modifier, §11.5); `builder` the build's one
    eligible person (§5.1: every other card is a tool or a modifier).
    """
    plain = _value(x, action, cards, leader, no_fight, builder, -1, 0)
    bonus = 0
    if power and leader == PEA:
        bonus = PEACEMAKER_BONUS.get(action, 0)
    elif power and leader == MEN:
        bonus = MENTOR_BONUS.get(action, 0)
    if bonus:
        for c in cards:
            if CARD_KIND[c] == REF_KIND and c not in no_fight and c != builder:
                boosted = _value(x, action, cards, leader, no_fight, builder, c, bonus)
                if boosted > plain:
                    return boosted, True
                break  # every Refugee is alike
    return plain, False


def _value(
    x: XStats,
    action: int,
    cards: tuple[int, ...] | list[int],
    leader: int,
    no_fight: frozenset[int],
    builder: int,
    as_modifier: int,
    bonus: int,
) -> int:
    tool_row, mod_row = x.tool[action], x.modifier[action]
    excavator = leader == EXC and action == DIG
    printed: list[int] = []
    refugees = 0
    tools: list[int] = []
    mods: list[int] = [bonus] if as_modifier >= 0 else []
    for c in cards:
        if c == as_modifier:
            continue
        if IS_PERSON[c]:
            if c in no_fight:
                continue
            value = printed_value(x, action, c, leader)
            if action == BUILD:
                value = value if c == builder else None
            if value is None:
                if mod_row[c]:
                    mods.append(mod_row[c])
            elif excavator and CARD_KIND[c] == REF_KIND:
                refugees += 1
            else:
                printed.append(value)
        elif tool_row[c]:
            tools.append(tool_row[c])
    return _pairing(printed, refugees, tools, mods, excavator)


# How much the greedy bot wants a card in its deck (people count at the end; fighters win).
CARD_VALUE = {
    "THU": 6, "FIE": 6, "TF5": 5, "GRL": 5, "TF4": 4, "SCO": 4, "SNI": 4, "GRE": 4, "WOL": 4,
    "TF3": 3, "SLE": 3, "SAB": 3, "BRA": 3, "MDK": 3, "HUN": 2.5, "SPE": 2, "PIC": 2,
    "SCA": 2, "NET": 1.5, "MUL": 1.5, "SHO": 1.5, "PIL": 1.5, "REF": 0.5, "JUN": -1,
}  # fmt: skip
