"""The gRPC layer, split by side of the wire.

- `wire`: what both sides share: message conversion, status mapping both ways, protocol constants.
- `client`: the bot SDK's runtime (`arena.bot` sits on it) and the organizer's client (`Remote`).
- `server`: the referee server: services, bot sessions, hosting tournaments, watch streams.
- `embedded`: a referee server in this process, for tests, `check-bot` and `arena play`.

This package is the only one that imports grpc; everything else talks to `Player` objects.
The client side imports nothing of the server, the store or the ratings
(tests/rpc/test_sdk_layers.py).
"""
