"""The gRPC layer: the referee server, bot sessions, the bot SDK runtime and status mapping.

This package is the only one that imports grpc; everything else talks to `Player` objects.
"""
