"""A seat played by a person at the terminal (`arena play GAME --bot human`)."""

from __future__ import annotations

import asyncio
import sys
import threading
from typing import Any, TextIO

from arena.core.game import Game
from arena.core.players import DecisionRequest, MatchInfo, Reply
from arena.core.values import MatchRecord
from arena.match.referee import MatchEvent

HUMAN = "human"  # the --bot name that seats a person
LIST_LIMIT = 60  # longer move lists are shown on request ("?") only
PROMPT = "move> "


class HumanPlayer:
    """Shows the position and the legal moves, reads a move (its text or its number)."""

    def __init__(
        self,
        game: Game[Any, Any],
        name: str = HUMAN,
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
    ) -> None:
        self.name = name
        self.game = game
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.state: Any = None
        self.seat = 0

    def observe(self, event: MatchEvent) -> None:
        """Follow the match (the referee's events) to render the position when asked."""
        if event.state is not None:
            self.state = event.state

    def say(self, text: str = "") -> None:
        """Write to the terminal at once."""
        self.stdout.write(text + "\n")
        self.stdout.flush()

    async def start(self, info: MatchInfo) -> None:
        """Greet the player with their seat."""
        self.seat = info.seat
        self.say(f"you play seat {info.seat} of {', '.join(info.players)}")

    async def decide(self, request: DecisionRequest) -> Reply:
        """Show the position and moves; read until a legal move (EOFError ends the match)."""
        moves = request.legal_moves
        self.say("")
        if self.state is not None:
            self.say(self.game.render(self.state, request.seat))
        self.say(f"seat {request.seat} to move; {len(moves)} legal moves")
        if len(moves) <= LIST_LIMIT:
            self._list(moves)
        else:
            self.say(f"e.g. {moves[0]!r} ... {moves[-1]!r}; type ? to list them all")
        while True:
            self.stdout.write(PROMPT)
            self.stdout.flush()
            line = await read_line(self.stdin)
            if not line:
                raise EOFError("the terminal closed")
            answer = _parse(line, moves)
            if answer is not None:
                return answer
            if line.strip() == "?":
                self._list(moves)
            else:
                self.say(f"{line.strip()!r} is not a legal move: type its text, or its number")

    async def finish(self, record: MatchRecord) -> None:
        """Nothing to do: `arena play` prints the result."""

    def _list(self, moves: tuple[str, ...]) -> None:
        for number, move in enumerate(moves, 1):
            self.say(f"  {number:>4}  {move}")


async def read_line(stream: TextIO) -> str:
    """The next line of `stream`, read in a daemon thread.

    Not asyncio.to_thread: the default executor's threads are joined when asyncio.run ends, so
    after Ctrl-C at the prompt the process would wait for one more Enter. A daemon thread left
    blocked in readline does not hold the interpreter's exit.
    """
    loop = asyncio.get_running_loop()
    done: asyncio.Future[str] = loop.create_future()

    def deliver(line: str | None, error: BaseException | None) -> None:
        if done.done():
            return  # the match ended (or was interrupted) while the person was typing
        if error is not None:
            done.set_exception(error)
        else:
            done.set_result(line or "")

    def read() -> None:
        try:
            line, error = stream.readline(), None
        except (OSError, ValueError) as exc:  # a closed terminal or stream
            line, error = None, exc
        try:
            loop.call_soon_threadsafe(deliver, line, error)
        except RuntimeError:
            pass  # the event loop is already closed: nobody waits for this line any more

    threading.Thread(target=read, name="human-stdin", daemon=True).start()
    return await done


def _parse(line: str, moves: tuple[str, ...]) -> Reply | None:
    """A legal move from what was typed: a move's text, or its 1-based number in the list."""
    text = " ".join(line.split())
    if text in moves:
        return text
    if text.isdigit() and 1 <= int(text) <= len(moves):
        return int(text) - 1
    return None
