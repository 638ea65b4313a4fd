"""A game's views <-> its protobuf view message, driven by the message's descriptor.

A view is JSON-ready data whose keys are the message's field names, nested dicts for nested
messages. The conversion follows the descriptor, so a game's `wire.py` names only its message
and what needs converting:

- an enum field carries its value's name in lower case without the enum's prefix
  (`AZUL_PHASE_OFFER` is "offer"); `*_UNSPECIFIED` has no text, any other zero value is "";
- an `optional` field is None in the view when unset;
- `convert` maps a field (a dotted path for a nested one) through a pair of functions when the
  view's shape differs from the message's (a grid as a bare list of cells);
- `fill` is a game's own faster filler of an empty message, for views sent on every decision;
- `absent_when_unset` names top-level message fields that only some views have (a game's
  optional add-ons): a view without the key leaves the field unset, an unset field gives a view
  without the key, so the views of games without the add-on travel exactly as before it.

Only the descriptor's public attributes are used (no protobuf import): any message class works.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

Convert = tuple[Callable[[Any], Any], Callable[[Any], Any]]
"""(view value -> wire-shaped value, wire-shaped value -> view value) for one field."""


@dataclass(frozen=True, slots=True)
class _Field:
    """How one field of a message travels (compiled once from its descriptor)."""

    name: str
    repeated: bool
    optional: bool  # proto3 `optional`: None in the view when unset
    to_number: Mapping[str, int] | None  # enum fields
    to_text: Mapping[int, str] | None
    plan: _Plan | None  # message fields
    convert: Convert | None
    absent: bool = False  # absent from the view when unset (ViewWire absent_when_unset)


@dataclass(frozen=True, slots=True)
class _Plan:
    """The fields of one message type, compiled for encoding and decoding."""

    fields: tuple[_Field, ...]
    plain: bool  # no enum, optional or converted field at any depth: the dict goes as it is
    decode: Callable[[Any], dict[str, Any]]  # a message -> its view dict


def _repeated(field: Any) -> bool:
    is_repeated = getattr(field, "is_repeated", None)  # protobuf >= 5; `label` before that
    return bool(is_repeated) if is_repeated is not None else field.label == field.LABEL_REPEATED


def _enum_texts(enum: Any) -> dict[str, int]:
    prefix = "".join(f"_{c}" if c.isupper() else c.upper() for c in enum.name).lstrip("_") + "_"
    texts = {}
    for value in enum.values:
        if not value.name.startswith(prefix):
            raise ValueError(f"enum value {value.name} does not start with {prefix}")
        suffix = value.name.removeprefix(prefix)
        if suffix == "UNSPECIFIED":
            continue
        texts["" if value.number == 0 else suffix.lower()] = value.number
    return texts


def _compile(
    descriptor: Any,
    convert: Mapping[str, Convert],
    prefix: str = "",
    absent: frozenset[str] = frozenset(),
) -> _Plan:
    fields = []
    for f in descriptor.fields:
        path = prefix + f.name
        if path in absent and (f.message_type is None or _repeated(f)):
            raise ValueError(f"{path}: only a singular message field may be absent when unset")
        plan = _compile(f.message_type, convert, path + ".") if f.message_type else None
        texts = _enum_texts(f.enum_type) if f.enum_type else None
        optional = bool(f.has_presence) and f.message_type is None and not _repeated(f)
        fields.append(
            _Field(
                name=f.name,
                repeated=_repeated(f),
                optional=optional,
                to_number=texts,
                to_text={v: k for k, v in texts.items()} if texts is not None else None,
                plan=plan,
                convert=convert.get(path),
                absent=path in absent,
            )
        )
    plain = all(
        f.to_number is None
        and not f.optional
        and not f.absent
        and f.convert is None
        and (f.plan is None or f.plan.plain)
        for f in fields
    )
    return _Plan(tuple(fields), plain, _decoder(fields))


def _decoder(fields: list[_Field]) -> Callable[[Any], dict[str, Any]]:
    """A function from a message to its view dict, compiled from the fields.

    Written as one dict display per message type (as dataclasses writes its __init__): as fast
    as a decoder written by hand, where a loop over the fields would cost twice as much.
    """
    env: dict[str, Any] = {}
    items = []
    for i, f in enumerate(fields):
        if not f.name.isidentifier():
            raise ValueError(f"field name {f.name!r} is not an identifier")
        raw = f"m.{f.name}"
        if f.optional:
            value = f"({raw} if m.HasField({f.name!r}) else None)"
        elif f.plan is not None:
            env[f"d{i}"] = f.plan.decode
            value = f"[d{i}(x) for x in {raw}]" if f.repeated else f"d{i}({raw})"
        elif f.to_text is not None:
            env[f"t{i}"] = f.to_text
            value = f"[t{i}[x] for x in {raw}]" if f.repeated else f"t{i}[{raw}]"
        else:
            value = f"list({raw})" if f.repeated else raw
        if f.convert is not None:
            env[f"c{i}"] = f.convert[1]
            value = f"c{i}({value})"
        if f.absent:
            items.append(f"**({{{f.name!r}: {value}}} if m.HasField({f.name!r}) else {{}})")
            continue
        items.append(f"{f.name!r}: {value}")
    exec(f"def decode(m):\n    return {{{', '.join(items)}}}\n", env)
    decode: Callable[[Any], dict[str, Any]] = env["decode"]
    return decode


def _encode(plan: _Plan, data: Mapping[str, Any]) -> dict[str, Any]:
    """Constructor arguments for the message of `plan` (nested messages as dicts)."""
    out: dict[str, Any] = {}
    for f in plan.fields:
        if f.absent and f.name not in data:
            continue
        value = data[f.name]
        if f.convert is not None:
            value = f.convert[0](value)
        if f.optional and value is None:
            continue
        if f.to_number is not None:
            numbers = f.to_number
            value = [numbers[v] for v in value] if f.repeated else numbers[value]
        elif f.plan is not None and not f.plan.plain:
            sub = f.plan
            value = [_encode(sub, v) for v in value] if f.repeated else _encode(sub, value)
        out[f.name] = value
    return out


class ViewWire:
    """One game's view conversion: the GameView field it travels in and its message type."""

    def __init__(
        self,
        field: str,
        message: type[Any],
        *,
        convert: Mapping[str, Convert] | None = None,
        fill: Callable[[Any, dict[str, Any]], None] | None = None,
        legal_moves_rule: str = "",
        absent_when_unset: tuple[str, ...] = (),
    ) -> None:
        self.field = field  # the game's field in the GameView oneof
        self.message = message
        # The rule that gives the legal moves from the view, when a bot may be sent views
        # without the list ("" when the list is always sent).
        self.legal_moves_rule = legal_moves_rule
        self._plan = _compile(
            message.DESCRIPTOR, convert or {}, absent=frozenset(absent_when_unset)
        )
        self._fill = fill
        # fill(msg, view): set the empty `msg` (inside a message being built) to the view. A
        # game's own filler is called with no wrapper in between (the server fills a view on
        # every decision).
        self.fill: Callable[[Any, dict[str, Any]], None] = fill or self._copy_encoded

    def to_proto(self, view: Mapping[str, Any]) -> Any:
        """The typed message of a view."""
        if self._fill is not None:
            msg = self.message()
            self._fill(msg, dict(view))
            return msg
        return self.message(**_encode(self._plan, view))

    def _copy_encoded(self, msg: Any, view: dict[str, Any]) -> None:
        msg.CopyFrom(self.message(**_encode(self._plan, view)))

    def from_proto(self, msg: Any) -> dict[str, Any]:
        """The view back from its message, keys in the message's field order."""
        return self._plan.decode(msg)

    def encode(self, view: Mapping[str, Any]) -> Any:
        """The message built from the descriptor alone, never through `fill` (to check it)."""
        return self.message(**_encode(self._plan, view))
