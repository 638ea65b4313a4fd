"""A test bot that ignores ARENA_BOT_NAME and ARENA_TOKEN: Hello as 'anonymous', no token."""

import os

from arena.bot import run_bot

if __name__ == "__main__":
    os.environ.pop("ARENA_TOKEN", None)
    run_bot(lambda request: 0, name="anonymous", token="")
