"""The card inventory and statistics in one place (spec §1, §2; expansions spec §2), as index
tables.

Every physical card is an int (its index in CARD_KIND): the base game's 149 cards are 0..148,
the HQ and Recon cards follow (expansions spec 0.2: kinds appended after the base kinds, in
its order); its instance id is `<CODE>.<serial>` (spec "Move notation"), e.g. `SCA.2`. Kinds
are ints into KINDS. Action stats: None = not available (no icon), an int = the printed value
(0 counts, §6.1). A base game never meets a card past NUM_CARDS.
"""

from __future__ import annotations

from typing import Any, NamedTuple

# Actions that persons do and tools modify (draw is never modified by a tool, §2).
DRAW, DIG, HUNT, FIGHT = 0, 1, 2, 3
ACTION_NAMES = ("draw", "dig", "hunt", "fight")
GROUP_LEADER_BONUS = 2  # spec §6.2

# [ASSUMPTION AS-A1] Shovel: +2 dig / +1 fight (two of three sources); option `shovel` selects.
SHOVEL_DIG = {"plus2": 2, "plus1": 1}
DEFAULT_SHOVEL = "plus2"


class Kind(NamedTuple):
    """One card type: code, quantity, people, printed actions, tool bonuses, cost, medicine."""

    code: str
    name: str
    qty: int
    people: int  # 0 for non-persons
    person: bool
    printed: tuple[int | None, int | None, int | None, int | None]  # draw, dig, hunt, fight
    bonus: tuple[int, int, int, int]  # tool modifiers: draw, dig, hunt, fight
    food: int = 0  # hire cost in food
    med: int = 0  # hire cost in medicine
    any_mix: int = 0  # Thugs: this many in any mix of food and medicine (§5.4)
    medicine: int = 0  # medicine value when paying a hire
    group_leader: bool = False
    contested: bool = False
    # Expansion data (expansions spec §2); the base kinds keep the defaults.
    module: str = ""  # the module that brings the kind ("" = base game)
    home: str = ""  # where its module puts it at setup (HOMES)
    recon: int | None = None  # printed recon (a Spy looks at 4)
    build: int | None = None  # a builder's printed build dig (Engineer 2, Tinker 1; §5.1)
    recon_bonus: int = 0  # a tool's bonus to recon (Binoculars)
    modifier: tuple[int, int, int, int] = (0, 0, 0, 0)  # person-modifier: draw, dig, hunt, fight
    build_time: int = 0  # a building's cards stacked on it when placed (§2.3)
    holds: str = ""  # a storage building's kind of card: person, tool, medicine
    room: int = 0  # a storage building's room


_N = None
BASE_KINDS: tuple[Kind, ...] = (
    Kind("REF", "Refugee", 20, 1, True, (_N, 0, 0, _N), (0, 0, 0, 0)),
    Kind("SCA", "Scavenger", 20, 1, True, (1, 1, 1, 1), (0, 0, 0, 0), food=1),
    Kind("BRA", "Brawler", 10, 1, True, (_N, 1, _N, 2), (0, 0, 0, 0), food=2),
    Kind("HUN", "Hunter", 8, 1, True, (_N, _N, 2, 1), (0, 0, 0, 0), med=1),
    Kind("SAB", "Saboteur", 8, 1, True, (_N, 1, _N, 1), (0, 0, 0, 0), food=1, med=1),
    Kind("SCO", "Scout", 8, 1, True, (2, _N, _N, 2), (0, 0, 0, 0), food=2, med=1),
    Kind(
        "GRL",
        "Group Leaders",
        5,
        2,
        True,
        (_N, _N, _N, _N),
        (0, 0, 0, 0),
        2,
        2,
        group_leader=True,
        modifier=(2, 2, 2, 2),
    ),
    Kind("SNI", "Sniper Team", 5, 2, True, (_N, _N, _N, _N), (0, 0, 0, 0), food=2, med=2),
    Kind("THU", "Thugs", 5, 3, True, (_N, 1, _N, 3), (0, 0, 0, 0), any_mix=6),
    Kind("SLE", "Sled Team", 2, 2, True, (2, _N, _N, 1), (0, 0, 0, 0), contested=True),
    Kind("FIE", "Field Crew", 2, 4, True, (_N, 2, 2, 2), (0, 0, 0, 0), contested=True),
    Kind("TF3", "Tribe Family (3)", 2, 3, True, (_N, _N, 0, 0), (0, 0, 0, 0), contested=True),
    Kind("TF4", "Tribe Family (4)", 2, 4, True, (_N, _N, 0, 0), (0, 0, 0, 0), contested=True),
    Kind("TF5", "Tribe Family (5)", 2, 5, True, (_N, _N, 0, 0), (0, 0, 0, 0), contested=True),
    Kind("WOL", "Wolf Pack", 2, 0, False, (_N, _N, _N, _N), (0, 0, 3, 2), contested=True),
    Kind("GRE", "Grenade", 2, 0, False, (_N, _N, _N, _N), (0, 0, 0, 3), contested=True),
    Kind("JUN", "Junk", 7, 0, False, (_N, _N, _N, _N), (0, 0, 0, 0)),
    Kind("PIL", "Pills", 9, 0, False, (_N, _N, _N, _N), (0, 0, 0, 0), medicine=1),
    Kind("MDK", "Medkit", 6, 0, False, (_N, _N, _N, _N), (0, 0, 0, 0), medicine=2),
    Kind("MUL", "Multitool", 4, 0, False, (_N, _N, _N, _N), (0, 1, 1, 1)),
    Kind("NET", "Net", 4, 0, False, (_N, _N, _N, _N), (0, 0, 2, 1)),
    Kind("SPE", "Spear", 6, 0, False, (_N, _N, _N, _N), (0, 0, 1, 2)),
    Kind("PIC", "Pickaxe", 4, 0, False, (_N, _N, _N, _N), (0, 1, 0, 2)),
    Kind("SHO", "Shovel", 6, 0, False, (_N, _N, _N, _N), (0, 2, 0, 1)),  # dig per option AS-A1
)
NUM_BASE_KINDS = len(BASE_KINDS)

# Where a module puts its cards at setup (expansions spec 0.3, 0.8, 0.9).
MARKET, JUNKYARD, CONTESTED, SCHEMATICS, LEADERS, GANGS, START = (
    "market",
    "junkyard",
    "contested",
    "schematics",
    "leaders",
    "gangs",
    "start",
)
HOMES = (MARKET, JUNKYARD, CONTESTED, SCHEMATICS, LEADERS, GANGS, START)
_O: tuple[int, int, int, int] = (0, 0, 0, 0)


def _person(
    code: str,
    name: str,
    module: str,
    qty: int,
    people: int,
    printed: tuple[int | None, int | None, int | None, int | None],
    **more: Any,
) -> Kind:
    home = str(more.pop("home", MARKET))
    return Kind(code, name, qty, people, True, printed, _O, module=module, home=home, **more)


def _thing(
    code: str,
    name: str,
    module: str,
    qty: int,
    home: str,
    bonus: tuple[int, int, int, int] = _O,
    **more: Any,
) -> Kind:
    return Kind(
        code, name, qty, 0, False, (_N, _N, _N, _N), bonus, module=module, home=home, **more
    )


def _building(code: str, name: str, module: str, time: int, holds: str = "", room: int = 0) -> Kind:
    return _thing(code, name, module, 3, SCHEMATICS, build_time=time, holds=holds, room=room)


def _leader(code: str, name: str, module: str = "hq3") -> Kind:
    return _thing(code, name, module, 1, LEADERS)


# Expansions spec §2, in its kind order (0.2). [S4] numbers, unverified against card images.
EXPANSION_KINDS: tuple[Kind, ...] = (
    _person("MED", "Medic", "hq1", 8, 1, (1, _N, _N, _N), medicine=1, food=3),
    _thing("RIF", "Rifle", "hq1", 4, JUNKYARD, (0, 0, 2, 2)),
    _thing("TLK", "Toolkit", "hq1", 4, JUNKYARD, (0, 2, 0, 0)),
    _person("ENG", "Engineer", "hq2", 8, 1, (1, 2, _N, _N), build=2, food=2, med=1),
    _building("BNK", "Bunker", "hq2", 5, "person", 3),
    _building("ARM", "Armory", "hq2", 3, "tool", 2),
    _building("PHA", "Pharmacy", "hq2", 2, "medicine", 2),
    _building("HYD", "Hydroponic Garden", "hq2", 4),
    _leader("PEA", "The Peacemaker"),
    _leader("GAN", "The Gangster"),
    _leader("BUT", "The Butcher"),
    _leader("FAN", "The Fanatic"),
    _leader("ORG", "The Organizer"),
    _leader("CAN", "The Cannibal"),
    _leader("SAA", "The Sergeant at Arms"),
    _leader("MEN", "The Mentor"),
    _leader("EXC", "The Excavator"),
    _leader("RAN", "The Ranger"),
    _thing("GEA", "The Gearheads", "hq1", 1, GANGS),
    _thing("PHM", "The Pharmers", "hq1", 1, GANGS),
    _thing("MAS", "The Masons", "hq2", 1, GANGS),
    _person(
        "SPY", "Spy", "recon1", 8, 1, (_N, _N, _N, _N), recon=4, modifier=(0, 0, 0, 2), any_mix=3
    ),
    _thing("BIN", "Binoculars", "recon1", 4, JUNKYARD, recon_bonus=2),
    _person(
        "SRF", "Scouting Refugee", "recon1", 20, 1, (_N, _N, _N, _N), modifier=(0, 1, 1, 1), food=1
    ),
    _person("ASN", "Assassin", "recon2", 8, 1, (1, _N, _N, _N), med=2),
    _person("PRO", "Provocateur", "recon2", 8, 1, (1, _N, _N, 1), med=1),
    _person("ROG", "Rogue", "recon2", 8, 1, (1, _N, _N, 1), med=1),
    _person("GUA", "Guard", "recon2", 8, 1, (_N, _N, _N, 2), food=2),
    _person(
        "COU", "Courier", "recon3", 8, 1, (3, _N, _N, _N), modifier=(0, 0, 0, 1), food=1, med=1
    ),
    _person("DRS", "Drill Sergeant", "recon3", 8, 1, (_N, 2, _N, 1), food=2, med=1),
    _person("SCR", "Scrappers", "recon3", 5, 2, (_N, 3, _N, 2), any_mix=4),
    _person(
        "TIN", "Tinker", "recon3", 8, 1, (_N, _N, _N, _N), modifier=(0, 1, 1, 1), build=1, food=3
    ),
    _person("HSC", "Hardy Scavenger", "recon3", 20, 1, (0, 1, 1, 0), home=START),
    _building("DCY", "Portable Decoys", "recon3", 2),
    _building("TWR", "Scout Tower", "recon3", 3),
    _thing("CGS", "Cargo Sled", "recon4", 2, CONTESTED, (0, 2, 2, 0), contested=True),
    _person(
        "CMD",
        "Combat Medics",
        "recon4",
        2,
        4,
        (1, _N, _N, 1),
        medicine=2,
        home=CONTESTED,
        contested=True,
    ),
    _person(
        "DEM", "Demolition Team", "recon4", 2, 2, (_N, 2, _N, 2), home=CONTESTED, contested=True
    ),
    _thing("TEA", "Tear Gas", "recon4", 2, CONTESTED, contested=True),
    _person(
        "TH2", "Tribal Hunters (2)", "recon4", 2, 2, (_N, _N, 1, 0), home=CONTESTED, contested=True
    ),
    _person(
        "TH3", "Tribal Hunters (3)", "recon4", 2, 3, (_N, _N, 1, 1), home=CONTESTED, contested=True
    ),
    _person(
        "TH4", "Tribal Hunters (4)", "recon4", 2, 4, (_N, _N, 2, 1), home=CONTESTED, contested=True
    ),
    _thing("MAP", "Map", "recon5", 4, JUNKYARD),
    _leader("SWI", "The Swindler", "recon5"),
    _leader("YAR", "The Yardmaster", "recon5"),
    _thing("HUM", "The Humanitarians", "recon5", 1, GANGS),
)
KINDS: tuple[Kind, ...] = BASE_KINDS + EXPANSION_KINDS
KIND_INDEX: dict[str, int] = {k.code: i for i, k in enumerate(KINDS)}
REF, SCA, BRA, HUN, SAB, SCO, GRL, SNI, THU = range(9)
SHO = KIND_INDEX["SHO"]

MERCENARY_KINDS: tuple[int, ...] = (SCA, BRA, HUN, SAB, SCO, GRL, SNI, THU)  # stack order
CONTESTED_KINDS: tuple[int, ...] = tuple(i for i, k in enumerate(BASE_KINDS) if k.contested)
JUNKYARD_KINDS: tuple[int, ...] = tuple(
    KIND_INDEX[c] for c in "JUN PIL MDK MUL NET SPE PIC SHO".split()
)
# Spec §3.2: the starting deck of every player.
STARTING_DECK: tuple[tuple[int, int], ...] = (
    (REF, 4),
    (SCA, 3),
    (BRA, 1),
    (KIND_INDEX["SPE"], 1),
    (SHO, 1),
)
HAND_SIZE = 5  # §4.2
TWO_PLAYER_REMOVED_PER_KIND = 2  # §9.1
TWO_PLAYER_MARGIN = 2  # §9.4
FIRST_SKIRMISH_ROUND = 3  # §4
PEEK_FROM_ROUND = 3  # §4.3

# The physical cards: index -> kind, in kind order, serials 1..qty within a kind.
CARD_KIND: tuple[int, ...] = tuple(i for i, k in enumerate(KINDS) for _ in range(k.qty))
CARD_SERIAL: tuple[int, ...] = tuple(s + 1 for k in KINDS for s in range(k.qty))
NUM_CARDS = sum(k.qty for k in BASE_KINDS)  # 149 base cards (test vector A24), 0..148
NUM_ALL_CARDS = len(CARD_KIND)  # with the 49 HQ and 140 Recon cards
CARD_ID: tuple[str, ...] = tuple(
    f"{KINDS[k].code}.{s}" for k, s in zip(CARD_KIND, CARD_SERIAL, strict=True)
)
CARD_BY_ID: dict[str, int] = {text: c for c, text in enumerate(CARD_ID)}
FIRST_CARD: tuple[int, ...] = tuple(CARD_KIND.index(i) for i in range(len(KINDS)))

PEOPLE: tuple[int, ...] = tuple(KINDS[k].people for k in CARD_KIND)
MEDICINE: tuple[int, ...] = tuple(KINDS[k].medicine for k in CARD_KIND)
IS_PERSON: tuple[bool, ...] = tuple(KINDS[k].person for k in CARD_KIND)
IS_GROUP_LEADER: tuple[bool, ...] = tuple(KINDS[k].group_leader for k in CARD_KIND)
IS_TOOL: tuple[bool, ...] = tuple(
    any(KINDS[k].bonus) or KINDS[k].recon_bonus > 0 for k in CARD_KIND
)
# A medicine card (PIL, MDK): a person with a medicine value (Medic, Combat Medics) is not one
# (AX-A15, the Cargo Sled's AX-A59 and the storage buildings' §2.3 read it alike).
IS_MEDICINE_CARD: tuple[bool, ...] = tuple(
    KINDS[k].medicine > 0 and not KINDS[k].person for k in CARD_KIND
)
IS_SNIPER: tuple[bool, ...] = tuple(k == SNI for k in CARD_KIND)
IS_SABOTEUR: tuple[bool, ...] = tuple(k == SAB for k in CARD_KIND)


def kind_table(shovel_dig: int) -> tuple[Kind, ...]:
    """KINDS with the Shovel's dig modifier set (AS-A1)."""
    shovel = KINDS[SHO]
    fixed = shovel._replace(bonus=(0, shovel_dig, 0, shovel.bonus[FIGHT]))
    return KINDS[:SHO] + (fixed,) + KINDS[SHO + 1 :]


class Stats(NamedTuple):
    """Per-card lookup tables for one Shovel setting: printed values and tool bonuses per action."""

    printed: tuple[tuple[int | None, ...], ...]  # [action][card]
    bonus: tuple[tuple[int, ...], ...]  # [action][card] (tools only)
    contributes: tuple[tuple[bool, ...], ...]  # [action][card]: may be played for the action


def _stats(shovel_dig: int) -> Stats:
    kinds = kind_table(shovel_dig)
    printed = tuple(tuple(kinds[k].printed[a] for k in CARD_KIND) for a in range(4))
    bonus = tuple(tuple(kinds[k].bonus[a] for k in CARD_KIND) for a in range(4))
    contributes = tuple(
        tuple(
            printed[a][c] is not None or bonus[a][c] > 0 or IS_GROUP_LEADER[c]
            for c in range(NUM_ALL_CARDS)
        )
        for a in range(4)
    )
    return Stats(printed, bonus, contributes)


STATS: dict[int, Stats] = {dig: _stats(dig) for dig in SHOVEL_DIG.values()}


def action_value(stats: Stats, action: int, cards: tuple[int, ...] | list[int]) -> int:
    """The best-pairing total of `cards` for one action (spec §6, AS-A10).

    Every person with the action printed may carry one tool and one Group Leaders card, so the
    best pairing gives the e strongest tool bonuses and min(e, leaders) leader bonuses, where e
    is the number of such persons (eligibility is the same for every tool, so greedy is optimal).
    """
    printed = stats.printed[action]
    bonus = stats.bonus[action]
    total = eligible = leaders = 0
    tools: list[int] = []
    for c in cards:
        p = printed[c]
        if p is not None:
            total += p
            eligible += 1
        elif IS_GROUP_LEADER[c]:
            leaders += 1
        elif bonus[c]:
            tools.append(bonus[c])
    if not eligible:
        return 0
    if tools:
        tools.sort(reverse=True)
        total += sum(tools[:eligible])
    return total + GROUP_LEADER_BONUS * min(leaders, eligible)


def ids_text(cards: tuple[int, ...] | list[int]) -> str:
    """Card ids separated by spaces."""
    return " ".join(CARD_ID[c] for c in cards)


def people_of(cards: tuple[int, ...] | list[int]) -> int:
    """The people printed on `cards` (spec §8.2)."""
    return sum(PEOPLE[c] for c in cards)
