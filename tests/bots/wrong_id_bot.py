"""A test bot speaking the raw protocol that answers its Nth request under a wrong request id.

The server ignores (and logs) the stray decision; the real request then runs out of time.
"""

import asyncio
import os
import sys

import grpc

from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

WRONG_ID_OFFSET = 1_000_000


async def main(after: int) -> None:
    """Hello, then answer index 0 to each request; from request `after` on, with a wrong id."""
    async with grpc.aio.insecure_channel(os.environ["ARENA_ADDRESS"]) as channel:
        call = arena_pb2_grpc.BotServiceStub(channel).Connect()
        hello = pb.Hello(name=os.environ["ARENA_BOT_NAME"], token=os.environ["ARENA_TOKEN"])
        await call.write(pb.BotMessage(hello=hello))
        seen = 0
        while (message := await call.read()) is not grpc.aio.EOF:
            kind = message.WhichOneof("kind")
            if kind == "ping":
                await call.write(pb.BotMessage(pong=pb.Pong(nonce=message.ping.nonce)))
            elif kind == "decision_request":
                seen += 1
                request_id = message.decision_request.request_id
                if seen > after:
                    request_id += WRONG_ID_OFFSET
                await call.write(
                    pb.BotMessage(decision=pb.Decision(request_id=request_id, index=0))
                )


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 3))
