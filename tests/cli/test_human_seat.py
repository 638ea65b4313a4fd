"""`arena play GAME --bot human`: a person plays a seat from a terminal (driven through a pty)."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

from thread_signal import other_threads, signal_thread

ROOT = Path(__file__).resolve().parents[2]
PROMPT = b"move> "
DEADLINE_S = 90


class Terminal:
    """`arena ARGS` on a pseudo-terminal: read what it shows, type lines into it."""

    def __init__(self, *args: str) -> None:
        self.master, slave = pty.openpty()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "arena", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=ROOT,
            close_fds=True,
            env={**os.environ, "PYTHONFAULTHANDLER": "1"},
        )
        os.close(slave)
        self.screen = b""

    def read_until(self, *marks: bytes) -> bytes:
        """Read until one of `marks` shows after what was read so far; returns the new text."""
        start = len(self.screen)
        deadline = time.monotonic() + DEADLINE_S
        while not any(m in self.screen[start:] for m in marks):
            assert time.monotonic() < deadline, self.screen[-2000:]
            ready, _, _ = select.select([self.master], [], [], 1.0)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the other side closed
                    break
                if not chunk:
                    break
                self.screen += chunk
        return self.screen[start:]

    def type(self, line: str) -> None:
        os.write(self.master, line.encode() + b"\n")

    def close(self) -> int:
        code = self.process.wait(timeout=30)
        os.close(self.master)
        return code


def test_a_person_plays_a_whole_game_against_a_bot_program():
    bot = f"{sys.executable} bots/random_bot.py"
    term = Terminal(
        "play", "the_number", "--bot", "human", "--bot", "random", "--bot-cmd", bot, "--seed", "11"
    )
    shown = term.read_until(PROMPT)
    assert b"you play seat 0 of human, random, random_bot" in shown
    assert b"The Number: round 1/2, turn 1/5" in shown and b"1000 legal moves" in shown
    term.type("write 9x9")  # not a move: asked again
    assert b"'write 9x9' is not a legal move" in term.read_until(PROMPT)
    term.type("write 513")  # the move's text
    decisions = 1
    while True:
        shown = term.read_until(PROMPT, b"result (")
        if b"result (" in shown:
            break
        term.type("1")  # or its number in the list
        decisions += 1
    assert term.close() == 0
    assert decisions == 10  # 2 rounds x 5 turns
    assert b"seat 0: write 513" in term.screen
    assert b"result (normal)" in term.screen


def test_question_mark_lists_every_legal_move():
    term = Terminal("play", "azul", "--bot", "human", "--bot", "random", "--seed", "2")
    shown = term.read_until(PROMPT)
    assert b"legal moves" in shown
    if b"type ? to list" in shown:
        term.type("?")
        shown = term.read_until(PROMPT)
    assert b"     1  take " in shown
    term.process.terminate()
    term.close()


def test_ctrl_c_at_the_prompt_ends_the_match_at_once():
    term = Terminal("play", "lucky_numbers", "--bot", "human", "--bot", "random", "--seed", "3")
    term.read_until(PROMPT)
    term.process.send_signal(signal.SIGINT)  # what Ctrl-C at the terminal sends
    # No Enter typed after it: the process ends by itself (the prompt's reader does not hold it).
    # Where it does not, its threads' stacks (faulthandler, on SIGABRT) say what held it.
    try:
        code = term.process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        term.process.send_signal(signal.SIGABRT)
        term.process.wait(timeout=30)
        raise AssertionError(term.read_until(b"\x00")[-6000:].decode(errors="replace")) from None
    term.read_until(b"nterrupted")
    assert code == 130, term.screen[-800:]
    assert b"Traceback" not in term.screen


def test_a_ctrl_c_another_thread_takes_at_the_prompt_ends_the_match_too():
    """The kernel may hand the SIGINT to any thread (the prompt's reader, say): the event loop,
    asleep with nothing else to do, must still see it (it once waited for the next Enter)."""
    term = Terminal("play", "lucky_numbers", "--bot", "human", "--bot", "random", "--seed", "3")
    term.read_until(PROMPT)
    pid = term.process.pid
    signal_thread(pid, other_threads(pid)[-1], signal.SIGINT)
    try:
        code = term.process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        term.process.kill()
        raise AssertionError("a Ctrl-C taken by another thread was not seen") from None
    term.read_until(b"nterrupted")
    assert code == 130, term.screen[-800:]


def test_an_opponents_draw_says_which_tile_it_turned_face_up():
    term = Terminal("play", "lucky_numbers", "--bot", "human", "--bot", "random", "--seed", "3")
    shown = term.read_until(PROMPT)
    # seat 1 (random) moved first at seed 3: its draw shows the tile as everyone sees it
    assert b"seat 1: draw " in shown and b"seat 1: draw\r" not in shown, shown
    term.process.terminate()
    term.close()
