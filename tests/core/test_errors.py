"""One exception tree: the drawing in arena/errors.py is the real tree, every arena error is
defined there, and every gRPC status maps to an error and back without loss."""

from __future__ import annotations

import importlib
import pkgutil
import re

import grpc
import pytest

import arena
from arena import errors
from arena.rpc.wire.status import ERROR_BY_STATUS, STATUS_BY_ERROR, error_from_rpc, status_for

SKIPPED = ("arena.v1", "arena.__main__", "arena.store.migrations")  # generated; run by tools


def drawn_tree() -> dict[str, str]:
    """child -> parent as the docstring draws it."""
    parents: dict[str, str] = {}
    stack: list[str] = []
    for line in (errors.__doc__ or "").splitlines():
        found = re.match(r"^([│ ]*)(?:[├└]── )?([A-Z]\w*Error)\b", line)
        if not found:
            continue
        depth = len(found.group(1)) // 4 + (1 if "──" in line else 0)
        name = found.group(2)
        stack[depth:] = [name]
        if depth:
            parents[name] = stack[depth - 1]
    return parents


def real_tree() -> dict[str, str]:
    out: dict[str, str] = {}

    def walk(cls: type) -> None:
        for sub in cls.__subclasses__():
            out[sub.__name__] = cls.__name__
            walk(sub)

    walk(errors.ArenaError)
    return out


def test_the_drawing_is_the_tree() -> None:
    assert drawn_tree() == real_tree()


def test_no_module_defines_an_arena_error_of_its_own() -> None:
    for info in pkgutil.walk_packages(arena.__path__, "arena."):
        if not info.name.startswith(SKIPPED):
            importlib.import_module(info.name)
    strays = {cls.__qualname__: cls.__module__ for cls in _all(errors.ArenaError)}
    # Ray wraps an error a task raised in a class it makes then (RayTaskError(BotError), in
    # ray.exceptions): in a process that ran the cluster tests first, that is no arena module's.
    made_by_ray = {name for name, m in strays.items() if m == "ray.exceptions"}
    assert {n: m for n, m in strays.items() if m != "arena.errors" and n not in made_by_ray} == {}


def _all(cls: type) -> list[type]:
    return [s for sub in cls.__subclasses__() for s in (sub, *_all(sub))]


class FakeRpcError(grpc.RpcError):
    def __init__(self, code: grpc.StatusCode) -> None:
        self._code = code

    def code(self) -> grpc.StatusCode:
        return self._code

    def details(self) -> str:
        return "why"


@pytest.mark.parametrize("code", [c for c in grpc.StatusCode if c is not grpc.StatusCode.OK])
def test_every_status_maps_to_an_error_and_back(code: grpc.StatusCode) -> None:
    assert code in ERROR_BY_STATUS
    error = error_from_rpc(FakeRpcError(code), "host:1")
    assert isinstance(error, errors.ArenaError) and status_for(error) == code
    assert str(error) == f"host:1: {code.name.lower()}: why"


def test_every_error_has_a_status_that_maps_back_to_its_branch() -> None:
    for cls in [errors.ArenaError, *_all(errors.ArenaError)]:
        code = status_for(cls("x"))
        back = ERROR_BY_STATUS[code]
        assert issubclass(cls, back) or code in (
            grpc.StatusCode.INVALID_ARGUMENT,  # game errors and a malformed message: bad input
            grpc.StatusCode.FAILED_PRECONDITION,  # protocol, tournament, unavailable: one code
        ), (cls, code, back)
    assert set(STATUS_BY_ERROR.values()) <= set(ERROR_BY_STATUS)
