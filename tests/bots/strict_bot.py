"""A raw-protocol test bot that plays index 0 but falls over on one kind of message.

    python tests/bots/strict_bot.py MODE

MODE: match-ended  (exits when a match ends: a bot that mishandles MatchEnded),
      unknown      (exits on a message kind it does not know: no forward compatibility).
"""

import asyncio
import os
import sys

import grpc

from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

KNOWN = {"welcome", "match_started", "decision_request", "match_ended", "ping", "pong"}


async def main(mode: str) -> None:
    """Hello, then answer index 0 to every request until the message MODE trips it."""
    async with grpc.aio.insecure_channel(os.environ["ARENA_ADDRESS"]) as channel:
        call = arena_pb2_grpc.BotServiceStub(channel).Connect()
        hello = pb.Hello(name=os.environ["ARENA_BOT_NAME"], token=os.environ["ARENA_TOKEN"])
        await call.write(pb.BotMessage(hello=hello))
        while (message := await call.read()) is not grpc.aio.EOF:
            kind = message.WhichOneof("kind")
            if mode == "unknown" and kind not in KNOWN:
                sys.exit(f"unexpected message {message!r}")
            if mode == "match-ended" and kind == "match_ended":
                sys.exit("a match ended: nothing left to do")
            if kind == "ping":
                await call.write(pb.BotMessage(pong=pb.Pong(nonce=message.ping.nonce)))
            elif kind == "decision_request":
                request_id = message.decision_request.request_id
                await call.write(
                    pb.BotMessage(decision=pb.Decision(request_id=request_id, index=0))
                )


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
