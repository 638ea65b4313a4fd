"""Move notation with expansion modules on (expansions spec "Move notation"), one card at a time.

Every base token keeps its meaning. New tokens: `lead <id>`; `build|work|recon|drill <id>`
(open an action); `store <id> <BLD>`, `retrieve <id>`, `repair <BLD> <id>`, `heal <id>`,
`organize|butcher|cannibal <id>`, `tower <TWR> <id>`, `map <MAP> <id>`, `yard`;
`snipe|disarm|sabotage|demolish <id> <id>` (targeted); `target <seat>`, `side|return top|bottom`,
`drop|pick <id>`, `look junkyard|contested|schematics`, `yard top|bottom`; responses `cancel|save
<id>`, `allow`; declarations `gas|bomb <id> <id>`, `provoke`.

How a move reads to the others (`public_text`): an action opened is private until `go` (its
kind and cards read `open`, `add`), a kept card reads `keep one`, a leader chosen `lead`, a
Drill pick `pick`, a stored card `store <BLD>` and a retrieved one `retrieve from <BLD>`;
every other move reads as it is (its cards are shown face up by the rules).
"""

from __future__ import annotations

from arena.errors import InvalidMoveError

from .cards import CARD_BY_ID, CARD_ID, KIND_INDEX

# Verbs by argument shape.
ONE_CARD = frozenset(
    "draw dig hunt trash add pay keep lead build work retrieve heal organize butcher cannibal "
    "recon drill pick drop cancel save".split()
)
TWO_CARDS = frozenset("snipe disarm store sabotage repair tower demolish map gas bomb".split())
WORDS = {
    "side": ("top", "bottom"),
    "return": ("top", "bottom"),
    "yard": ("top", "bottom"),
    "look": ("junkyard", "contested", "schematics"),
}
BARE = frozenset({"go", "end", "done", "allow", "provoke", "yard"})
OPENS = frozenset({"draw", "dig", "hunt", "trash", "build", "work", "recon", "drill", "hire"})
PILES = WORDS["look"]

_SYNTAX = (
    "expected an Arctic Scavengers move: draw|dig|hunt|trash|build|work|recon|drill <id>, "
    "hire <CODE>, add|pay|keep|pick|drop <id>, keep none, go, end, target <seat>, "
    "snipe|disarm|gas|bomb|store|sabotage|repair|tower|demolish|map <id> <id>, lead|retrieve|"
    "heal|organize|butcher|cannibal|cancel|save <id>, side|return|yard top|bottom, look <pile>, "
    "yard, allow, provoke or done"
)

Parsed = tuple[str, tuple[object, ...]]


def parse(text: object) -> Parsed:
    """(verb, arguments) of a move: card indices, a seat, a word or a mercenary kind;
    InvalidMoveError when it is no move at all."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"{text!r}: {_SYNTAX}")
    parts = text.split()
    if not parts:
        raise InvalidMoveError(f"{text!r}: {_SYNTAX}")
    verb, args = parts[0], parts[1:]
    if not args and verb in BARE:
        return verb, ()
    if len(args) == 1 and verb in WORDS and args[0] in WORDS[verb]:
        return verb, (args[0],)
    if verb == "keep" and args == ["none"]:
        return "keep", (None,)
    if verb == "hire" and len(args) == 1 and args[0] in KIND_INDEX:
        return verb, (KIND_INDEX[args[0]],)
    if verb == "target" and len(args) == 1 and args[0].isdigit():
        return verb, (int(args[0]),)
    if (verb in ONE_CARD and len(args) == 1) or (verb in TWO_CARDS and len(args) == 2):
        found = [CARD_BY_ID.get(a) for a in args]
        if all(c is not None for c in found):
            return verb, tuple(found)
    raise InvalidMoveError(f"{text!r}: {_SYNTAX}")


def card_move(verb: str, *cards: int) -> str:
    """The text of a move naming cards."""
    return " ".join((verb, *(CARD_ID[c] for c in cards)))


def public_text(move: str, stored_in: dict[int, int] | None = None) -> str:
    """How a move reads to the other seats; `stored_in` maps stored cards to their buildings."""
    verb, args = parse(move)
    if verb in OPENS:
        return "open"
    if verb in ("add", "pay"):
        return "add"
    if verb == "keep":
        return "keep none" if args == (None,) else "keep one"
    if verb in ("lead", "pick"):
        return verb
    if verb == "store":
        return f"store {CARD_ID[int(str(args[1]))]}"
    if verb == "retrieve":
        building = (stored_in or {}).get(int(str(args[0])))
        return "retrieve" if building is None else f"retrieve from {CARD_ID[building]}"
    return " ".join(move.split())
