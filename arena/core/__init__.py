"""The core every game and the referee stand on; it imports no grpc, typer or web framework.

- `values`: seats, outcomes, terminations, move and match records.
- `game`: the Game contract every engine implements, and its shared parts (`GameBase`).
- `chance`: the seeded stream a state keeps for the chance played after setup.
- `players`: the Player protocol the referee talks to, and in-process players.
- `view_wire`: a game's views to and from its protobuf message, driven by the descriptor.
- `registry`: one entry per game naming its parts. `compiled`: the games' compiled engines.
"""
