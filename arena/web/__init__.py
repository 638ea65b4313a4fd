"""The spectators' web pages: leaderboards, rating histories, tournaments and match replays.

A read-only ASGI app (Starlette + Jinja2, static files served from this package, no build step)
that reads everything from a referee server over gRPC, so the server's publicity rules decide
what the pages may show.
"""
