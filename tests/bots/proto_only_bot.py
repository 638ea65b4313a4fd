"""A bot built from the .proto files alone (stubs from grpc_tools.protoc), no arena package.

It checks that the arena SDK is not importable, then plays the first legal move of each
request, reading its typed Lucky Numbers view. Environment: ARENA_ADDRESS, ARENA_BOT_NAME,
ARENA_TOKEN.
"""

import importlib.util
import os
import queue
import sys

import grpc

from arena.v1 import arena_pb2, arena_pb2_grpc  # generated from proto/ into PYTHONPATH


def main() -> None:
    """Connect, say Hello, answer every request, until the server ends the stream."""
    if importlib.util.find_spec("arena.errors") is not None:
        sys.exit("the arena package is importable: this bot must run on generated code only")
    print("arena SDK not importable; generated stubs only", flush=True)
    outbox: queue.Queue = queue.Queue()
    hello = arena_pb2.Hello(
        name=os.environ["ARENA_BOT_NAME"], token=os.environ["ARENA_TOKEN"], games=["lucky_numbers"]
    )
    outbox.put(arena_pb2.BotMessage(hello=hello))
    with grpc.insecure_channel(os.environ["ARENA_ADDRESS"]) as channel:
        stub = arena_pb2_grpc.BotServiceStub(channel)
        for message in stub.Connect(iter(outbox.get, None)):
            kind = message.WhichOneof("kind")
            if kind == "ping":
                outbox.put(arena_pb2.BotMessage(pong=arena_pb2.Pong(nonce=message.ping.nonce)))
            elif kind == "decision_request":
                outbox.put(arena_pb2.BotMessage(decision=answer(message.decision_request)))
    outbox.put(None)


def answer(request):
    """The first legal move, after checking the typed view arrived."""
    view = request.view.lucky_numbers
    if request.view.WhichOneof("game") != "lucky_numbers" or len(view.grids) != view.num_players:
        return arena_pb2.Decision(request_id=request.request_id, error="no Lucky Numbers view")
    return arena_pb2.Decision(request_id=request.request_id, move=request.legal_moves[0])


if __name__ == "__main__":
    main()
