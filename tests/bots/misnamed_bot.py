"""A test bot that ignores ARENA_BOT_NAME and says Hello under its own name (with the token)."""

from arena.bot import run_bot

if __name__ == "__main__":
    run_bot(lambda request: 0, name="someone-else")
