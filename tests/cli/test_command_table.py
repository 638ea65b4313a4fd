"""`arena --help` lists the commands from one table (arena/cli/__init__.py COMMANDS) without
importing them: every command a module defines is in the table, and every entry runs."""

from __future__ import annotations

import importlib

import pytest
import typer
from typer.testing import CliRunner

from arena.cli import COMMANDS, app


def every_command() -> dict[str, object]:
    for entry in COMMANDS.values():
        importlib.import_module(entry.module)
    return dict(typer.main.get_command(app).commands)  # type: ignore[attr-defined]


def test_the_table_names_every_command_and_nothing_else() -> None:
    assert sorted(every_command()) == sorted(COMMANDS)


def test_help_lists_the_table_in_its_order_with_its_summaries() -> None:
    out = CliRunner().invoke(app, ["--help"]).output
    lines = [line.strip() for line in out.split("Commands:")[1].splitlines() if line.strip()]
    assert [line.split()[0] for line in lines] == list(COMMANDS)
    for line, entry in zip(lines, COMMANDS.values(), strict=True):
        assert line.split(None, 1)[1] == entry.summary


@pytest.mark.parametrize("name", list(COMMANDS))
def test_each_command_has_its_own_help(name: str) -> None:
    done = CliRunner().invoke(app, [name, "--help"], prog_name="arena")
    assert done.exit_code == 0, done.output
    assert f"arena {name}" in done.output


def test_an_unknown_command_is_a_usage_error() -> None:
    done = CliRunner().invoke(app, ["tournamnet"])
    assert done.exit_code == 2
    assert "No such command" in done.output
