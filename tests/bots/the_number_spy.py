"""A The Number bot on the generated stubs alone that logs every message the server sends it.

    python tests/bots/the_number_spy.py --log FILE [--seed S] [--sleep-at N --sleep-ms M]

Every ServerMessage is appended to FILE as one line of base64 (its serialized bytes), in the
order received, so a test can look for leaks in exactly what went over the wire. It writes
distinctive numbers: a random legal number that no revealed turn of its view holds yet (and
without a middle 0), so its digits reach another seat only by a leak or by its reveal. With
--sleep-at N it sleeps M ms before answering its Nth decision (a bot running past its clock);
SIGTERM ends it at once. Environment: ARENA_ADDRESS, ARENA_BOT_NAME, ARENA_TOKEN (set by
EmbeddedReferee.launch).
"""

import argparse
import base64
import os
import queue
import random
import time

import grpc

from arena.v1 import arena_pb2, arena_pb2_grpc


def revealed_numbers(view) -> set[str]:
    """Every number written in a revealed turn of a TheNumberView."""
    return {e.number for turn in view.history for e in turn.entries if e.number}


def choose(request, rng: random.Random) -> str:
    """A random legal move whose number is distinctive (see the test), else fresh, else any."""
    seen = revealed_numbers(request.view.the_number)
    fresh = [m for m in request.legal_moves if m.split()[-1] not in seen]
    # A middle 0 is avoided because the bytes "x0y" also occur in a serialized board whose
    # last round total and current total are 48-57 (tag 0x30 of `total` reads as "0").
    distinctive = [m for m in fresh if m.split()[-1][1] != "0"]
    return rng.choice(distinctive or fresh or list(request.legal_moves))


def main() -> None:
    """Connect, log every server message, answer every request, until the stream ends."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--log", required=True, help="file to append the received messages to")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--sleep-at", type=int, default=0, help="decision to sleep on (1-based)")
    parser.add_argument("--sleep-ms", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    outbox: queue.Queue = queue.Queue()
    hello = arena_pb2.Hello(
        name=os.environ["ARENA_BOT_NAME"],
        token=os.environ["ARENA_TOKEN"],
        games=["the_number"],
        max_matches=1,
    )
    outbox.put(arena_pb2.BotMessage(hello=hello))
    decisions = 0
    with (
        open(args.log, "a", encoding="ascii") as log,
        grpc.insecure_channel(os.environ["ARENA_ADDRESS"]) as channel,
    ):
        for message in arena_pb2_grpc.BotServiceStub(channel).Connect(iter(outbox.get, None)):
            log.write(base64.b64encode(message.SerializeToString()).decode() + "\n")
            log.flush()  # the test reads the file while this process still runs
            kind = message.WhichOneof("kind")
            if kind == "ping":
                outbox.put(arena_pb2.BotMessage(pong=arena_pb2.Pong(nonce=message.ping.nonce)))
            elif kind == "decision_request":
                decisions += 1
                if decisions == args.sleep_at:
                    time.sleep(args.sleep_ms / 1000)
                request = message.decision_request
                decision = arena_pb2.Decision(
                    request_id=request.request_id, move=choose(request, rng)
                )
                outbox.put(arena_pb2.BotMessage(decision=decision))
    outbox.put(None)


if __name__ == "__main__":
    main()
